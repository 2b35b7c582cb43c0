#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::data {

// The most pixels an image file may claim: 2^27 (11585 x 11585), or
// OPENCV_IO_MAX_IMAGE_PIXELS when set (OpenCV's own limit, 2^30 by default, is
// checked after ours), so that a header claiming 10^10 pixels is refused with
// its file's name before OpenCV asserts or a decoder allocates gigabytes.
std::uint64_t maxImagePixels();

// Checks the bytes of an image file before OpenCV decodes them, since OpenCV
// decodes a damaged JPEG or PNG without a word to its caller (libjpeg and
// libpng print an anonymous warning on stderr and fill the rest grey):
// - JPEG: libjpeg reads every scan with an error manager of our own, so
//   "Premature end of JPEG file", "Corrupt JPEG data: …" and every other
//   libjpeg warning or error is caught here, for this file, on this thread;
// - PNG: the chunk structure, every chunk's CRC, IHDR and the final IEND;
// - WebP: the RIFF size against the file and the canvas size;
// - BMP, TIFF: the format's signature and the size in its header (OpenCV's own
//   decoders report the rest);
// and, for each, the pixel count its header claims against maxImagePixels().
// Decompression bombs — a few hundred bytes that claim a huge image — are
// refused before a decoder allocates for them: a Huffman-coded JPEG must hold
// at least a bit per 8 x 8 block, a PNG's image data at least 1/1032 of its
// pixels' bytes (deflate's best ratio), and the JPEG check decodes within 1 GB.
// Empty when the file may be decoded; otherwise what is wrong, without the
// file's name (the caller has it).
std::string checkEncodedImage(const std::vector<std::uint8_t> &bytes);

} // namespace gatefold::data
