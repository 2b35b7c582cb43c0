#pragma once

// Small files in real data formats, written by the tests themselves.

#include <QString>

#include <cstdint>
#include <fstream>
#include <vector>

namespace {

// Pixel value of image `i`, channel c, row y, column x in the generated files.
inline std::uint8_t pixel(int i, int c, int y, int x)
{
    return std::uint8_t((i * 31 + c * 7 + y * 3 + x * 5) % 256);
}

inline void writeBytes(const QString &path, const std::vector<std::uint8_t> &bytes)
{
    std::ofstream out(path.toStdString(), std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
}

// `n` CIFAR records starting at image number `first`; labels (first + i) % classes.
inline std::vector<std::uint8_t> cifarRecords(int first, int n, bool cifar100)
{
    std::vector<std::uint8_t> out;
    for (int i = first; i < first + n; ++i) {
        if (cifar100) {
            out.push_back(std::uint8_t(i % 20));
            out.push_back(std::uint8_t(i % 100));
        } else {
            out.push_back(std::uint8_t(i % 10));
        }
        for (int c = 0; c < 3; ++c)
            for (int y = 0; y < 32; ++y)
                for (int x = 0; x < 32; ++x)
                    out.push_back(pixel(i, c, y, x));
    }
    return out;
}

// A CIFAR-10 folder: 5 training batches of `perBatch` records and a test batch of `test`.
inline void writeCifar10(const QString &dir, int perBatch, int test)
{
    for (int b = 1; b <= 5; ++b)
        writeBytes(dir + QStringLiteral("/data_batch_%1.bin").arg(b), cifarRecords((b - 1) * perBatch, perBatch, false));
    writeBytes(dir + "/test_batch.bin", cifarRecords(1000, test, false));
}

} // namespace
