// Data files that are not what they claim, read in-process: every image an
// image folder decodes equals what cv::imread gives for it (pixel-exact, in
// every format and both channel modes, EXIF orientation included), a damaged
// JPEG or PNG is refused with its file's name and libjpeg's own words — also
// when many are decoded at once on several threads —, a dangling class folder
// or image link never vanishes, and data.bad_images=skip leaves such files out
// and counts them.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "filebytes.h"
#include <QtTest/QtTest>

#include "data/cifarbinary.h"
#include "data/encodedimage.h"
#include "data/imagecheck.h"
#include "data/imagefile.h"
#include "data/imagefolder.h"
#include "data/imageformats.h"
#include "data/transformeddataset.h"

#include "formatfiles.h"

#include <ATen/Parallel.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QFile>

#include <zlib.h>
#endif

using namespace gatefold::data;

using gatefold::test::readBytes;
using gatefold::test::writeBytes;

namespace {

// A 20×12 image (not square: a rotation shows) with distinct pixels.
cv::Mat pattern(int seed)
{
    cv::Mat m(12, 20, CV_8UC3);
    for (int y = 0; y < m.rows; ++y)
        for (int x = 0; x < m.cols; ++x)
            m.at<cv::Vec3b>(y, x) = cv::Vec3b(uchar(x * 11 + seed), uchar(y * 17 + 3 * seed), uchar((x + y) * 5));
    return m;
}

// `jpeg` with an EXIF APP1 segment saying orientation 6 (rotate 90° clockwise to show it).
QByteArray withExifOrientation(const QByteArray &jpeg)
{
    QByteArray tiff("II*\0\x08\0\0\0", 8);                        // little-endian TIFF, first IFD at 8
    tiff += QByteArray("\x01\0", 2);                                // one entry
    tiff += QByteArray("\x12\x01\x03\0\x01\0\0\0\x06\0\0\0", 12);  // 0x0112 Orientation, SHORT, 1, value 6
    tiff += QByteArray(4, '\0');                                    // no next IFD
    const QByteArray body = QByteArray("Exif\0\0", 6) + tiff;
    const int length = body.size() + 2;
    const QByteArray app1 = QByteArray("\xff\xe1", 2) + char(length >> 8) + char(length & 0xff) + body;
    return jpeg.left(2) + app1 + jpeg.mid(2);
}

} // namespace

class TstDataFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void pixelExactAsImread_data();
    void pixelExactAsImread();
    void damagedJpegNamedWithLibjpegWords();
    void damagedFilesAttributedUnderThreads();
    void hugeHeaderRefusedBeforeDecoding();
    void decompressionBombsRefusedBeforeDecoding_data();
    void decompressionBombsRefusedBeforeDecoding();
    void danglingClassFolderRefused();
    void badFilesSkippedAndCounted();
    void cifarBatchThatIsAFolder();
    void passedOverAndSaid();
    void emptyClassSaysWhatItHolds();
    void anotherFormatUnderAnImageName();
    void analyzeReadsWhatFoldersRead();

private:
    QString dir(const QString &name)
    {
        QDir().mkpath(m_dir.filePath(name));
        return m_dir.filePath(name);
    }
    QTemporaryDir m_dir;
};

void TstDataFiles::pixelExactAsImread_data()
{
    QTest::addColumn<QString>("extension");
    QTest::addColumn<QList<int>>("params");
    QTest::addColumn<bool>("exif");
    QTest::newRow("png") << ".png" << QList<int>{} << false;
    QTest::newRow("png 16 bit") << ".png16" << QList<int>{} << false;
    QTest::newRow("png with alpha") << ".pnga" << QList<int>{} << false;
    QTest::newRow("jpeg") << ".jpg" << QList<int>{cv::IMWRITE_JPEG_QUALITY, 85} << false;
    QTest::newRow("jpeg progressive") << ".jpg" << QList<int>{cv::IMWRITE_JPEG_PROGRESSIVE, 1} << false;
    QTest::newRow("jpeg with EXIF orientation") << ".jpg" << QList<int>{} << true;
    QTest::newRow("webp lossless") << ".webp" << QList<int>{cv::IMWRITE_WEBP_QUALITY, 101} << false;
    QTest::newRow("webp lossy") << ".webp" << QList<int>{cv::IMWRITE_WEBP_QUALITY, 80} << false;
    QTest::newRow("bmp") << ".bmp" << QList<int>{} << false;
    QTest::newRow("tiff") << ".tiff" << QList<int>{} << false;
}

void TstDataFiles::pixelExactAsImread()
{
    QFETCH(QString, extension);
    QFETCH(QList<int>, params);
    QFETCH(bool, exif);
    const QString root = dir(QStringLiteral("exact-%1").arg(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '-')));
    QString ext = extension;
    cv::Mat image = pattern(3);
    if (ext == ".png16") {
        image.convertTo(image, CV_16UC3, 257.0);
        ext = ".png";
    } else if (ext == ".pnga") {
        cv::cvtColor(image, image, cv::COLOR_BGR2BGRA);
        ext = ".png";
    }
    for (const char *split : {"train", "val"})
        QDir().mkpath(QStringLiteral("%1/%2/c").arg(root, split));
    const QString file = root + "/train/c/x" + ext;
    QVERIFY(cv::imwrite(file.toStdString(), image, std::vector<int>(params.begin(), params.end())));
    if (exif)
        writeBytes(file, withExifOrientation(readBytes(file)));
    QVERIFY(QFile::copy(file, root + "/val/c/x" + ext));
    for (bool grey : {false, true}) {
        ImageFolderOptions options;
        options.grey = grey;
        std::string error;
        auto set = ImageFolder::open(root.toStdString(), options, &error);
        QVERIFY2(set, error.c_str());
        const cv::Mat ours = set->image(Split::Train, 0);
        cv::Mat theirs = cv::imread(file.toStdString(), grey ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
        QVERIFY(!theirs.empty());
        if (!grey)
            cv::cvtColor(theirs, theirs, cv::COLOR_BGR2RGB);
        QCOMPARE(ours.size(), theirs.size());
        QCOMPARE(ours.type(), theirs.type());
        QCOMPARE(cv::norm(ours, theirs, cv::NORM_INF), 0.0);
        if (exif)
            QCOMPARE(ours.rows, 20);  // turned upright, as imread turns it
    }
}

void TstDataFiles::damagedJpegNamedWithLibjpegWords()
{
    const QString root = dir("cut");
    for (const char *split : {"train", "val"})
        QDir().mkpath(QStringLiteral("%1/%2/c").arg(root, split));
    QVERIFY(cv::imwrite((root + "/val/c/v.png").toStdString(), pattern(1)));
    std::vector<uchar> jpeg;
    cv::imencode(".jpg", pattern(2), jpeg);
    // Cut in the middle of the entropy-coded data (after the scan header), where libjpeg runs out of data.
    const QByteArray whole(reinterpret_cast<const char *>(jpeg.data()), int(jpeg.size()));
    const qsizetype scan = whole.indexOf(QByteArray("\xff\xda", 2));
    QVERIFY(scan > 0);
    writeBytes(root + "/train/c/half.jpg", whole.left(scan + (whole.size() - scan) / 2));
    QVERIFY(cv::imwrite((root + "/train/c/whole.png").toStdString(), pattern(4)));
    std::string error;
    TransformedDataset stop(ImageFolder::open(root.toStdString(), {}, &error), 8, 1.0, BadImagePolicy::Stop);
    try {
        stop.batch(Split::Train, {0, 1});
        QFAIL("a JPEG cut in half was decoded");
    } catch (const DataError &e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains(root + "/train/c/half.jpg: cannot be decoded: damaged JPEG data: Premature end of JPEG file"), e.what());
    }
    TransformedDataset skip(ImageFolder::open(root.toStdString(), {}, &error), 8, 1.0, BadImagePolicy::Skip);
    skip.batch(Split::Train, {0, 1});
    QCOMPARE(skip.skippedImages(), 1);
    QVERIFY(QString::fromStdString(skip.lastSkipped()).contains("half.jpg"));
}

void TstDataFiles::damagedFilesAttributedUnderThreads()
{
    // Twenty damaged JPEGs among good PNGs, decoded by the loader's threads: each message names its own file.
    const QString root = dir("many");
    for (const char *split : {"train", "val"})
        QDir().mkpath(QStringLiteral("%1/%2/c").arg(root, split));
    QVERIFY(cv::imwrite((root + "/val/c/v.png").toStdString(), pattern(1)));
    for (int i = 0; i < 20; ++i) {
        std::vector<uchar> jpeg;
        cv::imencode(".jpg", pattern(10 + i), jpeg);
        jpeg.resize(jpeg.size() * 2 / 3);
        writeBytes(QStringLiteral("%1/train/c/bad%2.jpg").arg(root).arg(i, 2, 10, QLatin1Char('0')),
                 QByteArray(reinterpret_cast<const char *>(jpeg.data()), int(jpeg.size())));
        QVERIFY(cv::imwrite(QStringLiteral("%1/train/c/good%2.png").arg(root).arg(i).toStdString(), pattern(i)));
    }
    std::string error;
    auto set = ImageFolder::open(root.toStdString(), {}, &error);
    QVERIFY2(set, error.c_str());
    at::set_num_threads(2);
    const ImageCheck check = checkImages(*set, 100);
    QCOMPARE(check.bad, 20);
    for (const auto &p : check.problems) {
        const QString problem = QString::fromStdString(p);
        QVERIFY2(problem.contains(QRegularExpression("/train/c/bad\\d\\d\\.jpg: cannot be decoded: damaged JPEG data")), p.c_str());
    }
}

void TstDataFiles::hugeHeaderRefusedBeforeDecoding()
{
    // An IHDR claiming 100000 × 100000 pixels: refused from the header, with the numbers, never OpenCV's assertion.
    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    auto chunk = [&png](const char *type, const QByteArray &data) {
        const QByteArray body = QByteArray(type, 4) + data;
        auto be = [](quint32 v) {
            const char bytes[4] = {char(v >> 24), char((v >> 16) & 0xff), char((v >> 8) & 0xff), char(v & 0xff)};
            return QByteArray(bytes, 4);
        };
        png += be(quint32(data.size())) + body
             + be(quint32(crc32(0, reinterpret_cast<const Bytef *>(body.data()), uInt(body.size()))));
    };
    chunk("IHDR", QByteArray("\0\x01\x86\xa0\0\x01\x86\xa0\x08\x02\0\0\0", 13));
    chunk("IDAT", QByteArray(8, '\0'));
    chunk("IEND", {});
    const std::vector<std::uint8_t> bytes(png.begin(), png.end());
    const std::string problem = checkEncodedImage(bytes);
    QVERIFY2(problem.find("100000 x 100000 pixels") != std::string::npos, problem.c_str());
    QVERIFY(checkEncodedImage(std::vector<std::uint8_t>{0xff, 0xd8, 0xff}).find("damaged JPEG data") == 0);
}

namespace {

QByteArray pngOf(quint32 width, quint32 height, const QByteArray &idat)
{
    auto be = [](quint32 v) {
        const char bytes[4] = {char(v >> 24), char((v >> 16) & 0xff), char((v >> 8) & 0xff), char(v & 0xff)};
        return QByteArray(bytes, 4);
    };
    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    auto chunk = [&](const char *type, const QByteArray &data) {
        const QByteArray body = QByteArray(type, 4) + data;
        png += be(quint32(data.size())) + body
             + be(quint32(crc32(0, reinterpret_cast<const Bytef *>(body.data()), uInt(body.size()))));
    };
    chunk("IHDR", be(width) + be(height) + QByteArray("\x08\0\0\0\0", 5));  // 8-bit grey
    chunk("IDAT", idat);
    chunk("IEND", {});
    return png;
}

// Deflated rows of zeros: the best case for deflate (about 1029:1).
QByteArray zeroRows(quint32 width, quint32 height)
{
    const QByteArray raw(qsizetype(height) * (1 + width), '\0');
    return qCompress(raw, 9).mid(4);  // qCompress: a 4-byte length, then a zlib stream
}

// A small JPEG whose frame header (SOF0 or SOF2) is patched to claim width x height.
QByteArray jpegClaiming(bool progressive, quint16 width, quint16 height)
{
    std::vector<uchar> encoded;
    cv::Mat image(64, 64, CV_8UC3, cv::Scalar(10, 120, 200));
    cv::imencode(".jpg", image, encoded, {cv::IMWRITE_JPEG_PROGRESSIVE, progressive ? 1 : 0});
    QByteArray jpeg(reinterpret_cast<const char *>(encoded.data()), qsizetype(encoded.size()));
    const qsizetype sof = jpeg.indexOf(progressive ? QByteArray("\xff\xc2", 2) : QByteArray("\xff\xc0", 2));
    if (sof < 0)
        return {};
    jpeg[sof + 5] = char(height >> 8);
    jpeg[sof + 6] = char(height & 0xff);
    jpeg[sof + 7] = char(width >> 8);
    jpeg[sof + 8] = char(width & 0xff);
    return jpeg;
}

QByteArray tiffClaiming(quint32 width, quint32 height)
{
    QByteArray tiff("II*\0\x08\0\0\0", 8);
    auto le16 = [](quint16 v) { return QByteArray(1, char(v & 0xff)) + QByteArray(1, char(v >> 8)); };
    auto le32 = [&](quint32 v) { return le16(quint16(v & 0xffff)) + le16(quint16(v >> 16)); };
    tiff += le16(2);
    tiff += le16(256) + le16(4) + le32(1) + le32(width);
    tiff += le16(257) + le16(4) + le32(1) + le32(height);
    tiff += le32(0);
    return tiff;
}

} // namespace

void TstDataFiles::decompressionBombsRefusedBeforeDecoding_data()
{
    // A few hundred bytes that claim an image of many millions of pixels (the image fuzzer's
    // finding: 450 bytes of progressive JPEG made libjpeg allocate 1.9 GB). Each is within the
    // pixel limit, so only the size of its coded data gives it away; "" = a good file, accepted.
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("says");
    QTest::newRow("progressive JPEG claiming 10000 x 10000")
        << jpegClaiming(true, 10000, 10000) << "10000 x 10000 pixels, which take at least 195312 bytes";
    QTest::newRow("baseline JPEG claiming 10000 x 10000")
        << jpegClaiming(false, 10000, 10000) << "10000 x 10000 pixels, which take at least 195312 bytes";
    QTest::newRow("PNG of 8000 x 8000 with one row of data")
        << pngOf(8000, 8000, zeroRows(8000, 1)) << "8000 x 8000 pixels, which take at least 62023 bytes";
    QTest::newRow("PNG of 3000 x 3000 zeros, deflated at its best (good)") << pngOf(3000, 3000, zeroRows(3000, 3000))
                                                                          << "";
    QTest::newRow("TIFF claiming 20000 x 20000") << tiffClaiming(20000, 20000) << "20000 x 20000 pixels, more than";
    QTest::newRow("TIFF without a size") << tiffClaiming(0, 0) << "0 x 0 pixels; the file is damaged";
}

void TstDataFiles::decompressionBombsRefusedBeforeDecoding()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, says);
    QVERIFY(!bytes.isEmpty());
    const std::string problem = checkEncodedImage(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
    if (says.isEmpty())
        QVERIFY2(problem.empty(), problem.c_str());
    else
        QVERIFY2(QString::fromStdString(problem).contains(says), problem.c_str());
}

void TstDataFiles::danglingClassFolderRefused()
{
    const QString root = dir("dangling");
    for (const char *split : {"train", "val"}) {
        QDir().mkpath(QStringLiteral("%1/%2/a").arg(root, split));
        QVERIFY(cv::imwrite(QStringLiteral("%1/%2/a/x.png").arg(root, split).toStdString(), pattern(0)));
    }
    QVERIFY(QFile::link(root + "/gone", root + "/train/b"));  // a class folder whose target was moved away
    std::string error;
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    QVERIFY2(QString::fromStdString(error).contains("train/b' is a symbolic link to"), error.c_str());
}

void TstDataFiles::badFilesSkippedAndCounted()
{
    const QString root = dir("skipping");
    for (const char *split : {"train", "val"}) {
        QDir().mkpath(QStringLiteral("%1/%2/a").arg(root, split));
        QVERIFY(cv::imwrite(QStringLiteral("%1/%2/a/x.png").arg(root, split).toStdString(), pattern(0)));
    }
    writeBytes(root + "/train/a/empty.png", QByteArray());
    QVERIFY(QFile::link(root + "/nowhere.png", root + "/train/a/link.png"));
    std::string error;
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    QVERIFY2(QString::fromStdString(error).contains("empty.png' is empty"), error.c_str());
    QVERIFY2(QString::fromStdString(error).contains("and 1 more"), error.c_str());
    ImageFolderOptions skip;
    skip.skipBadFiles = true;
    auto set = ImageFolder::open(root.toStdString(), skip, &error);
    QVERIFY2(set, error.c_str());
    QCOMPARE(set->size(Split::Train), 1);
    QCOMPARE(set->excludedFiles().size(), size_t(2));
    const ImageCheck check = checkImages(*set);
    QCOMPARE(check.bad, 2);
    TransformedDataset data(std::move(set), 8, 1.0, BadImagePolicy::Skip);
    QCOMPARE(data.skippedImages(), 2);
}

void TstDataFiles::cifarBatchThatIsAFolder()
{
    const QString d = dir("c10folder");
    writeCifar10(d, 2, 2);
    QFile::remove(d + "/data_batch_3.bin");
    QDir().mkpath(d + "/data_batch_3.bin");
    std::string error;
    QVERIFY(!CifarBinary::open(d.toStdString(), false, false, &error));
    QVERIFY2(error.find("data_batch_3.bin' is a folder, not a file") != std::string::npos, error.c_str());
    QVERIFY2(error.find("9223372036854775807") == std::string::npos, error.c_str());
}

// Files of formats OpenCV decodes but Gatefold does not take (their signatures), hidden entries a
// checkout or a Mac leaves, and a folder inside a class folder: left out, each kind said with its count.
void TstDataFiles::passedOverAndSaid()
{
    const QString root = dir("passed");
    for (const char *split : {"train", "val"})
        for (const char *cls : {"a", "b"}) {
            QDir().mkpath(QStringLiteral("%1/%2/%3").arg(root, split, cls));
            QVERIFY(cv::imwrite(QStringLiteral("%1/%2/%3/x.png").arg(root, split, cls).toStdString(), pattern(1)));
        }
    cv::Mat grey;
    cv::cvtColor(pattern(2), grey, cv::COLOR_BGR2GRAY);
    QVERIFY(cv::imwrite((root + "/train/a/grey.pgm").toStdString(), grey));
    QVERIFY(cv::imwrite((root + "/train/a/colour.ppm").toStdString(), pattern(3)));
    writeBytes(root + "/train/b/anim.gif", QByteArray("GIF89a\x01\0\x01\0\0\0\0;", 13));
    writeBytes(root + "/train/b/hdr.exr", QByteArray("\x76\x2f\x31\x01\x02\0\0\0", 8));
    QDir().mkpath(root + "/train/.git");
    writeBytes(root + "/train/.git/HEAD.png", "ref: refs/heads/main\n");  // a hidden folder is no class
    writeBytes(root + "/train/a/._x.png", "Mac OS X resource fork, not a PNG");
    QDir().mkpath(root + "/train/a/more");
    QVERIFY(cv::imwrite((root + "/train/a/more/y.png").toStdString(), pattern(4)));
    std::string error;
    auto set = ImageFolder::open(root.toStdString(), {}, &error);
    QVERIFY2(set, error.c_str());
    QCOMPARE(set->classNames(), (std::vector<std::string>{"a", "b"}));
    QCOMPARE(set->size(Split::Train), 2);
    QVERIFY(set->excludedFiles().empty());
    QString notices;
    for (const auto &n : set->notices())
        notices += QString::fromStdString(n) + '\n';
    QVERIFY2(notices.contains("skipped 4 files that are not images of a supported format (JPEG, PNG, WebP, BMP or "
                              "TIFF): 1 .exr, 1 .gif, 1 .pgm, 1 .ppm"), qPrintable(notices));
    QVERIFY2(notices.contains("skipped 2 hidden files and folders (names starting with '.'): " + root + "/train/.git, "
                              + root + "/train/a/._x.png"), qPrintable(notices));
    QVERIFY2(notices.contains("skipped 1 folder inside class folders (class folders are not nested") && notices.contains("/train/a/more"),
             qPrintable(notices));
    QVERIFY(hasImageExtension("X.JPEG") && hasImageExtension("a.tif") && !hasImageExtension("a.pgm")
            && !hasImageExtension(".png"));
}

void TstDataFiles::emptyClassSaysWhatItHolds()
{
    const QString root = dir("gifs");
    for (const char *split : {"train", "val"}) {
        QDir().mkpath(QStringLiteral("%1/%2/a").arg(root, split));
        QVERIFY(cv::imwrite(QStringLiteral("%1/%2/a/x.png").arg(root, split).toStdString(), pattern(1)));
    }
    QDir().mkpath(root + "/train/b");
    for (int i = 0; i < 4; ++i)
        writeBytes(QStringLiteral("%1/train/b/f%2.gif").arg(root).arg(i), QByteArray("GIF89a\x01\0\x01\0\0\0\0;", 13));
    QDir().mkpath(root + "/train/b/sub");
    QVERIFY(cv::imwrite((root + "/train/b/sub/y.png").toStdString(), pattern(2)));
    std::string error;
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    QVERIFY2(QString::fromStdString(error).contains(
                 root + "/train/b: empty class folder: no JPEG, PNG, WebP, BMP or TIFF images; it holds only 4 files of "
                        "another format (4 .gif; not JPEG, PNG, WebP, BMP or TIFF) and 1 folder sub/ (class folders are "
                        "not nested)"),
             error.c_str());
    QDir(root + "/train/b").removeRecursively();
    QDir().mkpath(root + "/train/b");
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    QVERIFY2(QString::fromStdString(error).contains("train/b: empty class folder: no JPEG, PNG, WebP, BMP or TIFF images; "
                                                    "it holds nothing"),
             error.c_str());
}

// A Netpbm file renamed x.png: OpenCV would decode it, but Gatefold takes only what it checks. Its
// first bytes give it away when the folder is opened, before any run exists.
void TstDataFiles::anotherFormatUnderAnImageName()
{
    const QString root = dir("renamed");
    for (const char *split : {"train", "val"})
        for (const char *cls : {"a", "b"}) {
            QDir().mkpath(QStringLiteral("%1/%2/%3").arg(root, split, cls));
            QVERIFY(cv::imwrite(QStringLiteral("%1/%2/%3/x.png").arg(root, split, cls).toStdString(), pattern(1)));
        }
    std::vector<uchar> ppm;
    QVERIFY(cv::imencode(".ppm", pattern(5), ppm));
    writeBytes(root + "/train/a/x_ppm.png", QByteArray(reinterpret_cast<const char *>(ppm.data()), int(ppm.size())));
    writeBytes(root + "/train/b/notes.jpg", "not an image at all\n");
    std::string error;
    QVERIFY(!ImageFolder::open(root.toStdString(), {}, &error));
    const QString message = QString::fromStdString(error);
    QVERIFY2(message.contains(root + "/train/a/x_ppm.png: cannot be decoded: it is not a JPEG, PNG, WebP, BMP or TIFF "
                                     "image (its first bytes are 50 36"),
             error.c_str());
    QVERIFY2(message.contains("a Netpbm image") && message.contains("convert it to PNG"), error.c_str());
    QVERIFY2(message.contains("and 1 more image files") && message.contains("data.bad_images=skip"), error.c_str());
    ImageFolderOptions skip;
    skip.skipBadFiles = true;
    auto set = ImageFolder::open(root.toStdString(), skip, &error);
    QVERIFY2(set, error.c_str());
    QCOMPARE(set->size(Split::Train), 2);
    QCOMPARE(set->excludedFiles().size(), size_t(2));
    QCOMPARE(imageSignatureProblem((root + "/train/a/x.png").toStdString()), std::string());
}

// `analyze --image` reads image files through the image folders' own reader: the same formats, the same pixels.
void TstDataFiles::analyzeReadsWhatFoldersRead()
{
    const QString root = dir("analyze");
    QVERIFY(cv::imwrite((root + "/x.png").toStdString(), pattern(6)));
    cv::Mat grey;
    cv::cvtColor(pattern(6), grey, cv::COLOR_BGR2GRAY);
    QVERIFY(cv::imwrite((root + "/x.pgm").toStdString(), grey));
    for (bool grey : {false, true}) {
        const cv::Mat ours = decodeImageFile((root + "/x.png").toStdString(), grey);
        cv::Mat theirs = cv::imread((root + "/x.png").toStdString(), grey ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
        if (!grey)
            cv::cvtColor(theirs, theirs, cv::COLOR_BGR2RGB);
        QCOMPARE(cv::norm(ours, theirs, cv::NORM_INF), 0.0);
    }
    QVERIFY(!cv::imread((root + "/x.pgm").toStdString()).empty());  // OpenCV reads it; Gatefold does not
    try {
        decodeImageFile((root + "/x.pgm").toStdString(), false);
        QFAIL("a PGM file was decoded");
    } catch (const DataError &e) {
        QVERIFY2(QString(e.what()).contains("x.pgm: cannot be decoded: it is not a JPEG, PNG, WebP, BMP or TIFF image"),
                 e.what());
    }
}

GATEFOLD_TEST_MAIN(TstDataFiles)
#include "tst_datafiles.moc"
