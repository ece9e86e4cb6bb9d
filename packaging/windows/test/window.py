#!/usr/bin/env python3
"""The installed game's window under Wine, on a virtual X server (Xvfb; Wine's Vulkan on
Mesa's lavapipe): it starts, a screenshot shows the board with its pieces, two clicks move
the red cannon (炮二平五), and the autosave is written under %APPDATA%. The screenshots are
kept in the output folder to be looked at.

    python3 window.py GAME_EXE ROAMING_DIR OUT_DIR   (WINEPREFIX set; wine64 as $WINE)
    python3 window.py --start-only GAME HOME OUT_DIR   (the Linux build, for its start time)
    python3 window.py --graphics CASE GAME_EXE ROAMING_DIR OUT_DIR   (the backends tried in
        turn, each failure forced as a machine without it fails: CASE `first` forces none,
        `vulkan` leaves DirectX 12 out, `opengl` Vulkan too, `none` OpenGL as well, when a
        message box names each and the game ends)
    python3 window.py --open GAME_EXE ROAMING_DIR OUT_DIR   (a file opened as a double-click
        does: $OPEN_COMMAND, as the registry has it, with $OPEN_FILE for %1; $OPEN_FEN the
        position the game should show)
"""

import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test"))
from xshot import area, board_geometry, distance, save_png, screenshot, start_xvfb, stop_xvfb, xdotool  # noqa: E402

START_ONLY = sys.argv[1] == "--start-only"
GRAPHICS = sys.argv[2] if sys.argv[1] == "--graphics" else None
NO_ADAPTER = GRAPHICS == "none"
OPEN = sys.argv[1] == "--open"
# What each case forces, as a computer without it would fail: Wine's d3d12.dll not loaded
# (no DirectX 12, nor its software adapter), no Vulkan driver for the loader to find, an X
# server without GLX (Wine's OpenGL has nothing to draw with).
NO_D3D12 = GRAPHICS in ("vulkan", "opengl", "none")
NO_VULKAN = GRAPHICS in ("opengl", "none")
NO_GLX = GRAPHICS == "none"
# The backend each case draws with, as the game's log names it.
DRAWN_WITH = {"vulkan": "Vulkan", "opengl": "OpenGL"}
GAME, ROAMING, OUT = sys.argv[-3:]
WINE = None if START_ONLY else os.environ["WINE"]


def fail(message, log=None):
    print(f"window-test: FAILED: {message}", file=sys.stderr)
    if log and os.path.exists(log):
        with open(log, errors="replace") as f:
            tail = f.read().splitlines()[-25:]
        print("  the game's log ends:\n    " + "\n    ".join(tail), file=sys.stderr)
    sys.exit(1)


def find_window(display, game, log, name, seconds, what):
    """The first window whose title matches `name`, while the game runs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if game.poll() is not None:
            fail(f"the game ended ({game.returncode}) before {what} came", log)
        found = xdotool(display, "search", "--name", name).split("\n")[0]
        if found:
            return found
        time.sleep(0.2)
    fail(f"no {what} within {seconds} s", log)


def no_adapter(display, game, log):
    """The message box (titled "Xiangqi", the game's window "象棋 Xiangqi") stays until OK,
    and names every backend tried with its reason."""
    box = find_window(display, game, log, "^Xiangqi$", 120, "a message box")
    # Wine draws the box; the game's log cannot say when: a moment for the picture only
    # (what is checked is the box's window, the log and the exit below).
    time.sleep(1.0)
    save_png(os.path.join(OUT, "wine-no-adapter.png"), screenshot(display))
    with open(log, errors="replace") as f:
        said = f.read()
    for tried in ("DirectX 12: ", "Vulkan: ", "OpenGL: ", "DirectX 12 (software): "):
        if tried not in said:
            fail(f"the message does not say why {tried[:-2]} failed", log)
    xdotool(display, "windowfocus", box)
    xdotool(display, "key", "--window", box, "Return")
    try:
        code = game.wait(30)
    except subprocess.TimeoutExpired:
        fail("the game did not end when the message box was closed", log)
    if code == 0:
        fail("the game ended as if nothing went wrong", log)
    print(f"window-test: no adapter: a message box, then the game ended ({code})")


def opened(game, log):
    """The game opens the file at start and shows its last position."""
    want = os.environ["OPEN_FEN"]
    name = os.environ["OPEN_FILE"].split("\\")[-1]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with open(log, errors="replace") as f:
            text = f.read()
        if f"Opened {name}" in text and f"position {want}" in text:
            print(f"window-test: {name} opened in the window, at its last position")
            game.kill()
            return
        if game.poll() is not None:
            fail(f"the game ended ({game.returncode}) before it showed {name}", log)
        time.sleep(0.2)
    fail(f"{name} was not opened at {want} within 120 s", log)


def main():
    display, xvfb = start_xvfb(["-extension", "GLX"] if NO_GLX else [])
    log = os.path.join(OUT, "linux-window.log" if START_ONLY
                       else f"wine-graphics-{GRAPHICS}.log" if GRAPHICS
                       else "wine-open.log" if OPEN else "wine-window.log")
    game = None
    try:
        env = {**os.environ, "DISPLAY": display, "WGPU_BACKEND": "vulkan",
               "XIANGQI_TEST": "1", "RUST_LOG": "info"}
        if START_ONLY:
            # A home of its own: the player's autosave is not resumed, nor written.
            env.update(HOME=ROAMING, XDG_DATA_HOME=f"{ROAMING}/data",
                       XDG_CONFIG_HOME=f"{ROAMING}/config", XDG_RUNTIME_DIR=ROAMING)
        if GRAPHICS:
            # The game chooses: no backend named.
            del env["WGPU_BACKEND"]
        if NO_D3D12:
            env["WINEDLLOVERRIDES"] = env.get("WINEDLLOVERRIDES", "") + ";d3d12="
        if NO_VULKAN:
            env["VK_DRIVER_FILES"] = env["VK_ICD_FILENAMES"] = "/nonexistent/icd.json"
        started = time.monotonic()
        with open(log, "w") as out:
            command = [GAME] if START_ONLY else [WINE, GAME]
            if OPEN:
                # What Explorer runs on a double-click: the registered command, %1 the file.
                words = re.findall(r'"([^"]*)"|(\S+)', os.environ["OPEN_COMMAND"])
                words = [q or p for q, p in words]
                command = [WINE] + [os.environ["OPEN_FILE"] if w == "%1" else w for w in words]
            game = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        if NO_ADAPTER:
            return no_adapter(display, game, log)
        if OPEN:
            return opened(game, log)
        window = find_window(display, game, log, "Xiangqi", 120, "the window")

        def text():
            with open(log, errors="replace") as f:
                return f.read()

        def idle_frames():
            return len(re.findall(r"frame \d+ idle", text()))

        def until(what, test, seconds=60):
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if test():
                    return
                if game.poll() is not None:
                    fail(f"the game exited ({game.returncode}) waiting for {what}", log)
                time.sleep(0.1)
            fail(f"waited {seconds} s for {what}", log)

        until("the first idle frame", lambda: idle_frames() > 0, 120)
        which = "Linux build" if START_ONLY else "under Wine"
        print(f"window-test: the window drawn and idle in {time.monotonic() - started:.1f} s ({which})")
        if START_ONLY:
            return
        if GRAPHICS:
            drawn = re.search(r"graphics: ([^(\n]+?) \(", text())
            if not drawn:
                fail("the log does not say which graphics backend draws", log)
            if GRAPHICS in DRAWN_WITH and drawn.group(1) != DRAWN_WITH[GRAPHICS]:
                fail(f"drawn with {drawn.group(1)}, not {DRAWN_WITH[GRAPHICS]}", log)
            print(f"window-test: {GRAPHICS}: drawn with {drawn.group(1)}")
        found = board_geometry(display, window)
        if not found:
            fail("xdotool gives no geometry for the window", log)
        left, top, w, h, board_w, cell = found

        def point(file, rank):
            return (left + board_w / 2 + (file - 4) * cell, top + h / 2 - (rank - 4.5) * cell)

        h2, e2 = point(7, 2), point(4, 2)
        # The board: inside a square and the river are the same wood; a piece stands out.
        # Under Wine the picture reaches the X screen a little after the frame that drew it
        # (a black screen was read once, right after the idle frame): the screen is read
        # until it shows them, or 30 s pass.
        def board_shown():
            shot = screenshot(display)
            wood = area(shot, *point(1.5, 1.5), cell * 0.15)  # inside a square: no lines
            river = area(shot, left + board_w / 2 + cell * 0.5, top + h / 2, cell * 0.15)
            cannon = area(shot, *h2, cell * 0.15)
            seen.append((shot, wood, river, cannon))
            return distance(wood, river) <= 30 and distance(cannon, wood) >= 40

        seen = []
        deadline = time.monotonic() + 30
        while not board_shown() and time.monotonic() < deadline:
            time.sleep(0.2)
        before, wood, river, cannon = seen[-1]
        save_png(os.path.join(OUT, f"wine-graphics-{GRAPHICS}.png" if GRAPHICS
                              else "wine-window.png"), before)
        if distance(wood, river) > 30:
            fail(f"no board: the wood at e3 {wood} and at the river {river} differ")
        if distance(cannon, wood) < 40:
            fail(f"no piece on h2: {cannon} is the board's {wood}")
        rgb = lambda c: "rgb(%d, %d, %d)" % tuple(round(x) for x in c)
        print(f"window-test: the board ({rgb(wood)}) with the red cannon on h2 ({rgb(cannon)})")
        if GRAPHICS:
            return

        # Each click waits for the game to take it (the probe's `release Left`), then the
        # move's position and an idle frame after it (the slide done).
        for x, y in (h2, e2):
            released = text().count("release Left")
            xdotool(display, "mousemove", str(int(x)), str(int(y)), "click", "1")
            until("the click taken", lambda: text().count("release Left") > released, 30)
        moved = "position rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"

        def settled_after_move():
            t = text()
            return moved in t and re.search(r"frame \d+ idle", t[t.index(moved):])

        until("the move, shown and idle", settled_after_move, 30)
        # Under Wine the picture reaches the X screen a little after the frame that drew
        # it: the screen is read again until it shows the cannon on e2 (or 30 s pass).
        shots = []

        def cannon_on_e2():
            shots.append(screenshot(display))
            return distance(area(shots[-1], *e2, cell * 0.15), cannon) <= 25

        until("the cannon drawn on e2", cannon_on_e2, 30)
        after = shots[-1]
        save_png(os.path.join(OUT, "wine-window-moved.png"), after)
        # And h2 no longer shows it.
        if distance(area(after, *h2, cell * 0.15), cannon) < 25:
            fail("the cannon is still on h2 after the move", log)
        print("window-test: a click moved the cannon h2-e2 (炮二平五)")

        autosave = os.path.join(ROAMING, "xiangqi", "xiangqi", "data", "autosave.txt")
        until("the autosave", lambda: os.path.exists(autosave) and "h2e2" in open(autosave, errors="replace").read(), 30)
        print(f"window-test: the autosave is written under %APPDATA% ({os.path.relpath(autosave, ROAMING)})")
        # Esc with nothing open quits, writing the autosave once more.
        xdotool(display, "key", "Escape")
        try:
            game.wait(30)
        except subprocess.TimeoutExpired:
            fail("Esc did not close the window", log)
    finally:
        if game and game.poll() is None:
            game.kill()
        stop_xvfb(xvfb)


main()
