#pragma once

namespace gatefold::runtime {

// LibTorch on Debian starts with one intra-op thread on a 2-core machine and
// OpenBLAS keeps its own pool; with both at full width, OpenMP's spin-waiting
// halves GEMM speed (README.md, "Runtime environment"). OpenBLAS's own workers spin 2^28 cycles
// (~0.1 s) after each GEMM, taking the core our OpenMP regions need next;
// 2^22 (~1.5 ms) measured ~4% faster for the ViT step than both the default
// and 2^4 (bench/RESULTS.md). Both libraries read these variables when they
// are loaded, before main(), so when GOMP_SPINCOUNT or OPENBLAS_THREAD_TIMEOUT
// is unset this sets it (0 and 22) and re-executes the program once. Returns
// only if no re-exec was needed or possible.
void ensureThreadEnvironment(char **argv);

// Intra-op threads for LibTorch (0 = all cores) and the same for OpenBLAS.
// Returns the number set.
int applyThreadCount(int threads);

} // namespace gatefold::runtime
