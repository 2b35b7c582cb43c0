// The libFuzzer entry points of one harness, fuzz_<GATEFOLD_FUZZ_HARNESS>.

#include "fuzzharnesses.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

const gatefold::fuzz::Harness *harness = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // One thread: a fuzzer process is one core's worth, and reports stay on one stack.
    setenv("OMP_NUM_THREADS", "1", 0);
    setenv("OPENBLAS_NUM_THREADS", "1", 0);
    // Qt Sql loads its SQLite driver as a plugin, which needs an application object.
    static auto app = std::make_unique<QCoreApplication>(*argc, *argv);
    harness = gatefold::fuzz::findHarness(GATEFOLD_FUZZ_HARNESS);
    if (!harness) {
        std::fprintf(stderr, "no fuzz harness named %s\n", GATEFOLD_FUZZ_HARNESS);
        std::abort();
    }
    // The harness's -max_len unless given (libFuzzer reads its flags after this call).
    bool given = false;
    for (int i = 1; i < *argc; ++i)
        given = given || std::strncmp((*argv)[i], "-max_len=", 9) == 0;
    if (!given) {
        static std::string maxLen = "-max_len=" + std::to_string(harness->maxLength);
        static std::vector<char *> args;
        args.assign(*argv, *argv + *argc);
        args.insert(args.begin() + 1, maxLen.data());
        args.push_back(nullptr);
        *argc += 1;
        *argv = args.data();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    harness->run(data, size);
    return 0;
}
