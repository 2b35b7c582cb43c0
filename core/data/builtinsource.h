#pragma once

#include "builtinshapes.h"
#include "imagesource.h"

namespace gatefold::data {

// The built-in shapes as an ImageSource: float RGB images (CV_32FC3, [0, 1])
// drawn at the set's size, so the augmentation and evaluation paths of real
// formats apply to it unchanged (and at its own size the pixels are exactly
// BuiltinShapes'.)
class BuiltinSource : public ImageSource
{
public:
    explicit BuiltinSource(BuiltinShapes shapes);

    std::string name() const override { return "builtin"; }
    std::vector<std::string> classNames() const override { return BuiltinShapes::names(); }
    int channels() const override { return 3; }
    std::int64_t size(Split split) const override { return m_shapes.size(split); }
    int label(Split split, std::int64_t index) const override { return m_shapes.label(split, index); }
    cv::Mat image(Split split, std::int64_t index) const override;
    std::string origin(Split split, std::int64_t index) const override;

private:
    BuiltinShapes m_shapes;
};

} // namespace gatefold::data
