#include "imagefolder.h"

#include "folderlisting.h"
#include "imagefile.h"
#include "imageformats.h"

#include "files/userfile.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace gatefold::data {
namespace {

namespace fs = std::filesystem;

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
    std::vector<std::string> bad;
    if (!set->listTraining(trainDir.string(), trainDir == root, haveVal ? 0.0 : options.valFraction,
                           options.splitSeed, &bad, opening))
        return nullptr;
    if (!options.valLabels.empty() && !haveVal) {
        opening.fail("data.val_labels is set, but " + valDir.string() + " does not exist; put the validation images "
                     "there, or clear data.val_labels", "data.val_labels");
        return nullptr;
    }
    const bool valOk = !haveVal ? true
                     : options.valLabels.empty() ? set->listValidation(valDir.string(), &bad, opening)
                                                 : set->readValLabels(valDir.string(), options.valLabels, &bad, opening);
    if (!valOk)
        return nullptr;
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

bool ImageFolder::listTraining(const std::string &trainDirText, bool atRoot, double valFraction,
                               std::uint64_t splitSeed, std::vector<std::string> *bad, Opening &opening)
{
    const fs::path trainDir(trainDirText);
    std::string why;
    if (!listSubfolders(trainDirText, &m_classes, &why, &m_passed))
        return opening.fail(why);
    if (atRoot)
        m_classes.erase(std::remove(m_classes.begin(), m_classes.end(), "val"), m_classes.end());
    if (m_classes.empty())
        return opening.fail(trainDirText + ": no class folders (expected " + trainDirText + "/<class>/<images>)");
    for (size_t c = 0; c < m_classes.size(); ++c) {
        const fs::path classDir = trainDir / m_classes[c];
        std::vector<std::string> files;
        PassedOver passed;
        const size_t badBefore = bad->size();
        if (!listImages(classDir.string(), &files, bad, &why, &passed))
            return opening.fail(why);
        if (files.empty() && bad->size() == badBefore)
            return opening.fail(classDir.string() + ": empty class folder: no " + imageFormatNames() + " images; "
                                + describeEmptyClass(passed) + "; remove the folder or add images");
        m_passed.add(passed);
        for (const auto &f : files) {
            const bool held = double(nameHash(fs::path(f).filename().string(), splitSeed) % 1000000) / 1e6 < valFraction;
            (held ? m_val : m_train).push_back({f, int(c)});
        }
    }
    return true;
}

bool ImageFolder::listValidation(const std::string &valDirText, std::vector<std::string> *bad, Opening &opening)
{
    const fs::path valDir(valDirText);
    std::vector<std::string> valClasses;
    std::string why;
    if (!listSubfolders(valDirText, &valClasses, &why, &m_passed))
        return opening.fail(why);
    for (const auto &cls : valClasses) {
        const auto it = std::find(m_classes.begin(), m_classes.end(), cls);
        if (it == m_classes.end())
            return opening.fail((valDir / cls).string() + ": class '" + cls + "' is not among the training classes");
        std::vector<std::string> files;
        if (!listImages((valDir / cls).string(), &files, bad, &why, &m_passed))
            return opening.fail(why);
        for (const auto &f : files)
            m_val.push_back({f, int(it - m_classes.begin())});
    }
    return true;
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
        std::string problem = files::regularFileProblem(path);
        if (problem.empty())
            problem = imageSignatureProblem(path);
        if (!problem.empty()) {
            bad->push_back(at + problem);
            continue;
        }
        m_val.push_back({path, label});
    }
    // The images in val/ itself that the file does not name are passed over, said (a labels file
    // cut short, or written for another copy of the set, would else shrink the validation set silently).
    std::set<std::string> listed;
    for (const auto &[file, line] : listedOn)
        listed.insert((valDir / file).lexically_normal().string());
    std::vector<std::string> images, unreadable;
    PassedOver ignored;
    if (listImages(valDir.string(), &images, &unreadable, &why, &ignored))
        for (const auto &image : images)
            if (!listed.count(fs::path(image).lexically_normal().string()))
                m_passed.unlisted.push_back(image);
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
    return decodeImageFile(entries(split).at(size_t(index)).path, m_grey);
}

std::vector<std::string> ImageFolder::notices() const
{
    return describePassedOver(m_passed);
}

std::string ImageFolder::origin(Split split, std::int64_t index) const
{
    return entries(split).at(size_t(index)).path;
}

} // namespace gatefold::data
