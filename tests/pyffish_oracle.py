"""Answers questions about Xiangqi positions with Fairy-Stockfish (pyffish), one line
per request on stdin, for the differential tests in tests/pyffish.rs.

Requests (tab-separated):  legal<TAB>FEN
Answers:                   check=0|1 result=N moves=a0a1,b0c2,...

Fairy-Stockfish numbers ranks 1-10; the answers use ICCS ranks 0-9 like the project.
"""

import re
import sys

import pyffish as sf

VARIANT = "xiangqi"
MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def to_iccs(move):
    m = MOVE.match(move)
    if not m:
        raise ValueError(f"unexpected move from pyffish: {move}")
    f1, r1, f2, r2 = m.groups()
    return f"{f1}{int(r1) - 1}{f2}{int(r2) - 1}"


def legal(fen):
    moves = sorted(to_iccs(m) for m in sf.legal_moves(VARIANT, fen, []))
    check = sf.gives_check(VARIANT, fen, [])
    result = sf.game_result(VARIANT, fen, []) if not moves else 0
    return f"check={int(check)} result={result} moves={','.join(moves)}"


def main():
    for line in sys.stdin:
        parts = line.rstrip("\n").split("\t")
        try:
            if parts[0] == "legal" and len(parts) == 2:
                answer = legal(parts[1])
            else:
                answer = f"error unknown request {parts[0]!r}"
        except Exception as e:  # report, keep serving: the Rust side prints the FEN
            answer = f"error {e}"
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
