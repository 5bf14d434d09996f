#!/usr/bin/env bash
# Screenshots of the handheld app for docs/screenshots (make shots): the simulator headless
# with a key script per picture, keeping the last shot. Argument: the Python to run it with;
# then, optionally, the names of the pictures to make (only those: e.g.
# `bash tools/shots.sh .venv/bin/python diploma-place-pybadge`).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-.venv/bin/python}"
shift || true
ONLY=" $* "  # the pictures asked for ("  ": all of them)
OUT=docs/screenshots
mkdir -p "$OUT"

wanted() {  # name: whether to make that picture
    [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $1 "* ]]
}

shot() {  # name, then the simulator's arguments
    local name="$1"
    shift
    wanted "$name" || return 0
    rm -rf "build/shots/$name"
    "$PY" tools/sim.py --headless ${SAVES:---no-save} --shots "build/shots/$name" "$@" >/dev/null
    cp "$(ls "build/shots/$name"/*.png | tail -1)" "$OUT/$name.png"
    echo "$OUT/$name.png"
}

shot title-pybadge --board pybadge --keys DOWN
shot setup-pybadge --board pybadge --keys A
shot diams-pybadge --board pybadge --game diams --seats human,bot:normal,bot:hard --seed 4 \
    --keys A,A
shot quartz-pybadge --board pybadge --game quartz --seats human,bot:normal,bot:easy --seed 3 \
    --keys A,DOWN
shot diamonds-picodisplay --board picodisplay --game diamonds --seats human,bot:normal,bot:normal \
    --seed 2 --keys A
shot sixgems-picodisplay --board picodisplay --game sixgems --seats human,bot:normal --seed 5 \
    --keys A,A,A
# A bot's move shown moving: the card P3 plays, a third of its way from P3's row to the trick.
shot travel-picodisplay --board picodisplay --game diamonds --seats human,bot:normal,bot:normal \
    --seed 2 --keys A,A --travel
# Diploma: the tile P2 lays, from its hand (counted beside its board) to an empty hex.
shot travel-diploma-pybadge --board pybadge --game diploma --seats human,bot:normal --seed 3 \
    --keys A,A,A,A,A,A --travel
# Diploma: the likely first choice of a placement, the tile a bot would lay and the end of the
# phase in one pick (the tile's picture after the words).
shot diploma-pybadge --board pybadge --game diploma --seats human,bot:normal --seed 6 \
    --keys A,A,A,A,A,A,A,A,A,A,A
# Diploma: a tile being placed, the cursor moved a hex on and the tile turned: the board shows
# it there as it would lie (its colour, its line), before A lays it.
shot diploma-place-pybadge --board pybadge --game diploma --seats human,bot:normal --seed 4 \
    --keys A,A,A,A,A,DOWN,A,DOWN,LEFT
shot diploma-picodisplay --board picodisplay --game diploma --seats human,bot:normal,bot:normal \
    --seed 4 --keys A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A,A
# A round's scores and a game's results (bots only: the app stops on each result).
shot scores-pybadge --board pybadge --game diams --seats bot:normal,bot:normal,bot:hard \
    --seed 4 --keys ""
shot results-picodisplay --board picodisplay --game diamonds --seats bot:normal,bot:normal \
    --seed 5 --keys A,A,A
# Between two humans: P1's hand shown, "pass 3 cards", the likely pass: P2's turn.
shot privacy-pybadge --board pybadge --game diamonds --seats human,human --seed 6 \
    --keys A,A,A
shot help-picodisplay --board picodisplay --game quartz --seats human,bot,bot --seed 1 \
    --keys A,START,DOWN,DOWN,A,DOWN
# Link play: "Join a game" waiting for a host; then two simulators linked over the socket
# (tools/linkshots.py): the guest's table at its decision, the host's at the linked seat's turn.
shot link-join-pybadge --board pybadge --link join --link-port 47159 --keys DOWN,DOWN,DOWN,DOWN,DOWN,A
if wanted link-guest-pybadge || wanted link-host-picodisplay; then
    "$PY" tools/linkshots.py "$OUT"
fi
# The crash screen: drawing runs out of memory (twice) at the second key; the game is saved.
wanted crash-pybadge && rm -rf build/shots/crash-saves
SAVES="--saves build/shots/crash-saves" shot crash-pybadge --board pybadge --game diams \
    --seats human,bot:normal,bot:hard --seed 4 --fault 2 --keys A,DOWN
# The same Diamonds table on the emulated Pico with a Display Pack (MicroPython, framebuf and
# the ST7789 driver; tools/pico.py app): decoded from its SPI bus, the same pixels.
if wanted pico-emulated-diamonds; then
    rm -rf build/shots/pico-emulated-diamonds
    "$PY" tools/pico.py app --pack picodisplay --game diamonds --seats human,normal,normal \
        --seed 2 --keys A --shots build/shots/pico-emulated-diamonds >/dev/null
    cp build/shots/pico-emulated-diamonds/001-A.png "$OUT/pico-emulated-diamonds.png"
    echo "$OUT/pico-emulated-diamonds.png"
fi
# The web page (make web) in Chromium: the same firmware on MicroPython's WebAssembly port.
if wanted web-page; then
    "$PY" tools/webdrive.py --shot "$OUT/web-page.png" --keys A,UP,UP,A
fi
