#pragma once

// Good files for the bad-input cases to spoil: small data sets in every
// format, a tiny model that fits them, JPEG and PNG bytes.

#include "badinput.h"

#include <opencv2/imgcodecs.hpp>

#include <QByteArray>
#include <QStringList>

#include <zlib.h>

namespace gatefold::test {

// A model small enough to build in no time, for a data set of `classes` classes in `channels` channels.
inline QStringList tinyModel(int classes = 10, int channels = 3)
{
    QStringList args;
    for (const QString &kv : {QStringLiteral("img_size=16"), QStringLiteral("patch_size=4"),
                              QStringLiteral("embed_dim=16"), QStringLiteral("depth=1"), QStringLiteral("num_heads=2"),
                              QStringLiteral("mlp_ratio=2"), QStringLiteral("train.batch_size=4"),
                              QStringLiteral("train.epochs=1"), QStringLiteral("compute.threads=1"),
                              QStringLiteral("num_classes=%1").arg(classes), QStringLiteral("in_chans=%1").arg(channels)})
        args << "--set" << kv;
    return args;
}

// `train` of data set `name` at {dir}/`path` into a store at {dir}/store/runs.sqlite.
inline QStringList trainOn(const QString &name, const QString &path, int classes = 10, int channels = 3)
{
    return QStringList{"train", "--store", "{dir}/store/runs.sqlite", "--set", "data.name=" + name, "--set",
                       "data.path={dir}/" + path}
         + tinyModel(classes, channels);
}

inline QByteArray cifarRecords(int first, int n, bool cifar100)
{
    QByteArray out;
    for (int i = first; i < first + n; ++i) {
        if (cifar100)
            out.append(char(i % 20));
        out.append(char(i % (cifar100 ? 100 : 10)));
        for (int p = 0; p < 3072; ++p)
            out.append(char((i * 31 + p) % 256));
    }
    return out;
}

// A CIFAR-10 folder at `dir` (5 batches of 4 records and a test batch of 4).
inline void writeCifar10(const CaseFolder &f, const QString &dir)
{
    for (int b = 1; b <= 5; ++b)
        f.write(QStringLiteral("%1/data_batch_%2.bin").arg(dir).arg(b), cifarRecords((b - 1) * 4, 4, false));
    f.write(dir + "/test_batch.bin", cifarRecords(100, 4, false));
}

inline void writeCifar100(const CaseFolder &f, const QString &dir)
{
    f.write(dir + "/train.bin", cifarRecords(0, 20, true));
    f.write(dir + "/test.bin", cifarRecords(50, 4, true));
}

inline QByteArray bigEndian32(quint32 v)
{
    QByteArray out;
    for (int b = 3; b >= 0; --b)
        out.append(char((v >> (8 * b)) & 0xff));
    return out;
}

inline QByteArray idxImages(quint32 n, quint32 rows = 28, quint32 cols = 28, quint32 magic = 0x803)
{
    QByteArray out = bigEndian32(magic) + bigEndian32(n) + bigEndian32(rows) + bigEndian32(cols);
    for (quint64 i = 0; i < quint64(n) * rows * cols; ++i)
        out.append(char(i % 251));
    return out;
}

inline QByteArray idxLabels(quint32 n, int bad = -1)
{
    QByteArray out = bigEndian32(0x801) + bigEndian32(n);
    for (quint32 i = 0; i < n; ++i)
        out.append(char(int(i) == bad ? 12 : i % 10));
    return out;
}

inline QByteArray gzipped(const QByteArray &bytes)
{
    QByteArray out(int(compressBound(uLong(bytes.size()))) + 64, '\0');
    z_stream z{};
    deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);  // +16: a gzip wrapper
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    z.avail_in = uInt(bytes.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.resize(int(z.total_out));
    deflateEnd(&z);
    return out;
}

// An MNIST folder at `dir`: 20 training and 8 test images of 28×28.
inline void writeMnist(const CaseFolder &f, const QString &dir)
{
    f.write(dir + "/train-images-idx3-ubyte", idxImages(20));
    f.write(dir + "/train-labels-idx1-ubyte", idxLabels(20));
    f.write(dir + "/t10k-images-idx3-ubyte", idxImages(8));
    f.write(dir + "/t10k-labels-idx1-ubyte", idxLabels(8));
}

inline QByteArray encodeImage(const char *extension, int seed = 0, int size = 24, std::vector<int> params = {})
{
    cv::Mat m(size, size, CV_8UC3);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            m.at<cv::Vec3b>(y, x) = cv::Vec3b(uchar(x * 9 + seed), uchar(y * 7), uchar((x * y + seed * 13) % 256));
    std::vector<uchar> bytes;
    cv::imencode(extension, m, bytes, params);
    return QByteArray(reinterpret_cast<const char *>(bytes.data()), int(bytes.size()));
}

// An image folder at `dir`: train/ and val/ with `classes` classes a and b…, PNG and JPEG images.
inline void writeImageFolder(const CaseFolder &f, const QString &dir, int classes = 2)
{
    for (int c = 0; c < classes; ++c) {
        const QString name = QString(QChar('a' + c));
        for (int i = 0; i < 4; ++i)
            f.write(QStringLiteral("%1/train/%2/img%3.%4").arg(dir, name).arg(i).arg(i % 2 ? "jpg" : "png"),
                    encodeImage(i % 2 ? ".jpg" : ".png", c * 10 + i));
        f.write(QStringLiteral("%1/val/%2/v.png").arg(dir, name), encodeImage(".png", 50 + c));
    }
}

} // namespace gatefold::test
