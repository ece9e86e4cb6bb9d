#!/bin/sh
# fake-engine.sh in mode crash, started by its path (the review and the engine worker
# start a program, not a command). Kept in the repository rather than written by the
# tests: a script written while another test thread forks can be "Text file busy"
# when run.
FAKE_ENGINE_MODE=crash exec sh "$(dirname "$0")/fake-engine.sh"
