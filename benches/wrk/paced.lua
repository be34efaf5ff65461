-- The page of one game at a random ply, like game.lua, but each connection
-- waits DELAY_MS milliseconds before its next request: with C connections
-- that is about C * 1000 / DELAY_MS requests a second (a little less, by
-- the time each answer takes). Plain wrk has no -R (wrk2's rate); run.sh
-- sets DELAY_MS from RATE and the connection count.
-- Usage: GAME=4 DELAY_MS=50 wrk -t2 -c50 -d30s --latency -s benches/wrk/paced.lua http://127.0.0.1:8089
local game = os.getenv("GAME") or "4"
local pause = tonumber(os.getenv("DELAY_MS") or "50")
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "/g/" .. game .. "?ply=" .. math.random(0, 100))
end
delay = function()
  return pause
end
