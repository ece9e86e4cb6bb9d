#!/usr/bin/env bash
# Fairy-Stockfish and GNU Go for Windows (x86-64), cross-built with MinGW from Debian's
# source tarballs: how the engines in this package were made (GPL-3 asks for the scripts
# that control compilation). Needs make, gcc and MinGW (Debian: gcc-mingw-w64-x86-64,
# g++-mingw-w64-x86-64). Skips an engine already built.
#   bash engines.sh SOURCES_DIR OUT_DIR
set -euo pipefail
sources="$(cd "$1" && pwd)"
mkdir -p "$2"
engines="$(cd "$2" && pwd)"
fsf_orig=fairy-stockfish_11.1.orig.tar.gz
gnugo_orig=gnugo_3.8.orig.tar.gz
mkdir -p "$engines"
jobs="$(nproc)"
if [ ! -f "$engines/fairy-stockfish.exe" ]; then
  echo "windows: building Fairy-Stockfish 11.1 with MinGW"
  rm -rf "$engines/fsf" && mkdir -p "$engines/fsf"
  tar -xzf "$sources/$fsf_orig" -C "$engines/fsf" --strip-components=1
  # As Debian builds it (debian/rules: largeboards for Xiangqi's 9x10), for any x86-64 CPU;
  # its Makefile links MinGW's runtime statically (-static).
  make -C "$engines/fsf/src" -j"$jobs" build ARCH=x86-64 COMP=mingw largeboards=yes \
    CXX=x86_64-w64-mingw32-g++-posix >"$engines/fsf.log" 2>&1 ||
    { tail -20 "$engines/fsf.log"; exit 1; }
  x86_64-w64-mingw32-strip -o "$engines/fairy-stockfish.exe" "$engines/fsf/src/stockfish.exe"
fi
if [ ! -f "$engines/gnugo.exe" ]; then
  echo "windows: building GNU Go 3.8 with MinGW"
  rm -rf "$engines/gnugo-native" "$engines/gnugo" && mkdir -p "$engines/gnugo-native" "$engines/gnugo"
  tar -xzf "$sources/$gnugo_orig" -C "$engines/gnugo-native" --strip-components=1
  tar -xzf "$sources/$gnugo_orig" -C "$engines/gnugo" --strip-components=1
  # GNU Go compiles its pattern databases with programs of its own, which must run here:
  # they are built for Linux first, and the Windows build uses them (it calls ./mkpat…).
  # -fcommon: its headers define globals (GCC 10 made that an error).
  (
    cd "$engines/gnugo-native"
    ./configure CFLAGS="-O2 -fcommon" --without-readline --without-curses
    make -j"$jobs" -C utils && make -j"$jobs" -C sgf
    make -j"$jobs" -C engine libboard.a libengine.a
    make -j"$jobs" -C patterns mkpat joseki mkeyes uncompress_fuseki mkmcpat
  ) >"$engines/gnugo-native.log" 2>&1 || { tail -20 "$engines/gnugo-native.log"; exit 1; }
  (
    cd "$engines/gnugo"
    ./configure --host=x86_64-w64-mingw32 CFLAGS="-O2 -fcommon" LDFLAGS="-static" \
      --without-readline --without-curses --disable-color
    cp ../gnugo-native/patterns/{mkpat,joseki,mkeyes,uncompress_fuseki,mkmcpat} patterns/
    make -j"$jobs"
  ) >"$engines/gnugo.log" 2>&1 || { tail -20 "$engines/gnugo.log"; exit 1; }
  x86_64-w64-mingw32-strip -o "$engines/gnugo.exe" "$engines/gnugo/interface/gnugo.exe"
fi
