#include "sqlitefile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QStringList>
#include <QVariant>

#include <sqlite3.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <atomic>

namespace gatefold::store::sqlitefile {
namespace {

struct FileSystem {
    qint64 type;  // statfs f_type (linux/magic.h)
    const char *name;
    bool network;
};

// Network and user-space file systems: POSIX locks that do not reach other
// machines (or do not work at all), and no shared memory between hosts for
// the WAL index. Local ones are named for messages only.
constexpr FileSystem kFileSystems[] = {
    {0x6969, "nfs", true},           {0x517B, "smb", true},         {qint64(0xFF534D42), "cifs", true},
    {qint64(0xFE534D42), "smb2", true}, {0x65735546, "fuse", true},  {0x73757245, "coda", true},
    {0x5346414F, "afs", true},       {0x6B414653, "afs", true},     {0x01021997, "9p", true},
    {0x00C36400, "ceph", true},      {0x01161970, "gfs2", true},    {0x7461636F, "ocfs2", true},
    {0x0BD00BD0, "lustre", true},    {0x564C, "ncp", true},         {0x20030528, "orangefs", true},
    {0x786F4256, "vboxsf", true},    {qint64(0xBACBACBC), "vmhgfs", true}, {0x47504653, "gpfs", true},
    {qint64(0xAAD7AAEA), "panfs", true},
    {0xEF53, "ext4", false},         {0x01021994, "tmpfs", false},  {qint64(0x9123683E), "btrfs", false},
    {0x58465342, "xfs", false},      {0x794C7630, "overlayfs", false}, {0x9FA0, "proc", false},
    {0x2FC12FC1, "zfs", false},      {qint64(0xF2F52010), "f2fs", false}, {0x4D44, "vfat", false},
    {0x2011BAB0, "exfat", false},    {0x5346544E, "ntfs", false},   {0x62656572, "sysfs", false},
};

std::atomic<qint64> g_pretendType{0};

const FileSystem *known(qint64 type)
{
    for (const auto &fs : kFileSystems)
        if (fs.type == type)
            return &fs;
    return nullptr;
}

} // namespace

sqlite3 *handle(const QSqlDatabase &db)
{
    if (!db.driver())
        return nullptr;
    const QVariant v = db.driver()->handle();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(v.constData());
}

void keepFilesOnClose(const QSqlDatabase &db)
{
    if (sqlite3 *h = handle(db))
        sqlite3_db_config(h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, static_cast<int *>(nullptr));
}

namespace {

// The first members of SQLite's unix VFS file (os_unix.c struct unixFile,
// unchanged since 3.7): SQLite has no file control that gives a log's
// descriptor, and its HAS_MOVED answers only for the database file (the
// log is opened without the inode bookkeeping it relies on). Used only after
// checking that the file belongs to the "unix" VFS and that the descriptor
// is open on the log's path (see logDescriptor).
struct UnixFileHead {
    const sqlite3_io_methods *methods;
    sqlite3_vfs *vfs;
    void *inode;
    int fd;
};

// The descriptor of the -wal this connection has open, or -1.
int logDescriptor(sqlite3 *h, const QByteArray &logPath)
{
    sqlite3_file *log = nullptr;
    if (sqlite3_file_control(h, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) != SQLITE_OK || !log || !log->pMethods)
        return -1;
    const auto *head = reinterpret_cast<const UnixFileHead *>(log);
    const sqlite3_vfs *unixVfs = sqlite3_vfs_find("unix");
    if (head->vfs != unixVfs || head->fd < 0)
        return -1;
    // The descriptor must be open on the log (or on the log that was deleted).
    char target[4096];
    const QByteArray link = "/proc/self/fd/" + QByteArray::number(head->fd);
    const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
    if (n <= 0)
        return -1;
    const QByteArray name(target, int(n));
    if (name != logPath && name != logPath + " (deleted)")
        return -1;
    return head->fd;
}

// The descriptor of the database file this connection has open, or -1.
int databaseDescriptor(sqlite3 *h)
{
    sqlite3_file *file = nullptr;
    if (sqlite3_file_control(h, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file || !file->pMethods)
        return -1;
    const auto *head = reinterpret_cast<const UnixFileHead *>(file);
    struct stat st {};
    if (head->vfs != sqlite3_vfs_find("unix") || head->fd < 0 || ::fstat(head->fd, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return head->fd;
}

int checkpointFull(void *frames, sqlite3 *db, const char *name, int logFrames)
{
    if (logFrames >= int(reinterpret_cast<qintptr>(frames)))
        sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_FULL, nullptr, nullptr);  // busy: the next commit tries again
    return SQLITE_OK;
}

} // namespace

void checkpointUnderWriteLock(const QSqlDatabase &db, int frames)
{
    if (sqlite3 *h = handle(db))
        sqlite3_wal_hook(h, &checkpointFull, reinterpret_cast<void *>(qintptr(frames)));
}

bool othersUseTheFile(const QSqlDatabase &db)
{
    sqlite3 *h = handle(db);
    const int fd = h ? databaseDescriptor(h) : -1;
    if (fd < 0)
        return true;  // cannot tell: assume it is
    // SQLite's lock bytes (os_unix.c: PENDING_BYTE 0x40000000, then RESERVED
    // and the 510 SHARED bytes). A lock of another process conflicts with a
    // write lock over them; our own locks never do.
    struct flock probe {};
    probe.l_type = F_WRLCK;
    probe.l_whence = SEEK_SET;
    probe.l_start = 0x40000000;
    probe.l_len = 512;
    if (::fcntl(fd, F_GETLK, &probe) != 0)
        return true;
    return probe.l_type != F_UNLCK;
}

MovedFiles movedFiles(const QSqlDatabase &db)
{
    MovedFiles moved;
    sqlite3 *h = handle(db);
    if (!h)
        return moved;
    int databaseMoved = 0;
    if (sqlite3_file_control(h, "main", SQLITE_FCNTL_HAS_MOVED, &databaseMoved) == SQLITE_OK)
        moved.database = databaseMoved != 0;
    const char *file = sqlite3_db_filename(h, "main");
    if (!file || !*file)
        return moved;
    const QByteArray logPath = QByteArray(file) + "-wal";
    const int fd = logDescriptor(h, logPath);
    if (fd < 0)
        return moved;
    moved.logOpen = true;
    struct stat open {}, named {};
    if (::fstat(fd, &open) != 0)
        return moved;
    moved.log = open.st_nlink == 0 || ::stat(logPath.constData(), &named) != 0 || named.st_ino != open.st_ino
        || named.st_dev != open.st_dev;
    return moved;
}

QString vfsName(const QSqlDatabase &db)
{
    sqlite3 *h = handle(db);
    char *name = nullptr;
    if (!h || sqlite3_file_control(h, "main", SQLITE_FCNTL_VFSNAME, &name) != SQLITE_OK || !name)
        return {};
    const QString out = QString::fromUtf8(name);
    sqlite3_free(name);
    return out;
}

bool mapsDeletedIndex(const QString &databasePath)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return false;
    const QByteArray deleted = QFile::encodeName(databasePath) + "-shm (deleted)";
    const QByteArray all = maps.readAll();
    for (const QByteArray &line : all.split('\n'))
        if (line.endsWith(deleted))
            return true;
    return false;
}

std::optional<bool> holdsIndexLock(const QSqlDatabase &db)
{
    sqlite3 *h = handle(db);
    const char *file = h ? sqlite3_db_filename(h, "main") : nullptr;
    if (!file || !*file)
        return std::nullopt;
    struct stat index {};
    if (::stat((QByteArray(file) + "-shm").constData(), &index) != 0)
        return std::nullopt;
    QFile locks(QStringLiteral("/proc/locks"));
    if (!locks.open(QIODevice::ReadOnly))
        return std::nullopt;
    // "1: POSIX  ADVISORY  READ 19088 fe:00:10952965 128 128" (device major:minor in hex, then the inode).
    const QByteArray pid = QByteArray::number(qint64(::getpid()));
    const QByteArray device = QByteArray::number(quint64(major(index.st_dev)), 16).rightJustified(2, '0') + ':'
        + QByteArray::number(quint64(minor(index.st_dev)), 16).rightJustified(2, '0') + ':'
        + QByteArray::number(quint64(index.st_ino));
    for (const QByteArray &line : locks.readAll().split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() >= 6 && fields.at(1) == "POSIX" && fields.at(4) == pid && fields.at(5) == device)
            return true;
    }
    return false;
}

bool inTransaction(const QSqlDatabase &db)
{
    sqlite3 *h = handle(db);
    return h && sqlite3_get_autocommit(h) == 0;
}

qint64 fileSystemType(const QString &path)
{
    struct statfs fs {};
    if (::statfs(QFile::encodeName(path).constData(), &fs) != 0)
        return 0;
    return qint64(fs.f_type) & 0xFFFFFFFFLL;
}

QString fileSystemName(qint64 type)
{
    const FileSystem *fs = known(type);
    return fs ? QString::fromLatin1(fs->name) : QStringLiteral("type 0x%1").arg(type, 0, 16);
}

std::optional<QString> networkFileSystem(const QString &path)
{
    const qint64 pretend = g_pretendType.load();
    const qint64 type = pretend ? pretend : fileSystemType(path);
    const FileSystem *fs = known(type);
    if (fs && fs->network)
        return QString::fromLatin1(fs->name);
    return std::nullopt;
}

void pretendFileSystemForTests(qint64 type)
{
    g_pretendType = type;
}

QString deviceOf(const QString &path)
{
    // /proc/self/mountinfo: "id parent major:minor root mountpoint options [optional…] - fstype source super".
    QFile info(QStringLiteral("/proc/self/mountinfo"));
    QString best, bestPoint;
    if (info.open(QIODevice::ReadOnly)) {
        const QString target = canonicalPath(path);
        for (const QByteArray &line : info.readAll().split('\n')) {
            const QList<QByteArray> fields = line.split(' ');
            const int dash = int(fields.indexOf("-"));
            if (fields.size() < 5 || dash < 0 || dash + 2 >= fields.size())
                continue;
            // Mount points escape spaces as \040.
            const QString point = QString::fromUtf8(fields.at(4)).replace(QLatin1String("\\040"), QLatin1String(" "));
            const bool contains = target == point || target.startsWith(point.endsWith(QLatin1Char('/')) ? point : point + QLatin1Char('/'));
            if (!contains || point.size() < bestPoint.size())
                continue;
            bestPoint = point;
            const QString type = QString::fromUtf8(fields.at(dash + 1));
            const QString source = QString::fromUtf8(fields.at(dash + 2));
            best = source == type || source == QLatin1String("none") ? QStringLiteral("%1 at %2").arg(type, point)
                                                                     : QStringLiteral("%1 (%2) at %3").arg(source, type, point);
        }
    }
    return best.isEmpty() ? QStringLiteral("the disk of %1").arg(QDir::toNativeSeparators(path)) : best;
}

qint64 freeBytes(const QString &path)
{
    struct statfs fs {};
    if (::statfs(QFile::encodeName(path).constData(), &fs) != 0)
        return -1;
    return qint64(fs.f_bavail) * qint64(fs.f_bsize);
}

QStringList journalFilesBeside(const QString &databasePath)
{
    QStringList found;
    for (const char *suffix : {"-wal", "-shm", "-journal"}) {
        const QString path = databasePath + QLatin1String(suffix);
        if (QFileInfo::exists(path) || QFileInfo(path).isSymLink())
            found << path;
    }
    return found;
}

QString canonicalPath(const QString &path)
{
    QString current = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    // A symlink whose target does not exist yet (a store created through it):
    // followed by hand, so the file and its journals are made at the target.
    // A loop of links ends after 40 hops (as the kernel's ELOOP) where it is.
    for (int hop = 0; hop < 40; ++hop) {
        const QFileInfo info(current);
        if (info.exists())
            return info.canonicalFilePath();
        if (!info.isSymLink())
            break;
        current = QDir::cleanPath(info.symLinkTarget());
    }
    // The nearest folder that exists, resolved, with the rest of the path after it.
    QString folder = QFileInfo(current).absolutePath();
    QString rest = QFileInfo(current).fileName();
    while (!QFileInfo(folder).isDir()) {
        const QString parent = QFileInfo(folder).absolutePath();
        if (parent == folder)  // the root (or a path Qt cannot walk up)
            return current;
        rest = QFileInfo(folder).fileName() + QLatin1Char('/') + rest;
        folder = parent;
    }
    return QDir(QFileInfo(folder).canonicalFilePath()).filePath(rest);
}

} // namespace gatefold::store::sqlitefile
