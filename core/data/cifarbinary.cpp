#include "cifarbinary.h"

#include "files/userfile.h"

#include <sstream>

#include <sys/stat.h>

namespace gatefold::data {
namespace {

constexpr std::int64_t kPixels = 32 * 32 * 3;
// CIFAR-100's train.bin, the largest batch, is 154 MB: a file of gigabytes is not a CIFAR batch.
constexpr std::uint64_t kMaxBatchBytes = std::uint64_t(1) << 30;

std::string join(const std::string &folder, const std::string &file)
{
    return folder.empty() || folder.back() == '/' ? folder + file : folder + "/" + file;
}

// The files a CIFAR folder holds, for messages about a missing one.
std::string expectedFiles(int labelBytes)
{
    return labelBytes == 2 ? "a CIFAR-100 folder (cifar-100-binary) holds train.bin and test.bin"
                           : "a CIFAR-10 folder (cifar-10-batches-bin) holds data_batch_1.bin … data_batch_5.bin "
                             "and test_batch.bin";
}

// Appends the records of `path` to `part`: pixels converted from planes (CHW) to HWC.
template<typename Part>
bool readBatch(const std::string &path, int labelBytes, int labelIndex, int classes, Part &part, std::string *error)
{
    std::vector<std::uint8_t> content;
    std::string why;
    if (!files::readFile(path, kMaxBatchBytes, files::Accept::RegularFile, &content, &why)) {
        *error = why + " (" + expectedFiles(labelBytes) + ")";
        return false;
    }
    const std::int64_t bytes = std::int64_t(content.size());
    const std::int64_t record = labelBytes + kPixels;
    if (bytes % record != 0) {
        *error = path + ": " + std::to_string(bytes) + " bytes is not a whole number of " + std::to_string(record)
               + "-byte CIFAR records (truncated or not a CIFAR" + (labelBytes == 2 ? "-100" : "-10")
               + " batch); download it again";
        return false;
    }
    const std::int64_t n = bytes / record;
    part.fileStarts.push_back(std::int64_t(part.labels.size()));
    part.files.push_back(path);
    const size_t base = part.pixels.size();
    part.pixels.resize(base + size_t(n * kPixels));
    for (std::int64_t r = 0; r < n; ++r) {
        const std::uint8_t *rec = content.data() + r * record;
        const int label = rec[labelIndex];
        if (label >= classes) {
            *error = path + ": record " + std::to_string(r) + " has label " + std::to_string(label) + ", but there are "
                   + std::to_string(classes) + " classes (a damaged file, or a CIFAR-100 file read as CIFAR-10)";
            return false;
        }
        part.labels.push_back(std::uint8_t(label));
        std::uint8_t *out = part.pixels.data() + base + size_t(r * kPixels);
        const std::uint8_t *planes = rec + labelBytes;
        for (int p = 0; p < 1024; ++p)
            for (int c = 0; c < 3; ++c)
                out[p * 3 + c] = planes[c * 1024 + p];
    }
    return true;
}

// Class names, one a line, from `path` when it exists; the standard names otherwise.
bool namesFrom(const std::string &path, size_t expected, std::vector<std::string> *names, std::string *error)
{
    names->clear();
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {  // there (perhaps a dangling link): it must be readable
        std::string text;
        if (!files::readFile(path, std::uint64_t(1) << 20, files::Accept::RegularFile, &text, error)) {
            *error += " (the class names of the data set; repair it or remove it to use the standard names)";
            return false;
        }
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
                line.pop_back();
            if (!line.empty())
                names->push_back(line);
        }
        if (names->size() != expected) {
            *error = "'" + path + "' names " + std::to_string(names->size()) + " classes, but the data set has "
                   + std::to_string(expected) + "; give one name a line, or remove the file to use the standard names";
            return false;
        }
        return true;
    }
    static const char *const cifar10[] = {"airplane", "automobile", "bird", "cat", "deer",
                                          "dog", "frog", "horse", "ship", "truck"};
    for (size_t i = 0; i < expected; ++i)
        names->push_back(expected == 10 ? cifar10[i] : "class " + std::to_string(i));
    return true;
}

} // namespace

std::unique_ptr<CifarBinary> CifarBinary::open(const std::string &folder, bool cifar100, bool coarse,
                                               std::string *error)
{
    if (const std::string problem = files::folderProblem(folder); !problem.empty()) {
        *error = problem + " (data.path: the folder holding the CIFAR files)";
        return nullptr;
    }
    auto set = std::unique_ptr<CifarBinary>(new CifarBinary);
    const int classes = !cifar100 ? 10 : coarse ? 20 : 100;
    const int labelBytes = cifar100 ? 2 : 1;
    const int labelIndex = cifar100 && !coarse ? 1 : 0;
    if (!cifar100) {
        set->m_name = "cifar10";
        for (int b = 1; b <= 5; ++b)
            if (!readBatch(join(folder, "data_batch_" + std::to_string(b) + ".bin"), labelBytes, labelIndex, classes,
                           set->m_train, error))
                return nullptr;
        if (!readBatch(join(folder, "test_batch.bin"), labelBytes, labelIndex, classes, set->m_val, error))
            return nullptr;
        if (!namesFrom(join(folder, "batches.meta.txt"), 10, &set->m_classes, error))
            return nullptr;
    } else {
        set->m_name = coarse ? "cifar100-coarse" : "cifar100";
        if (!readBatch(join(folder, "train.bin"), labelBytes, labelIndex, classes, set->m_train, error)
            || !readBatch(join(folder, "test.bin"), labelBytes, labelIndex, classes, set->m_val, error))
            return nullptr;
        if (!namesFrom(join(folder, coarse ? "coarse_label_names.txt" : "fine_label_names.txt"), size_t(classes),
                       &set->m_classes, error))
            return nullptr;
    }
    return set;
}

std::int64_t CifarBinary::size(Split split) const
{
    return std::int64_t(part(split).labels.size());
}

int CifarBinary::label(Split split, std::int64_t index) const
{
    return part(split).labels.at(size_t(index));
}

cv::Mat CifarBinary::image(Split split, std::int64_t index) const
{
    const Part &p = part(split);
    if (index < 0 || index >= size(split))
        throw DataError(m_name + ": image " + std::to_string(index) + " is out of range");
    // A view of the stored bytes (never written through).
    return cv::Mat(32, 32, CV_8UC3, const_cast<std::uint8_t *>(p.pixels.data()) + index * kPixels);
}

std::string CifarBinary::origin(Split split, std::int64_t index) const
{
    const Part &p = part(split);
    size_t f = 0;
    while (f + 1 < p.fileStarts.size() && p.fileStarts[f + 1] <= index)
        ++f;
    return p.files.at(f) + " #" + std::to_string(index - p.fileStarts[f]);
}

} // namespace gatefold::data
