#!/usr/bin/env bash
# OpenTafl as a real host for `tawlbot otep`: OpenTafl's server and two of
# its headless AI clients, one whose engine is `tawlbot otep`, the other
# OpenTafl's own AI (as an OTEP engine), all inside a network namespace of
# their own with only loopback up (OpenTafl's server listens on every
# interface). A by-hand tool: OpenTafl is built by
# ../shared/tools/opentafl/build.sh. See docs/otn.md, "OpenTafl as the host".
#
#   tools/opentafl-host.sh RULES_NUMBER [TAWLBOT_SIDE] [CLOCK] [TAWLBOT_ARGS]
#
#   RULES_NUMBER  OpenTafl's rules, numbered as its menu: 1 Sea Battle,
#                 2 Fetlar, 3 Copenhagen, 4 Copenhagen (relaxed shieldwall),
#                 5 Berserk, 6 Brandub, 7 Tawlbwrdd (OpenTafl's), 8 Tablut,
#                 9 Foteviken Tablut, 10 Magpie; 11 and on: the lines of
#                 $EXTRA_RULES (a file of OTN rules strings, one a line).
#   TAWLBOT_SIDE  attackers (default) or defenders
#   CLOCK         OpenTafl's machine clock, ms: main+overtime/periods+increment
#                 (default 60000+2000/3+0)
#   TAWLBOT_ARGS  arguments after `otep` (default: none)
#
#   OT        OpenTafl's build (default /tmp/opentafl: $OT/classpath)
#   TAWLBOT   the tawlbot binary (default target/debug/tawlbot)
#   WORK      where the three OpenTafl folders go (default a new temp dir)
#   LIMIT     seconds before the run is stopped (default 900)
#
# Output: the folder, each client's log, the engines' standard error, and the
# OTN records the clients saved (saved-games/headless-ai). Exit 0 when both
# clients saved a finished game and no engine wrote a protocol error.
set -euo pipefail

RULES="${1:?usage: opentafl-host.sh RULES_NUMBER [attackers|defenders] [CLOCK] [TAWLBOT_ARGS]}"
SIDE="${2:-attackers}"
CLOCK="${3:-60000+2000/3+0}"
TARGS="${4:-}"
OT="${OT:-/tmp/opentafl}"
TAWLBOT="$(readlink -f "${TAWLBOT:-target/debug/tawlbot}")"
LIMIT="${LIMIT:-900}"
CP="$(cat "$OT/classpath")"
W="${WORK:-$(mktemp -d /tmp/opentafl-host.XXXXXX)}"
JAVA_OPTS="--add-exports java.xml/com.sun.org.apache.xerces.internal.impl.dv.util=ALL-UNNAMED --add-exports java.base/sun.net=ALL-UNNAMED"
OTHER=defenders; [ "$SIDE" = defenders ] && OTHER=attackers

[ -x "$TAWLBOT" ] || { echo "no tawlbot binary at $TAWLBOT" >&2; exit 2; }
mkdir -p "$W/server" "$W/tawlbot/engines/tawlbot" "$W/opentafl/engines/ot"

# OpenTafl reads every key of its settings.ini; thinktime 2: about 1.5 s a move.
settings() {
    cat <<INI
[display]
shrinklarge = false
destinationcoord = false
fontsize = 12
[config]
attacker = 0
attackerfile =
defender = 0
defenderfile =
analysisfile =
analysis = false
variant = 0
thinktime = 2
[clock]
maintime = 0
overtime = 0
otcount = 0
increment = 0
[network]
host = 127.0.0.1
INI
}
for d in server tawlbot opentafl opentafl/engines/ot; do settings > "$W/$d/settings.ini"; done
if [ -n "${EXTRA_RULES:-}" ]; then
    for d in server tawlbot opentafl; do cp "$EXTRA_RULES" "$W/$d/external-rules.conf"; done
fi

# The engines: tawlbot, and OpenTafl's AI started as an OTEP engine.
ln -sf "$TAWLBOT" "$W/tawlbot/engines/tawlbot/tawlbot"
cat > "$W/tawlbot/engines/tawlbot/run.sh" <<SH
#!/bin/sh
exec ./tawlbot otep $TARGS 2>>"$W/tawlbot-engine.log"
SH
chmod +x "$W/tawlbot/engines/tawlbot/run.sh"
cat > "$W/tawlbot/engines/tawlbot.ini" <<INI
[engine]
name = tawlbot
directory = tawlbot
filename = tawlbot
command = ./run.sh
arguments = otep
INI
cat > "$W/opentafl/engines/ot/run.sh" <<SH
#!/bin/sh
exec java -cp "$CP" com.manywords.softworks.tafl.OpenTafl --engine --silent 2>>"$W/opentafl-engine.log"
SH
chmod +x "$W/opentafl/engines/ot/run.sh"
cat > "$W/opentafl/engines/ot.ini" <<INI
[engine]
name = OpenTafl
directory = ot
filename = run.sh
command = ./run.sh
arguments = --silent
INI

cat > "$W/run-inside.sh" <<SH
#!/bin/sh
ip link set lo up
cd "$W/server" && java $JAVA_OPTS -cp "$CP" com.manywords.softworks.tafl.OpenTafl --server > "$W/server.log" 2>&1 &
SERVER=\$!
sleep 4
cd "$W/tawlbot" && java $JAVA_OPTS -cp "$CP" com.manywords.softworks.tafl.OpenTafl --headless --server 127.0.0.1 --create --engine engines/tawlbot.ini --side $SIDE --username tawlbot --password tawlbot --rules $RULES --clock $CLOCK > "$W/tawlbot-client.log" 2>&1 &
A=\$!
sleep 6
cd "$W/opentafl" && java $JAVA_OPTS -cp "$CP" com.manywords.softworks.tafl.OpenTafl --headless --server 127.0.0.1 --join --engine engines/ot.ini --username opentafl --password opentafl --opponent tawlbot > "$W/opentafl-client.log" 2>&1 &
B=\$!
# Until both clients have saved the game (or the limit).
i=0
while [ \$i -lt $LIMIT ]; do
    a=\$(ls "$W/tawlbot/saved-games/headless-ai" 2>/dev/null | wc -l)
    b=\$(ls "$W/opentafl/saved-games/headless-ai" 2>/dev/null | wc -l)
    [ "\$a" -ge 1 ] && [ "\$b" -ge 1 ] && break
    sleep 1; i=\$((i+1))
done
sleep 2
kill \$A \$B \$SERVER 2>/dev/null
wait 2>/dev/null
SH
chmod +x "$W/run-inside.sh"
echo "folder: $W (rules $RULES, tawlbot plays the $SIDE, clock $CLOCK)"
unshare -n "$W/run-inside.sh"

status=0
for side in tawlbot opentafl; do
    f=$(ls "$W/$side/saved-games/headless-ai/"* 2>/dev/null | head -1 || true)
    if [ -z "$f" ]; then echo "$side's client saved no game"; status=1; continue; fi
    echo "== $side's client saved $f"; cat "$f"; echo
    # A game that never started is saved too: no result, no moves.
    if grep -q '^\[result:?\]' "$f" || ! grep -q '^1\. ' "$f"; then echo "$side's game has no result"; status=1; fi
done
echo "== tawlbot's standard error (last lines)"; tail -15 "$W/tawlbot-engine.log" 2>/dev/null || true
if grep -q "error -1\|cannot read\|cannot follow" "$W/tawlbot-engine.log" 2>/dev/null; then status=1; fi
grep -ai "error\|exception" "$W/tawlbot-client.log" "$W/opentafl-client.log" | head -10 || true
exit $status
