#!/usr/bin/env bash
# What the solver searches, in a form two builds can be compared by byte for byte (`cmp -r`):
# for every deal of each mode its verdict and the positions it expanded (times left out), the
# survey's counts, and the winning lines `solitaire solve` prints for the first deals. A
# refactor of the solver that changes none of its searches changes nothing here.
# Usage: perf/solver_fingerprint.sh BINARY OUTDIR (a release build of `solitaire`).
# About two CPU-minutes on two cores.
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
survey() {
  local name=$1; shift
  "$bin" survey "$@" --each --threads 2 | awk '
    / positions$/ && NF == 6 { print $1, $2, $5, $6; next }
    /^(winnable|unwinnable|undecided|winning lines)/ || /^ *(winnable|unwinnable|undecided):/ { print }
    /^[A-Z].*, deals / { print }' > "$out/$name.txt"
}
lines() {
  local name=$1 n=$2 ms=$3
  head -n "$n" "$out/$name.txt" | while read -r code _; do
    "$bin" solve "$code" --budget-ms "$ms" | sed -E 's/\([0-9.]+ ms\)//'
  done > "$out/$name.lines"
}
survey k1n klondike 1 normal --deals 0..1000 --budget-ms 1000
survey k3n klondike 3 normal --deals 0..500 --budget-ms 1000
survey k1v klondike 1 vegas --deals 0..500 --budget-ms 1000
survey k3v klondike 3 vegas --deals 0..300 --budget-ms 1000
survey d1n double 1 normal --deals 0..30 --budget-ms 300
survey d3n double 3 normal --deals 0..30 --budget-ms 300
survey d1v double 1 vegas --deals 0..8 --budget-ms 300
survey d3v double 3 vegas --deals 0..8 --budget-ms 300
lines k1n 150 100
lines k3n 150 100
lines k1v 100 100
lines k3v 100 100
lines d1n 20 100
lines d3n 20 100
lines d1v 6 100
lines d3v 6 100
