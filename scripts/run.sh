#!/usr/bin/env bash
# The main job: install what is missing (apt), build Release, run Gatefold on
# its embedded default. Until the GUI exists that is the CLI demo: a CDE model
# from a preset, its parameter/FLOP table, and timed forward/backward steps.
# Extra arguments go to `gatefold-cli demo` (e.g. --preset cifar-cde-vq).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
. scripts/env.sh
cmake --preset release
cmake --build --preset release
exec build/release/app/cli/gatefold-cli demo "$@"
