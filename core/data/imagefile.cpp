#include "imagefile.h"

#include "encodedimage.h"
#include "imagesource.h"

#include "files/userfile.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdint>
#include <vector>

namespace gatefold::data {
namespace {

constexpr std::uint64_t kMaxImageBytes = std::uint64_t(1) << 30;

// The first line of an OpenCV exception's text (its assertion, without the source location).
std::string firstLine(const std::string &text)
{
    const std::string line = text.substr(0, text.find('\n'));
    return line.size() > 160 ? line.substr(0, 160) + "…" : line;
}

} // namespace

cv::Mat decodeImageFile(const std::string &path, bool grey)
{
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!files::readFile(path, kMaxImageBytes, files::Accept::RegularFile, &bytes, &why))
        throw DataError(why);
    if (const std::string problem = checkEncodedImage(bytes); !problem.empty())
        throw DataError(path + ": cannot be decoded: " + problem);
    cv::Mat decoded;
    try {
        const cv::Mat encoded(1, int(bytes.size()), CV_8UC1, bytes.data());
        decoded = cv::imdecode(encoded, grey ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
    } catch (const cv::Exception &e) {
        throw DataError(path + ": OpenCV cannot decode it (" + firstLine(e.err) + "); replace the file or remove it");
    }
    if (decoded.empty())
        throw DataError(path + ": cannot be decoded as an image (damaged, truncated or not an image); replace the "
                               "file or remove it");
    if (!grey)
        cv::cvtColor(decoded, decoded, cv::COLOR_BGR2RGB);
    return decoded;
}

} // namespace gatefold::data
