"""Answers for tests/xqf.rs and tests/records.rs from the cchess library (walker8088).

One request per line on stdin, one answer per line on stdout:
  read<TAB>PATH   ->  ok<TAB>START-FEN<TAB>LINE|LINE|...   (each line: ICCS moves, spaces)
                      error<TAB>MESSAGE
The file's kind comes from its extension (.xqf or .pgn), as cchess decides.
"""
import sys

import cchess


def answer(path):
    game = cchess.Game.read_from(path)
    if game is None:
        return "error\tcchess read nothing"
    lines = game.dump_iccs_moves()
    return "ok\t%s\t%s" % (game.init_board.to_fen(), "|".join(" ".join(l) for l in lines))


for request in sys.stdin:
    kind, _, path = request.rstrip("\n").partition("\t")
    try:
        if kind != "read":
            raise ValueError("unknown request " + kind)
        print(answer(path), flush=True)
    except Exception as e:  # the test shows it
        print("error\t%s: %s" % (type(e).__name__, str(e).replace("\n", " ")), flush=True)
