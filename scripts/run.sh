#!/usr/bin/env bash
# The main job: install what is missing (apt), build Release, run Gatefold on
# its embedded default. Until the GUI exists (issue #6), that is the CLI demo
# run: the `demo` preset (a small ViT) trained on the built-in shapes data set
# for about five minutes on a laptop CPU, recorded in the run store
# (~/.local/share/gatefold/runs.sqlite, or $GATEFOLD_STORE).
# Extra arguments go to `gatefold-cli train` (e.g. --set train.epochs=2).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
. scripts/env.sh
cmake --preset release
cmake --build --preset release
exec build/release/app/cli/gatefold-cli train --preset demo "$@"
