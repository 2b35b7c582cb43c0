// MNIST/Fashion-MNIST IDX files: the input is the training images file (with
// a labels file that agrees with its header) and, separately, the training
// labels file (with an images file that agrees with it), each plain or gzip
// as its first bytes say; the t10k pair is whole. Every image of what opens is read.

#include "fuzzharnesses.h"
#include "scratchdir.h"

#include "data/idxdataset.h"

#include <zlib.h>

#include <algorithm>

namespace gatefold::fuzz {
namespace {

constexpr std::uint32_t kMaxCompanion = 4096;  // images or labels written beside the input

std::string bigEndianString(std::uint32_t v)
{
    return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
}

std::uint32_t readBigEndian(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

std::string labelsFile(std::uint32_t count)
{
    return bigEndianString(0x801) + bigEndianString(count) + std::string(std::min(count, kMaxCompanion), '\3');
}

std::string imagesFile(std::uint32_t count, std::uint32_t rows, std::uint32_t cols)
{
    return bigEndianString(0x803) + bigEndianString(count) + bigEndianString(rows) + bigEndianString(cols)
         + std::string(size_t(std::min(count, kMaxCompanion)) * rows * cols, '\x7f');
}

const ScratchDir &idxFolder()
{
    static const ScratchDir dir("idx");
    static const bool ready = [] {
        const ScratchDir &d = dir;
        d.write("t10k-images-idx3-ubyte", imagesFile(1, 28, 28));
        d.write("t10k-labels-idx1-ubyte", labelsFile(1));
        return true;
    }();
    (void)ready;
    return dir;
}

bool isGzip(const std::uint8_t *data, std::size_t size)
{
    return size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

// The first 8 bytes of the input as the reader will see them (inflated when gzip).
std::string header(const std::uint8_t *data, std::size_t size)
{
    if (!isGzip(data, size))
        return std::string(reinterpret_cast<const char *>(data), std::min<std::size_t>(size, 8));
    char out[8];
    z_stream z{};
    z.next_in = const_cast<Bytef *>(data);
    z.avail_in = uInt(std::min<std::size_t>(size, 1 << 20));
    z.next_out = reinterpret_cast<Bytef *>(out);
    z.avail_out = sizeof out;
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return {};
    inflate(&z, Z_SYNC_FLUSH);
    const std::string head(out, sizeof out - z.avail_out);
    inflateEnd(&z);
    return head;
}

// The input as `name` (or name.gz), the other one of the pair as `companion`.
std::string place(const ScratchDir &dir, const std::string &name, const std::uint8_t *data, std::size_t size)
{
    dir.remove(name);
    dir.remove(name + ".gz");
    const std::string file = isGzip(data, size) ? name + ".gz" : name;
    dir.write(file, data, size);
    return dir.file(file);
}

bool openAndRead(const ScratchDir &dir, const std::string &inputFile, bool fashion, bool rgb)
{
    std::string error;
    const auto set = data::IdxDataset::open(dir.path(), fashion, rgb, &error);
    if (!set) {
        FUZZ_CHECK(error.find(dir.path()) != std::string::npos, "a refusal that names no file: " + error);
        (void)inputFile;
        return false;
    }
    const int classes = int(set->classNames().size());
    for (data::Split split : {data::Split::Train, data::Split::Val}) {
        for (std::int64_t i = 0; i < set->size(split); ++i) {
            const int label = set->label(split, i);
            FUZZ_CHECK(label >= 0 && label < classes, "a label out of range was accepted");
            const cv::Mat image = set->image(split, i);
            FUZZ_CHECK(!image.empty() && image.channels() == set->channels(), "an image of the wrong shape");
        }
    }
    return true;
}

} // namespace

bool fuzzIdx(const std::uint8_t *data, std::size_t size)
{
    const ScratchDir &dir = idxFolder();
    // Companion counts come from the input's own header.
    const std::string head = header(data, size);
    const std::uint32_t count = head.size() == 8 ? readBigEndian(reinterpret_cast<const std::uint8_t *>(head.data()) + 4) : 1;
    const bool odd = size % 2 == 1;

    // As the images file.
    dir.remove("train-labels-idx1-ubyte.gz");
    dir.write("train-labels-idx1-ubyte", labelsFile(count));
    const std::string asImages = place(dir, "train-images-idx3-ubyte", data, size);
    const bool images = openAndRead(dir, asImages, odd, !odd);

    // As the labels file, beside 1×1 images.
    dir.remove("train-images-idx3-ubyte.gz");
    dir.write("train-images-idx3-ubyte", imagesFile(count, 1, 1));
    const std::string asLabels = place(dir, "train-labels-idx1-ubyte", data, size);
    const bool labels = openAndRead(dir, asLabels, !odd, odd);
    return images || labels;
}

} // namespace gatefold::fuzz
