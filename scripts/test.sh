#!/usr/bin/env bash
# Install what is missing (apt), build with tests, run the whole suite.
# Exits non-zero when the build or any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
. scripts/env.sh
cmake --preset ci
cmake --build --preset ci
ctest --preset ci
