"""What the packaging tests read of an X screen (Xvfb): a free display, xdotool, the
screen as RGB rows (`xwd -root`), PNG files of it, and colours of its points. Python's
standard library only: the Wine test (packaging/windows/test/window.py) and the .deb's
(packaging/deb/test/launch.py) share it."""

import os
import re
import struct
import subprocess
import zlib


def start_xvfb(extra=()):
    """A virtual X server of 1280×900 on a display it chose itself, once it takes
    connections: (display, process). `-displayfd`: the server takes the first number
    free and says it, so the lock files a killed server left never block a run.
    `-noreset`: otherwise the server resets each time its last client leaves, as the
    polling xdotool does while the game starts, and a game connecting then is refused
    (`XOpenDisplayFailed`, seen once in CI). `extra`: more of the server's options."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24",
                             "-nolisten", "tcp", "-noreset", *extra],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    if not number.isdigit():
        xvfb.kill()
        raise RuntimeError("Xvfb did not start")
    return f":{number}", xvfb


def stop_xvfb(xvfb):
    """Stops the server as it lets it remove its lock file and socket (SIGTERM)."""
    xvfb.terminate()
    try:
        xvfb.wait(10)
    except subprocess.TimeoutExpired:
        xvfb.kill()


def xdotool(display, *args):
    out = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                         capture_output=True, text=True)
    return out.stdout.strip()


def screenshot(display):
    """The whole screen as (width, height, rows of RGB bytes), from `xwd -root`."""
    raw = subprocess.run(["xwd", "-root", "-silent"], env={**os.environ, "DISPLAY": display},
                         capture_output=True, check=True).stdout
    field = lambda i: struct.unpack(">I", raw[i * 4:i * 4 + 4])[0]
    header, width, height = field(0), field(4), field(5)
    lsb, bits, stride = field(7) == 0, field(11), field(12)
    masks, colours = (field(14), field(15), field(16)), field(19)
    if bits not in (24, 32):
        raise RuntimeError(f"a {bits}-bit screen (24 or 32 expected)")
    step = bits // 8
    data = raw[header + colours * 12:]
    shifts = [(m, (m & -m).bit_length() - 1) for m in masks]
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            b = data[y * stride + x * step:y * stride + x * step + step]
            p = int.from_bytes(b, "little" if lsb else "big")
            row += bytes(((p & m) >> s) & 0xFF for m, s in shifts)
        rows.append(bytes(row))
    return width, height, rows


def save_png(path, shot):
    width, height, rows = shot
    chunk = lambda kind, data: (struct.pack(">I", len(data)) + kind + data
                                + struct.pack(">I", zlib.crc32(kind + data)))
    body = zlib.compress(b"".join(b"\0" + r for r in rows), 6)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def pixel(shot, x, y):
    _, _, rows = shot
    x, y = int(round(x)), int(round(y))
    return tuple(rows[y][x * 3:x * 3 + 3])


def area(shot, x, y, r):
    """The mean colour of the square of side 2r around (x, y)."""
    sums, n = [0, 0, 0], 0
    for yy in range(int(y - r), int(y + r) + 1):
        for xx in range(int(x - r), int(x + r) + 1):
            for i, c in enumerate(pixel(shot, xx, yy)):
                sums[i] += c
            n += 1
    return tuple(s / n for s in sums)


def distance(a, b):
    return max(abs(p - q) for p, q in zip(a, b))


# The board's geometry (src/theme/mod.rs) and the panel's width (tests/window/harness.rs).
MARGIN, PANEL = 0.95, 300.0
WIDTH, HEIGHT = 8 + 2 * MARGIN, 9 + 2 * MARGIN


def board_geometry(display, window):
    """Where the game's board is on the screen: (left, top, width, height) of the window,
    the board's width (left of the panel) and a line spacing; None if xdotool cannot say."""
    geometry = xdotool(display, "getwindowgeometry", window)
    place = re.search(r"Position: (\d+),(\d+)", geometry)
    size = re.search(r"Geometry: (\d+)x(\d+)", geometry)
    if not (place and size):
        return None
    left, top = map(int, place.groups())
    w, h = map(int, size.groups())
    board_w = w - PANEL
    return left, top, w, h, board_w, min(board_w / WIDTH, h / HEIGHT)
