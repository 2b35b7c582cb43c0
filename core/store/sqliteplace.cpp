#include "sqliteplace.h"

#include "sqlitefile.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace gatefold::store {
namespace {

// Empty when this process may write `path`; else why not, in words.
QString unwritableReason(const QString &path, bool isDirectory)
{
    if (::access(QFile::encodeName(path).constData(), W_OK) == 0)
        return {};
    const QString shown = QDir::toNativeSeparators(path);
    if (errno == EROFS)
        return QStringLiteral("%1 lies on a read-only file system").arg(shown);
    return isDirectory ? QStringLiteral("its folder %1 is not writable").arg(shown)
                       : QStringLiteral("the file is not writable");
}

QString nearestExistingFolder(QString path)
{
    // Up to a folder that exists, or to where the path no longer shortens (the root).
    while (!QFileInfo(path).isDir() && !path.isEmpty()) {
        const QString parent = QFileInfo(path).absolutePath();
        if (parent == path)
            break;
        path = parent;
    }
    return path;
}

// A store that exists, to be written: one name, and writable with what lies beside it.
QString existingStoreRefusal(const SqlitePlace &place, const QString &shown)
{
    if (place.links > 1)
        return QStringLiteral("the run store %1 has %2 hard links (other names for the same file): SQLite finds a "
                              "store's -wal and -journal by its name, so a second name can lose or corrupt runs. "
                              "It was not modified; keep one name (remove the other links: find / -samefile %1), "
                              "or make a separate copy with: sqlite3 %1 \".backup NEW.sqlite\".")
            .arg(shown)
            .arg(place.links);
    const QString why = storeUnwritableReason(QFileInfo(place.file));
    if (why.isEmpty())
        return {};
    return QStringLiteral("the run store %1 cannot be written here: %2. It was not modified; make it "
                          "writable, or copy it to a writable folder (sqlite3 %1 \".backup COPY.sqlite\"). "
                          "Reading commands (runs list, runs show, table, runs export-mlflow) read it "
                          "as it is.")
        .arg(shown, why);
}

// Journals without their database: a store moved or deleted without them.
// SQLite would replay them into a new file (§1.3).
QStringList staleJournals(const SqlitePlace &place)
{
    QStringList stale;
    for (const QString &journal : place.journals)
        if (!journal.endsWith(QLatin1String("-shm")) && QFileInfo(journal).size() > 0)
            stale << journal;  // an index or an empty log holds nothing to replay
    return stale;
}

// A store to be created: nothing left of a missing one, and a folder this process can make and write.
QString newStoreRefusal(const SqlitePlace &place, const QString &shown)
{
    const QStringList stale = staleJournals(place);
    if (!stale.isEmpty())
        return QStringLiteral("%1 lies where the new run store %2 would be, but the store itself is missing "
                              "(moved or deleted without it); SQLite would read it into a new store and "
                              "corrupt it. Nothing was created: put the store back beside it, or move %1 "
                              "away if it is not needed.")
            .arg(QDir::toNativeSeparators(stale.first()), shown);
    if (!QDir().mkpath(place.folder))
        return QStringLiteral("cannot create the directory %1 for the run store; choose another place with "
                              "--store.")
            .arg(QDir::toNativeSeparators(place.folder));
    const QString why = unwritableReason(place.folder, true);
    if (why.isEmpty())
        return {};
    return QStringLiteral("cannot create the run store %1: %2. Choose a writable place with --store.").arg(shown, why);
}

} // namespace

SqlitePlace SqlitePlace::at(const QString &file)
{
    SqlitePlace place;
    place.file = file;
    place.folder = QFileInfo(file).absolutePath();
    place.journals = sqlitefile::journalFilesBeside(file);
    struct stat st {};
    place.exists = ::stat(QFile::encodeName(file).constData(), &st) == 0;
    place.isFile = place.exists && S_ISREG(st.st_mode);
    place.links = place.exists ? qulonglong(st.st_nlink) : 0;
    return place;
}

QString placeRefusal(const SqlitePlace &place, const QString &shown, bool readOnly)
{
    if (place.exists && !place.isFile)
        return QStringLiteral("%1 is not a file; give --store the path of a run store file.").arg(shown);
    if (readOnly && !place.exists)
        return QStringLiteral("there is no run store at %1 (reading never creates one); give the store the runs "
                              "were trained into with --store.")
            .arg(shown);
    if (readOnly)
        return {};
    if (const auto fs = sqlitefile::networkFileSystem(nearestExistingFolder(place.folder)))
        return QStringLiteral("the run store %1 lies on a %2 file system (network or user-space): SQLite's "
                              "locks and its write-ahead log need a disk that only this machine writes, and a "
                              "store there can be corrupted. Keep the store on a local disk (--store "
                              "~/runs.sqlite), or use a PostgreSQL store (--store postgresql://host/database) "
                              "to share runs between machines.")
            .arg(shown, *fs);
    return place.exists ? existingStoreRefusal(place, shown) : newStoreRefusal(place, shown);
}

QString storeUnwritableReason(const QFileInfo &file)
{
    // SQLite writes beside the file (-wal, -shm, -journal): the folder must take new files too.
    QString why = unwritableReason(file.absolutePath(), true);
    if (why.isEmpty())
        why = unwritableReason(file.absoluteFilePath(), false);
    // A log and index another user's process left (or keeps) beside it. One that is gone by the time it is
    // checked was removed by the last process to close the store (8 creators at once: tst_storeconcurrent).
    for (const QString &journal : sqlitefile::journalFilesBeside(file.absoluteFilePath()))
        if (why.isEmpty() && ::access(QFile::encodeName(journal).constData(), W_OK) != 0 && errno != ENOENT)
            why = QStringLiteral("its %1 is not writable (another user's process has the store open, or left it)")
                      .arg(QDir::toNativeSeparators(journal));
    return why;
}

} // namespace gatefold::store
