#!/bin/bash
# Configure, build and run cuda_check on a GPU machine whose python3 holds a
# CUDA PyTorch wheel (its LibTorch is what we build against).
# Run from the repository root:  bash bench/cuda/run-on-device.sh
# Logs go to $OUT (the device tool's output folder) or build/cudacheck-out:
#   env.log  configure.log  build.log  cuda_check.log
# Environment: JOBS (default nproc), GFCC_BUILD_DIR, GFCC_CMAKE_ARGS (extra -D...),
# GFCC_FORCE_MANUAL=1 (skip find_package(Torch), link the torch directory by hand).
# Arguments are passed on to cuda_check.
# Exit status: cuda_check's (1: a MUST check failed), 3 configure, 4 build failed.
set -u -o pipefail
OUT=${OUT:-build/cudacheck-out}
mkdir -p "$OUT"
B=${GFCC_BUILD_DIR:-build/cudacheck}
JOBS=${JOBS:-$(nproc)}
t0=$(date +%s)
stamp() { echo "[+$(( $(date +%s) - t0 ))s] $*"; }

# nvcc may not be on PATH; the wheel's CMake config looks for a CUDA toolkit.
if ! command -v nvcc >/dev/null 2>&1; then
    for d in /usr/local/cuda/bin /usr/local/cuda-*/bin; do
        [ -x "$d/nvcc" ] && export PATH="$d:$PATH" && break
    done
fi
export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-9.0}

{
    stamp "host"
    date -u; uname -srm; echo "cpus: $(nproc)"; free -g | head -2
    nvidia-smi || echo "nvidia-smi: not available"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>/dev/null
    python3 - <<'EOF'
import os, torch
print("python torch", torch.__version__, "| CUDA", torch.version.cuda, "| cuDNN", torch.backends.cudnn.version(),
      "| cxx11 abi", torch._C._GLIBCXX_USE_CXX11_ABI, "| cuda available", torch.cuda.is_available())
if torch.cuda.is_available():
    p = torch.cuda.get_device_properties(0)
    print("device 0:", p.name, "| SMs", p.multi_processor_count, "| memory GiB", round(p.total_memory / 2**30, 1))
print("cmake_prefix_path", torch.utils.cmake_prefix_path)
print("torch dir", os.path.dirname(torch.__file__))
EOF
    for t in nvcc g++ cmake ninja; do printf '%s: ' $t; command -v $t || echo missing; done
    nvcc --version 2>/dev/null | tail -2; g++ --version | head -1; cmake --version | head -1
} 2>&1 | tee "$OUT/env.log"

PREFIX=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
TORCHDIR=$(python3 -c 'import os, torch; print(os.path.dirname(torch.__file__))')
VER=$(python3 -c 'import torch; print(torch.__version__.split("+")[0])')
ABI=$(python3 -c 'import torch; print(int(torch._C._GLIBCXX_USE_CXX11_ABI))')
CUDNN_ARGS=()
CUDNN_DIR=$(python3 -c 'import nvidia.cudnn, os; print(list(nvidia.cudnn.__path__)[0])' 2>/dev/null)
if [ -n "$CUDNN_DIR" ] && [ -d "$CUDNN_DIR/include" ]; then
    CUDNN_LIB=$(ls "$CUDNN_DIR"/lib/libcudnn.so* 2>/dev/null | head -1)
    CUDNN_ARGS=(-DCUDNN_ROOT="$CUDNN_DIR" -DCUDNN_INCLUDE_PATH="$CUDNN_DIR/include" -DCUDNN_INCLUDE_DIR="$CUDNN_DIR/include")
    [ -n "$CUDNN_LIB" ] && CUDNN_ARGS+=(-DCUDNN_LIBRARY_PATH="$CUDNN_LIB" -DCUDNN_LIBRARY="$CUDNN_LIB")
fi

configure_manual() {
    rm -rf "$B"
    stamp "configure: by hand (GFCC_TORCH_ROOT=$TORCHDIR)"
    cmake -S bench/cuda -B "$B" -G Ninja -DGFCC_TORCH_ROOT="$TORCHDIR" -DGFCC_TORCH_VERSION="$VER" \
        -DGFCC_CXX11_ABI="$ABI" ${GFCC_CMAKE_ARGS:-} >>"$OUT/configure.log" 2>&1
}

HOW=find_package
stamp "configure: find_package(Torch) with CMAKE_PREFIX_PATH=$PREFIX"
: >"$OUT/configure.log"
if [ "${GFCC_FORCE_MANUAL:-0}" = 1 ] || ! cmake -S bench/cuda -B "$B" -G Ninja -DCMAKE_PREFIX_PATH="$PREFIX" \
        "${CUDNN_ARGS[@]}" ${GFCC_CMAKE_ARGS:-} >"$OUT/configure.log" 2>&1; then
    echo "---- find_package(Torch) skipped (GFCC_FORCE_MANUAL) or failed; its last lines:"; grep -v '^--' "$OUT/configure.log" | tail -25
    HOW=manual
    configure_manual || { tail -30 "$OUT/configure.log"; exit 3; }
fi
grep -E 'cuda_check:|Caffe2|CUDA|cuDNN|Torch' "$OUT/configure.log" | head -20

stamp "build ($HOW, -j$JOBS)"
if ! cmake --build "$B" -j"$JOBS" >"$OUT/build.log" 2>&1; then
    echo "---- build failed ($HOW):"; grep -E 'error|Error' "$OUT/build.log" | head -40
    # A failure in our own sources would fail by hand too; otherwise try linking by hand.
    if [ "$HOW" = find_package ] && ! grep -qE '/(core|bench)/[^ ]*: *error' "$OUT/build.log"; then
        mv "$OUT/build.log" "$OUT/build-find-package.log"
        HOW=manual
        configure_manual || { tail -30 "$OUT/configure.log"; exit 3; }
        stamp "build ($HOW, -j$JOBS)"
        cmake --build "$B" -j"$JOBS" >"$OUT/build.log" 2>&1 || { grep -E 'error' "$OUT/build.log" | head -40; exit 4; }
    else
        exit 4
    fi
fi
stamp "built"
echo "---- warnings in our sources under LibTorch $VER (file:line, unique):"
grep -E '/(core|bench)/[^ ]*:[0-9]+:[0-9]+: warning' "$OUT/build.log" | sed -E 's#^.*/((core|bench)/[^ ]*:[0-9]+:[0-9]+: warning: .*)$#\1#' \
    | sort -u | head -40
echo "---- libraries:"; ldd "$B/cuda_check" | grep -E 'torch|c10|cuda|gomp' | sed 's/ (0x.*//'

stamp "run cuda_check"
GFCC_REQUIRE_CUDA=1 "$B/cuda_check" "$@" 2>&1 | tee "$OUT/cuda_check.log"
rc=$?
stamp "cuda_check exit status $rc"
exit $rc
