#pragma once

namespace gatefold::runtime {

// LibTorch on Debian starts with one intra-op thread on a 2-core machine and
// OpenBLAS keeps its own pool; with both at full width, OpenMP's spin-waiting
// halves GEMM speed (TOOLCHAIN.md §9). libgomp reads GOMP_SPINCOUNT when it is
// loaded, before main(), so when it is unset this re-executes the program once
// with GOMP_SPINCOUNT=0. Returns only if no re-exec was needed or possible.
void ensureThreadEnvironment(char **argv);

// Intra-op threads for LibTorch (0 = all cores) and the same for OpenBLAS.
// Returns the number set.
int applyThreadCount(int threads);

} // namespace gatefold::runtime
