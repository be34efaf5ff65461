-- wrk script for docs/web.md: the page of one game at a random ply
-- (0..100), so every request loads, replays and lays out the game.
-- Usage: GAME=4 wrk -t2 -c16 -d30s --latency -s benches/wrk/game.lua http://127.0.0.1:8089
local game = os.getenv("GAME") or "4"
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "/g/" .. game .. "?ply=" .. math.random(0, 100))
end
