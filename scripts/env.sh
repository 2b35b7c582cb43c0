# Sourced by run.sh and test.sh: the thread environment that makes LibTorch
# fast on this kind of machine (../shared/TOOLCHAIN.md §3, §9).
# - LibTorch on Debian starts with hardware_concurrency()/2 intra-op threads;
#   use every core.
# - OpenMP threads spin-wait while OpenBLAS runs its own pool, which halves
#   GEMM speed with both at full width; GOMP_SPINCOUNT=0 stops the spinning.
#   (gatefold-cli sets it for itself too, by re-executing once, so a bare
#   invocation is just as fast.)
: "${OMP_NUM_THREADS:=$(nproc)}"
: "${GOMP_SPINCOUNT:=0}"
export OMP_NUM_THREADS GOMP_SPINCOUNT
