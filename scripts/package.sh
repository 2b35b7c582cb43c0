#!/usr/bin/env bash
# Builds the Debian package: the release preset (no tests), then cpack -G DEB.
# Prints the path of build/release/package/gatefold_<version>_<arch>.deb;
# install it with: sudo apt install ./build/release/package/gatefold_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-deps.sh
cmake --preset release
cmake --build --preset release
rm -f build/release/package/gatefold_*.deb
cpack -G DEB --config build/release/CPackConfig.cmake -B build/release/package
ls -1 "$PWD"/build/release/package/gatefold_*.deb
