# Sourced by run.sh and test.sh: the thread environment that makes LibTorch
# fast on this kind of machine (README.md, "Runtime environment"; bench/RESULTS.md).
# - LibTorch on Debian starts with hardware_concurrency()/2 intra-op threads;
#   use every core.
# - OpenMP threads spin-wait while OpenBLAS runs its own pool, which halves
#   GEMM speed with both at full width; GOMP_SPINCOUNT=0 stops the spinning.
#   (gatefold-cli sets it for itself too, by re-executing once, so a bare
#   invocation is just as fast.)
: "${OMP_NUM_THREADS:=$(nproc)}"
# - OpenBLAS workers spin 2^28 cycles after each GEMM by default, in the way of
#   the next OpenMP region; 2^22 measured ~4% faster for a ViT training step.
: "${GOMP_SPINCOUNT:=0}"
: "${OPENBLAS_THREAD_TIMEOUT:=22}"
export OMP_NUM_THREADS GOMP_SPINCOUNT OPENBLAS_THREAD_TIMEOUT
