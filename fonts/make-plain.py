"""Makes fonts/XiangqiSans-Regular.ttf: Noto Sans Regular (Debian's fonts-noto-core, SIL
OFL 1.1) cut down to printable ASCII, and renamed as the OFL asks of modified versions.
The board's coordinates use it: in the handwritten face a 9 reads as a q.

    apt-get install fonts-noto-core && pip install fonttools
    python3 fonts/make-plain.py
"""

import pathlib
import subprocess
import sys

from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
OUT = ROOT / "fonts" / "XiangqiSans-Regular.ttf"
FAMILY = "Xiangqi Sans"

chars = "".join(chr(c) for c in range(0x20, 0x7F))
subprocess.run(
    [sys.executable, "-m", "fontTools.subset", SOURCE, f"--text={chars}",
     f"--output-file={OUT}", "--no-hinting", "--desubroutinize", "--layout-features=kern",
     "--name-IDs=*", "--name-languages=*"],
    check=True,
)

font = TTFont(OUT)
for record in font["name"].names:
    if record.nameID in (1, 16):
        record.string = FAMILY
    elif record.nameID == 4:
        record.string = f"{FAMILY} Regular"
    elif record.nameID == 6:
        record.string = "XiangqiSans-Regular"
    elif record.nameID == 3:
        record.string = f"{FAMILY} Regular; subset, see fonts/FONTLOG.txt"
# Names no longer true of the subset (variants, the original's unique names) go.
font["name"].names = [r for r in font["name"].names if r.nameID not in (17, 18, 21, 22)]
for record in font["name"].names:
    value = record.toUnicode()
    if record.nameID in (1, 3, 4, 6, 16) and "Noto" in value:
        raise SystemExit(f"original name left in name ID {record.nameID}: {value}")
font.save(OUT)
print(f"{OUT.name}: {len(chars)} characters, {OUT.stat().st_size} bytes")
