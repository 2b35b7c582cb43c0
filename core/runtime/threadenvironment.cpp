#include "threadenvironment.h"

#include <ATen/Parallel.h>

#include <cstdlib>
#include <thread>
#include <unistd.h>

extern "C" void openblas_set_num_threads(int) __attribute__((weak));

namespace gatefold::runtime {

void ensureThreadEnvironment(char **argv)
{
    bool changed = false;
    if (!std::getenv("GOMP_SPINCOUNT") && !std::getenv("OMP_WAIT_POLICY")) {
        ::setenv("GOMP_SPINCOUNT", "0", 1);
        changed = true;
    }
    if (!std::getenv("OPENBLAS_THREAD_TIMEOUT")) {
        ::setenv("OPENBLAS_THREAD_TIMEOUT", "22", 1);
        changed = true;
    }
    if (changed)
        ::execv("/proc/self/exe", argv);
    // Nothing to change, or execv failed (no /proc?): carry on as we are.
}

int applyThreadCount(int threads)
{
    if (threads <= 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    at::set_num_threads(threads);
    if (openblas_set_num_threads)
        openblas_set_num_threads(threads);
    return threads;
}

} // namespace gatefold::runtime
