#!/usr/bin/env python3
"""The README's two commands share one build: `cargo test --release` after
`cargo build --release` compiles only the project's own crates and the test-only
dependencies, never a shared dependency again with other features (a feature a
dev-dependency turns on would rebuild everything above that crate: all of Bevy).

Compares the two commands' unit graphs (cargo's `--unit-graph`, which builds nothing;
an unstable flag, hence RUSTC_BOOTSTRAP for this one query)."""
import json
import os
import subprocess
import sys


def units(*args):
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    env.pop("RUSTC_WORKSPACE_WRAPPER", None)
    out = subprocess.run(
        ["cargo", *args, "--release", "--unit-graph", "-Z", "unstable-options"],
        env=env, check=True, capture_output=True, text=True,
    ).stdout
    found = {}
    for u in json.loads(out)["units"]:
        if u["mode"] not in ("build", "run-custom-build"):
            continue
        key = (u["pkg_id"].split("#")[-1], u["target"]["name"], u["mode"], u["platform"])
        found.setdefault(key, set()).add(
            (tuple(sorted(u["features"])), u["profile"]["opt_level"])
        )
    return found


built = units("build")
tested = units("test")
changed = sorted(k for k, v in tested.items() if k in built and built[k] != v)
for key in changed:
    print(f"{key[0]} ({key[1]}): built with {sorted(built[key])}, tested with {sorted(tested[key])}")
if changed:
    print("one-build: `cargo test --release` would rebuild the dependencies above", file=sys.stderr)
    sys.exit(1)
own = {k[0] for k in tested if k not in built}
print(f"one-build: `cargo test --release` adds {len(own)} crates to `cargo build --release`'s "
      f"(test-only and this project's own) and rebuilds no shared one")
