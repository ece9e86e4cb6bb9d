"""Makes fonts/XiangqiKai-Regular.ttf: LXGW WenKai (Debian's fonts-lxgw-wenkai, OFL 1.1)
cut down to the characters this program can show, and renamed, because the OFL reserves
the names "LXGW" and "霞鹜" for the unmodified font.

    apt-get install fonts-lxgw-wenkai && pip install fonttools
    python3 fonts/make-subset.py

Run it again whenever a new Chinese character appears in src/ (tests/font.rs says so).
"""

import pathlib
import unicodedata
import subprocess
import sys

from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf"
OUT = ROOT / "fonts" / "XiangqiKai-Regular.ttf"
FAMILY = "Xiangqi Kai"

# Everything printable in ASCII, every character in the Rust sources, and the
# punctuation and digits a pasted game or a player's name may bring.
chars = {chr(c) for c in range(0x20, 0x7F)}
for path in [
    *(ROOT / "src").rglob("*.rs"),
    *(ROOT / "crates").rglob("*.rs"),
    *(ROOT / "assets" / "lessons").glob("*.ron"),
]:
    chars.update(path.read_text(encoding="utf-8"))
# Every letter of Vietnamese: its twelve vowels under each of the five tone marks, and
# đ: the interface in Tiếng Việt, and Vietnamese players' names.
for base in "aăâeêioôơuưyAĂÂEÊIOÔƠUƯY":
    for tone in ["", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"]:
        chars.add(unicodedata.normalize("NFC", base + tone))
chars.update("đĐ")
chars.update("０１２３４５６７８９，。：；、·（）《》「」！？　—…“”‘’")
chars.update("一二三四五六七八九十前中后後进進退平帅帥将將仕士相象马馬傌车車俥炮砲包兵卒")
# All 6,763 hanzi of GB2312 (levels 1 and 2): player and event names in opened files,
# slot names and the words of pasted games show in the panel and the game list.
for hi in range(0xB0, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.update(bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass
# And the 5,401 common hanzi of Big5 (level 1, A440-C67E): the traditional characters
# of files from Taiwan and Hong Kong (the master games' players and events).
for hi in range(0xA4, 0xC7):
    for lo in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
        try:
            chars.update(bytes([hi, lo]).decode("big5"))
        except UnicodeDecodeError:
            pass
chars = sorted(c for c in chars if c.isprintable() or c == "\u3000")

text_file = ROOT / "target" / "font-chars.txt"
text_file.parent.mkdir(exist_ok=True)
text_file.write_text("".join(chars), encoding="utf-8")
subprocess.run(
    [sys.executable, "-m", "fontTools.subset", SOURCE, f"--text-file={text_file}",
     f"--output-file={OUT}", "--no-hinting", "--desubroutinize", "--layout-features=*",
     "--name-IDs=*", "--name-languages=*"],
    check=True,
)

font = TTFont(OUT)
names = font["name"]
for record in names.names:
    if record.nameID in (1, 16):
        record.string = FAMILY
    elif record.nameID == 4:
        record.string = f"{FAMILY} Regular"
    elif record.nameID == 6:
        record.string = "XiangqiKai-Regular"
    elif record.nameID == 3:
        record.string = f"{FAMILY} Regular; subset, see fonts/FONTLOG.txt"
for record in names.names:
    value = record.toUnicode()
    if record.nameID in (1, 3, 4, 6, 16, 17, 18, 21, 22) and ("LXGW" in value or "霞鹜" in value):
        raise SystemExit(f"reserved name left in name ID {record.nameID}: {value}")
font.save(OUT)
print(f"{OUT.name}: {len(chars)} characters, {OUT.stat().st_size} bytes")
