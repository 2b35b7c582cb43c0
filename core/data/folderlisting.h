#pragma once

#include <string>
#include <vector>

namespace gatefold::data {

// Whether a file name has the extension of an image an image folder holds
// (JPEG, PNG, WebP, BMP, TIFF; any case).
bool hasImageExtension(const std::string &name);

// The sub-folders of `dir` (sorted), symbolic links to folders included. False
// with a sentence when `dir` cannot be listed or an entry is a symbolic link
// that leads nowhere (dangling, or a loop): a class folder must never vanish
// without a word.
bool listSubfolders(const std::string &dir, std::vector<std::string> *names, std::string *error);

// The image files of `dir` (sorted paths): names with an image extension,
// other files are not looked at. Each one that cannot be read as a file (a
// dangling or looping link, a folder, a fifo, a device, unreadable, empty)
// goes to `bad` with its sentence instead. False when `dir` cannot be listed.
bool listImages(const std::string &dir, std::vector<std::string> *images, std::vector<std::string> *bad,
                std::string *error);

} // namespace gatefold::data
