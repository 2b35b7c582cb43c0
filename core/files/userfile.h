#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::files {

// What may stand where a file is expected.
enum class Accept {
    RegularFile,      // a data file: its size must be known before it is read
    RegularOrStream,  // a text a user hands over: also a fifo or a pipe (`--config <(gen)`)
};

// Reads the whole of `path` into `content`. False with a sentence in `error`
// that names the path, says what is wrong (missing, a dangling or looping
// symbolic link, a folder, a device, a socket, permission denied, empty, more
// than `maxBytes`, a read error) and what to do. Never blocks on a fifo that
// has no writer (it reads as empty) and never reads a device such as /dev/zero.
bool readFile(const std::string &path, std::uint64_t maxBytes, Accept accept, std::vector<std::uint8_t> *content,
              std::string *error);
bool readFile(const std::string &path, std::uint64_t maxBytes, Accept accept, std::string *content, std::string *error);

// Reads standard input to its end, as readFile reads a stream: refused when it
// is a terminal (nothing was piped in) and when it holds more than `maxBytes`.
bool readStandardInput(std::uint64_t maxBytes, std::string *content, std::string *error);

// Empty when `path` is a regular file this process may read (symbolic links
// followed); otherwise the sentence readFile would give, without reading it.
// `allowEmpty` accepts a file of 0 bytes.
std::string regularFileProblem(const std::string &path, bool allowEmpty = false);

// Empty when `path` is a folder this process may list; otherwise why not
// (missing, a dangling or looping link, a file, permission denied).
std::string folderProblem(const std::string &path);

// "1.5 GiB", "300 bytes": sizes in messages.
std::string describeBytes(std::uint64_t bytes);

} // namespace gatefold::files
