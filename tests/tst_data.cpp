// The built-in data set: deterministic by (seed, split, index) whatever the
// order or thread count, every size, balanced classes, pixels in range, the
// splits and seeds differ, bad requests refused — and that it is not easy:
// a linear classifier on raw pixels stays far from perfect.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "data/builtinshapes.h"

#include <torch/torch.h>

#include <numeric>
#endif

using namespace gatefold::data;

class TstData : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { at::set_num_threads(2); }
    void deterministicInAnyOrder();
    void independentOfThreadCount();
    void sizesAndRanges_data();
    void sizesAndRanges();
    void splitsAndSeedsDiffer();
    void classesBalancedAndNamed();
    void badRequestsRefused();
    void linearClassifierIsFarFromPerfect();
};

void TstData::deterministicInAnyOrder()
{
    BuiltinShapes set(32, 1000, 100, 42);
    const auto [a, la] = set.batch(Split::Train, {5, 17, 999, 0});
    const auto [b, lb] = set.batch(Split::Train, {999, 0, 17, 5});
    QVERIFY(torch::equal(a[0], b[3]) && torch::equal(a[1], b[2]) && torch::equal(a[2], b[0]));
    QVERIFY(torch::equal(la, torch::tensor({5, 7, 9, 0}, torch::kLong)));
    BuiltinShapes again(32, 1000, 100, 42);  // a new object, same numbers
    QVERIFY(torch::equal(again.batch(Split::Train, {17}).first[0], a[1]));
}

void TstData::independentOfThreadCount()
{
    BuiltinShapes set(24, 500, 50, 3);
    std::vector<std::int64_t> idx(64);
    std::iota(idx.begin(), idx.end(), 100);
    at::set_num_threads(1);
    const auto one = set.batch(Split::Train, idx).first;
    at::set_num_threads(2);
    QVERIFY(torch::equal(one, set.batch(Split::Train, idx).first));
}

void TstData::sizesAndRanges_data()
{
    QTest::addColumn<int>("size");
    for (int s : {8, 32, 57, 224})
        QTest::newRow(qPrintable(QString::number(s))) << s;
}

void TstData::sizesAndRanges()
{
    QFETCH(int, size);
    BuiltinShapes set(size, 100, 10, 1);
    const auto [images, labels] = set.batch(Split::Val, {0, 1, 2, 9});
    QCOMPARE(images.sizes().vec(), (std::vector<int64_t>{4, 3, size, size}));
    QVERIFY(images.min().item<float>() >= 0.0f && images.max().item<float>() <= 1.0f);
    QVERIFY(images.std().item<float>() > 0.05f);  // not blank
    QCOMPARE(labels.dtype(), torch::kLong);
}

void TstData::splitsAndSeedsDiffer()
{
    BuiltinShapes a(32, 100, 100, 1), b(32, 100, 100, 2);
    const auto train = a.batch(Split::Train, {3}).first, val = a.batch(Split::Val, {3}).first;
    QVERIFY(!torch::equal(train, val));
    QVERIFY(!torch::equal(train, b.batch(Split::Train, {3}).first));
}

void TstData::classesBalancedAndNamed()
{
    BuiltinShapes set(16, 1000, 100, 0);
    QCOMPARE(int(BuiltinShapes::names().size()), BuiltinShapes::kClasses);
    QVERIFY(BuiltinShapes::kClasses >= 10);
    std::vector<int> counts(size_t(BuiltinShapes::kClasses), 0);
    for (std::int64_t i = 0; i < 1000; ++i)
        ++counts[size_t(set.label(Split::Train, i))];
    for (int c : counts)
        QCOMPARE(c, 100);
}

void TstData::badRequestsRefused()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BuiltinShapes(4, 10, 10, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BuiltinShapes(32, 0, 10, 0));
    BuiltinShapes set(16, 10, 5, 0);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, set.batch(Split::Val, {5}));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, set.batch(Split::Train, {-1}));
}

void TstData::linearClassifierIsFarFromPerfect()
{
    // Softmax regression on raw 16×16 pixels, fitted well (full batch, Adam)
    // on 2000 images, scored on 500 held-out ones.
    torch::manual_seed(0);
    BuiltinShapes set(16, 2000, 500, 9);
    std::vector<std::int64_t> tr(2000), va(500);
    std::iota(tr.begin(), tr.end(), 0);
    std::iota(va.begin(), va.end(), 0);
    auto [xt, yt] = set.batch(Split::Train, tr);
    auto [xv, yv] = set.batch(Split::Val, va);
    xt = xt.flatten(1), xv = xv.flatten(1);
    auto mean = xt.mean(0), stdv = xt.std(0) + 1e-3;
    xt = (xt - mean) / stdv, xv = (xv - mean) / stdv;
    auto linear = torch::nn::Linear(xt.size(1), BuiltinShapes::kClasses);
    torch::optim::Adam opt(linear->parameters(), torch::optim::AdamOptions(1e-2).weight_decay(1e-4));
    for (int step = 0; step < 300; ++step) {
        opt.zero_grad();
        torch::cross_entropy_loss(linear(xt), yt).backward();
        opt.step();
    }
    torch::NoGradGuard noGrad;
    const double trainAcc = linear(xt).argmax(1).eq(yt).to(torch::kDouble).mean().item<double>();
    const double valAcc = linear(xv).argmax(1).eq(yv).to(torch::kDouble).mean().item<double>();
    qInfo("linear classifier on pixels: train %.3f, validation %.3f (chance 0.1)", trainAcc, valAcc);
    QVERIFY2(valAcc < 0.5, qPrintable(QString::number(valAcc)));
}

GATEFOLD_TEST_MAIN(TstData)
#include "tst_data.moc"
