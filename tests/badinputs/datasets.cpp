// Bad data sets of every format: files that are folders, empty, cut short,
// dangling or looping links, fifos, devices, unreadable, too large; headers
// that lie; images a decoder would fill with grey. Refused before a run is
// created where that can be known (train, exit 2), and named with the file
// where only decoding tells (data --verify and a training run, exit 1).

#include "badinput.h"
#include "badinputfiles.h"

#include <zlib.h>

namespace gatefold::test {
namespace {

using Spoil = std::function<void(const CaseFolder &)>;

BadInput cifar(const QString &name, const Spoil &spoil, const QStringList &mentions)
{
    return {"cifar10/" + name,
            [spoil](const CaseFolder &f) {
                writeCifar10(f, "c10");
                spoil(f);
            },
            trainOn("cifar10", "c10"), 2, QStringList{"nothing was created"} + mentions};
}

BadInput mnist(const QString &name, const Spoil &spoil, const QStringList &mentions)
{
    return {"mnist/" + name,
            [spoil](const CaseFolder &f) {
                writeMnist(f, "m");
                spoil(f);
            },
            trainOn("mnist", "m", 10, 1), 2, QStringList{"nothing was created"} + mentions};
}

// An image folder of two classes spoiled, then opened by train (refused before a run exists).
BadInput folder(const QString &name, const Spoil &spoil, const QStringList &mentions, const QStringList &extra = {})
{
    return {"folder/" + name,
            [spoil](const CaseFolder &f) {
                writeImageFolder(f, "imgs");
                spoil(f);
            },
            trainOn("folder", "imgs", 2) + extra, 2, QStringList{"nothing was created"} + mentions};
}

// An image folder with one image replaced by `bytes`, decoded by data --verify (exit 1, the file named).
BadInput image(const QString &name, const QByteArray &bytes, const QStringList &mentions,
               const QString &file = QStringLiteral("imgs/train/a/img1.jpg"))
{
    return {"image/" + name,
            [bytes, file](const CaseFolder &f) {
                writeImageFolder(f, "imgs");
                f.remove("imgs/train/a/img1.jpg");
                f.write(file, bytes);
            },
            {"data", "--verify", "--set", "data.name=folder", "--set", "data.path={dir}/imgs"}, 1,
            QStringList{"1 bad", "{dir}/" + file} + mentions};
}

QByteArray pngChunk(const char *type, const QByteArray &data)
{
    const QByteArray body = QByteArray(type, 4) + data;
    return bigEndian32(quint32(data.size())) + body
         + bigEndian32(quint32(crc32(0, reinterpret_cast<const Bytef *>(body.data()), uInt(body.size()))));
}

// A PNG whose header claims width × height pixels (its data is a few bytes).
QByteArray pngClaiming(quint32 width, quint32 height)
{
    const QByteArray header = bigEndian32(width) + bigEndian32(height) + QByteArray("\x08\x02\x00\x00\x00", 5);
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + pngChunk("IHDR", header) + pngChunk("IDAT", QByteArray(12, '\0'))
         + pngChunk("IEND", {});
}

// A real JPEG whose frame header is changed to claim width × height.
QByteArray jpegClaiming(quint16 width, quint16 height)
{
    QByteArray jpeg = encodeImage(".jpg", 1, 32);
    const int sof = jpeg.indexOf(QByteArray("\xff\xc0", 2));
    jpeg[sof + 5] = char(height >> 8);
    jpeg[sof + 6] = char(height & 0xff);
    jpeg[sof + 7] = char(width >> 8);
    jpeg[sof + 8] = char(width & 0xff);
    return jpeg;
}

QByteArray bmpClaiming(qint32 width, qint32 height)
{
    QByteArray bmp("BM", 2);
    bmp += QByteArray(16, '\0');
    for (qint32 v : {width, height})
        for (int b = 0; b < 4; ++b)
            bmp.append(char((quint32(v) >> (8 * b)) & 0xff));
    bmp += QByteArray(40, '\0');
    return bmp;
}

QByteArray flippedPng()
{
    QByteArray png = encodeImage(".png", 3, 32);
    const int idat = png.indexOf("IDAT");
    png[idat + 10] = char(png[idat + 10] ^ 0x10);
    return png;
}

void addCifar(std::vector<BadInput> &cases)
{
    cases.push_back(cifar("batch is a folder", [](const CaseFolder &f) {
        f.remove("c10/data_batch_2.bin");
        f.mkdir("c10/data_batch_2.bin");
    }, {"data_batch_2.bin' is a folder, not a file", "data.path"}));
    cases.push_back(cifar("batch missing", [](const CaseFolder &f) { f.remove("c10/data_batch_5.bin"); },
                          {"data_batch_5.bin' does not exist", "data_batch_1.bin … data_batch_5.bin and test_batch.bin"}));
    cases.push_back(cifar("batch empty", [](const CaseFolder &f) { f.write("c10/test_batch.bin", {}); },
                          {"test_batch.bin' is empty"}));
    cases.push_back(cifar("batch of one byte", [](const CaseFolder &f) { f.write("c10/test_batch.bin", "x"); },
                          {"test_batch.bin: 1 bytes is not a whole number of 3073-byte CIFAR records"}));
    cases.push_back(cifar("batch cut short", [](const CaseFolder &f) {
        f.write("c10/data_batch_3.bin", cifarRecords(0, 4, false).left(3073 * 3 + 100));
    }, {"data_batch_3.bin: 9319 bytes is not a whole number", "download it again"}));
    cases.push_back(cifar("batch a dangling link", [](const CaseFolder &f) {
        f.remove("c10/data_batch_1.bin");
        f.symlink("/nonexistent/data_batch_1.bin", "c10/data_batch_1.bin");
    }, {"data_batch_1.bin' is a symbolic link to '/nonexistent/data_batch_1.bin', which does not exist"}));
    cases.push_back(cifar("batch a link loop", [](const CaseFolder &f) {
        f.remove("c10/data_batch_1.bin");
        f.symlink("data_batch_1.bin", "c10/data_batch_1.bin");
    }, {"data_batch_1.bin' is a symbolic link that leads back to itself"}));
    cases.push_back(cifar("batch a fifo", [](const CaseFolder &f) {
        f.remove("c10/data_batch_4.bin");
        f.fifo("c10/data_batch_4.bin");
    }, {"data_batch_4.bin' is a fifo"}));
    cases.push_back(cifar("batch is dev zero", [](const CaseFolder &f) {
        f.remove("c10/test_batch.bin");
        f.symlink("/dev/zero", "c10/test_batch.bin");
    }, {"test_batch.bin' is a device"}));
    cases.push_back(cifar("batch unreadable", [](const CaseFolder &f) { f.chmod("c10/data_batch_2.bin", 0); },
                          {"data_batch_2.bin' cannot be read: permission denied"}));
    cases.push_back(cifar("batch of gigabytes", [](const CaseFolder &f) {
        QFile(f.path("c10/data_batch_1.bin")).resize(qint64(3073) * 500000);
    }, {"data_batch_1.bin' is 1.4 GiB, more than the 1.0 GiB"}));
    cases.push_back(cifar("label out of range", [](const CaseFolder &f) {
        QByteArray batch = cifarRecords(0, 4, false);
        batch[3073] = char(10);
        f.write("c10/data_batch_1.bin", batch);
    }, {"data_batch_1.bin: record 1 has label 10, but there are 10 classes"}));
    cases.push_back(cifar("names file with nine names", [](const CaseFolder &f) {
        f.write("c10/batches.meta.txt", "a\nb\nc\nd\ne\nf\ng\nh\ni\n");
    }, {"batches.meta.txt' names 9 classes, but the data set has 10"}));
    cases.push_back(cifar("names file a folder", [](const CaseFolder &f) { f.mkdir("c10/batches.meta.txt"); },
                          {"batches.meta.txt' is a folder"}));
    cases.push_back(cifar("folder is a file", [](const CaseFolder &f) {
        f.remove("c10");
        f.write("c10", "not a folder");
    }, {"c10' is a file, not a folder"}));
    cases.push_back(cifar("folder missing", [](const CaseFolder &f) { f.remove("c10"); }, {"c10' does not exist"}));
    cases.push_back(cifar("folder unreadable", [](const CaseFolder &f) { f.chmod("c10", 0); },
                          {"c10' cannot be listed: permission denied"}));
    cases.push_back({"cifar10/path with spaces and unicode",
                     [](const CaseFolder &f) {
                         writeCifar10(f, "my data/cïfar 10");
                         f.remove("my data/cïfar 10/test_batch.bin");
                     },
                     trainOn("cifar10", "my data/cïfar 10"), 2, {"{dir}/my data/cïfar 10/test_batch.bin' does not exist"}});
    cases.push_back({"cifar100/CIFAR-10 files under CIFAR-100 names",
                     [](const CaseFolder &f) {
                         f.write("c100/train.bin", cifarRecords(0, 3, false));
                         f.write("c100/test.bin", cifarRecords(0, 3, false));
                     },
                     trainOn("cifar100", "c100", 100), 2, {"train.bin: 9219 bytes is not a whole number of 3074-byte"}});
    cases.push_back({"cifar100/train.bin missing", [](const CaseFolder &f) { f.write("c100/test.bin", cifarRecords(0, 2, true)); },
                     trainOn("cifar100", "c100", 100), 2, {"train.bin' does not exist", "train.bin and test.bin"}});
    cases.push_back({"cifar10/one channel asked of RGB data", [](const CaseFolder &f) { writeCifar10(f, "c10"); },
                     trainOn("cifar10", "c10") + QStringList{"--set", "data.channels=1"}, 2,
                     {"data.channels", "CIFAR is RGB"}});
}

void addMnist(std::vector<BadInput> &cases)
{
    cases.push_back(mnist("bad magic", [](const CaseFolder &f) { f.write("m/train-images-idx3-ubyte", idxImages(20, 28, 28, 0x802)); },
                          {"train-images-idx3-ubyte: bad magic number (expected 0x00000803"}));
    cases.push_back(mnist("cut short", [](const CaseFolder &f) {
        f.write("m/t10k-images-idx3-ubyte", idxImages(8).left(16 + 784 * 5));
    }, {"t10k-images-idx3-ubyte: 3920 bytes of data, but the header promises 6272", "truncated"}));
    cases.push_back(mnist("longer than its header", [](const CaseFolder &f) {
        f.write("m/t10k-labels-idx1-ubyte", idxLabels(8) + "extra");
    }, {"t10k-labels-idx1-ubyte: longer than its header promises"}));
    cases.push_back(mnist("counts differ", [](const CaseFolder &f) { f.write("m/train-labels-idx1-ubyte", idxLabels(19)); },
                          {"holds 20 images but", "19 labels"}));
    cases.push_back(mnist("label out of range", [](const CaseFolder &f) { f.write("m/train-labels-idx1-ubyte", idxLabels(20, 7)); },
                          {"label 12 of image 7 is out of range 0-9"}));
    cases.push_back(mnist("no images", [](const CaseFolder &f) {
        f.write("m/t10k-images-idx3-ubyte", idxImages(0));
        f.write("m/t10k-labels-idx1-ubyte", idxLabels(0));
    }, {"t10k-images-idx3-ubyte: holds no images"}));
    cases.push_back(mnist("zero rows", [](const CaseFolder &f) { f.write("m/train-images-idx3-ubyte", idxImages(20, 0, 28)); },
                          {"implausible image size 0x28"}));
    cases.push_back(mnist("header promising terabytes", [](const CaseFolder &f) {
        f.write("m/train-images-idx3-ubyte", bigEndian32(0x803) + bigEndian32(4000000000u) + bigEndian32(4096)
                                                 + bigEndian32(4096));
    }, {"train-images-idx3-ubyte: its header promises more than 4.0 GiB", "header is damaged"}));
    cases.push_back(mnist("header only", [](const CaseFolder &f) { f.write("m/train-labels-idx1-ubyte", bigEndian32(0x801)); },
                          {"train-labels-idx1-ubyte: shorter than an IDX header"}));
    cases.push_back(mnist("empty", [](const CaseFolder &f) { f.write("m/train-images-idx3-ubyte", {}); },
                          {"train-images-idx3-ubyte' is empty"}));
    cases.push_back(mnist("damaged gzip", [](const CaseFolder &f) {
        f.remove("m/train-images-idx3-ubyte");
        QByteArray gz = gzipped(idxImages(20));
        for (int i = gz.size() / 2; i < gz.size() / 2 + 16; ++i)
            gz[i] = char(gz[i] ^ 0x5a);
        f.write("m/train-images-idx3-ubyte.gz", gz);
    }, {"train-images-idx3-ubyte.gz: damaged gzip data", "download it again"}));
    cases.push_back(mnist("gzip larger than its header", [](const CaseFolder &f) {
        f.remove("m/train-labels-idx1-ubyte");
        f.write("m/train-labels-idx1-ubyte.gz", gzipped(idxLabels(20) + QByteArray(1 << 20, '\0')));
    }, {"train-labels-idx1-ubyte.gz: longer than its header promises"}));
    cases.push_back(mnist("images a folder", [](const CaseFolder &f) {
        f.remove("m/train-images-idx3-ubyte");
        f.mkdir("m/train-images-idx3-ubyte");
    }, {"train-images-idx3-ubyte' is a folder", "an MNIST folder holds"}));
    cases.push_back(mnist("labels a fifo", [](const CaseFolder &f) {
        f.remove("m/t10k-labels-idx1-ubyte");
        f.fifo("m/t10k-labels-idx1-ubyte");
    }, {"t10k-labels-idx1-ubyte' is a fifo"}));
    cases.push_back(mnist("labels a dangling link", [](const CaseFolder &f) {
        f.remove("m/t10k-labels-idx1-ubyte");
        f.symlink("elsewhere", "m/t10k-labels-idx1-ubyte");
    }, {"t10k-labels-idx1-ubyte' is a symbolic link to 'elsewhere', which does not exist"}));
    cases.push_back(mnist("unreadable", [](const CaseFolder &f) { f.chmod("m/train-images-idx3-ubyte", 0); },
                          {"train-images-idx3-ubyte' cannot be read: permission denied"}));
    cases.push_back({"mnist/three channels for grey data", [](const CaseFolder &f) { writeMnist(f, "m"); },
                     trainOn("mnist", "m", 10, 3), 2, {"in_chans", "delivers 1 channel(s); set in_chans=1"}});
}

void addFolders(std::vector<BadInput> &cases)
{
    cases.push_back(folder("class folder a dangling link", [](const CaseFolder &f) { f.symlink("/nonexistent/c", "imgs/train/c"); },
                           {"imgs/train/c' is a symbolic link to '/nonexistent/c', which does not exist",
                            "among the class folders"}));
    cases.push_back(folder("class folder a link loop", [](const CaseFolder &f) { f.symlink("c", "imgs/train/c"); },
                           {"imgs/train/c' is a symbolic link that leads back to itself"}));
    cases.push_back(folder("class folder unreadable", [](const CaseFolder &f) { f.chmod("imgs/train/b", 0); },
                           {"imgs/train/b' cannot be listed: permission denied"}));
    cases.push_back(folder("image a dangling link", [](const CaseFolder &f) { f.symlink("gone.png", "imgs/train/a/x.png"); },
                           {"imgs/train/a/x.png' is a symbolic link to 'gone.png'", "data.bad_images=skip"}));
    cases.push_back(folder("image a link loop", [](const CaseFolder &f) { f.symlink("x.png", "imgs/train/a/x.png"); },
                           {"x.png' is a symbolic link that leads back to itself"}));
    cases.push_back(folder("image a folder", [](const CaseFolder &f) { f.mkdir("imgs/train/b/y.jpg"); },
                           {"imgs/train/b/y.jpg' is a folder, not a file"}));
    cases.push_back(folder("image empty", [](const CaseFolder &f) { f.write("imgs/val/a/empty.png", {}); },
                           {"imgs/val/a/empty.png' is empty"}));
    cases.push_back(folder("image a fifo", [](const CaseFolder &f) { f.fifo("imgs/train/a/pipe.png"); },
                           {"pipe.png' is a fifo"}));
    cases.push_back(folder("image dev zero", [](const CaseFolder &f) { f.symlink("/dev/zero", "imgs/train/a/zero.png"); },
                           {"zero.png' is a device"}));
    cases.push_back(folder("image unreadable", [](const CaseFolder &f) { f.chmod("imgs/train/a/img0.png", 0); },
                           {"img0.png' cannot be read: permission denied"}));
    cases.push_back(folder("many bad images", [](const CaseFolder &f) {
        for (int i = 0; i < 5; ++i)
            f.write(QStringLiteral("imgs/train/b/e%1.png").arg(i), {});
    }, {"e0.png' is empty", "and 4 more image files", "data --verify"}));
    cases.push_back(folder("empty class folder", [](const CaseFolder &f) { f.mkdir("imgs/train/c"); },
                           {"imgs/train/c: empty class folder"}));
    cases.push_back(folder("no class folders", [](const CaseFolder &f) {
        f.remove("imgs/train");
        f.remove("imgs/val");
        f.write("imgs/readme.txt", "x");
    }, {"no class folders"}));
    cases.push_back(folder("val class unknown", [](const CaseFolder &f) { f.write("imgs/val/z/v.png", encodeImage(".png")); },
                           {"class 'z' is not among the training classes"}));
    cases.push_back(folder("root is a file", [](const CaseFolder &f) {
        f.remove("imgs");
        f.write("imgs", "x");
    }, {"imgs' is a file, not a folder"}));
    cases.push_back(folder("labels file missing", [](const CaseFolder &f) {
        f.remove("imgs/val");
        f.write("imgs/val/v0.png", encodeImage(".png"));
    }, {"data.val_labels", "labels.csv' does not exist"}, {"--set", "data.val_labels={dir}/labels.csv"}));
    cases.push_back(folder("labels file names an unknown class", [](const CaseFolder &f) {
        f.remove("imgs/val");
        f.write("imgs/val/v0.png", encodeImage(".png"));
        f.write("labels.csv", "v0.png,zebra\n");
    }, {"labels.csv:1: class 'zebra' is not one of the 2 training classes"}, {"--set", "data.val_labels={dir}/labels.csv"}));
    cases.push_back(folder("labels file lists a file twice", [](const CaseFolder &f) {
        f.remove("imgs/val");
        f.write("imgs/val/v0.png", encodeImage(".png"));
        f.write("labels.csv", "v0.png,a\nv0.png,b\n");
    }, {"labels.csv:2: v0.png is listed twice (first on line 1)"}, {"--set", "data.val_labels={dir}/labels.csv"}));
    cases.push_back(folder("labels file with a huge index", [](const CaseFolder &f) {
        f.remove("imgs/val");
        f.write("imgs/val/v0.png", encodeImage(".png"));
        f.write("labels.csv", "v0.png,99999999999999999999\n");
    }, {"class '99999999999999999999' is not one of the 2"}, {"--set", "data.val_labels={dir}/labels.csv"}));
    cases.push_back(folder("labels file without a val folder", [](const CaseFolder &f) {
        f.remove("imgs/val");
        f.write("labels.csv", "v0.png,a\n");
    }, {"data.val_labels is set, but", "imgs/val does not exist"}, {"--set", "data.val_labels={dir}/labels.csv"}));
    cases.push_back(folder("labels file a device", [](const CaseFolder &f) {
        f.remove("imgs/val");
        f.write("imgs/val/v0.png", encodeImage(".png"));
        f.symlink("/dev/zero", "labels.csv");
    }, {"labels.csv' is a device", "data.val_labels"}, {"--set", "data.val_labels={dir}/labels.csv"}));
    cases.push_back(folder("num_classes", [](const CaseFolder &) {}, {"num_classes", "has 2 classes; set num_classes=2"},
                           {"--set", "num_classes=5"}));
    cases.push_back(folder("grey data for an RGB model", [](const CaseFolder &) {}, {"in_chans", "set in_chans=1"},
                           {"--set", "data.channels=1"}));
}

// A GIF's first bytes: a format OpenCV may read, Gatefold does not.
const QByteArray kGif("GIF89a\x01\0\x01\0\0\0\0;", 13);

// What an image folder passes over (other formats, hidden entries, nested folders) is said; what it
// cannot use (a file of another format under an image's name, one class) is refused before a run exists.
void addPassedOver(std::vector<BadInput> &cases)
{
    cases.push_back(folder("class of GIFs only", [](const CaseFolder &f) {
        for (int i = 0; i < 3; ++i)
            f.write(QStringLiteral("imgs/train/c/g%1.gif").arg(i), kGif);
    }, {"imgs/train/c: empty class folder: no JPEG, PNG, WebP, BMP or TIFF images",
        "it holds only 3 files of another format (3 .gif", "remove the folder or add images"}));
    cases.push_back(folder("class of a nested folder only", [](const CaseFolder &f) {
        f.write("imgs/train/c/sub/x.png", encodeImage(".png", 9));
    }, {"imgs/train/c: empty class folder", "it holds only 1 folder sub/ (class folders are not nested)"}));
    cases.push_back(folder("PPM under a PNG name", [](const CaseFolder &f) {
        std::vector<uchar> ppm;
        cv::imencode(".ppm", cv::Mat(8, 8, CV_8UC3, cv::Scalar(1, 2, 3)), ppm);
        f.write("imgs/train/a/x_ppm.png", QByteArray(reinterpret_cast<const char *>(ppm.data()), int(ppm.size())));
    }, {"imgs/train/a/x_ppm.png: cannot be decoded: it is not a JPEG, PNG, WebP, BMP or TIFF image (its first bytes "
        "are 50 36", "a Netpbm image", "convert it to PNG", "data.bad_images=skip"}));
    cases.push_back(folder("GIF under a JPEG name", [](const CaseFolder &f) { f.write("imgs/val/b/g.jpg", kGif); },
                           {"imgs/val/b/g.jpg: cannot be decoded", "a GIF image"}));
    cases.push_back(folder("one class", [](const CaseFolder &f) {
        f.remove("imgs/train/b");
        f.remove("imgs/val/b");
    }, {"data.path: the data set folder has 1 class(es) (a): a classifier needs at least 2", "add a class folder"}));
    cases.push_back({"folder/hidden entries and other formats are said",
                     [](const CaseFolder &f) {
                         writeImageFolder(f, "imgs");
                         f.write("imgs/train/.git/x.png", "ref: refs/heads/main\n");
                         f.write("imgs/train/a/._img0.png", "Mac OS X resource fork, not a PNG");
                         f.write("imgs/train/b/anim.gif", kGif);
                     },
                     {"data", "--verify", "--set", "data.name=folder", "--set", "data.path={dir}/imgs"}, 0,
                     {"classes        2: a, b", "verified       10 images, 0 bad",
                      "skipped 1 file that is not an image of a supported format (JPEG, PNG, WebP, BMP or TIFF): 1 .gif",
                      "skipped 2 hidden files and folders (names starting with '.'): {dir}/imgs/train/.git, "
                      "{dir}/imgs/train/a/._img0.png"}});
    // A labels file that names fewer images than val/ holds: the others are said, not dropped unseen.
    cases.push_back({"folder/val images the labels file does not list are said",
                     [](const CaseFolder &f) {
                         writeImageFolder(f, "imgs");
                         f.remove("imgs/val");
                         for (int i = 0; i < 3; ++i)
                             f.write(QStringLiteral("imgs/val/v%1.png").arg(i), encodeImage(".png", i));
                         f.write("labels.csv", "file,class\nv0.png,a\n./v2.png,b\n");
                     },
                     {"data", "--verify", "--set", "data.name=folder", "--set", "data.path={dir}/imgs", "--set",
                      "data.val_labels={dir}/labels.csv"},
                     0,
                     {"8 training, 2 validation", "skipped 1 validation image that data.val_labels does not list",
                      "{dir}/imgs/val/v1.png"},
                     {}, false, {"v0.png", "v2.png"}});
}

void addImages(std::vector<BadInput> &cases)
{
    const QByteArray jpeg = encodeImage(".jpg", 7, 64);
    cases.push_back(image("JPEG cut in half", jpeg.left(jpeg.size() / 2), {"damaged JPEG data", "Premature end of JPEG file",
                                                                          "replace the file"}));
    QByteArray scrambled = jpeg;
    for (int i = jpeg.size() / 2; i < jpeg.size() / 2 + 40; ++i)
        scrambled[i] = char(0xff - uchar(scrambled[i]));
    cases.push_back(image("JPEG with scrambled data", scrambled, {"damaged JPEG data", "(libjpeg"}));
    cases.push_back(image("JPEG header only", jpeg.left(20), {"damaged JPEG data"}));
    cases.push_back(image("JPEG claiming four billion pixels", jpegClaiming(65000, 65000),
                          {"its header claims 65000 x 65000 pixels, more than the 134217728"}));
    cases.push_back(image("PNG claiming ten billion pixels", pngClaiming(100000, 100000),
                          {"its header claims 100000 x 100000 pixels", "OPENCV_IO_MAX_IMAGE_PIXELS"}, "imgs/train/a/big.png"));
    cases.push_back(image("PNG claiming zero pixels", pngClaiming(0, 5), {"claims an image of 0 x 5 pixels"},
                          "imgs/train/a/zero.png"));
    cases.push_back(image("PNG with a flipped bit", flippedPng(), {"checksum (CRC) of chunk IDAT"}, "imgs/train/a/flip.png"));
    const QByteArray png = encodeImage(".png", 4, 32);
    cases.push_back(image("PNG cut short", png.left(png.size() * 2 / 3), {"truncated"}, "imgs/train/a/cut.png"));
    cases.push_back(image("PNG without its end", png.left(png.size() - 12), {"truncated: it ends before its IEND"},
                          "imgs/train/a/noend.png"));
    const QByteArray webp = encodeImage(".webp", 5, 32);
    cases.push_back(image("WebP cut short", webp.left(webp.size() / 2), {"truncated: its RIFF header promises"},
                          "imgs/train/a/cut.webp"));
    cases.push_back(image("BMP claiming a billion pixels", bmpClaiming(50000, -50000), {"claims 50000 x 50000 pixels"},
                          "imgs/train/a/big.bmp"));
    cases.push_back(image("text under an image name", "hello, I am not a picture\n",
                          {"it is not a JPEG, PNG, WebP, BMP or TIFF image", "68 65 6c 6c"}, "imgs/train/a/text.png"));
    cases.push_back(image("one byte", "\xff", {"is not a JPEG, PNG"}, "imgs/train/a/one.jpg"));
    cases.push_back({"image/JPEG cut in half stops a run",
                     [jpeg](const CaseFolder &f) {
                         writeImageFolder(f, "imgs");
                         f.write("imgs/train/a/img1.jpg", jpeg.left(jpeg.size() / 2));
                     },
                     trainOn("folder", "imgs", 2), 1,
                     {"{dir}/imgs/train/a/img1.jpg: cannot be decoded: damaged JPEG data: Premature end of JPEG file", "data.bad_images=skip"},
                     {}, /*mayWrite=*/true});
}

void addDatasets(std::vector<BadInput> &cases)
{
    addCifar(cases);
    addMnist(cases);
    addFolders(cases);
    addPassedOver(cases);
    addImages(cases);
}

} // namespace

GATEFOLD_BAD_INPUTS(addDatasets);

} // namespace gatefold::test
