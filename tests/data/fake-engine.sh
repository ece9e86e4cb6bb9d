#!/bin/sh
# A UCI engine that misbehaves, for tests/engine.rs: FAKE_ENGINE_MODE=
#   mute     never answers at all
#   hang     shakes hands, then never answers a search
#   crash    shakes hands, then dies when asked to search
#   garbage  shakes hands, then answers a search with nonsense
#   zero     answers like Pikafish: ranks counted from zero (h2e2), no UCI_Variant
mode=${FAKE_ENGINE_MODE:-hang}
[ "$mode" = mute ] && exec sleep 600
while read -r line; do
  case "$line" in
    uci) echo "id name Fake Engine"; echo "uciok" ;;
    isready) echo "readyok" ;;
    # The rank numbering probe: a legal start move, ranks counted from one (from zero
    # in mode zero).
    "go depth 1") if [ "$mode" = zero ]; then echo "bestmove h2e2"; else echo "bestmove h3e3"; fi ;;
    go*)
      case "$mode" in
        crash) exit 3 ;;
        garbage) echo "info depth banana score cp"; echo "info depth 3 score cp 5 pv z9z9"; echo "bestmove zz99" ;;
        zero) echo "info depth 2 score cp 21 pv h2e2 h9g7"; echo "bestmove h2e2" ;;
        *) ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
