// Readers of real data formats on small files this test writes itself:
// CIFAR-10/100 binary, MNIST IDX (plain and gzip), image folders (PNG, JPEG)
// with and without val/ and with a val label file — labels and pixels checked
// exactly (JPEG within its loss) — and every corruption the issue lists gives
// one message naming the file.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "data/cifarbinary.h"
#include "data/datasets.h"
#include "data/idxdataset.h"
#include "data/imagefolder.h"
#include "data/transformeddataset.h"

#include "formatfiles.h"

#include <opencv2/imgcodecs.hpp>
#include <torch/torch.h>

#include <zlib.h>

#include <fstream>
#endif

using namespace gatefold::data;

namespace {

void writeIdx(const QString &path, bool gzip, const std::vector<std::uint8_t> &bytes)
{
    if (!gzip) {
        writeBytes(path, bytes);
        return;
    }
    gzFile f = gzopen((path + ".gz").toStdString().c_str(), "wb");
    gzwrite(f, bytes.data(), unsigned(bytes.size()));
    gzclose(f);
}

std::vector<std::uint8_t> idxImages(int n, int rows, int cols, std::uint32_t magic = 0x803)
{
    std::vector<std::uint8_t> out = {0, 0, std::uint8_t(magic >> 8), std::uint8_t(magic)};
    for (std::uint32_t v : {std::uint32_t(n), std::uint32_t(rows), std::uint32_t(cols)})
        for (int b = 3; b >= 0; --b)
            out.push_back(std::uint8_t(v >> (8 * b)));
    for (int i = 0; i < n; ++i)
        for (int y = 0; y < rows; ++y)
            for (int x = 0; x < cols; ++x)
                out.push_back(pixel(i, 0, y, x));
    return out;
}

std::vector<std::uint8_t> idxLabels(int n, int bad = -1)
{
    std::vector<std::uint8_t> out = {0, 0, 8, 1};
    for (int b = 3; b >= 0; --b)
        out.push_back(std::uint8_t(std::uint32_t(n) >> (8 * b)));
    for (int i = 0; i < n; ++i)
        out.push_back(std::uint8_t(i == bad ? 12 : i % 10));
    return out;
}

// A 12×10 image of class `c`, number `i`: deterministic pixels.
cv::Mat folderImage(int c, int i)
{
    cv::Mat m(10, 12, CV_8UC3);
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 12; ++x)
            m.at<cv::Vec3b>(y, x) = cv::Vec3b(pixel(i, 0, y, x), pixel(i, 1, y, x), std::uint8_t(40 * c));
    return m;  // written as BGR by imwrite: read back as RGB it is reversed
}

} // namespace

class TstFormats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void cifar10();
    void cifar100FineAndCoarse();
    void cifarCorruption();
    void idxPlainAndGzip_data();
    void idxPlainAndGzip();
    void idxCorruption_data();
    void idxCorruption();
    void imageFolder();
    void imageFolderWebp();
    void imageFolderSplitAndLabels();
    void imageFolderProblems();
    void undecodableImage();
    void transformedBatch();
    void factoryErrors();

private:
    QString dir(const QString &name)
    {
        QDir().mkpath(m_dir.filePath(name));
        return m_dir.filePath(name);
    }
    QTemporaryDir m_dir;
};

void TstFormats::cifar10()
{
    const QString d = dir("c10");
    for (int b = 1; b <= 5; ++b)
        writeBytes(d + QStringLiteral("/data_batch_%1.bin").arg(b), cifarRecords((b - 1) * 3, 3, false));
    writeBytes(d + "/test_batch.bin", cifarRecords(100, 2, false));
    std::ofstream(d.toStdString() + "/batches.meta.txt") << "airplane\nautomobile\nbird\ncat\ndeer\ndog\nfrog\nhorse\nship\ntruck\n";
    std::string error;
    auto set = CifarBinary::open(d.toStdString(), false, false, &error);
    QVERIFY2(set, error.c_str());
    QCOMPARE(set->size(Split::Train), 15);
    QCOMPARE(set->size(Split::Val), 2);
    QCOMPARE(set->classNames().at(9), std::string("truck"));
    for (int i : {0, 7, 14}) {
        QCOMPARE(set->label(Split::Train, i), i % 10);
        const cv::Mat m = set->image(Split::Train, i);
        QCOMPARE(m.rows, 32);
        for (auto [y, x] : {std::pair{0, 0}, std::pair{5, 31}, std::pair{31, 17}})
            for (int c = 0; c < 3; ++c)
                QCOMPARE(m.at<cv::Vec3b>(y, x)[c], pixel(i, c, y, x));  // planes became RGB pixels
    }
    QCOMPARE(set->label(Split::Val, 1), 101 % 10);
    QVERIFY(set->origin(Split::Train, 7).find("data_batch_3.bin #1") != std::string::npos);
}

void TstFormats::cifar100FineAndCoarse()
{
    const QString d = dir("c100");
    writeBytes(d + "/train.bin", cifarRecords(0, 130, true));
    writeBytes(d + "/test.bin", cifarRecords(500, 4, true));
    std::string error;
    auto fine = CifarBinary::open(d.toStdString(), true, false, &error);
    auto coarse = CifarBinary::open(d.toStdString(), true, true, &error);
    QVERIFY2(fine && coarse, error.c_str());
    QCOMPARE(int(fine->classNames().size()), 100);
    QCOMPARE(int(coarse->classNames().size()), 20);
    QCOMPARE(fine->label(Split::Train, 123), 23);
    QCOMPARE(coarse->label(Split::Train, 123), 123 % 20);
    QCOMPARE(fine->image(Split::Val, 3).at<cv::Vec3b>(2, 3)[1], pixel(503, 1, 2, 3));
}

void TstFormats::cifarCorruption()
{
    std::string error;
    const QString d = dir("c10bad");
    QVERIFY(!CifarBinary::open(d.toStdString(), false, false, &error));
    QVERIFY2(error.find("data_batch_1.bin' does not exist") != std::string::npos, error.c_str());
    for (int b = 1; b <= 5; ++b)
        writeBytes(d + QStringLiteral("/data_batch_%1.bin").arg(b), cifarRecords(0, 2, false));
    auto shortBatch = cifarRecords(0, 2, false);
    shortBatch.resize(shortBatch.size() - 100);  // truncated
    writeBytes(d + "/test_batch.bin", shortBatch);
    QVERIFY(!CifarBinary::open(d.toStdString(), false, false, &error));
    QVERIFY2(error.find("test_batch.bin") != std::string::npos && error.find("not a whole number") != std::string::npos,
             error.c_str());
    auto badLabel = cifarRecords(0, 2, false);
    badLabel[3073] = 10;  // the second record's label
    writeBytes(d + "/test_batch.bin", badLabel);
    QVERIFY(!CifarBinary::open(d.toStdString(), false, false, &error));
    QVERIFY2(error.find("record 1 has label 10") != std::string::npos, error.c_str());
}

void TstFormats::idxPlainAndGzip_data()
{
    QTest::addColumn<bool>("gzip");
    QTest::newRow("plain") << false;
    QTest::newRow("gzip") << true;
}

void TstFormats::idxPlainAndGzip()
{
    QFETCH(bool, gzip);
    const QString d = dir(gzip ? "idxgz" : "idx");
    writeIdx(d + "/train-images-idx3-ubyte", gzip, idxImages(12, 6, 5));
    writeIdx(d + "/train-labels-idx1-ubyte", gzip, idxLabels(12));
    writeIdx(d + "/t10k-images-idx3-ubyte", gzip, idxImages(3, 6, 5));
    writeIdx(d + "/t10k-labels-idx1-ubyte", gzip, idxLabels(3));
    std::string error;
    auto grey = IdxDataset::open(d.toStdString(), true, false, &error);
    QVERIFY2(grey, error.c_str());
    QCOMPARE(grey->size(Split::Train), 12);
    QCOMPARE(grey->channels(), 1);
    QCOMPARE(grey->classNames().at(9), std::string("Ankle boot"));
    QCOMPARE(grey->label(Split::Train, 11), 1);
    const cv::Mat m = grey->image(Split::Train, 11);
    QCOMPARE(m.rows, 6);
    QCOMPARE(m.cols, 5);
    QCOMPARE(m.at<std::uint8_t>(4, 3), pixel(11, 0, 4, 3));
    auto rgb = IdxDataset::open(d.toStdString(), false, true, &error);
    QCOMPARE(rgb->channels(), 3);
    const cv::Mat c = rgb->image(Split::Val, 2);
    QCOMPARE(c.at<cv::Vec3b>(5, 4)[0], pixel(2, 0, 5, 4));
    QCOMPARE(c.at<cv::Vec3b>(5, 4)[2], pixel(2, 0, 5, 4));
}

void TstFormats::idxCorruption_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad magic") << 0 << "train-images-idx3-ubyte: bad magic number";
    QTest::newRow("count mismatch") << 1 << "holds 12 images but";
    QTest::newRow("truncated") << 2 << "the file is truncated";
    QTest::newRow("label out of range") << 3 << "label 12 of image 4 is out of range";
    QTest::newRow("damaged gzip") << 4 << "damaged gzip data";
    QTest::newRow("missing") << 5 << "t10k-images-idx3-ubyte' does not exist";
}

void TstFormats::idxCorruption()
{
    QFETCH(int, kind);
    QFETCH(QString, message);
    const QString d = dir(QStringLiteral("idxbad%1").arg(kind));
    auto images = idxImages(12, 6, 5, kind == 0 ? 0x802 : 0x803);
    if (kind == 2)
        images.resize(images.size() - 7);
    if (kind == 4) {
        writeIdx(d + "/train-images-idx3-ubyte", true, images);
        QFile f(d + "/train-images-idx3-ubyte.gz");
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        f.write("garbage-garbage-garbage");  // breaks the deflate stream and its CRC
        f.close();
    } else {
        writeIdx(d + "/train-images-idx3-ubyte", false, images);
    }
    writeIdx(d + "/train-labels-idx1-ubyte", false, idxLabels(kind == 1 ? 11 : 12, kind == 3 ? 4 : -1));
    if (kind != 5) {
        writeIdx(d + "/t10k-images-idx3-ubyte", false, idxImages(3, 6, 5));
        writeIdx(d + "/t10k-labels-idx1-ubyte", false, idxLabels(3));
    }
    std::string error;
    QVERIFY(!IdxDataset::open(d.toStdString(), false, false, &error));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

void TstFormats::imageFolder()
{
    const QString root = dir("folder");
    for (const char *split : {"train", "val"})
        for (int c = 0; c < 3; ++c) {
            const QString cls = QStringLiteral("%1/%2/class_%3").arg(root, split).arg(char('c' - c));  // c, b, a
            QDir().mkpath(cls);
            for (int i = 0; i < (QString(split) == "train" ? 4 : 2); ++i)
                cv::imwrite(QStringLiteral("%1/img%2.%3").arg(cls).arg(i).arg(i % 2 ? "jpg" : "png").toStdString(),
                            folderImage(c, i));
        }
    std::string error;
    auto set = ImageFolder::open(root.toStdString(), {}, &error);
    QVERIFY2(set, error.c_str());
    QCOMPARE(set->classNames(), (std::vector<std::string>{"class_a", "class_b", "class_c"}));  // sorted
    QCOMPARE(set->size(Split::Train), 12);
    QCOMPARE(set->size(Split::Val), 6);
    // class_a was written with c = 2; img0 is a PNG: exact, in RGB order.
    QCOMPARE(set->label(Split::Train, 0), 0);
    const cv::Mat png = set->image(Split::Train, 0);
    QCOMPARE(png.at<cv::Vec3b>(3, 4)[2], pixel(0, 0, 3, 4));  // written as B, read as the third of RGB
    QCOMPARE(png.at<cv::Vec3b>(3, 4)[1], pixel(0, 1, 3, 4));
    QCOMPARE(png.at<cv::Vec3b>(3, 4)[0], std::uint8_t(80));
    const cv::Mat jpg = set->image(Split::Train, 1);  // img1.jpg: lossy, close
    QVERIFY(std::abs(int(jpg.at<cv::Vec3b>(5, 5)[0]) - 80) <= 12);
    QCOMPARE(set->label(Split::Val, 5), 2);
    ImageFolderOptions grey;
    grey.grey = true;
    QCOMPARE(ImageFolder::open(root.toStdString(), grey, &error)->image(Split::Val, 0).channels(), 1);
}

void TstFormats::imageFolderWebp()
{
    // WebP, lossless (quality > 100): pixels exact; lossy: close.
    const QString root = dir("webp");
    for (const char *split : {"train", "val"}) {
        QDir().mkpath(QStringLiteral("%1/%2/w").arg(root, split));
        QVERIFY(cv::imwrite(QStringLiteral("%1/%2/w/exact.webp").arg(root, split).toStdString(), folderImage(1, 3),
                            {cv::IMWRITE_WEBP_QUALITY, 101}));
    }
    QVERIFY(cv::imwrite((root + "/train/w/lossy.webp").toStdString(), folderImage(1, 4), {cv::IMWRITE_WEBP_QUALITY, 90}));
    std::string error;
    auto set = ImageFolder::open(root.toStdString(), {}, &error);
    QVERIFY2(set, error.c_str());
    QCOMPARE(set->size(Split::Train), 2);
    const cv::Mat exact = set->image(Split::Train, 0);  // exact.webp sorts first
    QCOMPARE(exact.size(), cv::Size(12, 10));
    for (int y : {0, 4, 9})
        for (int x : {0, 6, 11}) {
            QCOMPARE(exact.at<cv::Vec3b>(y, x)[2], pixel(3, 0, y, x));
            QCOMPARE(exact.at<cv::Vec3b>(y, x)[1], pixel(3, 1, y, x));
            QCOMPARE(exact.at<cv::Vec3b>(y, x)[0], std::uint8_t(40));
        }
    const cv::Mat lossy = set->image(Split::Train, 1);
    QVERIFY(std::abs(int(lossy.at<cv::Vec3b>(5, 5)[0]) - 40) <= 12);
}

void TstFormats::imageFolderSplitAndLabels()
{
    // No val/: a per-file split by name hash, stable when files are added.
    const QString root = dir("flat");
    for (int c = 0; c < 2; ++c) {
        QDir().mkpath(QStringLiteral("%1/k%2").arg(root).arg(c));
        for (int i = 0; i < 40; ++i)
            cv::imwrite(QStringLiteral("%1/k%2/f%3.png").arg(root).arg(c).arg(i).toStdString(), folderImage(c, i));
    }
    ImageFolderOptions options;
    options.valFraction = 0.25;
    std::string error;
    auto a = ImageFolder::open(root.toStdString(), options, &error);
    QVERIFY2(a, error.c_str());
    QCOMPARE(a->size(Split::Train) + a->size(Split::Val), 80);
    QVERIFY(a->size(Split::Val) >= 10 && a->size(Split::Val) <= 30);
    std::set<std::string> val;
    for (std::int64_t i = 0; i < a->size(Split::Val); ++i)
        val.insert(a->origin(Split::Val, i));
    cv::imwrite(QStringLiteral("%1/k0/new.png").arg(root).toStdString(), folderImage(0, 99));
    auto b = ImageFolder::open(root.toStdString(), options, &error);
    for (std::int64_t i = 0; i < b->size(Split::Val); ++i)
        QVERIFY(val.count(b->origin(Split::Val, i)) || b->origin(Split::Val, i).find("new.png") != std::string::npos);
    options.splitSeed = 7;  // another seed, another split
    auto c = ImageFolder::open(root.toStdString(), options, &error);
    int same = 0;
    for (std::int64_t i = 0; i < c->size(Split::Val); ++i)
        same += int(val.count(c->origin(Split::Val, i)));
    QVERIFY(same < int(val.size()));

    // A flat val/ folder with a label file (names or indices, a header line).
    const QString labelled = dir("labelled");
    for (int c2 = 0; c2 < 2; ++c2) {
        QDir().mkpath(QStringLiteral("%1/train/n%2").arg(labelled).arg(c2));
        cv::imwrite(QStringLiteral("%1/train/n%2/t.png").arg(labelled).arg(c2).toStdString(), folderImage(c2, 0));
    }
    QDir().mkpath(labelled + "/val");
    for (int i = 0; i < 3; ++i)
        cv::imwrite(QStringLiteral("%1/val/v%2.png").arg(labelled).arg(i).toStdString(), folderImage(0, i));
    std::ofstream(labelled.toStdString() + "/val.csv") << "file,label\nv0.png,n1\nv1.png,0\nv2.png, n1 \n";
    ImageFolderOptions withLabels;
    withLabels.valLabels = labelled.toStdString() + "/val.csv";
    auto l = ImageFolder::open(labelled.toStdString(), withLabels, &error);
    QVERIFY2(l, error.c_str());
    QCOMPARE(l->size(Split::Val), 3);
    QCOMPARE(l->label(Split::Val, 0), 1);
    QCOMPARE(l->label(Split::Val, 1), 0);
    std::ofstream(labelled.toStdString() + "/val.csv") << "v0.png,n7\n";
    QVERIFY(!ImageFolder::open(labelled.toStdString(), withLabels, &error));
    QVERIFY2(error.find("val.csv:1: class 'n7'") != std::string::npos, error.c_str());
}

void TstFormats::imageFolderProblems()
{
    std::string error;
    QVERIFY(!ImageFolder::open(m_dir.filePath("nowhere").toStdString(), {}, &error));
    QVERIFY2(error.find("does not exist") != std::string::npos, error.c_str());
    const QString root = dir("problems");
    QDir().mkpath(root + "/train/full");
    QDir().mkpath(root + "/train/empty");
    cv::imwrite((root + "/train/full/a.png").toStdString(), folderImage(0, 0));
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    QVERIFY2(error.find("train/empty: empty class folder") != std::string::npos, error.c_str());
    QDir(root + "/train/empty").removeRecursively();
    QDir().mkpath(root + "/val/stranger");
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    QVERIFY2(error.find("class 'stranger' is not among the training classes") != std::string::npos, error.c_str());
}

void TstFormats::undecodableImage()
{
    const QString root = dir("broken");
    for (const char *split : {"train", "val"}) {
        QDir().mkpath(QStringLiteral("%1/%2/x").arg(root, split));
        for (int i = 0; i < 3; ++i)
            cv::imwrite(QStringLiteral("%1/%2/x/i%3.png").arg(root, split).arg(i).toStdString(), folderImage(0, i));
    }
    writeBytes(root + "/train/x/i1.jpg", {0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5});  // a JPEG header, then nothing
    std::string error;
    auto stop = std::make_unique<TransformedDataset>(ImageFolder::open(root.toStdString(), {}, &error), 8, 1.0,
                                                     BadImagePolicy::Stop);
    QCOMPARE(stop->size(Split::Train), 4);
    try {
        stop->batch(Split::Train, {0, 1, 2, 3});
        QFAIL("an undecodable image was accepted");
    } catch (const DataError &e) {
        QVERIFY2(QString(e.what()).contains("i1.jpg: cannot be decoded"), e.what());
    }
    auto skip = std::make_unique<TransformedDataset>(ImageFolder::open(root.toStdString(), {}, &error), 8, 1.0,
                                                     BadImagePolicy::Skip);
    const auto [images, labels] = skip->batch(Split::Train, {0, 1, 2, 3});
    QCOMPARE(images.size(0), 4);
    QCOMPARE(skip->skippedImages(), 1);
    QVERIFY(torch::equal(images[1], images[2]));  // i1.jpg (index 1) replaced by the next image, i1.png
}

void TstFormats::transformedBatch()
{
    const QString d = dir("c10t");
    for (int b = 1; b <= 5; ++b)
        writeBytes(d + QStringLiteral("/data_batch_%1.bin").arg(b), cifarRecords((b - 1) * 2, 2, false));
    writeBytes(d + "/test_batch.bin", cifarRecords(50, 2, false));
    std::string error;
    TransformedDataset native(CifarBinary::open(d.toStdString(), false, false, &error), 32, 1.0, BadImagePolicy::Stop);
    const auto [x, y] = native.batch(Split::Train, {3, 0});
    QCOMPARE(x.sizes(), (c10::IntArrayRef{2, 3, 32, 32}));
    QCOMPARE(y[0].item<int>(), 3);
    // At its own size the image is untouched: value / 255, CHW.
    QCOMPARE(x[0][2][7][9].item<float>(), float(pixel(3, 2, 7, 9)) / 255.0f);
    TransformedDataset smaller(CifarBinary::open(d.toStdString(), false, false, &error), 16, 1.0, BadImagePolicy::Stop);
    QCOMPARE(smaller.batch(Split::Val, {1}).first.sizes(), (c10::IntArrayRef{1, 3, 16, 16}));
    // Resize + centre crop of a 12×10 image: the shorter side becomes size / crop_pct, then the centre.
    const cv::Mat wide(10, 20, CV_8UC1, cv::Scalar(0));
    cv::Mat marked = wide.clone();
    marked(cv::Rect(5, 0, 10, 10)).setTo(200);
    const cv::Mat crop = resizeCenterCrop(marked, 10, 1.0);
    QCOMPARE(crop.rows, 10);
    QCOMPARE(crop.cols, 10);
    QCOMPARE(int(crop.at<std::uint8_t>(5, 5)), 200);
    QCOMPARE(int(crop.at<std::uint8_t>(0, 0)), 200);  // exactly the marked centre square
    QCOMPARE(resizeCenterCrop(marked, 8, 0.8).rows, 8);
}

void TstFormats::factoryErrors()
{
    std::string error;
    DataConfig config;
    config.name = "cifar10";
    QVERIFY(!openDataset(config, 32, &error));
    QVERIFY2(error.find("data.path") != std::string::npos, error.c_str());
    config.path = m_dir.filePath("none").toStdString();
    QVERIFY(!openDataset(config, 32, &error));
    QVERIFY2(error.find("none' does not exist") != std::string::npos, error.c_str());
    config.name = "imagenet-21k";
    QVERIFY(!openDataset(config, 32, &error));
    QVERIFY2(error.find("unknown data set") != std::string::npos, error.c_str());
}

GATEFOLD_TEST_MAIN(TstFormats)
#include "tst_formats.moc"
