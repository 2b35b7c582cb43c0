#pragma once

#include "imagesource.h"

#include <memory>

namespace gatefold::data {

struct ImageFolderOptions {
    bool grey = false;          // decode as 1 channel
    double valFraction = 0.1;   // of each class, when there is no val/ folder
    std::uint64_t splitSeed = 0;
    std::string valLabels;      // val/ holds images directly: a CSV "file,class" (name or index) per line
};

// An image-folder data set (the ImageNet / Imagenette / Imagewoof layout):
// <root>/train/<class>/* and <root>/val/<class>/*, class names from the
// folder names (sorted), images decoded by OpenCV (JPEG, PNG, WebP, BMP, TIFF).
// Without val/ (or with <root>/<class>/* only), a deterministic per-class
// split by a hash of each file's name and `splitSeed` holds out valFraction.
class ImageFolder : public ImageSource
{
public:
    // Lists the files (nothing is decoded yet); nullptr and a message on a
    // missing root, no class folders, an empty class folder, a val folder
    // whose classes are not the training classes, or a label file that names
    // a missing file or an unknown class.
    static std::unique_ptr<ImageFolder> open(const std::string &root, const ImageFolderOptions &options,
                                             std::string *error);

    std::string name() const override { return "folder"; }
    std::vector<std::string> classNames() const override { return m_classes; }
    int channels() const override { return m_grey ? 1 : 3; }
    std::int64_t size(Split split) const override;
    int label(Split split, std::int64_t index) const override;
    cv::Mat image(Split split, std::int64_t index) const override;
    std::string origin(Split split, std::int64_t index) const override;
    bool encoded() const override { return true; }

private:
    struct Entry {
        std::string path;
        int label;
    };
    const std::vector<Entry> &entries(Split split) const { return split == Split::Train ? m_train : m_val; }

    std::vector<std::string> m_classes;
    std::vector<Entry> m_train;
    std::vector<Entry> m_val;
    bool m_grey = false;
};

} // namespace gatefold::data
