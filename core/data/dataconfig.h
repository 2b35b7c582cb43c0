#pragma once

#include <cstdint>
#include <string>

namespace gatefold::data {

// Which data a run trains on. "builtin" is the generated shapes set.
struct DataConfig {
    std::string name = "builtin";
    std::int64_t trainSize = 20000;
    std::int64_t valSize = 2000;
    std::uint64_t seed = 0;  // which images the set holds (not the run's seed)
};

inline bool operator==(const DataConfig &a, const DataConfig &b)
{
    return a.name == b.name && a.trainSize == b.trainSize && a.valSize == b.valSize && a.seed == b.seed;
}

} // namespace gatefold::data
