#pragma once

#include "imagesource.h"

#include <memory>

namespace gatefold::data {

// MNIST and Fashion-MNIST in IDX files, gzip-compressed or not:
// train-images-idx3-ubyte[.gz], train-labels-idx1-ubyte[.gz] (train) and the
// t10k-* pair (val). Grey 28×28 images, delivered with 1 channel or, with
// `rgb`, the grey value in 3.
class IdxDataset : public ImageSource
{
public:
    // `fashion` names the classes (T-shirt/top, …) instead of digits. nullptr
    // and a message naming the file on a missing file, a bad magic number,
    // image and label counts that differ, a short file or a label > 9.
    static std::unique_ptr<IdxDataset> open(const std::string &folder, bool fashion, bool rgb, std::string *error);

    std::string name() const override { return m_name; }
    std::vector<std::string> classNames() const override { return m_classes; }
    int channels() const override { return m_rgb ? 3 : 1; }
    std::int64_t size(Split split) const override;
    int label(Split split, std::int64_t index) const override;
    cv::Mat image(Split split, std::int64_t index) const override;
    std::string origin(Split split, std::int64_t index) const override;

private:
    struct Part {
        std::vector<std::uint8_t> pixels;
        std::vector<std::uint8_t> labels;
        std::string imageFile;
        int rows = 0;
        int cols = 0;
    };
    const Part &part(Split split) const { return split == Split::Train ? m_train : m_val; }
    static bool readPart(const std::string &folder, const std::string &prefix, Part &part, std::string *error);

    std::string m_name;
    std::vector<std::string> m_classes;
    bool m_rgb = false;
    Part m_train;
    Part m_val;
};

} // namespace gatefold::data
