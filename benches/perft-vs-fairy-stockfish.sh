#!/usr/bin/env bash
# Prints perft 5 from the start position for this project and, when FAIRY_STOCKFISH names
# a native Fairy-Stockfish binary, for it too in the same run, with the ratio.
# Usage: FAIRY_STOCKFISH=/path/to/fairy-stockfish bash benches/perft-vs-fairy-stockfish.sh
set -euo pipefail
cd "$(dirname "$0")/.."
depth="${DEPTH:-5}"
cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/xiangqi"

ours=$("$bin" perft "$depth" | tail -n 1)
echo "xiangqi:        $ours"
our_nps=$(awk '{print $6}' <<<"$ours")

if [ -n "${FAIRY_STOCKFISH:-}" ]; then
  start=$(date +%s.%N)
  nodes=$(printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft %s\nquit\n' "$depth" \
    | "$FAIRY_STOCKFISH" | awk '/Nodes searched/ {print $3}')
  end=$(date +%s.%N)
  fsf_nps=$(awk -v n="$nodes" -v a="$start" -v b="$end" 'BEGIN {printf "%.0f", n / (b - a)}')
  echo "fairy-stockfish: nodes $nodes time $(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}') nps $fsf_nps (includes start-up)"
  awk -v a="$our_nps" -v b="$fsf_nps" 'BEGIN {printf "ratio xiangqi/fairy-stockfish: %.2f\n", a / b}'
fi
