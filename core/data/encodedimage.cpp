#include "encodedimage.h"
#include "imageformats.h"

#include <zlib.h>

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <jpeglib.h>
#include <jerror.h>

namespace gatefold::data {
namespace {

std::uint32_t bigEndian32(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

std::uint32_t littleEndian32(const std::uint8_t *p)
{
    return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) | (std::uint32_t(p[3]) << 24);
}

std::uint32_t littleEndian24(const std::uint8_t *p)
{
    return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16);
}

// 2^27 pixels (11585 x 11585): decoded as 8-bit RGB, 400 MB, with the decoder's own buffers about
// 1 GB. OpenCV allows 2^30; a training image that large is a damaged header far more often than a
// picture, and a few loader threads decoding such files at once would exhaust a workstation.
constexpr std::uint64_t kDefaultMaxPixels = std::uint64_t(1) << 27;

std::string tooManyPixels(std::uint64_t width, std::uint64_t height)
{
    return "its header claims " + std::to_string(width) + " x " + std::to_string(height) + " pixels, more than the "
         + std::to_string(maxImagePixels()) + " an image may have (OPENCV_IO_MAX_IMAGE_PIXELS); the file is damaged, "
         + "or too large to train on: scale it down or remove it";
}

std::string tooSmallFor(std::uint64_t width, std::uint64_t height, std::uint64_t have, std::uint64_t need)
{
    return "its header claims " + std::to_string(width) + " x " + std::to_string(height) + " pixels, which take at least "
         + std::to_string(need) + " bytes of image data, but it holds " + std::to_string(have)
         + ": the file is truncated or damaged; replace it";
}

std::string checkSize(std::uint64_t width, std::uint64_t height)
{
    if (width == 0 || height == 0)
        return "its header claims an image of " + std::to_string(width) + " x " + std::to_string(height)
             + " pixels; the file is damaged";
    if (width * height > maxImagePixels() || width > (1u << 20) || height > (1u << 20))
        return tooManyPixels(width, height);
    return {};
}

// libjpeg reports through these instead of printing to stderr and exiting.
struct JpegReport {
    jpeg_error_mgr manager;  // first: libjpeg hands back a pointer to it
    std::jmp_buf jump;
    int warnings;
    char firstWarning[JMSG_LENGTH_MAX];
    char error[JMSG_LENGTH_MAX];
};

void jpegError(j_common_ptr info)
{
    auto *report = reinterpret_cast<JpegReport *>(info->err);
    (*info->err->format_message)(info, report->error);
    std::longjmp(report->jump, 1);
}

void jpegMessage(j_common_ptr info, int level)
{
    auto *report = reinterpret_cast<JpegReport *>(info->err);
    if (level < 0 && report->warnings++ == 0)  // level >= 0: trace output, not a warning
        (*info->err->format_message)(info, report->firstWarning);
}

void jpegSilence(j_common_ptr) {}

enum class JpegResult { Fine, Error, Warning, TooLarge, TooSmall };

// The most memory the check's decode may take (a progressive file holds every coefficient of the
// image at once: 2 bytes a coefficient, so about 6 bytes a pixel without subsampling).
constexpr std::uint64_t kJpegMemoryLimit = std::uint64_t(1) << 30;

std::uint64_t minimumJpegBytes(std::uint64_t width, std::uint64_t height)
{
    return ((width + 7) / 8) * ((height + 7) / 8) / 8;
}

// Decodes every scan at 1/8 scale (each coefficient is still read, the
// inverse DCT and colour conversion mostly skipped) and says whether libjpeg
// erred or warned. Plain C data only: longjmp skips C++ destructors.
JpegResult readJpeg(const std::vector<std::uint8_t> &bytes, JpegReport *report, std::uint64_t *width,
                    std::uint64_t *height)
{
    jpeg_decompress_struct info;
    std::memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&report->manager);
    report->manager.error_exit = jpegError;
    report->manager.emit_message = jpegMessage;
    report->manager.output_message = jpegSilence;
    report->warnings = 0;
    JSAMPLE *volatile row = nullptr;  // volatile: read after a longjmp
    if (setjmp(report->jump)) {
        std::free(row);
        jpeg_destroy_decompress(&info);
        return JpegResult::Error;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes.data(), static_cast<unsigned long>(bytes.size()));
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (!checkSize(*width, *height).empty()) {
        jpeg_destroy_decompress(&info);
        return JpegResult::TooLarge;
    }
    // Huffman coding spends at least one bit on each 8 x 8 block's DC coefficient: a file
    // smaller than that claims an image it cannot hold (a decompression bomb: 450 bytes that
    // claimed 65032 x 9736 pixels made libjpeg allocate 1.9 GB for a progressive decode).
    if (!info.arith_code && bytes.size() < minimumJpegBytes(*width, *height)) {
        jpeg_destroy_decompress(&info);
        return JpegResult::TooSmall;
    }
    // Whatever else it claims, the check decodes within this much memory (libjpeg refuses more
    // with JERR_NO_BACKING_STORE): an arithmetic-coded file can be small and still large.
    info.mem->max_memory_to_use = long(kJpegMemoryLimit);
    info.scale_num = 1;
    info.scale_denom = 8;
    info.dct_method = JDCT_IFAST;
    info.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&info);
    row = static_cast<JSAMPLE *>(std::malloc(size_t(info.output_width) * size_t(info.output_components)));
    JSAMPROW rows[1] = {row};
    while (info.output_scanline < info.output_height)
        jpeg_read_scanlines(&info, rows, 1);
    jpeg_finish_decompress(&info);
    std::free(row);
    jpeg_destroy_decompress(&info);
    return report->warnings > 0 ? JpegResult::Warning : JpegResult::Fine;
}

std::string checkJpeg(const std::vector<std::uint8_t> &bytes)
{
    JpegReport report;
    std::uint64_t width = 0, height = 0;
    switch (readJpeg(bytes, &report, &width, &height)) {
    case JpegResult::Fine:
        return {};
    case JpegResult::TooLarge:
        return checkSize(width, height);
    case JpegResult::TooSmall:
        return tooSmallFor(width, height, bytes.size(), minimumJpegBytes(width, height));
    case JpegResult::Error:
        if (report.manager.msg_code == JERR_NO_BACKING_STORE)
            return "its header claims " + std::to_string(width) + " x " + std::to_string(height)
                 + " pixels, which take more than " + std::to_string(kJpegMemoryLimit >> 20)
                 + " MB to decode; the file is damaged, or too large to train on: scale it down or remove it";
        return std::string("damaged JPEG data: ") + report.error + " (libjpeg); replace the file or remove it";
    case JpegResult::Warning:
        return std::string("damaged JPEG data: ") + report.firstWarning + " (libjpeg"
             + (report.warnings > 1 ? ", and " + std::to_string(report.warnings - 1) + " more warnings" : "")
             + "); the image would be decoded with grey or garbled parts: replace the file or remove it";
    }
    return {};
}

bool validPngDepth(int colourType, int depth)
{
    switch (colourType) {
    case 0: return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3: return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2:
    case 4:
    case 6: return depth == 8 || depth == 16;
    default: return false;
    }
}

int pngChannels(int colourType)
{
    switch (colourType) {
    case 2: return 3;
    case 4: return 2;
    case 6: return 4;
    default: return 1;  // grey, palette
    }
}

constexpr std::uint64_t kDeflateMaxRatio = 1032;

std::string checkPng(const std::vector<std::uint8_t> &bytes)
{
    size_t at = 8;
    bool header = false, data = false;
    std::uint64_t width = 0, height = 0, rawBytes = 0, idatBytes = 0;
    while (true) {
        if (at == bytes.size())
            return "truncated: it ends before its IEND chunk (the file was cut short); replace it";
        if (bytes.size() - at < 12)
            return "truncated: it ends inside a chunk at byte " + std::to_string(at) + "; replace the file";
        const std::uint32_t length = bigEndian32(bytes.data() + at);
        const std::uint8_t *type = bytes.data() + at + 4;
        const std::string name(reinterpret_cast<const char *>(type), 4);
        for (int i = 0; i < 4; ++i)
            if (!((type[i] >= 'A' && type[i] <= 'Z') || (type[i] >= 'a' && type[i] <= 'z')))
                return "damaged: the chunk at byte " + std::to_string(at) + " has no valid type; replace the file";
        if (length > bytes.size() - at - 12)
            return "truncated: chunk " + name + " at byte " + std::to_string(at) + " claims " + std::to_string(length)
                 + " bytes, but only " + std::to_string(bytes.size() - at - 12)
                 + " follow (the file was cut short); replace it";
        const uLong crc = crc32(crc32(0L, Z_NULL, 0), type, uInt(length + 4));
        if (crc != bigEndian32(type + 4 + length))
            return "damaged: the checksum (CRC) of chunk " + name + " at byte " + std::to_string(at)
                 + " does not match its data (a changed byte or a damaged copy); replace the file";
        if (!header) {
            if (name != "IHDR" || length != 13)
                return "damaged: a PNG starts with its IHDR chunk, this one with " + name + "; replace the file";
            const std::string size = checkSize(bigEndian32(type + 4), bigEndian32(type + 8));
            if (!size.empty())
                return size;
            if (!validPngDepth(type[13], type[12]))
                return "damaged: colour type " + std::to_string(type[13]) + " with bit depth " + std::to_string(type[12])
                     + " does not exist in PNG; replace the file";
            width = bigEndian32(type + 4);
            height = bigEndian32(type + 8);
            rawBytes = height * (1 + (width * pngChannels(type[13]) * type[12] + 7) / 8);
            header = true;
        }
        data = data || name == "IDAT";
        if (name == "IDAT")
            idatBytes += length;
        if (name == "IEND") {
            if (!data)
                return "damaged: it holds no image data (no IDAT chunk); replace the file";
            // Deflate codes at most 258 bytes in 2 bits (1032:1): fewer bytes cannot hold the pixels
            // (a decompression bomb, or a file cut and patched).
            if (idatBytes < rawBytes / kDeflateMaxRatio)
                return tooSmallFor(width, height, idatBytes, rawBytes / kDeflateMaxRatio);
            return {};
        }
        at += 12 + size_t(length);
    }
}

std::string checkWebp(const std::vector<std::uint8_t> &bytes)
{
    if (bytes.size() < 30)
        return "truncated: shorter than a WebP header; replace the file";
    const std::uint64_t riff = littleEndian32(bytes.data() + 4);
    if (riff + 8 > bytes.size())
        return "truncated: its RIFF header promises " + std::to_string(riff + 8) + " bytes, the file has "
             + std::to_string(bytes.size()) + " (it was cut short); replace it";
    const std::uint8_t *chunk = bytes.data() + 12;
    if (std::memcmp(chunk, "VP8X", 4) == 0)
        return checkSize(1 + littleEndian24(chunk + 12), 1 + littleEndian24(chunk + 15));
    if (std::memcmp(chunk, "VP8L", 4) == 0) {
        if (chunk[8] != 0x2f)
            return "damaged: its lossless (VP8L) header has no signature; replace the file";
        const std::uint32_t bits = littleEndian32(chunk + 9);
        return checkSize(1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff));
    }
    if (std::memcmp(chunk, "VP8 ", 4) == 0) {
        if (chunk[11] != 0x9d || chunk[12] != 0x01 || chunk[13] != 0x2a)
            return "damaged: its VP8 frame has no start code; replace the file";
        return checkSize(std::uint32_t(chunk[14] | (chunk[15] << 8)) & 0x3fff,
                         std::uint32_t(chunk[16] | (chunk[17] << 8)) & 0x3fff);
    }
    return "damaged: a WebP file holds a VP8, VP8L or VP8X chunk first; replace the file";
}

std::string checkBmp(const std::vector<std::uint8_t> &bytes)
{
    if (bytes.size() < 26)
        return "truncated: shorter than a BMP header; replace the file";
    const auto width = std::int32_t(littleEndian32(bytes.data() + 18));
    const auto height = std::int32_t(littleEndian32(bytes.data() + 22));
    return checkSize(std::uint64_t(std::llabs(width)), std::uint64_t(std::llabs(height)));
}

// The first image's size from its directory (tags ImageWidth 256 and ImageLength 257; SHORT or LONG).
std::string checkTiff(const std::vector<std::uint8_t> &bytes)
{
    const bool little = bytes[0] == 'I';
    const auto u16 = [&](size_t at) {
        return little ? std::uint32_t(bytes[at] | (bytes[at + 1] << 8)) : std::uint32_t((bytes[at] << 8) | bytes[at + 1]);
    };
    const auto u32 = [&](size_t at) { return little ? littleEndian32(bytes.data() + at) : bigEndian32(bytes.data() + at); };
    if (bytes.size() < 8)
        return "truncated: shorter than a TIFF header; replace the file";
    const std::uint64_t ifd = u32(4);
    if (ifd + 2 > bytes.size())
        return "truncated: its first image directory lies beyond the end of the file; replace it";
    const std::uint64_t entries = u16(size_t(ifd));
    if (ifd + 2 + entries * 12 > bytes.size())
        return "truncated: its first image directory runs past the end of the file; replace it";
    std::uint64_t width = 0, height = 0;
    for (std::uint64_t i = 0; i < entries; ++i) {
        const size_t at = size_t(ifd + 2 + i * 12);
        const std::uint32_t tag = u16(at), type = u16(at + 2);
        if (tag != 256 && tag != 257)
            continue;
        const std::uint64_t value = type == 3 ? u16(at + 8) : type == 4 ? u32(at + 8) : 0;
        (tag == 256 ? width : height) = value;
    }
    return checkSize(width, height);
}

} // namespace

std::uint64_t maxImagePixels()
{
    static const std::uint64_t limit = [] {
        const char *text = std::getenv("OPENCV_IO_MAX_IMAGE_PIXELS");
        char *end = nullptr;
        const unsigned long long v = text ? std::strtoull(text, &end, 10) : 0;
        return text && end && *end == '\0' && v > 0 ? std::uint64_t(v) : kDefaultMaxPixels;
    }();
    return limit;
}

std::string checkEncodedImage(const std::vector<std::uint8_t> &bytes)
{
    const ImageFormat *format = formatOfSignature(bytes.data(), bytes.size());
    if (!format)
        return notAnImageProblem(bytes.data(), bytes.size());
    const std::string name = format->name;
    if (name == "JPEG")
        return checkJpeg(bytes);
    if (name == "PNG")
        return checkPng(bytes);
    if (name == "WebP")
        return checkWebp(bytes);
    if (name == "BMP")
        return checkBmp(bytes);
    return checkTiff(bytes);  // the one format left (imageformats.h)
}

} // namespace gatefold::data
