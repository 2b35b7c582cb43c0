#include "imagefolder.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>

namespace gatefold::data {
namespace {

namespace fs = std::filesystem;

bool isImage(const fs::path &p)
{
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char *e : {".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff"})
        if (ext == e)
            return true;
    return false;
}

std::vector<std::string> subfolders(const fs::path &dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(dir, ec))
        if (e.is_directory())
            out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> imagesIn(const fs::path &dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file() && isImage(e.path()))
            out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

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

} // namespace

std::unique_ptr<ImageFolder> ImageFolder::open(const std::string &rootText, const ImageFolderOptions &options,
                                               std::string *error)
{
    const fs::path root(rootText);
    std::error_code ec;
    if (rootText.empty() || !fs::is_directory(root, ec)) {
        *error = "image folder '" + rootText + "' does not exist or is not a directory (set data.path)";
        return nullptr;
    }
    auto set = std::unique_ptr<ImageFolder>(new ImageFolder);
    set->m_grey = options.grey;
    const fs::path trainDir = fs::is_directory(root / "train", ec) ? root / "train" : root;
    const fs::path valDir = root / "val";
    const bool haveVal = fs::is_directory(valDir, ec);
    set->m_classes = subfolders(trainDir);
    if (trainDir == root)
        set->m_classes.erase(std::remove(set->m_classes.begin(), set->m_classes.end(), "val"), set->m_classes.end());
    if (set->m_classes.empty()) {
        *error = trainDir.string() + ": no class folders (expected " + trainDir.string() + "/<class>/<images>)";
        return nullptr;
    }
    for (size_t c = 0; c < set->m_classes.size(); ++c) {
        const auto files = imagesIn(trainDir / set->m_classes[c]);
        if (files.empty()) {
            *error = (trainDir / set->m_classes[c]).string() + ": empty class folder (no JPEG, PNG, WebP, BMP or TIFF "
                                                                "images); remove it or add images";
            return nullptr;
        }
        for (const auto &f : files) {
            const bool held = !haveVal
                && double(nameHash(fs::path(f).filename().string(), options.splitSeed) % 1000000) / 1e6
                       < options.valFraction;
            (held ? set->m_val : set->m_train).push_back({f, int(c)});
        }
    }
    if (haveVal && !options.valLabels.empty()) {
        std::ifstream in(options.valLabels);
        if (!in) {
            *error = options.valLabels + ": the validation label file is missing or unreadable";
            return nullptr;
        }
        std::map<std::string, int> byName;
        for (size_t c = 0; c < set->m_classes.size(); ++c)
            byName[set->m_classes[c]] = int(c);
        int lineNo = 0;
        for (std::string line; std::getline(in, line);) {
            ++lineNo;
            line = trim(line);
            if (line.empty() || line[0] == '#')
                continue;
            const auto comma = line.find(',');
            if (comma == std::string::npos) {
                *error = options.valLabels + ":" + std::to_string(lineNo) + ": expected 'file,class'";
                return nullptr;
            }
            const std::string file = trim(line.substr(0, comma));
            const std::string cls = trim(line.substr(comma + 1));
            if (lineNo == 1 && !fs::exists(valDir / file) && byName.count(cls) == 0)
                continue;  // a header line
            int label = -1;
            if (byName.count(cls))
                label = byName[cls];
            else if (!cls.empty() && std::all_of(cls.begin(), cls.end(), [](unsigned char ch) { return std::isdigit(ch); }))
                label = std::stoi(cls) < int(set->m_classes.size()) ? std::stoi(cls) : -1;
            if (label < 0) {
                *error = options.valLabels + ":" + std::to_string(lineNo) + ": class '" + cls + "' is not one of the "
                       + std::to_string(set->m_classes.size()) + " training classes";
                return nullptr;
            }
            if (!fs::is_regular_file(valDir / file)) {
                *error = options.valLabels + ":" + std::to_string(lineNo) + ": " + (valDir / file).string()
                       + " does not exist";
                return nullptr;
            }
            set->m_val.push_back({(valDir / file).string(), label});
        }
    } else if (haveVal) {
        for (const auto &cls : subfolders(valDir)) {
            const auto it = std::find(set->m_classes.begin(), set->m_classes.end(), cls);
            if (it == set->m_classes.end()) {
                *error = (valDir / cls).string() + ": class '" + cls + "' is not among the training classes";
                return nullptr;
            }
            for (const auto &f : imagesIn(valDir / cls))
                set->m_val.push_back({f, int(it - set->m_classes.begin())});
        }
    }
    if (set->m_val.empty()) {
        *error = rootText + ": no validation images (add val/<class>/ folders, a label file, or raise data.val_fraction)";
        return nullptr;
    }
    return set;
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
    cv::Mat decoded = cv::imread(path, m_grey ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
    if (decoded.empty())
        throw DataError(path + ": cannot be decoded as an image (damaged, truncated or not an image)");
    if (!m_grey)
        cv::cvtColor(decoded, decoded, cv::COLOR_BGR2RGB);
    return decoded;
}

std::string ImageFolder::origin(Split split, std::int64_t index) const
{
    return entries(split).at(size_t(index)).path;
}

} // namespace gatefold::data
