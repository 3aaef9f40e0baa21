#!/bin/sh
# Runs every fuzz target (or those named) for SECONDS each (default 600),
# one after another, logging libFuzzer's output to fuzz/logs/TARGET.log.
# From the repository's root: sh fuzz/run.sh [SECONDS] [TARGET...]
set -eu
seconds=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-"amount period cell_ref answer calc spreadsheet pdf verify html"}
mkdir -p fuzz/logs
for t in $targets; do
  echo "== $t for $seconds s"
  (cd fuzz && cargo +nightly fuzz run "$t" -- -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1) \
    > "fuzz/logs/$t.log" 2>&1 || { echo "$t FAILED: see fuzz/logs/$t.log"; tail -30 "fuzz/logs/$t.log"; }
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|cov: " "fuzz/logs/$t.log" | tail -3
done
