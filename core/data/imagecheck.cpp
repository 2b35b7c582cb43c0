#include "imagecheck.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <mutex>

namespace gatefold::data {

ImageCheck checkImages(const ImageSource &source, int maxProblems,
                       const std::function<void(std::int64_t, std::int64_t)> &progress)
{
    ImageCheck check;
    const int classes = int(source.classNames().size());
    const std::int64_t total = source.size(Split::Train) + source.size(Split::Val)
                             + std::int64_t(source.excludedFiles().size());
    std::mutex mutex;
    auto report = [&](std::string problem) {
        std::lock_guard<std::mutex> lock(mutex);
        ++check.bad;
        if (int(check.problems.size()) < maxProblems)
            check.problems.push_back(std::move(problem));
    };
    for (const std::string &excluded : source.excludedFiles()) {  // left out when the source was opened
        report(excluded);
        ++check.checked;
    }
    constexpr std::int64_t kChunk = 512;
    for (Split split : {Split::Train, Split::Val}) {
        const std::int64_t n = source.size(split);
        for (std::int64_t begin = 0; begin < n; begin += kChunk) {
            const std::int64_t end = std::min(n, begin + kChunk);
            at::parallel_for(begin, end, 1, [&](std::int64_t b, std::int64_t e) {
                for (std::int64_t i = b; i < e; ++i) {
                    try {
                        const int label = source.label(split, i);
                        if (label < 0 || label >= classes) {
                            report(source.origin(split, i) + ": label " + std::to_string(label)
                                   + " is out of range (the data set has " + std::to_string(classes) + " classes)");
                            continue;
                        }
                        const cv::Mat image = source.image(split, i);
                        if (image.empty())
                            report(source.origin(split, i) + ": empty image");
                    } catch (const std::exception &error) {
                        report(error.what());
                    }
                }
            });
            check.checked += end - begin;
            if (progress)
                progress(check.checked, total);
        }
    }
    std::sort(check.problems.begin(), check.problems.end());
    return check;
}

} // namespace gatefold::data
