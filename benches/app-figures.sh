#!/usr/bin/env bash
# Prints the game's figures beside the empty Bevy example built the same way, in the same
# run: start to first frame, CPU over 10 idle seconds, peak RSS, and (the game only)
# frame times during a move animation; then the ratios; then what each kind of thing
# the game draws (sprites, text, meshes, egui) costs the empty example's first frame.
#
# Needs Xvfb, mesa-vulkan-drivers, xdotool and imagemagick (apt-get install …).
# Usage: bash benches/app-figures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# Without a tool the waits below would loop for ever: say which is missing instead.
for tool in Xvfb xdotool import bc; do
  command -v "$tool" >/dev/null || { echo "app-figures: $tool is missing (see Needs above)" >&2; exit 1; }
done
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet --bin xiangqi --example empty-bevy --example startup-parts
game="$target/release/xiangqi"
empty="$target/release/examples/empty-bevy"
parts="$target/release/examples/startup-parts"

display=":$(( 300 + $$ % 100 ))"
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
export DISPLAY="$display" WGPU_BACKEND=vulkan XDG_RUNTIME_DIR="$(mktemp -d)"
until xdotool getdisplaygeometry >/dev/null 2>&1; do sleep 0.1; done

pixel() { import -window root -crop "1x1+$1+$2" -depth 8 txt:- 2>/dev/null | grep -o '#[0-9A-F]\{6\}' | head -1; }

# first_frame BINARY X Y COLOUR: seconds until the screen shows COLOUR at (X, Y). The
# pointer keeps moving, since an idle desktop_app window may wait for input to draw.
first_frame() {
  local start end
  start=$(date +%s.%N)
  "$1" >/tmp/figures-app.log 2>&1 &
  local pid=$!
  until [ "$(pixel "$2" "$3")" = "$4" ]; do xdotool mousemove $(( $2 + RANDOM % 9 )) "$3"; sleep 0.05; done
  end=$(date +%s.%N)
  kill $pid; wait $pid 2>/dev/null || true
  echo "$end - $start" | bc
}

# ticks PID: "ALL SOFT", the CPU ticks so far of the whole process and of the software
# renderer's own threads (lavapipe's llvmpipe-N, which stand in for a graphics card).
ticks() {
  local all=0 soft=0 t n
  for t in /proc/"$1"/task/*; do
    n=$(awk '{print $14+$15}' "$t/stat" 2>/dev/null || echo 0)
    all=$(( all + n ))
    case "$(cat "$t/comm" 2>/dev/null)" in llvmpipe*) soft=$(( soft + n ));; esac
  done
  echo "$all $soft"
}

# idle BINARY [ARGS…]: "CPU% peakRSS(kB) rendererCPU%" over 10 s after an 8 s settle,
# the window given the keyboard focus (a focused window is the one a desktop wakes most).
idle() {
  "$@" >/tmp/figures-app.log 2>&1 &
  local pid=$! a0 s0 a1 s1
  sleep 6
  xdotool search --sync --onlyvisible --pid "$pid" windowfocus --sync 2>/dev/null || true
  sleep 2
  read -r a0 s0 <<<"$(ticks "$pid")"
  sleep 10
  read -r a1 s1 <<<"$(ticks "$pid")"
  local hz; hz=$(getconf CLK_TCK)
  echo "$(echo "scale=2; ($a1 - $a0) * 100 / (10 * $hz)" | bc) $(awk '/VmHWM/ {print $2}' "/proc/$pid/status") $(echo "scale=2; ($s1 - $s0) * 100 / (10 * $hz)" | bc)"
  kill $pid; wait $pid 2>/dev/null || true
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

game_ff=$(for _ in 1 2 3 4 5; do first_frame "$game" 300 300 '#E9C78E'; done | median)
empty_ff=$(for _ in 1 2 3 4 5; do first_frame "$empty" 300 300 '#2B2C2F'; done | median)
read -r game_cpu game_rss _ <<<"$(idle "$game")"
read -r empty_cpu empty_rss _ <<<"$(idle "$empty")"
# A clock running (10 minutes: redrawn once a second); the running game starts on
# the clock in a fresh home, so no saved game or setting changes the figure.
clock_home="$(mktemp -d)"
read -r clock_cpu _ clock_soft <<<"$(HOME="$clock_home" XDG_DATA_HOME="$clock_home/data" XDG_CONFIG_HOME="$clock_home/config" idle "$game" --clock 10+0)"
rm -rf "$clock_home"
# Its anchor: the empty example drawing a frame a second (what any Bevy window pays for
# one frame a second here, most of it the software renderer's).
read -r tick_cpu _ tick_soft <<<"$(PARTS_TICK=1 idle "$parts")"

# A move animation: h2e2 with two clicks, frame times from the game's debug log (all
# of the game's debug lines: a module moved to another room no longer hides them).
RUST_LOG=info,xiangqi=debug "$game" >/tmp/figures-game.log 2>&1 &
pid=$!
sleep 4
xdotool mousemove 630 583 click 1; sleep 0.5; xdotool mousemove 410 583 click 1; sleep 1.5
kill $pid; wait $pid 2>/dev/null || true
# The first animation frame's time includes the idle wait before the click: dropped.
frames=$(sed 's/\x1b\[[0-9;]*m//g' /tmp/figures-game.log | { grep -o 'animation frame [0-9.]* ms' || true; } | awk 'NR > 1 {print $3}')
if [ -z "$frames" ]; then
  echo "app-figures: no 'animation frame' line in the game's log (/tmp/figures-game.log):" >&2
  echo "  did the two clicks miss h2 and e2, or did the log line change?" >&2
  exit 1
fi
anim="$(echo "$frames" | awk 'NF {n++; s+=$1; if ($1>m) m=$1} END {if (n) printf "%d frames, mean %.1f ms, max %.1f ms", n, s/n, m; else print "none seen"}')"

printf '%-22s %12s %12s %8s\n' "" "game" "empty Bevy" "ratio"
printf '%-22s %11.2fs %11.2fs %8.2f\n' "start to first frame" "$game_ff" "$empty_ff" "$(echo "$game_ff / $empty_ff" | bc -l)"
printf '%-22s %11s%% %11s%% %8s\n' "idle CPU (10 s)" "$game_cpu" "$empty_cpu" "-"
printf '%-22s %11s%% %11s%% %8s\n' "clock running (10 s)" "$clock_cpu" "$tick_cpu" "-"
printf '%-22s %11s%% %11s%% %8s\n' "  its own threads" "$(echo "$clock_cpu - $clock_soft" | bc)" "$(echo "$tick_cpu - $tick_soft" | bc)" "-"
printf '%-22s %11s%% %11s%% %8s\n' "  software renderer" "$clock_soft" "$tick_soft" "-"
printf '%-22s %10s kB %9s kB %8.2f\n' "peak RSS" "$game_rss" "$empty_rss" "$(echo "$game_rss / $empty_rss" | bc -l)"
echo "(the clock rows' anchor: the empty example drawing a frame a second, as a clock does)"
echo "move animation (game): $anim"

# What each kind of thing the game draws costs the start: the empty example drawing a
# board-coloured square where the board is, then with each of the game's other kinds.
echo "start to first frame of the empty example drawing (median of 5):"
for what in sprite sprite,text sprite,mesh sprite,egui sprite,text,mesh,egui; do
  t=$(for _ in 1 2 3 4 5; do STARTUP_PARTS="$what" first_frame "$parts" 300 300 '#E9C78E'; done | median)
  printf '  %-24s %6.2fs\n' "$what" "$t"
done
