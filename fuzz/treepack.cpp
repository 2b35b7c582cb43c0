#include "treepack.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace gatefold::fuzz {
namespace {

constexpr int kMaxEntries = 128;
constexpr int kMaxDepth = 8;
const QByteArray kRoot = QByteArrayLiteral("@ROOT@");

bool safeRelative(const QString &path)
{
    if (path.isEmpty() || path.startsWith('/') || path.size() > 240)
        return false;
    const QStringList parts = path.split('/');
    if (parts.size() > kMaxDepth)
        return false;
    for (const QString &p : parts)
        if (p.isEmpty() || p == QLatin1String(".") || p == QLatin1String("..") || p.contains(QChar(0)))
            return false;
    return true;
}

} // namespace

std::optional<QByteArray> packTree(const QString &root, QString *error)
{
    const QDir base(root);
    const QByteArray rootBytes = QFileInfo(root).absoluteFilePath().toUtf8();
    QStringList paths;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << base.relativeFilePath(it.next());
    paths.sort();
    QByteArrayList entries;
    for (const QString &rel : paths) {
        const QFileInfo info(base.filePath(rel));
        if (info.isSymLink()) {
            QByteArray target = QFile::symLinkTarget(info.filePath()).toUtf8().replace(rootBytes, kRoot);
            entries << "@@> " + rel.toUtf8() + '\t' + target;
        } else if (info.isDir()) {
            if (QDir(info.filePath()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
                entries << "@@/ " + rel.toUtf8();
        } else {
            QFile file(info.filePath());
            if (!file.open(QIODevice::ReadOnly)) {
                *error = QStringLiteral("cannot read %1: %2").arg(info.filePath(), file.errorString());
                return std::nullopt;
            }
            const QByteArray bytes = file.readAll().replace(rootBytes, kRoot);
            if (bytes.contains("\n@@")) {
                *error = QStringLiteral("%1 holds \"\\n@@\", which does not pack").arg(info.filePath());
                return std::nullopt;
            }
            entries << "@@ " + rel.toUtf8() + '\n' + bytes;
        }
    }
    return entries.join('\n');
}

int unpackTree(const QByteArray &packed, const QString &root)
{
    const QByteArray rootBytes = root.toUtf8();
    // Entries start at offset 0 or right after a "\n" that precedes "@@".
    QList<QByteArray> chunks;
    qsizetype start = packed.startsWith("@@") ? 0 : -1;
    for (qsizetype at = packed.indexOf("\n@@"); ; at = packed.indexOf("\n@@", at + 1)) {
        const qsizetype end = at < 0 ? packed.size() : at;
        if (start >= 0)
            chunks << packed.mid(start, end - start);
        if (at < 0)
            break;
        start = at + 1;
    }
    int placed = 0;
    for (const QByteArray &chunk : chunks) {
        if (placed >= kMaxEntries)
            break;
        const qsizetype eol = chunk.indexOf('\n');
        const QByteArray header = eol < 0 ? chunk : chunk.left(eol);
        const QByteArray body = eol < 0 ? QByteArray() : chunk.mid(eol + 1);
        QDir dir(root);
        if (header.startsWith("@@/ ")) {
            const QString rel = QString::fromUtf8(header.mid(4));
            if (safeRelative(rel) && dir.mkpath(rel))
                ++placed;
        } else if (header.startsWith("@@> ")) {
            const QList<QByteArray> parts = header.mid(4).split('\t');
            if (parts.size() != 2)
                continue;
            const QString rel = QString::fromUtf8(parts[0]);
            QString target = QString::fromUtf8(QByteArray(parts[1]).replace(kRoot, rootBytes));
            const bool inside = target.startsWith(root + '/') ? safeRelative(target.mid(root.size() + 1))
                                                              : safeRelative(target);
            if (!safeRelative(rel) || !inside)
                continue;
            dir.mkpath(QFileInfo(rel).path());
            if (QFile::link(target, dir.filePath(rel)))
                ++placed;
        } else if (header.startsWith("@@ ")) {
            const QString rel = QString::fromUtf8(header.mid(3));
            if (!safeRelative(rel))
                continue;
            dir.mkpath(QFileInfo(rel).path());
            QFile file(dir.filePath(rel));
            if (file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                file.write(QByteArray(body).replace(kRoot, rootBytes));
                ++placed;
            }
        }
    }
    return placed;
}

} // namespace gatefold::fuzz
