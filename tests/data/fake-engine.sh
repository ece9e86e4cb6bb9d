#!/bin/sh
# A UCI engine that misbehaves, for tests/engine.rs: FAKE_ENGINE_MODE=
#   mute     never answers at all
#   hang     shakes hands, then never answers a search
#   crash    shakes hands, then dies when asked to search
#   garbage  shakes hands, then answers a search with nonsense
mode=${FAKE_ENGINE_MODE:-hang}
[ "$mode" = mute ] && exec sleep 600
while read -r line; do
  case "$line" in
    uci) echo "id name Fake Engine"; echo "uciok" ;;
    isready) echo "readyok" ;;
    # The rank numbering probe: a legal start move, ranks counted from one.
    "go depth 1") echo "bestmove h3e3" ;;
    go*)
      case "$mode" in
        crash) exit 3 ;;
        garbage) echo "info depth banana score cp"; echo "info depth 3 score cp 5 pv z9z9"; echo "bestmove zz99" ;;
        *) ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
