#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 60) each, one after the other, and prints
# each one's executions and coverage. Needs a nightly toolchain and cargo-fuzz:
#   rustup toolchain install nightly && cargo install cargo-fuzz
#   fuzz/run.sh 600            # every target for ten minutes
#   fuzz/run.sh 600 records    # one target
# New inputs collect in fuzz/corpus/TARGET (kept between runs, not committed); a crash or
# hang leaves its input in fuzz/artifacts/TARGET: copy it to tests/data/fuzz/TARGET/
# (tests/files/fuzz_regressions.rs replays those on stable) before fixing it.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fen records notation snapshot slot settings sgf go_text puzzles go_problems book opening collection)
fi
# The seeds: the test suite's files, and small examples of what each reader reads.
seeds() {
  case $1 in
    records) echo seeds/records ../tests/data ../tests/data/xqf ;;
    collection) echo seeds/collection seeds/records ../tests/data/sgf ;;
    *) echo "seeds/$1" ;;
  esac
}
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t" logs
  # Not in artifacts/: cargo fuzz takes the newest file there for the failing input.
  log="logs/$t.log"
  # -timeout: an input that takes over 10 s is a hang; -rss_limit_mb guards memory.
  # shellcheck disable=SC2046
  cargo +nightly fuzz run -O "$t" "corpus/$t" $(seeds "$t") -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 2>"$log" || { echo "$t: FAILED (see $log)"; tail -30 "$log"; exit 1; }
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo ?)
  last=$(grep -E '#[0-9]+.*(cov|ft):' "$log" | tail -1)
  cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*' || echo ?)
  ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*' || echo ?)
  corpus=$(find "corpus/$t" -type f | wc -l)
  echo "$t: ${seconds}s, $execs executions, coverage $cov edges ($ft features), corpus $corpus inputs"
done
