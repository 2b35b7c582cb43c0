#include "treeremoval.h"

#include <QDir>
#include <QFile>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace gatefold::store {
namespace {

void failed(TreeRemoval &r, const QString &path, int error)
{
    if (r.error.isEmpty())
        r.error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(std::strerror(error)));
}

std::vector<QByteArray> entriesOf(int folder, TreeRemoval &r, const QString &path)
{
    std::vector<QByteArray> names;
    const int listing = ::dup(folder);
    DIR *dir = listing >= 0 ? ::fdopendir(listing) : nullptr;
    if (!dir) {
        failed(r, path, errno);
        if (listing >= 0)
            ::close(listing);
        return names;
    }
    while (const dirent *e = ::readdir(dir))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
            names.emplace_back(e->d_name);
    ::closedir(dir);
    return names;
}

// Empties the open folder `folder` (at `path`, for messages).
void removeEntries(int folder, const QString &path, TreeRemoval &r)
{
    for (const QByteArray &name : entriesOf(folder, r, path)) {
        const QString entry = path + QLatin1Char('/') + QFile::decodeName(name);
        struct stat st {};
        if (::fstatat(folder, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno != ENOENT)
                failed(r, entry, errno);
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (::unlinkat(folder, name.constData(), 0) != 0)
                failed(r, entry, errno);
            else
                ++(S_ISLNK(st.st_mode) ? r.links : r.files);
            continue;
        }
        const int child = ::openat(folder, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (child < 0) {
            failed(r, entry, errno);
            continue;
        }
        removeEntries(child, entry, r);
        ::close(child);
        if (::unlinkat(folder, name.constData(), AT_REMOVEDIR) != 0)
            failed(r, entry, errno);
        else
            ++r.folders;
    }
}

QString counted(qint64 n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

} // namespace

QString TreeRemoval::summary() const
{
    QStringList parts;
    parts << counted(files, "file", "files");
    if (links > 0)
        parts << counted(links, "symbolic link (the link only)", "symbolic links (the links only)");
    parts << counted(folders, "folder", "folders");
    const QString last = parts.takeLast();
    return parts.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

TreeRemoval removeTree(const QString &path)
{
    TreeRemoval r;
    const QByteArray name = QFile::encodeName(path);
    struct stat st {};
    if (::lstat(name.constData(), &st) != 0) {
        if (errno != ENOENT)
            failed(r, path, errno);
        return r;
    }
    r.existed = true;
    if (S_ISLNK(st.st_mode)) {
        char target[4096] = {};
        const ssize_t n = ::readlink(name.constData(), target, sizeof target - 1);
        r.linkTarget = n > 0 ? QFile::decodeName(QByteArray(target, int(n))) : QStringLiteral("?");
    }
    if (!S_ISDIR(st.st_mode)) {
        if (::unlink(name.constData()) != 0)
            failed(r, path, errno);
        else
            ++(S_ISLNK(st.st_mode) ? r.links : r.files);
        return r;
    }
    const int folder = ::open(name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) {
        failed(r, path, errno);
        return r;
    }
    removeEntries(folder, path, r);
    ::close(folder);
    if (::rmdir(name.constData()) != 0)
        failed(r, path, errno);
    else
        ++r.folders;
    return r;
}

} // namespace gatefold::store
