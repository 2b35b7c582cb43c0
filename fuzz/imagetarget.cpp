// Image decoding as a data set does it: the input is the one training image
// of an image folder (train/a/, val/a/ holds a whole PNG), named with the
// extension its first bytes suggest (OpenCV picks the decoder by content
// anyway), opened in colour and in grey and decoded.

#include "fuzzharnesses.h"
#include "scratchdir.h"

#include "data/imagefolder.h"

#include <opencv2/imgcodecs.hpp>

#include <cstring>

namespace gatefold::fuzz {
namespace {

std::string extensionFor(const std::uint8_t *data, std::size_t size)
{
    auto starts = [&](const char *magic, std::size_t at = 0) {
        const std::size_t n = std::strlen(magic);
        return size >= at + n && std::memcmp(data + at, magic, n) == 0;
    };
    if (starts("\xff\xd8"))
        return ".jpg";
    if (starts("RIFF") && starts("WEBP", 8))
        return ".webp";
    if (starts("BM"))
        return ".bmp";
    if (starts("II*") || starts("MM"))
        return ".tif";
    return ".png";
}

const ScratchDir &imageFolder()
{
    static const ScratchDir dir("image");
    static const bool ready = [] {
        const ScratchDir &d = dir;
        std::vector<std::uint8_t> png;
        cv::imencode(".png", cv::Mat(4, 4, CV_8UC3, cv::Scalar(10, 20, 30)), png);
        d.write("val/a/whole.png", png.data(), png.size());
        return true;
    }();
    (void)ready;
    return dir;
}

bool openAndDecode(const ScratchDir &dir, const std::string &file, bool grey)
{
    data::ImageFolderOptions options;
    options.grey = grey;
    std::string error;
    const auto set = data::ImageFolder::open(dir.path(), options, &error);
    if (!set) {
        // Readers may look at headers when listing: a refusal names the file.
        FUZZ_CHECK(error.find(file) != std::string::npos, "a refusal that does not name the image: " + error);
        return false;
    }
    FUZZ_CHECK(set->size(data::Split::Train) == 1, "the training image is not listed");
    try {
        const cv::Mat image = set->image(data::Split::Train, 0);
        FUZZ_CHECK(!image.empty() && image.channels() == (grey ? 1 : 3) && image.depth() == CV_8U,
                   "a decoded image of the wrong type");
        return true;
    } catch (const data::DataError &e) {
        // The one exception image() may throw (imagesource.h); it names the file.
        FUZZ_CHECK(std::string(e.what()).find(file) != std::string::npos,
                   std::string("an unreadable image whose message does not name it: ") + e.what());
        return false;
    }
}

} // namespace

bool fuzzImage(const std::uint8_t *data, std::size_t size)
{
    const ScratchDir &dir = imageFolder();
    dir.remove("train");
    const std::string name = "train/a/input" + extensionFor(data, size);
    dir.write(name, data, size);
    const bool colour = openAndDecode(dir, dir.file(name), false);
    const bool grey = openAndDecode(dir, dir.file(name), true);
    return colour || grey;
}

} // namespace gatefold::fuzz
