#include "folderlisting.h"

#include "files/userfile.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace gatefold::data {
namespace {

namespace fs = std::filesystem;

// Every entry of `dir`, or false with why it cannot be listed.
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
    return true;
}

} // namespace

bool hasImageExtension(const std::string &name)
{
    std::string ext = fs::path(name).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char *e : {".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff"})
        if (ext == e)
            return true;
    return false;
}

bool listSubfolders(const std::string &dir, std::vector<std::string> *names, std::string *error)
{
    std::vector<fs::directory_entry> entries;
    if (!entriesOf(dir, &entries, error))
        return false;
    for (const auto &e : entries) {
        std::error_code ec;
        const bool link = e.is_symlink(ec);
        if (!link) {
            if (e.is_directory(ec))
                names->push_back(e.path().filename().string());
            continue;
        }
        const auto target = fs::status(e.path(), ec);  // follows the link
        if (ec || !fs::exists(target)) {
            *error = files::folderProblem(e.path().string()) + " (it stands among the class folders of '" + dir + "')";
            return false;
        }
        if (fs::is_directory(target))
            names->push_back(e.path().filename().string());
    }
    std::sort(names->begin(), names->end());
    return true;
}

bool listImages(const std::string &dir, std::vector<std::string> *images, std::vector<std::string> *bad,
                std::string *error)
{
    std::vector<fs::directory_entry> entries;
    if (!entriesOf(dir, &entries, error))
        return false;
    std::vector<std::string> found;
    for (const auto &e : entries)
        if (hasImageExtension(e.path().filename().string()))
            found.push_back(e.path().string());
    std::sort(found.begin(), found.end());
    for (const auto &path : found) {
        std::string problem = files::regularFileProblem(path);
        if (problem.empty())
            images->push_back(path);
        else
            bad->push_back(std::move(problem));
    }
    return true;
}

} // namespace gatefold::data
