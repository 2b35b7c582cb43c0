#pragma once

#include "configproblem.h"

#include <cstdint>
#include <string>

namespace gatefold::train {

// compute.memory_limit: "0" (this machine), a number of bytes, or a number
// with K, M, G or T (powers of 1024; "8G", "1.5G", "512MiB", "8GB"), any case.
bool parseMemorySize(const std::string &text, std::int64_t *bytes, model::ConfigProblem *problem);
// The shortest exact form: "8G", "1536M", "1000".
std::string formatMemorySize(const std::int64_t &bytes);

} // namespace gatefold::train
