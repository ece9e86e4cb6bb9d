#!/usr/bin/env bash
# The README's pictures, made anew from the real window (tests/window/pictures.rs) under
# Xvfb, as the window tests run: docs/pictures/xiangqi-table.png and go-table.png.
set -euo pipefail
cd "$(dirname "$0")/../.."
XIANGQI_PICTURES_TO="$PWD/docs/pictures" cargo test --release --test window pictures:: -- --nocapture
ls -l docs/pictures/*.png
