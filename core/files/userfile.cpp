#include "userfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gatefold::files {
namespace {

std::string quoted(const std::string &path)
{
    return "'" + path + "'";
}

std::string linkTarget(const std::string &path)
{
    std::vector<char> buffer(4096);
    const ssize_t n = ::readlink(path.c_str(), buffer.data(), buffer.size() - 1);
    return n < 0 ? std::string() : std::string(buffer.data(), size_t(n));
}

bool isSymlink(const std::string &path)
{
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

std::string modeText(const struct stat &st)
{
    char text[32];
    std::snprintf(text, sizeof text, "%04o", unsigned(st.st_mode & 07777));
    return "mode " + std::string(text) + ", owner uid " + std::to_string(st.st_uid);
}

// Why `path` could not be reached or opened (errno `code` of stat or open).
std::string openFailure(const std::string &path, int code)
{
    switch (code) {
    case ENOENT:
        if (isSymlink(path))
            return quoted(path) + " is a symbolic link to '" + linkTarget(path)
                 + "', which does not exist; fix the link or remove it";
        return quoted(path) + " does not exist; check the path";
    case ELOOP:
        return quoted(path) + " is a symbolic link that leads back to itself (a loop); replace it with the file "
                              "or folder it should point to";
    case ENOTDIR:
        return quoted(path) + " does not exist: a part of the path is a file, not a folder; check the path";
    case EACCES: {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0)
            return quoted(path) + " cannot be reached: a folder on its path may not be entered (permission "
                                  "denied); make the folders readable for this user (chmod a+rx)";
        return quoted(path) + " cannot be read: permission denied (" + modeText(st)
             + "); make it readable for this user (chmod a+r) or run as its owner";
    }
    case ENAMETOOLONG:
        return "the path " + quoted(path.substr(0, 80) + "…") + " is too long; give a shorter one";
    case EMFILE:
    case ENFILE:
        return quoted(path) + " cannot be opened: too many open files; raise the limit (ulimit -n) and retry";
    default:
        return quoted(path) + " cannot be opened: " + std::strerror(code);
    }
}

// Empty when what `st` describes may be read as the file `path`.
std::string kindProblem(const std::string &path, const struct stat &st, Accept accept)
{
    if (S_ISREG(st.st_mode))
        return {};
    if (S_ISDIR(st.st_mode))
        return quoted(path) + " is a folder, not a file; give the file itself";
    if (S_ISFIFO(st.st_mode))
        return accept == Accept::RegularOrStream
                   ? std::string()
                   : quoted(path) + " is a fifo (a named pipe), not a regular file; give the file itself";
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return quoted(path) + " is a device, not a file; give a regular file";
    if (S_ISSOCK(st.st_mode))
        return quoted(path) + " is a socket, not a file; give a regular file";
    return quoted(path) + " is not a regular file; give a regular file";
}

std::string tooLarge(const std::string &path, std::uint64_t size, std::uint64_t maxBytes)
{
    return quoted(path) + " is " + describeBytes(size) + ", more than the " + describeBytes(maxBytes)
         + " such a file can hold; is it the right file?";
}

class Descriptor
{
public:
    explicit Descriptor(int fd) : m_fd(fd) {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

template<typename Buffer>
bool readInto(const std::string &path, std::uint64_t maxBytes, Accept accept, Buffer *content, std::string *error)
{
    content->clear();
    return readFileChunks(
        path, maxBytes, accept, [content](const char *data, std::size_t n) { content->insert(content->end(), data, data + n); },
        error, [content](std::uint64_t size) { content->reserve(size_t(size)); });
}

} // namespace

bool readFile(const std::string &path, std::uint64_t maxBytes, Accept accept, std::vector<std::uint8_t> *content,
              std::string *error)
{
    return readInto(path, maxBytes, accept, content, error);
}

bool readFile(const std::string &path, std::uint64_t maxBytes, Accept accept, std::string *content, std::string *error)
{
    return readInto(path, maxBytes, accept, content, error);
}

bool readFileChunks(const std::string &path, std::uint64_t maxBytes, Accept accept,
                    const std::function<void(const char *, std::size_t)> &sink, std::string *error,
                    const std::function<void(std::uint64_t)> &reserve, bool allowEmpty)
{
    // O_NONBLOCK: opening a fifo that has no writer returns at once instead of waiting for one.
    Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0) {
        *error = openFailure(path, errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) {
        *error = openFailure(path, errno);
        return false;
    }
    if (const std::string kind = kindProblem(path, st, accept); !kind.empty()) {
        *error = kind;
        return false;
    }
    if (S_ISREG(st.st_mode) && std::uint64_t(st.st_size) > maxBytes) {
        *error = tooLarge(path, std::uint64_t(st.st_size), maxBytes);
        return false;
    }
    // A fifo blocks from here on while a writer is attached; with none, read() says end of file.
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
    if (S_ISREG(st.st_mode) && reserve)
        reserve(std::uint64_t(st.st_size));
    std::vector<char> chunk(std::size_t(1) << 16);
    std::uint64_t total = 0;
    while (true) {
        const ssize_t n = ::read(fd.get(), chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *error = "reading " + quoted(path) + " failed: " + std::strerror(errno)
                   + (errno == EIO ? " (a damaged disk, or a network folder that went away)" : "");
            return false;
        }
        if (n == 0)
            break;
        if (total + std::uint64_t(n) > maxBytes) {
            *error = tooLarge(path, total + std::uint64_t(n), maxBytes);
            return false;
        }
        total += std::uint64_t(n);
        sink(chunk.data(), std::size_t(n));
    }
    if (total == 0 && !allowEmpty) {
        *error = quoted(path) + " is empty (0 bytes); give the file with its content";
        return false;
    }
    return true;
}

bool readStandardInput(std::uint64_t maxBytes, std::string *content, std::string *error)
{
    content->clear();
    if (::isatty(STDIN_FILENO)) {
        *error = "standard input is a terminal: nothing was piped in; give the text through a pipe "
                 "(… | gatefold-cli …) or a file";
        return false;
    }
    char chunk[1 << 16];
    while (true) {
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *error = std::string("reading standard input failed: ") + std::strerror(errno);
            return false;
        }
        if (n == 0)
            break;
        if (content->size() + std::uint64_t(n) > maxBytes) {
            *error = "standard input holds more than the " + describeBytes(maxBytes)
                   + " such a text can hold; is the right thing piped in?";
            return false;
        }
        content->append(chunk, size_t(n));
    }
    if (content->empty()) {
        *error = "standard input is empty: nothing was piped in";
        return false;
    }
    return true;
}

std::string regularFileProblem(const std::string &path, bool allowEmpty)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return openFailure(path, errno);
    if (std::string kind = kindProblem(path, st, Accept::RegularFile); !kind.empty())
        return kind;
    if (::access(path.c_str(), R_OK) != 0)
        return openFailure(path, errno);
    if (!allowEmpty && st.st_size == 0)
        return quoted(path) + " is empty (0 bytes); replace it with the real file or remove it";
    return {};
}

std::string fileKindProblem(const std::string &path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int code = errno;
        if (code == ENOENT && isSymlink(path))
            return "is a symbolic link to '" + linkTarget(path) + "', which does not exist";
        if (code == ENOENT || code == ENOTDIR)
            return "does not exist";
        if (code == ELOOP)
            return "is a symbolic link that leads back to itself (a loop)";
        if (code == EACCES)
            return "cannot be reached: a folder on its path may not be entered (permission denied)";
        return std::string("cannot be opened: ") + std::strerror(code);
    }
    std::string kind;
    if (S_ISDIR(st.st_mode))
        kind = "is a folder, not a file";
    else if (S_ISFIFO(st.st_mode))
        kind = "is a fifo (a named pipe), not a file";
    else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        kind = "is a device, not a file";
    else if (S_ISSOCK(st.st_mode))
        kind = "is a socket, not a file";
    else if (!S_ISREG(st.st_mode))
        kind = "is not a regular file";
    else if (::access(path.c_str(), R_OK) != 0)
        return "cannot be read: permission denied (" + modeText(st) + ")";
    if (!kind.empty() && isSymlink(path))
        kind += " (a symbolic link to '" + linkTarget(path) + "')";
    return kind;
}

std::string folderProblem(const std::string &path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return openFailure(path, errno);
    if (!S_ISDIR(st.st_mode))
        return quoted(path) + " is a file, not a folder; give the folder that holds the files";
    if (::access(path.c_str(), R_OK | X_OK) != 0)
        return quoted(path) + " cannot be listed: permission denied (" + modeText(st)
             + "); make it readable for this user (chmod a+rx) or run as its owner";
    return {};
}

std::string describeBytes(std::uint64_t bytes)
{
    if (bytes < 1024)
        return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    const char *units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = double(bytes) / 1024.0;
    int unit = 0;
    while (value >= 1024.0 && unit < 5) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
    return text;
}

} // namespace gatefold::files
