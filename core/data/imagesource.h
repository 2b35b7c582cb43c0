#pragma once

#include "dataset.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gatefold::data {

// A file that cannot be read as what it claims to be. what() names the file
// and what is wrong with it.
class DataError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Labelled images as stored: 8-bit, RGB (3 channels) or grey (1), each its
// own size. Readers of real formats implement it; TransformedDataset turns one
// into the trainer's Dataset (resized, cropped, float). image() may be called
// from several threads at once.
class ImageSource
{
public:
    virtual ~ImageSource() = default;

    virtual std::string name() const = 0;
    virtual std::vector<std::string> classNames() const = 0;
    virtual int channels() const = 0;
    virtual std::int64_t size(Split split) const = 0;
    virtual int label(Split split, std::int64_t index) const = 0;
    // (H, W) CV_8UC1 or CV_8UC3 in RGB order; throws DataError for an unreadable image.
    virtual cv::Mat image(Split split, std::int64_t index) const = 0;
    // Where image `index` comes from, for messages ("data_batch_2.bin #417", a file path).
    virtual std::string origin(Split split, std::int64_t index) const = 0;
    // Whether image() decodes a file (worth caching) rather than copying from memory.
    virtual bool encoded() const { return false; }
    // Files left out when the source was opened because they cannot be read
    // (data.bad_images = skip), each as a sentence naming the file.
    virtual std::vector<std::string> excludedFiles() const { return {}; }
    // What was passed over on purpose when the source was opened (hidden
    // entries, files of other formats, nested folders), one sentence each:
    // nothing is left out without a word.
    virtual std::vector<std::string> notices() const { return {}; }
};

} // namespace gatefold::data
