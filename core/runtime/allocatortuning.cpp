#include "allocatortuning.h"

#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace gatefold::runtime {

void tuneMemoryAllocator()
{
#if defined(__GLIBC__)
    if (std::getenv("GATEFOLD_NO_MALLOC_TUNING"))
        return;
    if (!std::getenv("MALLOC_MMAP_THRESHOLD_"))
        mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    if (!std::getenv("MALLOC_TRIM_THRESHOLD_"))
        mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
    if (!std::getenv("MALLOC_TOP_PAD_"))
        mallopt(M_TOP_PAD, 256 * 1024 * 1024);  // address space only until touched
#endif
}

} // namespace gatefold::runtime
