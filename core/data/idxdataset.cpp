#include "idxdataset.h"

#include <opencv2/imgproc.hpp>

#include <zlib.h>

#include "files/userfile.h"

#include <algorithm>
#include <cstdio>

#include <sys/stat.h>

namespace gatefold::data {
namespace {

std::string join(const std::string &folder, const std::string &file)
{
    return folder.empty() || folder.back() == '/' ? folder + file : folder + "/" + file;
}

bool present(const std::string &path)
{
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;  // a dangling link is there too: it must be reported, not skipped
}

std::uint32_t bigEndian(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

// "name" or "name.gz", whichever exists.
std::string locate(const std::string &folder, const std::string &name)
{
    const std::string plain = join(folder, name);
    if (present(plain))
        return plain;
    if (present(plain + ".gz"))
        return plain + ".gz";
    return plain;
}

// An IDX file of unsigned bytes, gzip-compressed or not: its header (magic
// 0x0000080N, N sizes) and exactly the bytes the sizes promise. Reads no more
// than that, so a gzip bomb or a file of the wrong kind cannot fill memory.
class IdxReader
{
public:
    IdxReader(std::string path, int dimensions) : m_path(std::move(path)), m_dimensions(dimensions) {}
    ~IdxReader()
    {
        if (m_file)
            gzclose(m_file);
    }
    IdxReader(const IdxReader &) = delete;
    IdxReader &operator=(const IdxReader &) = delete;

    bool read(std::vector<std::uint32_t> *sizes, std::vector<std::uint8_t> *payload, std::string *error)
    {
        if (const std::string problem = files::regularFileProblem(m_path); !problem.empty()) {
            *error = problem + " (an MNIST folder holds train-images-idx3-ubyte, train-labels-idx1-ubyte, "
                               "t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte, each perhaps .gz)";
            return false;
        }
        m_file = gzopen(m_path.c_str(), "rb");
        if (!m_file) {
            *error = "'" + m_path + "' cannot be opened";
            return false;
        }
        std::vector<std::uint8_t> header(size_t(4 + 4 * m_dimensions));
        if (!readExactly(header.data(), header.size(), error))
            return false;
        const std::uint32_t magic = 0x800u + std::uint32_t(m_dimensions);
        if (bigEndian(header.data()) != magic) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%08x", magic);
            *error = m_path + ": bad magic number (expected " + hex + ", an IDX file of unsigned bytes in "
                   + std::to_string(m_dimensions) + (m_dimensions == 1 ? " dimension)" : " dimensions)")
                   + "; is it the right file?";
            return false;
        }
        std::uint64_t bytes = 1;
        for (int d = 0; d < m_dimensions; ++d) {
            sizes->push_back(bigEndian(header.data() + 4 + 4 * d));
            bytes *= sizes->back();
            if (bytes > kMaxPayload) {
                *error = m_path + ": its header promises more than " + files::describeBytes(kMaxPayload)
                       + " of data; the header is damaged";
                return false;
            }
        }
        // The payload grows as it arrives (the vector's growth is geometric): a damaged header that promises
        // gigabytes of a short file allocates only what is there (the idx fuzzer: 8 bytes promising 4 GB).
        payload->clear();
        for (std::uint64_t done = 0; done < bytes;) {
            const size_t step = size_t(std::min<std::uint64_t>(bytes - done, kChunk));
            payload->resize(size_t(done) + step);
            if (!readExactly(payload->data() + done, step, error, bytes, done))
                return false;
            done += step;
        }
        std::uint8_t extra = 0;
        const int more = gzread(m_file, &extra, 1);
        if (more != 0) {
            *error = more < 0 ? damaged()
                              : m_path + ": longer than its header promises (" + std::to_string(header.size() + bytes)
                                    + " bytes); the file is damaged or not an IDX file";
            return false;
        }
        return true;
    }

private:
    static constexpr std::uint64_t kMaxPayload = std::uint64_t(4) << 30;
    static constexpr std::uint64_t kChunk = std::uint64_t(16) << 20;

    std::string damaged()
    {
        int code = 0;
        const char *message = gzerror(m_file, &code);
        return m_path + ": damaged gzip data (" + std::string(message && *message ? message : "read error")
             + "); download it again";
    }

    // `before`: the payload bytes read before this call (for the message when the data ends early).
    bool readExactly(std::uint8_t *out, size_t n, std::string *error, std::uint64_t promised = 0,
                     std::uint64_t before = 0)
    {
        size_t done = 0;
        while (done < n) {
            const unsigned chunk = unsigned(std::min<size_t>(n - done, size_t(1) << 30));
            const int got = gzread(m_file, out + done, chunk);
            if (got < 0) {
                *error = damaged();
                return false;
            }
            if (got == 0) {
                *error = promised ? m_path + ": " + std::to_string(before + done) + " bytes of data, but the header promises "
                                        + std::to_string(promised) + "; the file is truncated or damaged"
                                  : m_path + ": shorter than an IDX header; the file is truncated or not an IDX file";
                return false;
            }
            done += size_t(got);
        }
        return true;
    }

    std::string m_path;
    int m_dimensions;
    gzFile m_file = nullptr;
};

} // namespace

bool IdxDataset::readPart(const std::string &folder, const std::string &prefix, Part &part, std::string *error)
{
    const std::string imagesPath = locate(folder, prefix + "-images-idx3-ubyte");
    const std::string labelsPath = locate(folder, prefix + "-labels-idx1-ubyte");
    std::vector<std::uint32_t> imageSizes, labelSizes;
    std::vector<std::uint8_t> images, labels;
    if (!IdxReader(imagesPath, 3).read(&imageSizes, &images, error)
        || !IdxReader(labelsPath, 1).read(&labelSizes, &labels, error))
        return false;
    const std::uint32_t count = imageSizes[0], rows = imageSizes[1], cols = imageSizes[2];
    if (rows == 0 || cols == 0 || rows > 4096 || cols > 4096) {
        *error = imagesPath + ": implausible image size " + std::to_string(rows) + "x" + std::to_string(cols)
               + "; the header is damaged";
        return false;
    }
    if (count == 0) {
        *error = imagesPath + ": holds no images";
        return false;
    }
    if (count != labelSizes[0]) {
        *error = imagesPath + " holds " + std::to_string(count) + " images but " + labelsPath + " "
               + std::to_string(labelSizes[0]) + " labels; the two files belong to different sets";
        return false;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        if (labels[i] > 9) {
            *error = labelsPath + ": label " + std::to_string(labels[i]) + " of image " + std::to_string(i)
                   + " is out of range 0-9";
            return false;
        }
    }
    part.pixels = std::move(images);
    part.labels = std::move(labels);
    part.imageFile = imagesPath;
    part.rows = int(rows);
    part.cols = int(cols);
    return true;
}

std::unique_ptr<IdxDataset> IdxDataset::open(const std::string &folder, bool fashion, bool rgb, std::string *error)
{
    if (const std::string problem = files::folderProblem(folder); !problem.empty()) {
        *error = problem + " (data.path: the folder holding the MNIST files)";
        return nullptr;
    }
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
