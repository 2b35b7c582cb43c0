#!/usr/bin/env bash
# The main job: install what is missing (apt), build Release, run Gatefold on
# its embedded default. With a display: the workbench window `gatefold` on the
# default run store (~/.local/share/gatefold/runs.sqlite, or $GATEFOLD_STORE)
# with the `demo` preset in the run form, ready to queue. Without one: the CLI
# demo run — the `demo` preset (a small ViT) trained on the built-in shapes
# data set for about five minutes on a laptop CPU, recorded in the same store.
# Extra arguments go to the program that runs (e.g. --set train.epochs=2 for
# the CLI, --store FILE for either).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
. scripts/env.sh
cmake --preset release
cmake --build --preset release
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/release/app/gui/gatefold "$@"
fi
echo "run.sh: no display (DISPLAY/WAYLAND_DISPLAY unset): running the CLI demo instead of the window"
exec build/release/app/cli/gatefold-cli train --preset demo "$@"
