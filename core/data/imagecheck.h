#pragma once

#include "imagesource.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace gatefold::data {

// The result of decoding every image of a source.
struct ImageCheck {
    std::int64_t checked = 0;
    std::int64_t bad = 0;               // images that cannot be decoded or carry a label out of range
    std::vector<std::string> problems;  // the first ones, each naming the file and what is wrong
};

// Decodes every image of both splits of `source` (on the torch intra-op
// threads) and checks its label, keeping at most `maxProblems` messages.
// `progress(done, total)` is called now and then from the calling thread.
ImageCheck checkImages(const ImageSource &source, int maxProblems = 20,
                       const std::function<void(std::int64_t, std::int64_t)> &progress = {});

} // namespace gatefold::data
