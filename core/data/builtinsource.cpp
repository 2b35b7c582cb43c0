#include "builtinsource.h"

#include <opencv2/core.hpp>

namespace gatefold::data {

BuiltinSource::BuiltinSource(BuiltinShapes shapes)
    : m_shapes(std::move(shapes))
{
}

cv::Mat BuiltinSource::image(Split split, std::int64_t index) const
{
    if (index < 0 || index >= size(split))
        throw DataError("builtin: image " + std::to_string(index) + " is out of range");
    const int s = m_shapes.imageSize();
    std::vector<float> chw(size_t(3) * s * s);
    m_shapes.draw(split, index, chw.data());
    std::vector<cv::Mat> planes;
    for (int c = 0; c < 3; ++c)
        planes.emplace_back(s, s, CV_32FC1, chw.data() + size_t(c) * s * s);
    cv::Mat rgb;
    cv::merge(planes, rgb);  // copies
    return rgb;
}

std::string BuiltinSource::origin(Split split, std::int64_t index) const
{
    return std::string("builtin ") + (split == Split::Train ? "train" : "val") + " #" + std::to_string(index);
}

} // namespace gatefold::data
