// Training augmentation and mixing: every op seeded per image (same seed,
// same pixels, whatever the batch, its order or the thread count), each op
// doing what it says on constructed images, mixup/cutmix mixing images and
// labels by the same λ, and the built-in set through the common image path
// giving exactly its own pixels.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "data/augmenter.h"
#include "data/builtinshapes.h"
#include "data/builtinsource.h"
#include "data/mixing.h"
#include "data/transformeddataset.h"

#include <opencv2/core.hpp>
#include <torch/torch.h>
#endif

using namespace gatefold::data;

namespace {

AugmentConfig everything()
{
    AugmentConfig a;
    a.randomResizedCrop = true;
    a.scaleMin = 0.3;
    a.hflip = 0.5;
    a.colorJitter = 0.4;
    a.randAugmentOps = 2;
    a.randAugmentMagnitude = 9;
    a.randomErasing = 0.25;
    return a;
}

std::unique_ptr<TransformedDataset> shapes(const AugmentConfig &a, int size = 24)
{
    return std::make_unique<TransformedDataset>(std::make_unique<BuiltinSource>(BuiltinShapes(size, 200, 20, 3)), size,
                                                1.0, BadImagePolicy::Stop, a);
}

cv::Mat ramp(int h, int w, int channels)
{
    cv::Mat m(h, w, CV_32FC(channels));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < channels; ++c)
                m.ptr<float>(y)[x * channels + c] = float(y * w + x + c) / float(h * w + channels);
    return m;
}

cv::Mat clampedCopy(const cv::Mat &m)
{
    cv::Mat flat = m.clone().reshape(1);
    cv::min(flat, 1.0, flat);
    cv::max(flat, 0.0, flat);
    return flat.reshape(m.channels());
}

double maxAbsDiff(const cv::Mat &a, const cv::Mat &b)
{
    return cv::norm(a, b, cv::NORM_INF);
}

} // namespace

class TstAugment : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { at::set_num_threads(2); }
    void builtinThroughTheImagePath();
    void seededPerImage();
    void independentOfThreadsAndBatch();
    void opsDoWhatTheySay();
    void everyOpStaysInRange();
    void randomResizedCrop();
    void flipAndErasing();
    void smoothTargets();
    void mixupMixesImagesAndLabels();
    void cutmixAreaIsLambda();
    void mixingSeededAndOptional();
};

void TstAugment::builtinThroughTheImagePath()
{
    BuiltinShapes set(24, 200, 20, 3);
    const auto direct = set.batch(Split::Val, {0, 7, 19});
    const auto viaSource = shapes({})->batch(Split::Val, {0, 7, 19});
    QVERIFY(torch::equal(direct.first, viaSource.first));  // bit for bit
    QVERIFY(torch::equal(direct.second, viaSource.second));
    // Without augmentation trainBatch is the plain batch.
    QVERIFY(torch::equal(shapes({})->trainBatch({4, 5}, {1, 2}).first, set.batch(Split::Train, {4, 5}).first));
}

void TstAugment::seededPerImage()
{
    auto data = shapes(everything());
    const auto a = data->trainBatch({10, 11, 12}, {100, 101, 102}).first;
    const auto b = data->trainBatch({10, 11, 12}, {100, 101, 102}).first;
    QVERIFY(torch::equal(a, b));
    const auto c = data->trainBatch({10, 11, 12}, {200, 101, 102}).first;
    QVERIFY(!torch::equal(a[0], c[0]));
    QVERIFY(torch::equal(a[1], c[1]) && torch::equal(a[2], c[2]));
    QVERIFY(!torch::equal(a[0], data->batch(Split::Train, {10}).first[0]));  // augmented at all
    QVERIFY(a.min().item<float>() >= 0.0f && a.max().item<float>() <= 1.0f);
}

void TstAugment::independentOfThreadsAndBatch()
{
    auto data = shapes(everything());
    at::set_num_threads(1);
    const auto one = data->trainBatch({1, 2, 3, 4, 5, 6}, {9, 8, 7, 6, 5, 4}).first;
    at::set_num_threads(2);
    const auto two = data->trainBatch({1, 2, 3, 4, 5, 6}, {9, 8, 7, 6, 5, 4}).first;
    QVERIFY(torch::equal(one, two));
    const auto reordered = data->trainBatch({6, 3}, {4, 7}).first;  // same (image, seed) pairs elsewhere
    QVERIFY(torch::equal(reordered[0], one[5]) && torch::equal(reordered[1], one[2]));
}

void TstAugment::opsDoWhatTheySay()
{
    const cv::Mat image = ramp(8, 10, 3);
    QCOMPARE(maxAbsDiff(Augmenter::applyOp("identity", image, 9, false), image), 0.0);
    QCOMPARE(maxAbsDiff(Augmenter::applyOp("brightness", image, 0, false), image), 0.0);  // magnitude 0: no change
    const cv::Mat darker = Augmenter::applyOp("brightness", image, 10, true);              // factor 0.1
    cv::Mat tenth;
    image.convertTo(tenth, CV_32F, 0.1);
    QVERIFY(maxAbsDiff(darker, tenth) < 1e-6);
    cv::Mat brighter;  // every channel, not just the first
    image.convertTo(brighter, CV_32F, 1.9);
    QVERIFY(maxAbsDiff(Augmenter::applyOp("brightness", image, 10, false), clampedCopy(brighter)) < 1e-6);
    const cv::Mat solar = Augmenter::applyOp("solarize", image, 10, false);  // threshold 0: all inverted
    cv::Mat inverted;
    image.convertTo(inverted, CV_32F, -1.0, 1.0);
    inverted.at<cv::Vec3f>(0, 0)[0] = 0.0f;  // except the one exact zero (not above the threshold 0)
    QVERIFY(maxAbsDiff(solar, inverted) < 1e-6);
    const cv::Mat poster = Augmenter::applyOp("posterize", image, 10, false);  // 4 bits: 16 levels
    for (int y = 0; y < poster.rows; ++y)
        for (int x = 0; x < poster.cols * 3; ++x) {
            const float v = poster.ptr<float>(y)[x] * 16.0f;
            QVERIFY(std::abs(v - std::round(v)) < 1e-4);
        }
    const cv::Mat grey = Augmenter::applyOp("color", image, 10, true);  // factor 0.1: nearly grey
    const cv::Vec3f p = grey.at<cv::Vec3f>(4, 4);
    QVERIFY(std::abs(p[0] - p[2]) < std::abs(image.at<cv::Vec3f>(4, 4)[0] - image.at<cv::Vec3f>(4, 4)[2]));
    const cv::Mat shifted = Augmenter::applyOp("translate_x", ramp(8, 10, 1), 10.0 / 0.45 * 0.2, false);  // 2 px
    QVERIFY(std::abs(shifted.at<float>(3, 5) - ramp(8, 10, 1).at<float>(3, 3)) < 1e-6);
    cv::Mat squeezed;
    image.convertTo(squeezed, CV_32F, 0.5, 0.25);
    const cv::Mat stretched = Augmenter::applyOp("autocontrast", squeezed, 0, false);
    double lo = 0, hi = 0;
    cv::minMaxLoc(stretched.reshape(1), &lo, &hi);
    QVERIFY(std::abs(lo) < 1e-6 && std::abs(hi - 1.0) < 1e-6);
}

void TstAugment::everyOpStaysInRange()
{
    for (int channels : {1, 3})
        for (const auto &op : Augmenter::randAugmentOps())
            for (bool negate : {false, true}) {
                const cv::Mat out = Augmenter::applyOp(op, ramp(12, 9, channels), 10, negate);
                QCOMPARE(out.rows, 12);
                QCOMPARE(out.cols, 9);
                QCOMPARE(out.channels(), channels);
                double lo = 0, hi = 0;
                cv::minMaxLoc(out.reshape(1), &lo, &hi);
                QVERIFY2(lo >= -1e-6 && hi <= 1.0 + 1e-6, op.c_str());
            }
}

void TstAugment::randomResizedCrop()
{
    AugmentConfig a;
    a.randomResizedCrop = true;
    Augmenter crop(a, 16);
    std::mt19937_64 rng(5);
    const cv::Mat image = ramp(40, 30, 3);
    for (int i = 0; i < 20; ++i) {
        const cv::Mat out = crop.apply(image, rng);
        QCOMPARE(out.rows, 16);
        QCOMPARE(out.cols, 16);
    }
    a.scaleMin = 1.0;  // the whole square image (aspect 1 is the only fit): a plain resize
    Augmenter whole(a, 10);
    const cv::Mat square = ramp(20, 20, 1);
    int fits = 0;
    for (int i = 0; i < 20; ++i) {
        const cv::Mat out = whole.apply(square, rng);
        fits += int(maxAbsDiff(out, resizeCenterCrop(square, 10, 1.0)) < 1e-5);
    }
    QCOMPARE(fits, 20);
}

void TstAugment::flipAndErasing()
{
    AugmentConfig a;
    a.hflip = 1.0;
    std::mt19937_64 rng(1);
    const cv::Mat image = ramp(10, 10, 3);
    const cv::Mat flipped = Augmenter(a, 10).apply(image, rng);
    QCOMPARE(flipped.at<cv::Vec3f>(2, 0)[1], image.at<cv::Vec3f>(2, 9)[1]);
    AugmentConfig e;
    e.randomErasing = 1.0;
    const cv::Mat erased = Augmenter(e, 10).apply(image, rng);
    cv::Mat changed;
    cv::compare(erased.reshape(1), image.reshape(1), changed, cv::CMP_NE);
    const int n = cv::countNonZero(changed);
    QVERIFY(n >= 2 * 3 && n <= 34 * 3);  // one rectangle of 2–33 % of 100 px, all channels
}

void TstAugment::smoothTargets()
{
    const auto t = gatefold::data::smoothTargets(torch::tensor({2, 0}, torch::kLong), 4, 0.1);
    QVERIFY(torch::allclose(t[0], torch::tensor({0.025f, 0.025f, 0.925f, 0.025f})));
    QVERIFY(torch::allclose(t.sum(1), torch::ones({2})));
}

void TstAugment::mixupMixesImagesAndLabels()
{
    AugmentConfig a;
    a.mixup = 0.8;
    const auto images = torch::rand({4, 3, 8, 8});
    const auto labels = torch::tensor({0, 1, 2, 3}, torch::kLong);
    const auto m = mixBatch(images, labels, 5, a, 0.0, 42);
    QVERIFY(m.mixed && !m.cutmix);
    QVERIFY(m.lambda > 0 && m.lambda < 1);
    QVERIFY(torch::allclose(m.images[0], images[0] * m.lambda + images[3] * (1 - m.lambda), 1e-6, 1e-6));
    QVERIFY(std::abs(m.targets[0][0].item<double>() - m.lambda) < 1e-6);       // own label
    QVERIFY(std::abs(m.targets[0][3].item<double>() - (1 - m.lambda)) < 1e-6); // the partner's
    QVERIFY(torch::allclose(m.targets.sum(1), torch::ones({4})));
}

void TstAugment::cutmixAreaIsLambda()
{
    AugmentConfig a;
    a.cutmix = 1.0;
    const auto images = torch::arange(4).to(torch::kFloat).view({4, 1, 1, 1}).expand({4, 1, 16, 16}).contiguous();
    const auto labels = torch::tensor({0, 1, 2, 3}, torch::kLong);
    int boxes = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const auto m = mixBatch(images, labels, 4, a, 0.1, seed);
        QVERIFY(m.mixed && m.cutmix);
        // Image 0 keeps its pixels (value 0) outside the box, holds image 3's (value 3) inside.
        const double kept = (m.images[0] == 0).sum().item<double>() / 256.0;
        QVERIFY(std::abs(kept - m.lambda) < 1e-9);
        QVERIFY(((m.images[0] == 0) | (m.images[0] == 3)).all().item<bool>());
        const double own = 0.9 * m.lambda + 0.1 / 4;  // smoothed own label weight
        QVERIFY(std::abs(m.targets[0][0].item<double>() - own) < 1e-5);
        boxes += int(m.lambda < 1.0);
    }
    QVERIFY(boxes > 10);
}

void TstAugment::mixingSeededAndOptional()
{
    AugmentConfig a;
    a.mixup = 1.0;
    a.cutmix = 1.0;
    const auto images = torch::rand({6, 3, 8, 8});
    const auto labels = torch::tensor({0, 1, 2, 0, 1, 2}, torch::kLong);
    const auto x = mixBatch(images, labels, 3, a, 0.1, 7);
    const auto y = mixBatch(images, labels, 3, a, 0.1, 7);
    QVERIFY(torch::equal(x.images, y.images) && x.lambda == y.lambda);
    int cut = 0;
    for (std::uint64_t s = 0; s < 40; ++s)
        cut += int(mixBatch(images, labels, 3, a, 0.1, s).cutmix);
    QVERIFY(cut > 8 && cut < 32);  // switch_prob 0.5
    a.mixProb = 0.0;
    const auto none = mixBatch(images, labels, 3, a, 0.1, 7);
    QVERIFY(!none.mixed && torch::equal(none.images, images));
}

GATEFOLD_TEST_MAIN(TstAugment)
#include "tst_augment.moc"
