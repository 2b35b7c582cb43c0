#include "checkpointseal.h"

#include <QCryptographicHash>

#include <cstring>

namespace gatefold::train {
namespace {

constexpr char kEocd[] = "PK\x05\x06";
constexpr int kEocdSize = 22;                  // without the comment
constexpr int kCommentLength = 20;             // offset of the comment-length field
constexpr char kPrefix[] = "gatefold-sha256:";
constexpr int kPrefixSize = sizeof(kPrefix) - 1;
constexpr int kCommentSize = kPrefixSize + 64;

int commentLengthAt(const char *eocd)
{
    return int(static_cast<unsigned char>(eocd[kCommentLength]))
         | int(static_cast<unsigned char>(eocd[kCommentLength + 1])) << 8;
}

QString contentHash(const char *data, qsizetype eocd)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArrayView(data, eocd + kCommentLength));
    hash.addData(QByteArrayView("\0\0", 2));
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace

bool sealCheckpoint(std::string &zip)
{
    if (zip.size() < size_t(kEocdSize))
        return false;
    const size_t eocd = zip.size() - kEocdSize;
    if (std::memcmp(zip.data() + eocd, kEocd, 4) != 0 || commentLengthAt(zip.data() + eocd) != 0)
        return false;
    const QString hash = contentHash(zip.data(), qsizetype(eocd));
    zip[eocd + kCommentLength] = char(kCommentSize & 0xff);
    zip[eocd + kCommentLength + 1] = char(kCommentSize >> 8);
    zip += kPrefix;
    zip += hash.toStdString();
    return true;
}

CheckpointSeal readCheckpointSeal(const QByteArray &file)
{
    CheckpointSeal seal;
    // The EOCD is the last record; with our comment it starts kEocdSize + kCommentSize before the end.
    // Compared as views: g++ -O1 with the sanitizers takes constData() of a possibly empty array for
    // a 1-byte object and rejects a memcmp of 4 (-Wstringop-overread), though eocd >= 0 rules that out.
    const qsizetype eocd = file.size() - kEocdSize - kCommentSize;
    const QByteArrayView bytes(file);
    if (eocd < 0 || bytes.sliced(eocd, 4) != QByteArrayView(kEocd, 4)
        || commentLengthAt(file.constData() + eocd) != kCommentSize
        || bytes.sliced(eocd + kEocdSize, kPrefixSize) != QByteArrayView(kPrefix, kPrefixSize))
        return seal;
    seal.present = true;
    seal.sealed = QString::fromLatin1(file.constData() + eocd + kEocdSize + kPrefixSize, 64);
    seal.computed = contentHash(file.constData(), eocd);
    return seal;
}

bool endsLikeZip(const QByteArray &file)
{
    const qsizetype last = file.size() - kEocdSize;
    for (qsizetype at = last; at >= 0 && at >= last - 0xffff; --at)
        if (std::memcmp(file.constData() + at, kEocd, 4) == 0 && at + kEocdSize + commentLengthAt(file.constData() + at) == file.size())
            return true;
    return false;
}

} // namespace gatefold::train
