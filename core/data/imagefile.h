#pragma once

#include <opencv2/core/mat.hpp>

#include <string>

namespace gatefold::data {

// Reads and decodes the image file `path`: (H, W) CV_8UC1 when `grey`, else
// CV_8UC3 in RGB order. The file must be of a supported format
// (imageformats.h) and pass checkEncodedImage (encodedimage.h) before OpenCV
// decodes it. Throws DataError naming the file, what is wrong and what to do.
// Image folders and `analyze --image` both read files through it, so they
// agree on every file.
cv::Mat decodeImageFile(const std::string &path, bool grey);

} // namespace gatefold::data
