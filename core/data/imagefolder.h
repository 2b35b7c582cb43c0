#pragma once

#include "imagesource.h"

#include <memory>

namespace gatefold::data {

struct ImageFolderOptions {
    bool grey = false;          // decode as 1 channel
    double valFraction = 0.1;   // of each class, when there is no val/ folder
    std::uint64_t splitSeed = 0;
    std::string valLabels;      // val/ holds images directly: a CSV "file,class" (name or index) per line
    bool skipBadFiles = false;  // an image file that cannot be read (a dangling link, empty, …): leave it out
                                // and say so in excludedFiles() (true), or refuse to open (false)
};

// An image-folder data set (the ImageNet / Imagenette / Imagewoof layout):
// <root>/train/<class>/* and <root>/val/<class>/*, class names from the
// folder names (sorted), images checked (encodedimage.h) and decoded by
// OpenCV (JPEG, PNG, WebP, BMP, TIFF).
// Without val/ (or with <root>/<class>/* only), a deterministic per-class
// split by a hash of each file's name and `splitSeed` holds out valFraction.
class ImageFolder : public ImageSource
{
public:
    // Lists the files (nothing is decoded yet); nullptr and a message on a
    // missing or unreadable root, no class folders, a class folder that is a
    // dangling link or cannot be listed, an empty class folder, an image file
    // that cannot be read as a file (unless skipBadFiles), a val folder whose
    // classes are not the training classes, or a label file that is missing,
    // names a missing file or an unknown class, or lists a file twice.
    // `errorKey` (if given) receives the setting the message concerns.
    static std::unique_ptr<ImageFolder> open(const std::string &root, const ImageFolderOptions &options,
                                             std::string *error, std::string *errorKey = nullptr);

    std::string name() const override { return "folder"; }
    std::vector<std::string> classNames() const override { return m_classes; }
    int channels() const override { return m_grey ? 1 : 3; }
    std::int64_t size(Split split) const override;
    int label(Split split, std::int64_t index) const override;
    cv::Mat image(Split split, std::int64_t index) const override;
    std::string origin(Split split, std::int64_t index) const override;
    bool encoded() const override { return true; }
    std::vector<std::string> excludedFiles() const override { return m_excluded; }

private:
    struct Entry {
        std::string path;
        int label;
    };
    const std::vector<Entry> &entries(Split split) const { return split == Split::Train ? m_train : m_val; }
    struct Opening;  // where open() puts its error and the setting it concerns
    // The flat val/ folder's labels from `labelFile` ("file,class" lines).
    bool readValLabels(const std::string &valDir, const std::string &labelFile, std::vector<std::string> *bad,
                       Opening &opening);

    std::vector<std::string> m_classes;
    std::vector<Entry> m_train;
    std::vector<Entry> m_val;
    std::vector<std::string> m_excluded;  // what is wrong with each file left out (skipBadFiles)
    bool m_grey = false;
};

} // namespace gatefold::data
