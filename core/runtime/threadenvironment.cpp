#include "threadenvironment.h"

#include <ATen/Parallel.h>

#include <cstdlib>
#include <thread>
#include <unistd.h>

extern "C" void openblas_set_num_threads(int) __attribute__((weak));

namespace gatefold::runtime {

void ensureThreadEnvironment(char **argv)
{
    if (std::getenv("GOMP_SPINCOUNT") || std::getenv("OMP_WAIT_POLICY"))
        return;
    ::setenv("GOMP_SPINCOUNT", "0", 1);
    ::execv("/proc/self/exe", argv);
    // execv failed (no /proc?): carry on with the default spin policy.
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
