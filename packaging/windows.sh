#!/usr/bin/env bash
# The Windows installer and zip, cross-built on Debian or Ubuntu from Debian's packages and
# crates.io alone:
#   target/packaging/xiangqi-setup.exe   a per-user installer (no administrator)
#   target/packaging/xiangqi-windows.zip the same folder, to unpack and run
# Both hold xiangqi.exe (window and command line), fairy-stockfish.exe and gnugo.exe built
# here from Debian's sources, their licences and their sources. Installs what it lacks
# (apt-get: as root, or through sudo). Work and caches go under $CARGO_TARGET_DIR/windows
# (else target/windows); `packaging/windows-test.sh` tests the result under Wine.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
started=$SECONDS

work="${CARGO_TARGET_DIR:-$repo/target}/windows"
out="$repo/target/packaging"
stage="$out/Xiangqi"
mkdir -p "$work" "$out"

source packaging/lib.sh
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
# Debian's Rust (1.96, with the standard library's source, which -Zbuild-std compiles for
# Windows; rustup's toolchain has no Windows target here), MinGW, NSIS.
install_missing windows rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 \
  binutils-mingw-w64-x86-64 nsis zip make

# --- The engines, from Debian's sources (GPL-3: their sources go in the package too). ---
sources="$work/sources"
mkdir -p "$sources"
fsf_orig=fairy-stockfish_11.1.orig.tar.gz
gnugo_orig=gnugo_3.8.orig.tar.gz
if [ ! -f "$sources/$fsf_orig" ] || [ ! -f "$sources/$gnugo_orig" ]; then
  if ! apt-get source --print-uris -qq gnugo >/dev/null 2>&1; then
    echo "windows: adding Debian's source packages (deb-src) to apt's lists"
    codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$codename" | $sudo tee /etc/apt/sources.list.d/xiangqi-deb-src.sources >/dev/null
    $sudo apt-get update -qq
  fi
  # apt checks each file against the source package's signed checksums. GNU Go's Debian
  # patch tarball may be missing from the mirror; its upstream tarball is what is built.
  (cd "$sources" && { apt-get source --download-only -qq fairy-stockfish gnugo 2>&1 || true; })
  for f in "$fsf_orig" "$gnugo_orig"; do
    [ -f "$sources/$f" ] || { echo "windows: could not download $f (apt-get source)" >&2; exit 1; }
  done
fi

# Built again when the way they are built changes.
engines="$work/engines-$(sha256sum packaging/windows/engines.sh | head -c 12)"
bash packaging/windows/engines.sh "$sources" "$engines"
echo "windows: engines ready after $((SECONDS - started)) s"

# --- The game. Debian's rustc and cargo by full path: rustup's come first on the PATH. ---
game_started=$SECONDS
(
  unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS RUSTFLAGS
  export PATH="/usr/bin:/bin:$PATH"
  export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
  # -Zbuild-std on a stable compiler.
  export RUSTC_BOOTSTRAP=1
  export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
  export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc
  export AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
  export CARGO_TARGET_DIR="$work"
  /usr/bin/cargo build --release -Zbuild-std=std,panic_abort \
    --target x86_64-pc-windows-gnu --bin xiangqi
)
exe="$work/x86_64-pc-windows-gnu/release/xiangqi.exe"
echo "windows: game built in $((SECONDS - game_started)) s"

# --- The folder both packages hold. ---
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
rm -rf "$stage" && mkdir -p "$stage/licences" "$stage/sources"
cp "$exe" "$stage/xiangqi.exe"
cp "$engines/fairy-stockfish.exe" "$engines/gnugo.exe" "$stage/"
cp packaging/windows/README.txt "$stage/README.txt"
cp packaging/windows/CREDITS.txt "$stage/licences/CREDITS.txt"
cp packaging/windows/MIT.txt "$stage/licences/Xiangqi-MIT.txt"
cp /usr/share/common-licenses/Apache-2.0 "$stage/licences/Xiangqi-Apache-2.0.txt"
cp fonts/OFL.txt "$stage/licences/fonts-OFL.txt"
cp "$engines/fsf/Copying.txt" "$stage/licences/Fairy-Stockfish-GPL-3.0.txt"
cp "$engines/gnugo/COPYING" "$stage/licences/GNU-Go-GPL-3.0.txt"
cp "$sources/$fsf_orig" "$sources/$gnugo_orig" "$stage/sources/"
cp packaging/windows/engines.sh "$stage/sources/build-engines.sh"
# Windows' own line ends for what Notepad opens.
for f in "$stage/README.txt" "$stage"/licences/*.txt; do sed -i 's/\r*$/\r/' "$f"; done

rm -f "$out/xiangqi-setup.exe" "$out/xiangqi-windows.zip"
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" -DSTAGE="$stage" \
  -DICON="$repo/assets/icons/org.xiangqi.Xiangqi.ico" \
  -DOUTFILE="$out/xiangqi-setup.exe" packaging/windows/xiangqi.nsi
(cd "$out" && zip -qr -9 xiangqi-windows.zip Xiangqi)

size() { du -k "$1" | cut -f1 | awk '{printf "%.1f MB", $1 / 1024}'; }
echo "windows: $out/xiangqi-setup.exe ($(size "$out/xiangqi-setup.exe"))"
echo "windows: $out/xiangqi-windows.zip ($(size "$out/xiangqi-windows.zip"))"
echo "windows: xiangqi.exe $(size "$stage/xiangqi.exe"), fairy-stockfish.exe $(size "$stage/fairy-stockfish.exe"), gnugo.exe $(size "$stage/gnugo.exe")"
echo "windows: done in $((SECONDS - started)) s"
