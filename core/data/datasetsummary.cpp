#include "datasetsummary.h"

namespace gatefold::data {
namespace {

std::vector<std::int64_t> perClass(const Dataset &data, Split split)
{
    std::vector<std::int64_t> counts(size_t(std::max(0, data.numClasses())), 0);
    for (std::int64_t i = 0; i < data.size(split); ++i) {
        const int label = data.label(split, i);
        if (label >= 0 && label < int(counts.size()))
            ++counts[size_t(label)];
    }
    return counts;
}

} // namespace

DatasetSummary summarizeDataset(const Dataset &data)
{
    DatasetSummary s;
    s.name = data.name();
    s.classNames = data.classNames();
    s.channels = data.channels();
    s.imageSize = data.imageSize();
    s.trainSize = data.size(Split::Train);
    s.valSize = data.size(Split::Val);
    s.trainPerClass = perClass(data, Split::Train);
    s.valPerClass = perClass(data, Split::Val);
    return s;
}

std::string describeDataset(const Dataset &data)
{
    const auto names = data.classNames();
    std::string classes;
    for (size_t c = 0; c < names.size() && c < 4; ++c)
        classes += (c ? ", " : "") + names[c];
    if (names.size() > 4)
        classes += ", …";
    const std::string s = std::to_string(data.imageSize());
    return data.name() + ": " + std::to_string(names.size()) + " classes (" + classes + "), "
        + std::to_string(data.size(Split::Train)) + " training and " + std::to_string(data.size(Split::Val))
        + " validation images, " + std::to_string(data.channels()) + " × " + s + " × " + s;
}

} // namespace gatefold::data
