#pragma once

namespace gatefold::runtime {

// Training allocates and frees the same large activation buffers every step.
// glibc returns blocks above its mmap threshold to the kernel on free, so each
// step page-faults them in again (measured: ~1M faults and ~23% of CPU time in
// the kernel for the benchmark ViT). Raising the mmap threshold to its maximum
// (32 MiB) and keeping freed memory (trim threshold 1 GiB) lets the heap reuse
// them. Call once, early in main(); the MALLOC_*_ environment variables, when
// set, win, and GATEFOLD_NO_MALLOC_TUNING=1 turns it off (for comparisons).
void tuneMemoryAllocator();

} // namespace gatefold::runtime
