#include "folderlisting.h"

#include "imageformats.h"

#include "files/userfile.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

namespace gatefold::data {
namespace {

namespace fs = std::filesystem;

constexpr size_t kExamples = 3;  // paths named per kind of entry passed over

// Every entry of `dir`, sorted, or false with why it cannot be listed.
bool entriesOf(const std::string &dir, std::vector<fs::directory_entry> *out, std::string *error)
{
    if (std::string problem = files::folderProblem(dir); !problem.empty()) {
        *error = problem;
        return false;
    }
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec))
        out->push_back(*it);
    if (ec) {
        *error = "'" + dir + "' cannot be listed: " + ec.message();
        return false;
    }
    std::sort(out->begin(), out->end());
    return true;
}

bool isHidden(const fs::directory_entry &e)
{
    const std::string name = e.path().filename().string();
    return !name.empty() && name[0] == '.';
}

std::string extensionOf(const std::string &path)
{
    const std::string name = fs::path(path).filename().string();
    const auto dot = name.rfind('.');
    if (dot == std::string::npos || dot == 0)
        return "without an extension";
    std::string ext = name.substr(dot);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

// "2 .gif, 1 .pgm": how many of `paths` have each extension.
std::string countByExtension(const std::vector<std::string> &paths)
{
    std::map<std::string, size_t> counts;
    for (const auto &p : paths)
        ++counts[extensionOf(p)];
    std::string out;
    for (const auto &[ext, n] : counts)
        out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + ext;
    return out;
}

// "a/x.gif, b/y.pgm and 3 more".
std::string examples(const std::vector<std::string> &paths)
{
    std::string out;
    for (size_t i = 0; i < paths.size() && i < kExamples; ++i)
        out += (i ? ", " : "") + paths[i];
    if (paths.size() > kExamples)
        out += " and " + std::to_string(paths.size() - kExamples) + " more";
    return out;
}

std::string plural(size_t n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The image candidates' problems, checked on the torch threads (one stat and
// one small read each: cheap, but a folder may hold a million files).
std::vector<std::string> fileProblems(const std::vector<std::string> &paths)
{
    std::vector<std::string> problems(paths.size());
    at::parallel_for(0, std::int64_t(paths.size()), 256, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t i = begin; i < end; ++i) {
            const std::string &path = paths[size_t(i)];
            std::string problem = files::regularFileProblem(path);
            problems[size_t(i)] = problem.empty() ? imageSignatureProblem(path) : std::move(problem);
        }
    });
    return problems;
}

} // namespace

void PassedOver::add(const PassedOver &other)
{
    otherFiles.insert(otherFiles.end(), other.otherFiles.begin(), other.otherFiles.end());
    hidden.insert(hidden.end(), other.hidden.begin(), other.hidden.end());
    nested.insert(nested.end(), other.nested.begin(), other.nested.end());
    loose.insert(loose.end(), other.loose.begin(), other.loose.end());
    unlisted.insert(unlisted.end(), other.unlisted.begin(), other.unlisted.end());
}

std::vector<std::string> describePassedOver(const PassedOver &p)
{
    std::vector<std::string> out;
    if (!p.otherFiles.empty())
        out.push_back("skipped " + plural(p.otherFiles.size(), "file that is not an image", "files that are not images")
                      + " of a supported format (" + imageFormatNames() + "): " + countByExtension(p.otherFiles)
                      + ", e.g. " + examples(p.otherFiles) + "; convert images to PNG to use them");
    if (!p.hidden.empty())
        out.push_back("skipped " + plural(p.hidden.size(), "hidden file or folder", "hidden files and folders")
                      + " (names starting with '.'): " + examples(p.hidden));
    if (!p.nested.empty())
        out.push_back("skipped " + plural(p.nested.size(), "folder", "folders")
                      + " inside class folders (class folders are not nested; move the images up into the class "
                        "folder): " + examples(p.nested));
    if (!p.loose.empty())
        out.push_back("skipped " + plural(p.loose.size(), "file", "files")
                      + " beside the class folders (an image belongs in the folder of its class): "
                      + examples(p.loose));
    if (!p.unlisted.empty())
        out.push_back("skipped " + plural(p.unlisted.size(), "validation image", "validation images")
                      + " that data.val_labels does not list (it labels the validation set; add a line 'file,class' "
                        "for each image to use): " + examples(p.unlisted));
    return out;
}

std::string describeEmptyClass(const PassedOver &folder)
{
    std::vector<std::string> parts;
    if (!folder.otherFiles.empty())
        parts.push_back(plural(folder.otherFiles.size(), "file", "files") + " of another format ("
                        + countByExtension(folder.otherFiles) + "; not " + imageFormatNames() + ")");
    if (!folder.nested.empty()) {
        std::string names;
        for (size_t i = 0; i < folder.nested.size() && i < kExamples; ++i)
            names += (i ? ", " : "") + fs::path(folder.nested[i]).filename().string() + "/";
        parts.push_back(plural(folder.nested.size(), "folder ", "folders ") + names
                        + " (class folders are not nested)");
    }
    if (!folder.hidden.empty())
        parts.push_back(plural(folder.hidden.size(), "hidden entry", "hidden entries") + " (names starting with '.')");
    if (parts.empty())
        return "it holds nothing";
    std::string out = "it holds only ";
    for (size_t i = 0; i < parts.size(); ++i)
        out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    return out;
}

bool listSubfolders(const std::string &dir, std::vector<std::string> *names, std::string *error, PassedOver *passed)
{
    std::vector<fs::directory_entry> entries;
    if (!entriesOf(dir, &entries, error))
        return false;
    PassedOver local;
    for (const auto &e : entries) {
        std::error_code ec;
        if (isHidden(e)) {
            local.hidden.push_back(e.path().string());
            continue;
        }
        if (!e.is_symlink(ec)) {
            if (e.is_directory(ec))
                names->push_back(e.path().filename().string());
            else
                local.loose.push_back(e.path().string());
            continue;
        }
        const auto target = fs::status(e.path(), ec);  // follows the link
        if (ec || !fs::exists(target)) {
            *error = files::folderProblem(e.path().string()) + " (it stands among the class folders of '" + dir + "')";
            return false;
        }
        if (fs::is_directory(target))
            names->push_back(e.path().filename().string());
        else
            local.loose.push_back(e.path().string());
    }
    if (passed)
        passed->add(local);
    return true;
}

bool listImages(const std::string &dir, std::vector<std::string> *images, std::vector<std::string> *bad,
                std::string *error, PassedOver *passed)
{
    std::vector<fs::directory_entry> entries;
    if (!entriesOf(dir, &entries, error))
        return false;
    std::vector<std::string> candidates;
    for (const auto &e : entries) {
        std::error_code ec;
        const std::string path = e.path().string();
        if (isHidden(e))
            passed->hidden.push_back(path);
        else if (hasImageExtension(e.path().filename().string()))
            candidates.push_back(path);  // even a folder: "x.png is a folder" is said, not skipped
        else if (e.is_directory(ec))
            passed->nested.push_back(path);
        else
            passed->otherFiles.push_back(path);
    }
    const std::vector<std::string> problems = fileProblems(candidates);
    for (size_t i = 0; i < candidates.size(); ++i) {
        if (problems[i].empty())
            images->push_back(candidates[i]);
        else
            bad->push_back(problems[i]);
    }
    return true;
}

} // namespace gatefold::data
