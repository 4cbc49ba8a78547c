#!/usr/bin/env bash
# Measures the figures of the performance budgets and prints each as `name: value unit`:
# binary and web sizes, crates in the build, start-up to the first drawn frame, CPU while idle
# and while dragging (from /proc/PID/stat, native under Xvfb), resident memory.
# With --clean-build it also times a clean release build (slow).
# Each figure with a budget in release/budgets.txt is followed by it.
# Needs: xvfb, xdotool (Debian), python3; run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
budget() { awk -v n="$1" '$1 == n { printf "(budget %s %s)", $2, $3 }' release/budgets.txt; }

cargo build --release -q
bin=target/release/solitaire
echo "native_binary_size: $(( ($(wc -c <"$bin") + 512) / 1024 )) KB (release, stripped, assets inside)"
echo "crates_in_tree: $(cargo tree -e normal --prefix none | sed 's/ (\*)//' | sort -u | wc -l) crates (native, normal dependencies, ours included) $(budget crates_in_tree)"
./web/build.sh 2>/dev/null | sed 's/^web: /web_/' | grep -v loader || true

if [ "${1:-}" = "--clean-build" ]; then
  dir=$(mktemp -d)
  start=$(date +%s%N)
  CARGO_TARGET_DIR="$dir" cargo build --release -q
  end=$(date +%s%N)
  echo "clean_release_build: $(( (end - start) / 1000000 )) ms $(budget clean_release_build)"
  rm -rf "$dir"
fi

# An X server of our own.
n=$(for i in $(seq 150 199); do [ -e /tmp/.X11-unix/X$i ] || { echo $i; break; }; done)
Xvfb ":$n" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; [ -n "${game:-}" ] && kill $game 2>/dev/null || true' EXIT
export DISPLAY=":$n"
for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done
data=$(mktemp -d)
export SOLITAIRE_DATA_DIR="$data"
hz=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Start-up to the first drawn frame, five times.
times=()
for _ in 1 2 3 4 5; do
  rm -rf "$data"/*
  t0=$(date +%s%3N)
  SOLITAIRE_REPORT_FIRST_FRAME=1 "$bin" --code KL1-D1N-AAAAAAA 2>"$data/err" &
  game=$!
  for _ in $(seq 100); do grep -q "first frame" "$data/err" 2>/dev/null && break; sleep 0.02; done
  t1=$(sed -n 's/^first frame: \([0-9]*\) ms.*/\1/p' "$data/err")
  times+=($((t1 - t0)))
  kill $game; wait $game 2>/dev/null || true
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
echo "startup_to_first_frame_median: $(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p) ms (runs: $sorted) $(budget startup_to_first_frame)"

# Idle: the table on screen, the mouse still, 10 s.
"$bin" --code KL1-D1N-AAAAAAA 2>/dev/null &
game=$!
sleep 2
a=$(cpu_ticks $game); sleep 10; b=$(cpu_ticks $game)
echo "idle_cpu: $(python3 -c "print(f'{($b - $a) / $hz / 10 * 100:.1f}')") % of one core (10 s, mouse still) $(budget idle_cpu)"
echo "resident_memory: $(awk '/VmRSS/ {print $2}' /proc/$game/status) KB (idle)"

# Dragging the AC of t6 in circles for 5 s, about 100 moves a second.
win=$(xdotool search --name Solitaire | head -1)
layout=$(printf 'new KL1-D1N-AAAAAAA\n' | "$bin" layout)
read -r cx cy < <(python3 -c "
import json,sys; l=json.loads(sys.argv[1]); r=l['columns'][5]
print((r[0]+6)*2, (r[1]+5)*2)" "$layout")
moves=$(python3 -c "
import math
for k in range(500):
    a = k / 500 * 2 * math.pi * 5
    print(f'mousemove --window $win {int(640 + 200*math.cos(a))} {int(360 + 150*math.sin(a))} sleep 0.01')" | tr '\n' ' ')
xdotool mousemove --window "$win" "$cx" "$cy" mousedown 1 mousemove --window "$win" $((cx + 10)) $((cy + 10))
a=$(cpu_ticks $game); t0=$(date +%s%N)
# shellcheck disable=SC2086
xdotool $moves
t1=$(date +%s%N); b=$(cpu_ticks $game)
xdotool mouseup 1
secs=$(python3 -c "print(($t1 - $t0) / 1e9)")
echo "drag_cpu: $(python3 -c "print(f'{($b - $a) / $hz / $secs * 100:.1f}')") % of one core (500 moves in $(python3 -c "print(f'{$secs:.1f}')") s) $(budget drag_cpu)"
echo "resident_memory_after_drag: $(awk '/VmRSS/ {print $2}' /proc/$game/status) KB"
kill $game; wait $game 2>/dev/null || true
game=
rm -rf "$data"
