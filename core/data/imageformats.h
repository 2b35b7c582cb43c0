#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::data {

// One image format Gatefold reads: its name, the file-name extensions it goes
// by, and the signatures (first bytes) its files start with.
struct ImageFormat {
    const char *name;
    std::vector<const char *> extensions;  // lower case, with the dot
};

// The image formats an image folder holds and `analyze --image` reads: JPEG,
// PNG, WebP, BMP, TIFF — the ones checked before OpenCV decodes them
// (encodedimage.h). OpenCV decodes more (PGM, PPM, EXR, Sun raster, …); those
// are not taken, so the data reader and analyze agree on every file.
const std::vector<ImageFormat> &imageFormats();

// "JPEG, PNG, WebP, BMP or TIFF".
std::string imageFormatNames();

// Whether a file name has the extension of a supported format (any case).
bool hasImageExtension(const std::string &name);

// The supported format whose signature the first bytes of a file (`head`,
// `size` of them) carry; nullptr when none does.
const ImageFormat *formatOfSignature(const std::uint8_t *head, std::size_t size);

// Why a file whose first bytes are `head` is no image of a supported format
// (its first bytes in hex, what to do), without the file's name.
std::string notAnImageProblem(const std::uint8_t *head, std::size_t size);

// Reads the first bytes of the regular file `path`: empty when they are the
// signature of a supported format, else "<path>: cannot be decoded: …".
// Cheap (one small read): checked for every file before a run is created.
std::string imageSignatureProblem(const std::string &path);

} // namespace gatefold::data
