#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
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

// Reads `path` as readFile does — every check, never blocking on a fifo, never
// more than `maxBytes` — but hands its bytes to `sink` in chunks instead of
// keeping them: for files too large to hold twice (checkpoints) and for hashing.
// `reserve` (if given) learns a regular file's size before the first chunk.
// `allowEmpty` accepts a file of 0 bytes.
bool readFileChunks(const std::string &path, std::uint64_t maxBytes, Accept accept,
                    const std::function<void(const char *, std::size_t)> &sink, std::string *error,
                    const std::function<void(std::uint64_t)> &reserve = {}, bool allowEmpty = false);

// Reads standard input to its end, as readFile reads a stream: refused when it
// is a terminal (nothing was piped in) and when it holds more than `maxBytes`.
bool readStandardInput(std::uint64_t maxBytes, std::string *content, std::string *error);

// Empty when `path` is a regular file this process may read (symbolic links
// followed); otherwise the sentence readFile would give, without reading it.
// `allowEmpty` accepts a file of 0 bytes.
std::string regularFileProblem(const std::string &path, bool allowEmpty = false);

// What stands at `path` when it is not a regular file this process may read,
// as the end of a sentence about it: "does not exist", "is a folder", "is a
// fifo (a named pipe)", "is a device", "is a socket", "is a symbolic link
// that leads back to itself (a loop)", "is a symbolic link to 'x', which does
// not exist", "cannot be read: permission denied"; a link to a device or a
// fifo adds its target ("is a device (a symbolic link to '/dev/zero')").
// Empty for a readable regular file. Nothing is opened (a fifo never blocks).
std::string fileKindProblem(const std::string &path);

// Empty when `path` is a folder this process may list; otherwise why not
// (missing, a dangling or looping link, a file, permission denied).
std::string folderProblem(const std::string &path);

// "1.5 GiB", "300 bytes": sizes in messages.
std::string describeBytes(std::uint64_t bytes);

} // namespace gatefold::files
