#pragma once

#include "folderlisting.h"
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
// OpenCV (JPEG, PNG, WebP, BMP, TIFF: imageformats.h). Hidden entries (names
// starting with '.'), files of other formats and folders inside class folders
// are passed over and said so in notices().
// Without val/ (or with <root>/<class>/* only), a deterministic per-class
// split by a hash of each file's name and `splitSeed` holds out valFraction.
class ImageFolder : public ImageSource
{
public:
    // Lists the files (nothing is decoded yet); nullptr and a message on a
    // missing or unreadable root, no class folders, a class folder that is a
    // dangling link or cannot be listed, an empty class folder (saying what it
    // holds instead), an image file that cannot be read as a file or does not
    // start with a supported format's signature (unless skipBadFiles), a val folder whose
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
    std::vector<std::string> notices() const override;

private:
    struct Entry {
        std::string path;
        int label;
    };
    const std::vector<Entry> &entries(Split split) const { return split == Split::Train ? m_train : m_val; }
    struct Opening;  // where open() puts its error and the setting it concerns
    // The class folders of `trainDir` (the root itself when `atRoot`: its val/ is no class) and their
    // images, `valFraction` of each class held out by name (0: there is a val/ folder).
    bool listTraining(const std::string &trainDir, bool atRoot, double valFraction, std::uint64_t splitSeed,
                      std::vector<std::string> *bad, Opening &opening);
    // val/<class>/ folders, each class one of the training classes.
    bool listValidation(const std::string &valDir, std::vector<std::string> *bad, Opening &opening);
    // The flat val/ folder's labels from `labelFile` ("file,class" lines).
    bool readValLabels(const std::string &valDir, const std::string &labelFile, std::vector<std::string> *bad,
                       Opening &opening);

    std::vector<std::string> m_classes;
    std::vector<Entry> m_train;
    std::vector<Entry> m_val;
    std::vector<std::string> m_excluded;  // what is wrong with each file left out (skipBadFiles)
    PassedOver m_passed;                  // hidden entries, files of other formats, nested folders: notices()
    bool m_grey = false;
};

} // namespace gatefold::data
