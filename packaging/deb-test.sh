#!/usr/bin/env bash
# The .deb installed for real, as a family installs it, then removed:
#   apt-get install ./target/packaging/xiangqi_….deb
# The game is on the PATH with its launcher, icons, file types and metainfo (Debian's
# triggers refresh the desktop's databases); started from its launcher (gtk-launch) under
# Xvfb, its window shows the board; the desktop says a .pgn and an .sgf open in it
# (xdg-mime) and a Big5 PGN opened that way (gio open) shows its last position; after
# `apt-get purge` no file of the package is left, nor its file types, and the player's
# games stay. Run as root (or with sudo) after packaging/deb.sh; installs what it lacks.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
started=$SECONDS
deb="$(ls "$repo"/target/packaging/xiangqi_*.deb)"
out="$repo/target/packaging/deb-test"
rm -rf "$out" && mkdir -p "$out"
app=org.xiangqi.Xiangqi

source packaging/lib.sh
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
have() { dpkg -s "$1" >/dev/null 2>&1; }
# The X server and what reads it, the desktop's launcher and file tools.
install_missing deb-test xvfb xdotool x11-apps mesa-vulkan-drivers libgtk-3-bin libglib2.0-bin \
  xdg-utils desktop-file-utils shared-mime-info python3

failures=0
check() { # check WHAT COMMAND...: one line, ok or FAILED
  local what="$1"
  shift
  if "$@" >"$out/last.txt" 2>&1; then
    echo "deb-test: ok: $what"
  else
    echo "deb-test: FAILED: $what"
    sed 's/^/    /' "$out/last.txt" | tail -15
    failures=$((failures + 1))
  fi
}
purge() { DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq xiangqi >/dev/null 2>&1; }
# A package left by an interrupted run goes first; and whatever happens, it goes after.
have xiangqi && purge
trap 'have xiangqi && purge; true' EXIT

# Its files (not folders), as the package lists them.
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./|/|' >"$out/files.txt"
home="$(mktemp -d)"
files="$home/files"
mkdir -p "$files"

install_started=$SECONDS
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$deb" >"$out/apt-install.txt" 2>&1 ||
  { cat "$out/apt-install.txt"; echo "deb-test: FAILED: apt-get install $deb"; exit 1; }
installed_in=$((SECONDS - install_started))
echo "deb-test: installed by apt-get in ${installed_in} s ($(du -k "$deb" | cut -f1) KB package)"

every_file_there() { while read -r f; do [ -e "$f" ] || [ -L "$f" ] || { echo "missing: $f"; return 1; }; done <"$out/files.txt"; }
check "every file of the package is in place" every_file_there
check "xiangqi on the PATH is the package's" test "$(command -v xiangqi)" = /usr/bin/xiangqi
check "xiangqi --version runs" xiangqi --version
check "the launcher is valid" desktop-file-validate /usr/share/applications/$app.desktop
check "the launcher is in the desktop's cache (its trigger ran)" \
  grep -q "application/x-xiangqi-pgn=.*$app.desktop" /usr/share/applications/mimeinfo.cache
check "the MIME database knows Xiangqi PGN (its trigger ran)" \
  grep -q "application/x-xiangqi-pgn" /usr/share/mime/types

# What a file manager asks: a file's type (GLib's shared-mime-info lookup) and the
# program for it (xdg-mime), for a player with no choices of their own yet.
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config"
cp tests/data/big5/master.pgn "$files/對局.pgn"
printf '(;GM[1]FF[4]SZ[9];B[ee];W[cc])\n' >"$files/game.sgf"
type_of() { gio info -a standard::content-type "$1" | sed -n 's/.*standard::content-type: //p'; }
is() { [ "$1" = "$2" ] || { echo "'$1', not '$2'"; return 1; }; }
check "a Xiangqi .pgn is application/x-xiangqi-pgn" is "$(type_of "$files/對局.pgn")" application/x-xiangqi-pgn
check "an .sgf is application/x-go-sgf" is "$(type_of "$files/game.sgf")" application/x-go-sgf
for mime in application/x-xiangqi-pgn application/x-go-sgf application/x-xqf application/x-xiangqi-fen; do
  check "xdg-mime: $mime opens in the game" is "$(xdg-mime query default "$mime")" "$app.desktop"
done

# Started from the launcher, then a file opened as a double-click opens it.
check "started by its launcher, the window shows the board" \
  python3 packaging/deb/test/launch.py "$home" "$out" launcher gtk-launch $app
cat "$out/last.txt"
fen="$(xiangqi convert --to fen tests/data/big5/master.pgn)"
check "a Big5 .pgn opened by the desktop (gio open) shows its last position" \
  env OPEN_FILE="$files/對局.pgn" OPEN_FEN="$fen" \
  python3 packaging/deb/test/launch.py "$home" "$out" open gio open "$files/對局.pgn"
cat "$out/last.txt"
kept="$(find "$home/.local/share" -name 'autosave*' | head -1)"
check "the game kept its autosave in the player's folder" test -n "$kept"

remove_started=$SECONDS
purge
echo "deb-test: removed by apt-get purge in $((SECONDS - remove_started)) s"
nothing_left() { while read -r f; do if [ -e "$f" ] || [ -L "$f" ]; then echo "left: $f"; return 1; fi; done <"$out/files.txt"; }
check "no file of the package is left" nothing_left
check "no launcher claims Xiangqi PGN any more" \
  bash -c "! grep -q '$app' /usr/share/applications/mimeinfo.cache"
check "the MIME database forgot Xiangqi PGN" bash -c "! grep -q application/x-xiangqi-pgn /usr/share/mime/types"
check "the player's games stay" test -e "$kept"
rm -rf "$home"

echo "deb-test: $failures failed, in $((SECONDS - started)) s"
[ "$failures" -eq 0 ]
