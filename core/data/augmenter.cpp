#include "augmenter.h"

#include "transformeddataset.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gatefold::data {
namespace {

double uniform(std::mt19937_64 &rng, double lo, double hi)
{
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}

cv::Mat grey(const cv::Mat &image)
{
    if (image.channels() == 1)
        return image;
    cv::Mat g;
    cv::cvtColor(image, g, cv::COLOR_RGB2GRAY);
    return g;
}

// Clipped to [0, 1] in place, every channel. (OpenCV's Mat-with-scalar
// expressions touch the first channel only, so scalars go through
// cv::Scalar::all and clipping through a one-channel view.)
cv::Mat clamp01(cv::Mat image)
{
    cv::Mat flat = image.reshape(1);
    cv::max(flat, 0.0, flat);
    cv::min(flat, 1.0, flat);
    return image;
}

// a·image + (1 − a)·other, clipped to [0, 1].
cv::Mat blend(const cv::Mat &image, const cv::Mat &other, double a)
{
    cv::Mat out;
    cv::addWeighted(image, a, other, 1.0 - a, 0.0, out);
    return clamp01(out);
}

// a·image + (1 − a)·value in every channel, clipped to [0, 1].
cv::Mat blendScalar(const cv::Mat &image, double value, double a)
{
    cv::Mat out;
    image.convertTo(out, CV_32F, a, value * (1.0 - a));
    return clamp01(out);
}

cv::Mat greyLike(const cv::Mat &image)
{
    const cv::Mat g = grey(image);
    if (image.channels() == 1)
        return g;
    cv::Mat out;
    cv::cvtColor(g, out, cv::COLOR_GRAY2RGB);
    return out;
}

cv::Mat affine(const cv::Mat &image, const cv::Mat &m)
{
    cv::Mat out;
    cv::warpAffine(image, out, m, image.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar::all(0.5));
    return out;
}

cv::Mat to8(const cv::Mat &image)
{
    cv::Mat out;
    image.convertTo(out, CV_8U, 255.0);
    return out;
}

cv::Mat from8(const cv::Mat &image)
{
    cv::Mat out;
    image.convertTo(out, CV_32F, 1.0 / 255.0);
    return out;
}

// Each channel stretched to [0, 1] (a constant channel stays as it is).
cv::Mat autoContrast(const cv::Mat &image)
{
    std::vector<cv::Mat> planes;
    cv::split(image, planes);
    for (auto &p : planes) {
        double lo = 0, hi = 0;
        cv::minMaxLoc(p, &lo, &hi);
        if (hi > lo)
            p.convertTo(p, CV_32F, 1.0 / (hi - lo), -lo / (hi - lo));
    }
    cv::Mat out;
    cv::merge(planes, out);
    return out;
}

// Each channel's histogram equalised on 8 bits.
cv::Mat equalize(const cv::Mat &image)
{
    std::vector<cv::Mat> planes;
    cv::split(to8(image), planes);
    for (auto &p : planes)
        cv::equalizeHist(p, p);
    cv::Mat out;
    cv::merge(planes, out);
    return from8(out);
}

// m in [0, 1]: the pixels above 1 − m are inverted.
cv::Mat solarize(const cv::Mat &image, double m)
{
    const float threshold = float(1.0 - m);
    cv::Mat out = image.clone();
    cv::Mat flat = out.reshape(1);
    for (int y = 0; y < flat.rows; ++y) {
        float *row = flat.ptr<float>(y);
        for (int x = 0; x < flat.cols; ++x)
            if (row[x] > threshold)
                row[x] = 1.0f - row[x];
    }
    return out;
}

// m in [0, 1]: 8 bits down to 4 per channel.
cv::Mat posterize(const cv::Mat &image, double m)
{
    const int bits = std::max(1, 8 - int(std::lround(4.0 * m)));
    const double levels = double(1 << bits);
    cv::Mat out;
    image.convertTo(out, CV_32F, levels * 0.999999);
    for (int y = 0; y < out.rows; ++y) {
        float *row = out.ptr<float>(y);
        for (int x = 0; x < out.cols * out.channels(); ++x)
            row[x] = float(std::floor(row[x]) / levels);
    }
    return out;
}

} // namespace

Augmenter::Augmenter(const AugmentConfig &config, int size)
    : m_config(config)
    , m_size(size)
{
}

const std::vector<std::string> &Augmenter::randAugmentOps()
{
    static const std::vector<std::string> ops = {"identity", "autocontrast", "equalize", "rotate",  "solarize",
                                                 "color",    "posterize",    "contrast", "brightness", "sharpness",
                                                 "shear_x",  "shear_y",      "translate_x", "translate_y"};
    return ops;
}

cv::Mat Augmenter::applyOp(const std::string &op, const cv::Mat &image, double magnitude, bool negate)
{
    const double m = std::clamp(magnitude, 0.0, 10.0) / 10.0;
    const double sign = negate ? -1.0 : 1.0;
    const cv::Point2f centre(float(image.cols) / 2.0f, float(image.rows) / 2.0f);
    if (op == "identity")
        return image.clone();
    if (op == "autocontrast")
        return autoContrast(image);
    if (op == "equalize")
        return equalize(image);
    if (op == "rotate")
        return affine(image, cv::getRotationMatrix2D(centre, sign * 30.0 * m, 1.0));
    if (op == "solarize")
        return solarize(image, m);
    if (op == "color")
        return image.channels() == 1 ? image.clone() : blend(image, greyLike(image), 1.0 + sign * 0.9 * m);
    if (op == "posterize")
        return posterize(image, m);
    if (op == "contrast")
        return blendScalar(image, cv::mean(grey(image))[0], 1.0 + sign * 0.9 * m);
    if (op == "brightness")
        return blendScalar(image, 0.0, 1.0 + sign * 0.9 * m);
    if (op == "sharpness") {
        cv::Mat smooth;
        const cv::Mat kernel = (cv::Mat_<float>(3, 3) << 1, 1, 1, 1, 5, 1, 1, 1, 1) / 13.0f;
        cv::filter2D(image, smooth, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_REPLICATE);
        return blend(image, smooth, 1.0 + sign * 0.9 * m);
    }
    if (op == "shear_x" || op == "shear_y") {
        const double s = sign * 0.3 * m;
        cv::Mat t = op == "shear_x" ? (cv::Mat_<double>(2, 3) << 1, s, -s * centre.y, 0, 1, 0)
                                    : (cv::Mat_<double>(2, 3) << 1, 0, 0, s, 1, -s * centre.x);
        return affine(image, t);
    }
    if (op == "translate_x" || op == "translate_y") {
        const double d = sign * 0.45 * m * (op == "translate_x" ? image.cols : image.rows);
        cv::Mat t = op == "translate_x" ? (cv::Mat_<double>(2, 3) << 1, 0, d, 0, 1, 0)
                                        : (cv::Mat_<double>(2, 3) << 1, 0, 0, 0, 1, d);
        return affine(image, t);
    }
    return image.clone();
}

cv::Mat Augmenter::crop(const cv::Mat &image, std::mt19937_64 &rng) const
{
    if (!m_config.randomResizedCrop)
        return resizeCenterCrop(image, m_size, 1.0);
    // torchvision's RandomResizedCrop: 10 tries at a random area and aspect, else a centre crop.
    const double area = double(image.rows) * image.cols;
    for (int attempt = 0; attempt < 10; ++attempt) {
        const double target = area * uniform(rng, m_config.scaleMin, 1.0);
        const double logRatio = uniform(rng, std::log(3.0 / 4.0), std::log(4.0 / 3.0));
        const double ratio = std::exp(logRatio);
        const int w = int(std::lround(std::sqrt(target * ratio)));
        const int h = int(std::lround(std::sqrt(target / ratio)));
        if (w >= 1 && h >= 1 && w <= image.cols && h <= image.rows) {
            const int x = std::uniform_int_distribution<int>(0, image.cols - w)(rng);
            const int y = std::uniform_int_distribution<int>(0, image.rows - h)(rng);
            cv::Mat out;
            cv::resize(image(cv::Rect(x, y, w, h)), out, cv::Size(m_size, m_size), 0, 0, cv::INTER_LINEAR);
            return out;
        }
    }
    return resizeCenterCrop(image, m_size, 1.0);
}

cv::Mat Augmenter::apply(const cv::Mat &image, std::mt19937_64 &rng) const
{
    cv::Mat out = crop(image, rng);
    if (out.data == image.data)
        out = out.clone();  // never write into the source's pixels
    if (m_config.hflip > 0 && uniform(rng, 0.0, 1.0) < m_config.hflip)
        cv::flip(out, out, 1);
    if (m_config.colorJitter > 0) {
        const double j = m_config.colorJitter;
        out = blendScalar(out, 0.0, uniform(rng, 1.0 - j, 1.0 + j));
        out = blendScalar(out, cv::mean(grey(out))[0], uniform(rng, 1.0 - j, 1.0 + j));
        if (out.channels() == 3)
            out = blend(out, greyLike(out), uniform(rng, 1.0 - j, 1.0 + j));
    }
    const auto &ops = randAugmentOps();
    for (int k = 0; k < m_config.randAugmentOps; ++k) {
        const auto &op = ops[std::uniform_int_distribution<size_t>(0, ops.size() - 1)(rng)];
        const bool negate = uniform(rng, 0.0, 1.0) < 0.5;
        out = applyOp(op, out, m_config.randAugmentMagnitude, negate);
    }
    if (m_config.randomErasing > 0 && uniform(rng, 0.0, 1.0) < m_config.randomErasing) {
        const double area = double(out.rows) * out.cols;
        for (int attempt = 0; attempt < 10; ++attempt) {
            const double target = area * uniform(rng, 0.02, 1.0 / 3.0);
            const double ratio = std::exp(uniform(rng, std::log(0.3), std::log(1.0 / 0.3)));
            const int w = int(std::lround(std::sqrt(target * ratio)));
            const int h = int(std::lround(std::sqrt(target / ratio)));
            if (w >= 1 && h >= 1 && w < out.cols && h < out.rows) {
                const int x = std::uniform_int_distribution<int>(0, out.cols - w)(rng);
                const int y = std::uniform_int_distribution<int>(0, out.rows - h)(rng);
                cv::Mat patch = out(cv::Rect(x, y, w, h));
                std::uniform_real_distribution<float> noise(0.0f, 1.0f);
                for (int r = 0; r < h; ++r) {
                    float *row = patch.ptr<float>(r);
                    for (int c = 0; c < w * out.channels(); ++c)
                        row[c] = noise(rng);
                }
                break;
            }
        }
    }
    return out;
}

} // namespace gatefold::data
