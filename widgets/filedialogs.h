#pragma once

#include <QString>
#include <QStringList>

class QFileDialog;
class QWidget;

namespace gatefold::widgets {

// Every file dialog of the window opens through here (issue 16). A dialog
// that shows the run store's folder must not open the store's files: Qt's
// icon provider and the platform's (GTK) dialog read files to guess their
// type, and closing a file drops SQLite's POSIX locks on it — the next engine
// to close the store then deletes the WAL the window is writing into. So:
// Qt's own dialog, never the platform's; icons and types from names alone
// (PlainIconProvider); SQLite side files hidden (SideFileFilter).
//
// And no path the window writes to is one of the store's own files: the
// store file, its -wal/-shm/-journal, or anything in its runs' folders
// (checkpoints, engine logs). A save dialog refuses such a name before it asks
// whether to replace anything, and every function of the window that writes a
// file a user named asks mayWrite() first (a save into runs.sqlite renamed a
// JSON file over every run record).
namespace filedialogs {

// Settings' store chooser picks a file that may well be a store: it writes nothing, so
// neither refuses the store's files nor asks before "replacing" one.
enum class SaveMode { Write, ChooseStore };

QString openFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
QStringList openFiles(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
QString saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                 SaveMode mode = SaveMode::Write);
QString existingDirectory(QWidget *parent, const QString &caption, const QString &dir);
// A folder to write into (an export's output): refuses the store's run folders (except a run's
// export/ folder, where model exports go by default), and offers to create a folder that does not exist.
QString outputDirectory(QWidget *parent, const QString &caption, const QString &dir);

// What the functions above do to their dialog, for a dialog built elsewhere:
// call before setDirectory() and before it is shown.
void makeSafe(QFileDialog *dialog);
// Whether `dialog` went through makeSafe() (the tests look at every dialog the window opens).
bool isSafe(const QFileDialog *dialog);

// The run stores in use in this process (normally one: the window's), whose
// files no save path may name. Registered for the life of this object; a
// PostgreSQL store has no file (`storeFile` empty) but its runs' folders.
class ProtectedStore
{
public:
    ProtectedStore(const QString &storeFile, const QString &dataDirectory);
    ~ProtectedStore();
    ProtectedStore(const ProtectedStore &) = delete;
    ProtectedStore &operator=(const ProtectedStore &) = delete;

private:
    int m_id;
};

// False with `why` (what the path is and what to do) when `path` names a file of a store in
// use: the store file, its -wal, -shm or -journal, or anything in its runs/ folder. Decided
// from names and stat() alone: the store's files are never opened to find out.
bool mayWrite(const QString &path, QString *why);
// The same for a folder to write files into; a run's export/ folder is allowed.
bool mayWriteInto(const QString &dir, QString *why);

} // namespace filedialogs
} // namespace gatefold::widgets
