#!/usr/bin/env bash
# Screenshot of the real TripleA 1.9 game window showing a map package, under Xvfb.
#   scripts/engine-screenshot.sh MAPDIR GAME.xml OUT.png [SECONDS]
# MAPDIR is a map repository folder (with map/) or its map/ folder. The window opens on the
# first step, waiting for a human player; the screenshot is taken SECONDS (default 25) after
# start. Needs: xvfb (xvfb-run), imagemagick (import), the engine (Debian package triplea).
set -euo pipefail

if [[ $# -lt 3 ]]; then
  echo "usage: $0 MAPDIR GAME.xml OUT.png [SECONDS]" >&2
  exit 2
fi
map_dir=$(realpath "$1")
xml=$(realpath "$2")
out=$(realpath -m "$3")
wait_seconds=${4:-25}
for tool in xvfb-run import; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install xvfb imagemagick" >&2; exit 2; }
done

repo_root=$(cd "$(dirname "$0")/.." && pwd)
mapfile -t engine < <(cd "$repo_root" && python3 -c '
from converter.realengine.locate import locate_engine
from converter.realengine.compile import harness_classes
tools = locate_engine()
print(harness_classes(tools)); print(tools.jar); print(tools.java); print(tools.engine_properties or "")')
classes=${engine[0]} jar=${engine[1]} java=${engine[2]} properties=${engine[3]}

scratch=$(mktemp -d -t dday2-screenshot-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home" "$scratch/prefs"
[[ -n "$properties" ]] && cp "$properties" "$scratch/"
cd "$scratch"

# One X server for both the game window and the screenshot; xvfb-run picks a free display.
xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" bash -c '
  "$1" -Duser.home="$2/home" -Djava.util.prefs.userRoot="$2/prefs" -XX:+UseSerialGC -Xmx1g \
       -cp "$3:$4" dday2.harness.Harness show "$5" "$6" --seconds "$(( $7 + 5 ))" > "$2/report.json" 2> "$2/engine.log" &
  game=$!
  sleep "$7"
  import -window root "$8"
  wait "$game" || true
' _ "$java" "$scratch" "$classes" "$jar" "$map_dir" "$xml" "$wait_seconds" "$out"

cat "$scratch/report.json" | python3 -c 'import json,sys; r=json.load(sys.stdin); r.pop("log",None); print(json.dumps(r))'
[[ -s "$out" ]] && echo "screenshot: $out"
