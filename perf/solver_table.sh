#!/usr/bin/env bash
# The solver's results table in docs/SOLVER.md: `solitaire survey` over the first deals of each
# mode, one Markdown row per mode. Verdicts depend only on the deals and the budgets (counted in
# positions); times are this machine's. Usage: perf/solver_table.sh [THREADS] (default: all
# cores). Every winning line is replayed through the engine by the survey itself; a row whose
# lines did not all replay to a won game makes the script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-$(nproc)}
cargo build --release -q
bin=target/release/solitaire

echo "| mode | deals | winnable | unwinnable (proved) | undecided | budget per deal | time per deal, median / p90 | decided within 1 s |"
echo "|---|---|---|---|---|---|---|---|"
row() {
  local game=$1 draw=$2 scoring=$3 deals=$4 ms=$5
  "$bin" survey "$game" "$draw" "$scoring" --deals "$deals" --budget-ms "$ms" --threads "$threads" |
    awk -v ms="$ms" '
      NR == 1 { split($0, a, ", deals "); mode = a[1];
                n = $0; sub(/^[^(]*\(/, "", n); sub(/\).*/, "", n) }
      /^ *(winnable|unwinnable|undecided):/ {
        v = $1; sub(/:$/, "", v); ci = $0; sub(/.*\(95 %: /, "", ci); sub(/ %\)$/, "", ci)
        share[v] = $3 " % (" ci ")" }
      /^winning lines replayed/ { ok = ($8 == $10) }
      /^time per deal/ { med = $5; p90 = $8; within = $(NF - 1) " %" }
      END {
        if (!ok) { print "winning lines that did not replay in " mode > "/dev/stderr"; exit 1 }
        printf "| %s | %s | %s | %s | %s | %s M positions | %s / %s ms | %s |\n", mode, n,
          share["winnable"], share["unwinnable"], share["undecided"], ms / 1000, med, p90, within }'
}
row klondike 1 normal 0..1000 1000
row klondike 3 normal 0..1000 1000
row klondike 1 vegas 0..1000 1000
row klondike 3 vegas 0..1000 1000
row double 1 normal 0..200 1000
row double 3 normal 0..200 1000
row double 1 vegas 0..100 1000
row double 3 vegas 0..100 2000
