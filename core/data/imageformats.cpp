#include "imageformats.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gatefold::data {
namespace {

bool startsWith(const std::uint8_t *head, std::size_t size, const char *magic, std::size_t n, std::size_t at = 0)
{
    return size >= at + n && std::memcmp(head + at, magic, n) == 0;
}

// Formats OpenCV (or another program) knows but Gatefold does not take, by
// their signature: named in the message so that the user knows what to convert.
const char *otherFormatOf(const std::uint8_t *head, std::size_t size)
{
    if (size >= 2 && head[0] == 'P' && head[1] >= '1' && head[1] <= '7')
        return "a Netpbm image (PBM, PGM, PPM or PAM)";
    if (startsWith(head, size, "GIF8", 4))
        return "a GIF image";
    if (startsWith(head, size, "\x76\x2f\x31\x01", 4))
        return "an OpenEXR image";
    if (startsWith(head, size, "\x59\xa6\x6a\x95", 4))
        return "a Sun raster image";
    if (startsWith(head, size, "\x01\xda", 2))
        return "an SGI image";
    if (startsWith(head, size, "#define", 7))
        return "an XBM image";
    if (startsWith(head, size, "\0\0\0\x0c" "jP  ", 8) || startsWith(head, size, "\xff\x4f\xff\x51", 4))
        return "a JPEG 2000 image";
    if (startsWith(head, size, "ftyp", 4, 4))
        return "an HEIF/AVIF image or a video";
    if (startsWith(head, size, "8BPS", 4))
        return "a Photoshop (PSD) image";
    return nullptr;
}

} // namespace

const std::vector<ImageFormat> &imageFormats()
{
    static const std::vector<ImageFormat> formats{{"JPEG", {".jpg", ".jpeg"}},
                                                  {"PNG", {".png"}},
                                                  {"WebP", {".webp"}},
                                                  {"BMP", {".bmp"}},
                                                  {"TIFF", {".tif", ".tiff"}}};
    return formats;
}

std::string imageFormatNames()
{
    const auto &formats = imageFormats();
    std::string out;
    for (std::size_t i = 0; i < formats.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == formats.size() ? " or " : ", ") + formats[i].name;
    return out;
}

bool hasImageExtension(const std::string &name)
{
    const auto dot = name.rfind('.');
    if (dot == std::string::npos || dot == 0)
        return false;
    std::string ext = name.substr(dot);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const auto &format : imageFormats())
        for (const char *e : format.extensions)
            if (ext == e)
                return true;
    return false;
}

const ImageFormat *formatOfSignature(const std::uint8_t *head, std::size_t size)
{
    const auto &f = imageFormats();
    if (startsWith(head, size, "\xff\xd8\xff", 3))
        return &f[0];
    if (startsWith(head, size, "\x89PNG\r\n\x1a\n", 8))
        return &f[1];
    if (startsWith(head, size, "RIFF", 4) && startsWith(head, size, "WEBP", 4, 8))
        return &f[2];
    if (startsWith(head, size, "BM", 2))
        return &f[3];
    if (startsWith(head, size, "II*\0", 4) || startsWith(head, size, "MM\0*", 4))
        return &f[4];
    return nullptr;
}

std::string notAnImageProblem(const std::uint8_t *head, std::size_t size)
{
    std::string first;
    for (std::size_t i = 0; i < size && i < 8; ++i) {
        char hex[4];
        std::snprintf(hex, sizeof hex, "%02x", head[i]);
        first += (i ? " " : "") + std::string(hex);
    }
    const char *other = otherFormatOf(head, size);
    return "it is not a " + imageFormatNames() + " image (its first bytes are " + first + ")"
         + (other ? std::string("; it looks like ") + other + ", which Gatefold does not read: convert it to PNG"
                  : std::string("; it is damaged or another kind of file under an image's name: replace or remove it"));
}

std::string imageSignatureProblem(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return path + ": cannot be opened: " + std::strerror(errno);
    std::uint8_t head[16];
    ssize_t got;
    do
        got = ::read(fd, head, sizeof head);
    while (got < 0 && errno == EINTR);
    const int readError = errno;
    ::close(fd);
    if (got < 0)
        return path + ": cannot be read: " + std::strerror(readError);
    if (formatOfSignature(head, std::size_t(got)))
        return {};
    return path + ": cannot be decoded: " + notAnImageProblem(head, std::size_t(got));
}

} // namespace gatefold::data
