#include "imagefolder.h"

#include "encodedimage.h"
#include "folderlisting.h"

#include "files/userfile.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <sstream>

namespace gatefold::data {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMaxImageBytes = std::uint64_t(1) << 30;
constexpr std::uint64_t kMaxLabelFileBytes = std::uint64_t(256) << 20;

// FNV-1a of the file name with the seed: where a file lands does not depend
// on which other files exist.
std::uint64_t nameHash(const std::string &name, std::uint64_t seed)
{
    std::uint64_t h = 1469598103934665603ULL ^ (seed * 0x9e3779b97f4a7c15ULL);
    for (unsigned char c : name) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

std::string trim(std::string s)
{
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.pop_back();
    size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    return s.substr(i);
}

// "first problem (and N more like it …)": the files that stop a data set from opening.
std::string badFilesMessage(const std::vector<std::string> &bad)
{
    std::string message = bad.front();
    if (bad.size() > 1)
        message += " (and " + std::to_string(bad.size() - 1) + " more image files that cannot be read; "
                 + "`gatefold-cli data --verify` lists them all)";
    return message + "; data.bad_images=skip trains without such files";
}

// The first line of an OpenCV exception's text (its assertion, without the source location).
std::string firstLine(const std::string &text)
{
    const std::string line = text.substr(0, text.find('\n'));
    return line.size() > 160 ? line.substr(0, 160) + "…" : line;
}

} // namespace

struct ImageFolder::Opening {
    std::string *error;
    std::string *errorKey;
    bool fail(const std::string &message, const char *key = "data.path")
    {
        *error = message;
        if (errorKey)
            *errorKey = key;
        return false;
    }
};

std::unique_ptr<ImageFolder> ImageFolder::open(const std::string &rootText, const ImageFolderOptions &options,
                                               std::string *error, std::string *errorKey)
{
    Opening opening{error, errorKey};
    if (rootText.empty()) {
        opening.fail("no image folder given; set data.path to the folder holding train/ (and val/)");
        return nullptr;
    }
    if (const std::string problem = files::folderProblem(rootText); !problem.empty()) {
        opening.fail(problem + " (data.path: the image folder holding train/ and val/)");
        return nullptr;
    }
    const fs::path root(rootText);
    std::error_code ec;
    auto set = std::unique_ptr<ImageFolder>(new ImageFolder);
    set->m_grey = options.grey;
    const fs::path trainDir = fs::is_directory(root / "train", ec) ? root / "train" : root;
    const fs::path valDir = root / "val";
    const bool haveVal = fs::is_directory(valDir, ec);
    std::string why;
    if (!listSubfolders(trainDir.string(), &set->m_classes, &why)) {
        opening.fail(why);
        return nullptr;
    }
    if (trainDir == root)
        set->m_classes.erase(std::remove(set->m_classes.begin(), set->m_classes.end(), "val"), set->m_classes.end());
    if (set->m_classes.empty()) {
        opening.fail(trainDir.string() + ": no class folders (expected " + trainDir.string() + "/<class>/<images>)");
        return nullptr;
    }
    std::vector<std::string> bad;
    for (size_t c = 0; c < set->m_classes.size(); ++c) {
        const fs::path classDir = trainDir / set->m_classes[c];
        std::vector<std::string> files;
        const size_t badBefore = bad.size();
        if (!listImages(classDir.string(), &files, &bad, &why)) {
            opening.fail(why);
            return nullptr;
        }
        if (files.empty() && bad.size() == badBefore) {
            opening.fail(classDir.string() + ": empty class folder (no JPEG, PNG, WebP, BMP or TIFF images); remove it "
                                             "or add images");
            return nullptr;
        }
        for (const auto &f : files) {
            const bool held = !haveVal
                && double(nameHash(fs::path(f).filename().string(), options.splitSeed) % 1000000) / 1e6
                       < options.valFraction;
            (held ? set->m_val : set->m_train).push_back({f, int(c)});
        }
    }
    if (!options.valLabels.empty() && !haveVal) {
        opening.fail("data.val_labels is set, but " + valDir.string() + " does not exist; put the validation images "
                     "there, or clear data.val_labels", "data.val_labels");
        return nullptr;
    }
    if (haveVal && !options.valLabels.empty()) {
        if (!set->readValLabels(valDir.string(), options.valLabels, &bad, opening))
            return nullptr;
    } else if (haveVal) {
        std::vector<std::string> valClasses;
        if (!listSubfolders(valDir.string(), &valClasses, &why)) {
            opening.fail(why);
            return nullptr;
        }
        for (const auto &cls : valClasses) {
            const auto it = std::find(set->m_classes.begin(), set->m_classes.end(), cls);
            if (it == set->m_classes.end()) {
                opening.fail((valDir / cls).string() + ": class '" + cls + "' is not among the training classes");
                return nullptr;
            }
            std::vector<std::string> files;
            if (!listImages((valDir / cls).string(), &files, &bad, &why)) {
                opening.fail(why);
                return nullptr;
            }
            for (const auto &f : files)
                set->m_val.push_back({f, int(it - set->m_classes.begin())});
        }
    }
    if (!bad.empty() && !options.skipBadFiles) {
        opening.fail(badFilesMessage(bad));
        return nullptr;
    }
    set->m_excluded = std::move(bad);
    if (set->m_train.empty()) {
        opening.fail(rootText + ": no training image can be read (every one is left out as bad)");
        return nullptr;
    }
    if (set->m_val.empty()) {
        opening.fail(rootText + ": no validation images (add val/<class>/ folders, a label file, or raise "
                                "data.val_fraction)");
        return nullptr;
    }
    return set;
}

bool ImageFolder::readValLabels(const std::string &valDirText, const std::string &labelFile,
                                std::vector<std::string> *bad, Opening &opening)
{
    const fs::path valDir(valDirText);
    std::string text, why;
    if (!files::readFile(labelFile, kMaxLabelFileBytes, files::Accept::RegularFile, &text, &why))
        return opening.fail(why + " (data.val_labels: the CSV of validation labels)", "data.val_labels");
    std::map<std::string, int> byName;
    for (size_t c = 0; c < m_classes.size(); ++c)
        byName[m_classes[c]] = int(c);
    std::map<std::string, int> listedOn;
    std::istringstream in(text);
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        line = trim(line);
        if (line.empty() || line[0] == '#')
            continue;
        const std::string at = labelFile + ":" + std::to_string(lineNo) + ": ";
        const auto comma = line.find(',');
        if (comma == std::string::npos)
            return opening.fail(at + "expected 'file,class'", "data.val_labels");
        const std::string file = trim(line.substr(0, comma));
        const std::string cls = trim(line.substr(comma + 1));
        std::error_code ec;
        if (lineNo == 1 && !fs::exists(valDir / file, ec) && byName.count(cls) == 0)
            continue;  // a header line
        int label = -1;
        if (byName.count(cls)) {
            label = byName[cls];
        } else if (!cls.empty() && cls.size() < 10
                   && std::all_of(cls.begin(), cls.end(), [](unsigned char ch) { return std::isdigit(ch); })) {
            const long index = std::stol(cls);
            label = index < long(m_classes.size()) ? int(index) : -1;
        }
        if (label < 0)
            return opening.fail(at + "class '" + cls + "' is not one of the " + std::to_string(m_classes.size())
                                    + " training classes",
                                "data.val_labels");
        if (const auto [seen, fresh] = listedOn.emplace(file, lineNo); !fresh)
            return opening.fail(at + file + " is listed twice (first on line " + std::to_string(seen->second)
                                    + "); list each validation image once",
                                "data.val_labels");
        const std::string path = (valDir / file).string();
        if (!fs::exists(fs::symlink_status(valDir / file, ec)))
            return opening.fail(at + path + " does not exist", "data.val_labels");
        if (std::string problem = files::regularFileProblem(path); !problem.empty()) {
            bad->push_back(at + problem);
            continue;
        }
        m_val.push_back({path, label});
    }
    return true;
}

std::int64_t ImageFolder::size(Split split) const
{
    return std::int64_t(entries(split).size());
}

int ImageFolder::label(Split split, std::int64_t index) const
{
    return entries(split).at(size_t(index)).label;
}

cv::Mat ImageFolder::image(Split split, std::int64_t index) const
{
    const std::string &path = entries(split).at(size_t(index)).path;
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!files::readFile(path, kMaxImageBytes, files::Accept::RegularFile, &bytes, &why))
        throw DataError(why);
    if (const std::string problem = checkEncodedImage(bytes); !problem.empty())
        throw DataError(path + ": cannot be decoded: " + problem);
    cv::Mat decoded;
    try {
        const cv::Mat encoded(1, int(bytes.size()), CV_8UC1, bytes.data());
        decoded = cv::imdecode(encoded, m_grey ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
    } catch (const cv::Exception &e) {
        throw DataError(path + ": OpenCV cannot decode it (" + firstLine(e.err) + "); replace the file or remove it");
    }
    if (decoded.empty())
        throw DataError(path + ": cannot be decoded as an image (damaged, truncated or not an image); replace the "
                               "file or remove it");
    if (!m_grey)
        cv::cvtColor(decoded, decoded, cv::COLOR_BGR2RGB);
    return decoded;
}

std::string ImageFolder::origin(Split split, std::int64_t index) const
{
    return entries(split).at(size_t(index)).path;
}

} // namespace gatefold::data
