#include "idxdataset.h"

#include <opencv2/imgproc.hpp>

#include <zlib.h>

#include <fstream>

namespace gatefold::data {
namespace {

std::string join(const std::string &folder, const std::string &file)
{
    return folder.empty() || folder.back() == '/' ? folder + file : folder + "/" + file;
}

bool exists(const std::string &path)
{
    return std::ifstream(path).good();
}

// The whole file, inflated when it is gzip (zlib reads plain files as they are).
bool readAll(const std::string &path, std::vector<std::uint8_t> *out, std::string *error)
{
    gzFile f = gzopen(path.c_str(), "rb");
    if (!f) {
        *error = path + ": missing or unreadable";
        return false;
    }
    std::uint8_t buffer[1 << 16];
    int n = 0;
    while ((n = gzread(f, buffer, sizeof buffer)) > 0)
        out->insert(out->end(), buffer, buffer + n);
    int code = 0;
    const char *message = gzerror(f, &code);
    const bool ok = n == 0 && code == Z_OK;
    if (!ok)
        *error = path + ": damaged gzip data (" + std::string(message ? message : "read error") + ")";
    gzclose(f);
    return ok;
}

std::uint32_t bigEndian(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

// "name" or "name.gz", whichever exists.
std::string locate(const std::string &folder, const std::string &name)
{
    const std::string plain = join(folder, name);
    if (exists(plain))
        return plain;
    if (exists(plain + ".gz"))
        return plain + ".gz";
    return plain;
}

} // namespace

bool IdxDataset::readPart(const std::string &folder, const std::string &prefix, Part &part, std::string *error)
{
    const std::string imagesPath = locate(folder, prefix + "-images-idx3-ubyte");
    const std::string labelsPath = locate(folder, prefix + "-labels-idx1-ubyte");
    std::vector<std::uint8_t> images, labels;
    if (!readAll(imagesPath, &images, error) || !readAll(labelsPath, &labels, error))
        return false;
    if (images.size() < 16 || bigEndian(images.data()) != 0x00000803) {
        *error = imagesPath + ": bad magic number (expected 0x00000803, an IDX file of unsigned bytes in 3 "
                              "dimensions)";
        return false;
    }
    if (labels.size() < 8 || bigEndian(labels.data()) != 0x00000801) {
        *error = labelsPath + ": bad magic number (expected 0x00000801, an IDX file of unsigned bytes in 1 "
                              "dimension)";
        return false;
    }
    const std::uint32_t count = bigEndian(images.data() + 4);
    const std::uint32_t rows = bigEndian(images.data() + 8);
    const std::uint32_t cols = bigEndian(images.data() + 12);
    const std::uint32_t labelCount = bigEndian(labels.data() + 4);
    if (rows == 0 || cols == 0 || rows > 4096 || cols > 4096) {
        *error = imagesPath + ": implausible image size " + std::to_string(rows) + "x" + std::to_string(cols);
        return false;
    }
    if (count != labelCount) {
        *error = imagesPath + " holds " + std::to_string(count) + " images but " + labelsPath + " "
               + std::to_string(labelCount) + " labels";
        return false;
    }
    const std::uint64_t need = 16 + std::uint64_t(count) * rows * cols;
    if (images.size() != need) {
        *error = imagesPath + ": " + std::to_string(images.size()) + " bytes, but the header promises "
               + std::to_string(need) + " (" + std::to_string(count) + " images of " + std::to_string(rows) + "x"
               + std::to_string(cols) + "); the file is truncated or damaged";
        return false;
    }
    if (labels.size() != 8 + std::uint64_t(count)) {
        *error = labelsPath + ": " + std::to_string(labels.size()) + " bytes, but the header promises "
               + std::to_string(8 + std::uint64_t(count));
        return false;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        if (labels[8 + i] > 9) {
            *error = labelsPath + ": label " + std::to_string(labels[8 + i]) + " of image " + std::to_string(i)
                   + " is out of range 0-9";
            return false;
        }
    }
    part.pixels.assign(images.begin() + 16, images.end());
    part.labels.assign(labels.begin() + 8, labels.end());
    part.imageFile = imagesPath;
    part.rows = int(rows);
    part.cols = int(cols);
    return true;
}

std::unique_ptr<IdxDataset> IdxDataset::open(const std::string &folder, bool fashion, bool rgb, std::string *error)
{
    auto set = std::unique_ptr<IdxDataset>(new IdxDataset);
    set->m_name = fashion ? "fashion-mnist" : "mnist";
    set->m_rgb = rgb;
    if (!readPart(folder, "train", set->m_train, error) || !readPart(folder, "t10k", set->m_val, error))
        return nullptr;
    if (fashion)
        set->m_classes = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                          "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    else
        for (int d = 0; d < 10; ++d)
            set->m_classes.push_back(std::to_string(d));
    return set;
}

std::int64_t IdxDataset::size(Split split) const
{
    return std::int64_t(part(split).labels.size());
}

int IdxDataset::label(Split split, std::int64_t index) const
{
    return part(split).labels.at(size_t(index));
}

cv::Mat IdxDataset::image(Split split, std::int64_t index) const
{
    const Part &p = part(split);
    if (index < 0 || index >= size(split))
        throw DataError(m_name + ": image " + std::to_string(index) + " is out of range");
    const std::int64_t plane = std::int64_t(p.rows) * p.cols;
    cv::Mat grey(p.rows, p.cols, CV_8UC1, const_cast<std::uint8_t *>(p.pixels.data()) + index * plane);
    if (!m_rgb)
        return grey;
    cv::Mat rgb;
    cv::cvtColor(grey, rgb, cv::COLOR_GRAY2RGB);
    return rgb;
}

std::string IdxDataset::origin(Split split, std::int64_t index) const
{
    return part(split).imageFile + " #" + std::to_string(index);
}

} // namespace gatefold::data
