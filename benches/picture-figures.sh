#!/usr/bin/env bash
# Time and size of an animated GIF of a 100-ply game at 450 px, made by `xiangqi convert`,
# beside the anchor: ImageMagick assembling the same 101 frames (PNGs drawn by the same
# renderer) into a looping GIF with its frame optimisation, in the same run.
# Needs imagemagick (convert). Usage: bash benches/picture-figures.sh [PLIES]
set -euo pipefail
cd "$(dirname "$0")/.."
plies="${1:-100}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --bin xiangqi --example picture-frames
target="${CARGO_TARGET_DIR:-target}/release"
"$target/examples/picture-frames" "$plies" "$work"

seconds() { local s=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(date +%s.%N) - $s" | bc; }
best() { # the fastest of three runs
  local b=""; for _ in 1 2 3; do local t; t=$(seconds "$@"); if [ -z "$b" ] || (( $(echo "$t < $b" | bc) )); then b=$t; fi; done; echo "$b"
}
ours=$(best "$target/xiangqi" convert "$work/game.txt" --to gif -o "$work/ours.gif" --size 450 --delay 1)
anchor=$(best convert -delay 100 -loop 0 "$work"/frames/*.png -layers Optimize "$work/anchor.gif")
ours_size=$(stat -c %s "$work/ours.gif")
anchor_size=$(stat -c %s "$work/anchor.gif")
printf 'plies %s, 450 px, %s frames\n' "$plies" "$((plies + 1))"
printf 'xiangqi convert --to gif: %.2f s, %d KB\n' "$ours" "$((ours_size / 1024))"
printf 'ImageMagick from the same frames: %.2f s, %d KB\n' "$anchor" "$((anchor_size / 1024))"
printf 'ratio (xiangqi / ImageMagick): time %.2f, size %.2f\n' \
  "$(echo "$ours / $anchor" | bc -l)" "$(echo "$ours_size / $anchor_size" | bc -l)"
