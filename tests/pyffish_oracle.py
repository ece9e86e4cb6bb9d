"""Answers questions about Xiangqi positions with Fairy-Stockfish (pyffish), one line
per request on stdin, for the differential tests in tests/pyffish.rs.

Requests (tab-separated)           Answers
  legal<TAB>FEN                      check=0|1 result=N moves=a0a1,b0c2,...
  wxf<TAB>FEN<TAB>a0a1,b0c2,...      the WXF text of each move of that line, space-separated
  game<TAB>FEN<TAB>a0a1,b0c2,...     fen=FEN after the moves (Fairy-Stockfish plays each only if
                                     it is legal), or illegal
  end<TAB>FEN<TAB>a0a1,b0c2,...      end=0, or end=1 result=N when the line ends the game by
                                     a rule a player may claim (repetition, perpetual check
                                     or chase, the move limit); N > 0: the side to move wins
  wins<TAB>FEN<TAB>N                 wins=K: the fewest moves (at most N) in which the side to
                                     move leaves the other without a legal move (mate or
                                     困毙, a loss in Xiangqi) whatever it answers; wins=0: none

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


def to_fsf(move):
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def wxf(fen, line):
    moves = [to_fsf(m) for m in line.split(",") if m]
    return " ".join(sf.get_san_moves(VARIANT, fen, moves, False, sf.NOTATION_XIANGQI_WXF))


def game(fen, line):
    moves = [to_fsf(m) for m in line.split(",") if m]
    try:
        return "fen=" + sf.get_fen(VARIANT, fen, moves)
    except Exception:  # pyffish refuses a move it finds illegal
        return "illegal"


def end(fen, line):
    moves = [to_fsf(m) for m in line.split(",") if m]
    over, result = sf.is_optional_game_end(VARIANT, fen, moves)
    return f"end=1 result={result}" if over else "end=0"


def wins(fen, most):
    """Fairy-Stockfish's own moves, searched whole (its engine's pruned search missed a
    困毙 in 2 and reported a mate in 4)."""

    def forced(moves, k):
        for m in sf.legal_moves(VARIANT, fen, moves):
            after = moves + [m]
            replies = sf.legal_moves(VARIANT, fen, after)
            if not replies:
                return True
            if k > 1 and all(forced(after + [r], k - 1) for r in replies):
                return True
        return False

    for k in range(1, most + 1):
        if forced([], k):
            return f"wins={k}"
    return "wins=0"


def main():
    for line in sys.stdin:
        parts = line.rstrip("\n").split("\t")
        try:
            if parts[0] == "legal" and len(parts) == 2:
                answer = legal(parts[1])
            elif parts[0] == "wxf" and len(parts) == 3:
                answer = wxf(parts[1], parts[2])
            elif parts[0] == "game" and len(parts) == 3:
                answer = game(parts[1], parts[2])
            elif parts[0] == "end" and len(parts) == 3:
                answer = end(parts[1], parts[2])
            elif parts[0] == "wins" and len(parts) == 3:
                answer = wins(parts[1], int(parts[2]))
            else:
                answer = f"error unknown request {parts[0]!r}"
        except Exception as e:  # report, keep serving: the Rust side prints the FEN
            answer = f"error {e}"
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
