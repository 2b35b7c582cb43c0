#pragma once

// GF_CLONES: compile a kernel twice on x86-64 with GCC, for AVX2 + FMA
// (x86-64-v3) and the baseline, and pick one at load time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define GF_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define GF_CLONES
#endif
