#!/usr/bin/env bash
# The Debian/Ubuntu package, made by cargo-deb from the release build:
#   target/packaging/xiangqi_<version>-1_<arch>.deb
# The game in /usr/bin; the launcher, the icons (16–512 px and SVG), the MIME package
# (Xiangqi PGN, XQF, FEN; SGF is the desktop's own) and the AppStream metainfo, exactly
# what `xiangqi desktop install` writes; the copyright (packaging/deb/copyright).
# Depends from the binary's libraries (dpkg-shlibdeps); Recommends the engines and a
# voice. lintian checks it: an error fails the script. Installs the tools it lacks
# (lintian and dpkg-dev with apt-get, as root or through sudo; cargo-deb with cargo);
# nothing is downloaded while the package is made. `packaging/deb-test.sh` installs it.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
started=$SECONDS
target="${CARGO_TARGET_DIR:-$repo/target}"
out="$repo/target/packaging"
mkdir -p "$out"

source packaging/lib.sh
install_missing deb lintian dpkg-dev
cargo_deb_version=3.8.0
if [ "$(cargo deb --version 2>/dev/null)" != "cargo-deb $cargo_deb_version" ]; then
  echo "deb: installing cargo-deb $cargo_deb_version (crates.io)"
  cargo install --locked --quiet cargo-deb --version "$cargo_deb_version"
fi

# The README's build: nothing to do when `cargo build --release` or `cargo test --release`
# ran before.
cargo build --release --bin xiangqi
echo "deb: game built after $((SECONDS - started)) s"

# The desktop's files, as the game itself installs them for a packager (the launcher
# runs `xiangqi` from the PATH).
stage="$target/release/deb-stage"
rm -rf "$stage"
"$target/release/xiangqi" desktop install --prefix "$stage/usr" --no-refresh >/dev/null

rm -f "$out"/xiangqi_*.deb
# Stripped by the release profile already.
cargo deb --no-build --no-strip --output "$out" >/dev/null
deb="$(ls "$out"/xiangqi_*.deb)"
echo "deb: $deb ($(du -k "$deb" | cut -f1) KB) after $((SECONDS - started)) s"
dpkg-deb --field "$deb" Package Version Architecture Depends Recommends Installed-Size

# Errors fail; warnings are shown (an unofficial package has a few by nature).
lintian --fail-on error "$deb"
echo "deb: lintian has no error; done in $((SECONDS - started)) s"
