#pragma once

#include <string>
#include <vector>

namespace gatefold::data {

// What a listing passed over without reading it (paths, sorted per folder).
// Each kind is shown to the user (ImageSource::notices()), never dropped
// without a word.
struct PassedOver {
    std::vector<std::string> otherFiles;  // names of no supported image format (imageformats.h)
    std::vector<std::string> hidden;      // files and folders whose name starts with '.'
    std::vector<std::string> nested;      // folders inside a class folder (class folders are not nested)
    std::vector<std::string> loose;       // files beside the class folders, in no class
    std::vector<std::string> unlisted;    // images in val/ that data.val_labels does not name

    void add(const PassedOver &other);
    bool empty() const
    {
        return otherFiles.empty() && hidden.empty() && nested.empty() && loose.empty() && unlisted.empty();
    }
};

// One sentence per kind of entry passed over, e.g. "skipped 3 files that are
// not images of a supported format (…): 2 .gif, 1 .pgm, e.g. …; convert them to PNG to use them".
std::vector<std::string> describePassedOver(const PassedOver &passed);

// What a class folder without images holds instead, e.g. "it holds only 4
// .gif files (not a supported format) and a folder sub/ (class folders are
// not nested)", or "it holds nothing".
std::string describeEmptyClass(const PassedOver &folder);

// The sub-folders of `dir` (sorted names), symbolic links to folders included;
// hidden ones and files go to `passed` (when given). False with a sentence
// when `dir` cannot be listed or an entry is a symbolic link that leads
// nowhere (dangling, or a loop): a class folder must never vanish without a word.
bool listSubfolders(const std::string &dir, std::vector<std::string> *names, std::string *error,
                    PassedOver *passed = nullptr);

// The image files of `dir` (sorted paths): names with a supported image
// extension that are regular, readable, non-empty files starting with a
// supported format's signature. Each one that is not (a dangling or looping
// link, a folder, a fifo, a device, unreadable, empty, another kind of file
// under an image's name) goes to `bad` with its sentence instead. Hidden
// entries, files of other formats and sub-folders go to `passed`. False when
// `dir` cannot be listed.
bool listImages(const std::string &dir, std::vector<std::string> *images, std::vector<std::string> *bad,
                std::string *error, PassedOver *passed);

} // namespace gatefold::data
