#include "durablefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gatefold::train {
namespace {

bool writeAll(int fd, const char *data, std::size_t size, int *error)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            *error = errno;
            return false;
        }
        data += n;
        size -= std::size_t(n);
    }
    return true;
}

// Gives the complete temporary file the name `target` unless that exists: link() where the
// file system has hard links, else rename without replacing.
int placeWithoutReplacing(const QByteArray &temp, const QByteArray &target)
{
    if (::link(temp.constData(), target.constData()) == 0) {
        ::unlink(temp.constData());
        return 0;
    }
    if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP && errno != EMLINK)
        return errno;
    if (::renameat2(AT_FDCWD, temp.constData(), AT_FDCWD, target.constData(), RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL)
        return errno;
    if (::access(target.constData(), F_OK) == 0)  // no RENAME_NOREPLACE here; we hold the run's folder
        return EEXIST;
    return ::rename(temp.constData(), target.constData()) == 0 ? 0 : errno;
}

void syncFolder(const QString &dir)
{
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

QString writeErrorText(int error, const QString &file)
{
    if (error == ENOSPC || error == EDQUOT) {
        const QStorageInfo volume(QFileInfo(file).absolutePath());
        // A device path (/dev/vda1), else the file system's type (tmpfs, overlay).
        const QString device = !volume.isValid() ? QString()
            : volume.device().startsWith('/') ? QString::fromLocal8Bit(volume.device())
                                              : QString::fromLocal8Bit(volume.fileSystemType());
        const QString where = device.isEmpty() ? volume.rootPath()
                                               : QStringLiteral("%1 (mounted at %2)").arg(device, volume.rootPath());
        return error == ENOSPC ? QStringLiteral("no space left on %1 while writing %2").arg(where, file)
                               : QStringLiteral("disk quota exceeded on %1 while writing %2").arg(where, file);
    }
    return QStringLiteral("cannot write %1: %2").arg(file, QString::fromLocal8Bit(std::strerror(error)));
}

bool writeNewFile(const QString &dir, const QString &base, const QString &ext, const char *data, std::size_t size,
                  QString *path, QString *error, void (*beforeLink)())
{
    const QString first = QDir(dir).filePath(base + ext);
    QByteArray temp = QFile::encodeName(QDir(dir).filePath(base + QStringLiteral(".XXXXXX.tmp")));
    const int fd = ::mkstemps(temp.data(), 4);
    if (fd < 0) {
        *error = writeErrorText(errno, first);
        return false;
    }
    ::fchmod(fd, 0644);  // mkstemp makes it 0600; checkpoints are read by the user's other tools
    int why = 0;
    const bool written = writeAll(fd, data, size, &why) && (::fsync(fd) == 0 || ((why = errno), false));
    if (::close(fd) != 0 && written)
        why = errno;
    if (!written || why != 0) {
        ::unlink(temp.constData());
        *error = writeErrorText(why, first);
        return false;
    }
    if (beforeLink)
        beforeLink();
    for (int n = 1; n < 10000; ++n) {
        const QString candidate = n == 1 ? first : QDir(dir).filePath(QStringLiteral("%1-%2%3").arg(base).arg(n).arg(ext));
        why = placeWithoutReplacing(temp, QFile::encodeName(candidate));
        if (why == 0) {
            syncFolder(dir);
            *path = candidate;
            return true;
        }
        if (why != EEXIST) {
            ::unlink(temp.constData());
            *error = writeErrorText(why, candidate);
            return false;
        }
    }
    ::unlink(temp.constData());
    *error = QStringLiteral("cannot find a free name for %1 in %2").arg(base + ext, dir);
    return false;
}

} // namespace gatefold::train
