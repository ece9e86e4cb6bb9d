#!/usr/bin/env python3
"""The installed game started as the desktop starts it, on a virtual X server (Xvfb,
Mesa's lavapipe): by its launcher (`gtk-launch org.xiangqi.Xiangqi`) or by the program
the desktop opens a file with (`gio open FILE`, what a file manager runs on a
double-click). Both return at once and leave the game running: it is found by its
window's class, its log is what they inherited.

    python3 launch.py HOME OUT_DIR NAME COMMAND...
        The window comes and draws its first idle frame; a screenshot (OUT_DIR/NAME.png)
        shows the board with its pieces. With $OPEN_FILE and $OPEN_FEN, the file is opened
        and the game shows that position. Then Esc closes the window.
"""

import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test"))
from xshot import area, board_geometry, distance, save_png, screenshot, start_xvfb, stop_xvfb, xdotool  # noqa: E402

HOME, OUT, NAME = sys.argv[1:4]
COMMAND = sys.argv[4:]
CLASS = "org.xiangqi.Xiangqi"


def fail(message, log):
    print(f"deb-launch: FAILED: {message}", file=sys.stderr)
    if os.path.exists(log):
        with open(log, errors="replace") as f:
            tail = f.read().splitlines()[-25:]
        print("  the game's log ends:\n    " + "\n    ".join(tail), file=sys.stderr)
    sys.exit(1)


def main():
    display, xvfb = start_xvfb()
    log = os.path.join(OUT, f"{NAME}.log")
    pid = None
    try:
        # A home of its own (the player's autosave neither resumed nor written); the PATH
        # of a desktop session, where the launcher's `xiangqi` is found.
        env = {**os.environ, "DISPLAY": display, "WGPU_BACKEND": "vulkan",
               "XIANGQI_TEST": "1", "RUST_LOG": "info", "HOME": HOME,
               "XDG_DATA_HOME": f"{HOME}/.local/share", "XDG_CONFIG_HOME": f"{HOME}/.config",
               "XDG_RUNTIME_DIR": HOME, "LANG": "C.UTF-8", "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/games"}
        started = time.monotonic()
        with open(log, "w") as out:
            launcher = subprocess.run(COMMAND, env=env, stdout=out, stderr=subprocess.STDOUT,
                                      timeout=60)
        if launcher.returncode != 0:
            fail(f"{' '.join(COMMAND)} exited with {launcher.returncode}", log)

        def text():
            with open(log, errors="replace") as f:
                return f.read()

        def until(what, test, seconds=120):
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                found = test()
                if found:
                    return found
                time.sleep(0.1)
            fail(f"waited {seconds} s for {what}", log)

        window = until("the game's window", lambda: xdotool(display, "search", "--class", CLASS).split("\n")[0])
        pid = xdotool(display, "getwindowpid", window)
        until("the first idle frame", lambda: re.search(r"frame \d+ idle", text()))
        print(f"deb-launch: {' '.join(COMMAND)}: the window drawn and idle in "
              f"{time.monotonic() - started:.1f} s")
        if os.environ.get("OPEN_FILE"):
            name = os.path.basename(os.environ["OPEN_FILE"])
            want = os.environ["OPEN_FEN"]
            until(f"{name} opened at {want}",
                  lambda: f"Opened {name}" in text() and f"position {want}" in text())
            print(f"deb-launch: {name} opened in the window, at its last position")

        found = board_geometry(display, window)
        if not found:
            fail("xdotool gives no geometry for the window", log)
        left, top, w, h, board_w, cell = found
        # The board: inside a square and at the river the same wood; at the start, a piece
        # stands out (the red general on e0). The picture reaches the X screen a moment
        # after the frame that drew it: the screen is read until it shows them.
        def board_drawn():
            shot = screenshot(display)
            wood = area(shot, left + board_w / 2 - 2.5 * cell, top + h / 2 + 3 * cell, cell * 0.15)
            river = area(shot, left + board_w / 2 + cell * 0.5, top + h / 2, cell * 0.15)
            general = area(shot, left + board_w / 2, top + h / 2 + 4.5 * cell, cell * 0.15)
            seen.append((shot, wood, river, general))
            return distance(wood, river) <= 30 and (
                os.environ.get("OPEN_FILE") or distance(general, wood) >= 40)

        seen = []
        deadline = time.monotonic() + 30
        while not board_drawn() and time.monotonic() < deadline:
            time.sleep(0.2)
        shot, wood, river, general = seen[-1]
        save_png(os.path.join(OUT, f"{NAME}.png"), shot)
        if distance(wood, river) > 30:
            fail(f"no board: the wood {wood} and the river {river} differ", log)
        if not os.environ.get("OPEN_FILE") and distance(general, wood) < 40:
            fail(f"no piece on e0: {general} is the board's {wood}", log)
        print(f"deb-launch: the board drawn ({NAME}.png)")
        # Esc with nothing open quits.
        xdotool(display, "windowfocus", "--sync", window)
        xdotool(display, "key", "Escape")
        until("the window closed by Esc",
              lambda: not xdotool(display, "search", "--class", CLASS), 30)
    finally:
        if pid and os.path.exists(f"/proc/{pid}"):
            subprocess.run(["kill", pid])
        stop_xvfb(xvfb)


main()
