"""sgfmill's reading of an SGF file, one request a line: `read<TAB>PATH` answers
`ok<TAB>SIZE<TAB>MAIN-LINE NODES<TAB>KOMI<TAB>ROWS<TAB>MOVES<TAB>COMMENTS`, the board after
the main line's moves as rows top first (X black, O white, . empty) joined by '/', the
number of moves (passes too), and the main line's comments, one a node ("" where it has
none), each as its UTF-8 in hex, joined by ','.
`values<TAB>PATH` answers `ok<TAB>V<TAB>BM`: the main line's `V` and `BM` properties, one
a node ("" where it has none), joined by ','.
`marks<TAB>PATH` answers `ok<TAB>MARKS`: the main line's marks, a node's joined by ';'
(sorted: `CR D4`, `TR E5`, `SQ …`, `MA …`, `LB G7 A`, `AR C3-G7`, `LN …`, points in GTP
coordinates), the nodes' joined by ','."""
import sys

from sgfmill import common, sgf, sgf_moves

for line in sys.stdin:
    cmd, path = line.rstrip("\n").split("\t", 1)
    try:
        with open(path, "rb") as f:
            game = sgf.Sgf_game.from_bytes(f.read())
        if cmd == "marks":
            out = []
            for n in game.get_main_sequence():
                v = common.format_vertex
                marks = []
                for p in ("CR", "TR", "SQ", "MA"):
                    if n.has_property(p):
                        marks += ["%s %s" % (p, v(x)) for x in n.get(p)]
                if n.has_property("LB"):
                    marks += ["LB %s %s" % (v(x), t) for x, t in n.get("LB")]
                for p in ("AR", "LN"):
                    if n.has_property(p):
                        marks += ["%s %s-%s" % (p, v(a), v(b)) for a, b in n.get(p)]
                out.append(";".join(sorted(marks)))
            print("ok\t%s" % ",".join(out))
            sys.stdout.flush()
            continue
        if cmd == "values":
            nodes = game.get_main_sequence()
            got = lambda n, p: ("%g" % n.get(p)) if n.has_property(p) else ""
            print("ok\t%s\t%s" % (",".join(got(n, "V") for n in nodes),
                                   ",".join(got(n, "BM") for n in nodes)))
            sys.stdout.flush()
            continue
        board, plays = sgf_moves.get_setup_and_moves(game)
        for colour, move in plays:
            if move is None:
                continue
            row, col = move
            board.play(row, col, colour)
        size = board.side
        mark = {"b": "X", "w": "O", None: "."}
        rows = [
            "".join(mark[board.get(r, c)] for c in range(size))
            for r in reversed(range(size))
        ]
        comments = [
            node.get("C") if node.has_property("C") else ""
            for node in game.get_main_sequence()
        ]
        print("ok\t%d\t%d\t%s\t%s\t%d\t%s" % (
            size, len(game.get_main_sequence()), game.get_komi(), "/".join(rows), len(plays),
            ",".join(c.encode("utf-8").hex() for c in comments)))
    except Exception as e:  # the answer is the error's text
        print("error\t%s" % str(e).replace("\n", " "))
    sys.stdout.flush()
