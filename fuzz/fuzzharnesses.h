#pragma once

// The fuzz targets: one function per reader of bytes from outside (issue #16),
// shared by the libFuzzer harnesses (fuzz_<name>, fuzz preset), the seed
// corpus test and the replay of every input that ever broke one (tst_fuzzinputs,
// every build). A target returns whether the reader accepted the input; it
// never throws. A crash, a sanitizer report, an exception the reader's
// contract does not allow or a broken property (FUZZ_CHECK) is a finding.

#include <QString>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::fuzz {

using FuzzTarget = bool (*)(const std::uint8_t *data, std::size_t size);

struct Harness {
    const char *name;        // fuzz_<name>, seeds/<name>/, fuzz/regressions/<name>/
    FuzzTarget run;
    std::size_t maxLength;   // -max_len: room above the largest seed for growth
    const char *reads;       // what the target feeds its bytes to, for the logs and RESULTS.md
};

const std::vector<Harness> &harnesses();
const Harness *findHarness(const std::string &name);

bool fuzzConfigJson(const std::uint8_t *data, std::size_t size);
bool fuzzCifar(const std::uint8_t *data, std::size_t size);
bool fuzzIdx(const std::uint8_t *data, std::size_t size);
bool fuzzImage(const std::uint8_t *data, std::size_t size);
bool fuzzCheckpoint(const std::uint8_t *data, std::size_t size);
bool fuzzSafetensors(const std::uint8_t *data, std::size_t size);
bool fuzzMlflow(const std::uint8_t *data, std::size_t size);
bool fuzzReport(const std::uint8_t *data, std::size_t size);

// A property every input must keep is broken: says which and where, then
// aborts (libFuzzer keeps the input as a crash, the replay test fails).
[[noreturn]] void propertyBroken(const char *condition, const std::string &what, const char *file, int line);
inline std::string text(const QString &s) { return s.toStdString(); }
inline std::string text(const std::string &s) { return s; }
inline std::string text(const char *s) { return s; }

} // namespace gatefold::fuzz

#define FUZZ_CHECK(condition, what)                                                                    \
    do {                                                                                               \
        if (!(condition))                                                                              \
            ::gatefold::fuzz::propertyBroken(#condition, ::gatefold::fuzz::text(what), __FILE__, __LINE__); \
    } while (0)
