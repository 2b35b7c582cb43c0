#include "filedialogs.h"

#include "plainiconprovider.h"
#include "sidefilefilter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QMutex>
#include <QPointer>

#include <map>

#include <sys/stat.h>

namespace gatefold::widgets::filedialogs {
namespace {

constexpr const char *kSafeProperty = "gatefoldSafeDialog";
const char *const kSideSuffixes[] = {"-wal", "-shm", "-journal"};

// The absolute path with symbolic links resolved as far as it exists: a file about to be created
// has no canonical path, its folder has. realpath() and stat() only — nothing is opened.
QString resolved(const QString &path)
{
    QString at = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList tail;
    for (;;) {
        const QString canonical = QFileInfo(at).canonicalFilePath();
        if (!canonical.isEmpty())
            return tail.isEmpty() ? canonical : QDir::cleanPath(canonical + QLatin1Char('/') + tail.join(QLatin1Char('/')));
        const QFileInfo info(at);
        if (info.fileName().isEmpty() || info.absolutePath() == at)
            return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
        tail.prepend(info.fileName());
        at = info.absolutePath();
    }
}

bool sameFile(const QString &a, const QString &b)
{
    struct stat sa {}, sb {};
    return ::stat(QFile::encodeName(a).constData(), &sa) == 0 && ::stat(QFile::encodeName(b).constData(), &sb) == 0
        && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

struct Entry {
    QString file;     // the store file, resolved; empty for a database
    QString runsDir;  // <data dir>/runs, resolved
};

QMutex &registryMutex()
{
    static QMutex mutex;
    return mutex;
}

std::map<int, Entry> &registry()
{
    static std::map<int, Entry> entries;
    return entries;
}

std::vector<Entry> protectedStores()
{
    QMutexLocker lock(&registryMutex());
    std::vector<Entry> out;
    for (const auto &[id, entry] : registry())
        out.push_back(entry);
    return out;
}

bool isUnder(const QString &path, const QString &dir)
{
    return path == dir || path.startsWith(dir + QLatin1Char('/'));
}

// A run's export folder (<runs>/<id>/export[/…]): where model exports go by default.
bool isRunExportFolder(const QString &path, const QString &runsDir)
{
    const QStringList parts = path.mid(runsDir.size() + 1).split(QLatin1Char('/'));
    bool number = false;
    (void)parts.value(0).toLongLong(&number);
    return number && parts.size() >= 2 && parts.at(1) == QLatin1String("export");
}

bool check(const QString &path, bool folder, QString *why)
{
    if (path.isEmpty())
        return true;
    const QString target = resolved(path);
    const QString shown = QDir::toNativeSeparators(path);
    for (const Entry &store : protectedStores()) {
        if (!store.file.isEmpty()) {
            if (target == store.file || sameFile(target, store.file)) {
                if (why)
                    *why = QCoreApplication::translate("FileDialogs", "%1 is the run store in use: writing there would replace every run record in it. "
                                "Choose another name.")
                               .arg(shown);
                return false;
            }
            for (const char *suffix : kSideSuffixes) {
                const QString side = store.file + QLatin1String(suffix);
                if (target == side || sameFile(target, side)) {
                    if (why)
                        *why = QCoreApplication::translate("FileDialogs", "%1 belongs to the run store in use (SQLite's %2 file of %3): writing there "
                                    "would damage every run record. Choose another name.")
                                   .arg(shown, QLatin1String(suffix + 1), QDir::toNativeSeparators(store.file));
                    return false;
                }
            }
        }
        if (isUnder(target, store.runsDir) && !(folder && isRunExportFolder(target, store.runsDir))) {
            if (why)
                *why = QCoreApplication::translate("FileDialogs", "%1 is inside %2, where the run store in use keeps its runs' checkpoints and logs: "
                            "writing there could replace a run's files. Choose a place outside it.")
                           .arg(shown, QDir::toNativeSeparators(store.runsDir));
            return false;
        }
    }
    return true;
}

enum class Guard { None, File, Folder };

// Refuses a protected name on Save/Choose, before QFileDialog asks whether to replace it (that
// question, answered Yes, renamed a JSON file over the run store). An output folder that does not
// exist yet is accepted as typed: the export creates it.
class GuardedDialog : public QFileDialog
{
public:
    GuardedDialog(QWidget *parent, const QString &caption, Guard guard)
        : QFileDialog(parent, caption)
        , m_guard(guard)
    {
    }

    void accept() override
    {
        const QString chosen = selectedFiles().value(0);
        if (m_guard != Guard::None && !chosen.isEmpty()) {
            QString why;
            const bool folder = m_guard == Guard::Folder;
            if (!(folder ? check(chosen, true, &why) : QFileInfo(chosen).isDir() || check(chosen, false, &why))) {
                QMessageBox::warning(this, windowTitle(), why);
                return;
            }
            if (folder && !QFileInfo::exists(chosen) && QFileInfo(QFileInfo(chosen).absolutePath()).isDir()) {
                QDialog::accept();  // QFileDialog would say "Directory not found"
                return;
            }
        }
        QFileDialog::accept();
    }

private:
    Guard m_guard;
};

// A dialog built safe from its first line: the directory is set only after
// the provider, so no listing is ever typed by Qt's sniffing provider.
QStringList run(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                QFileDialog::FileMode mode, QFileDialog::AcceptMode accept, QFileDialog::Options options,
                Guard guard = Guard::None)
{
    QPointer<QFileDialog> dialog = new GuardedDialog(parent, caption, guard);
    makeSafe(dialog);
    dialog->setOptions(dialog->options() | options);
    dialog->setFileMode(mode);
    dialog->setAcceptMode(accept);
    if (!filter.isEmpty())
        dialog->setNameFilter(filter);  // "A (*.a);;B (*.b)" as the static functions take it
    // A file name (save "curves.png") or a folder, as QFileDialog's static functions take it.
    const QFileInfo where(dir);
    if (!dir.isEmpty() && (where.isDir() || mode == QFileDialog::Directory))
        dialog->setDirectory(dir);
    else if (!dir.isEmpty()) {
        if (!where.path().isEmpty() && where.path() != QLatin1String("."))
            dialog->setDirectory(where.path());
        dialog->selectFile(where.fileName());
    }
    QStringList chosen;
    if (dialog->exec() == QDialog::Accepted && dialog)
        chosen = dialog->selectedFiles();
    delete dialog;
    return chosen;
}

} // namespace

void makeSafe(QFileDialog *dialog)
{
    dialog->setOption(QFileDialog::DontUseNativeDialog, true);
    // One provider for every dialog, alive until the process ends: QFileDialog does not own it, and
    // its model may still ask for icons while the dialog is being torn down.
    static auto *const provider = new PlainIconProvider;
    dialog->setIconProvider(provider);
    dialog->setProxyModel(new SideFileFilter(dialog));
    dialog->setProperty(kSafeProperty, true);
}

bool isSafe(const QFileDialog *dialog)
{
    return dialog && dialog->property(kSafeProperty).toBool()
        && dialog->testOption(QFileDialog::DontUseNativeDialog)
        && dynamic_cast<PlainIconProvider *>(dialog->iconProvider()) != nullptr;
}

QString openFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    return run(parent, caption, dir, filter, QFileDialog::ExistingFile, QFileDialog::AcceptOpen, {}).value(0);
}

QStringList openFiles(QWidget *parent, const QString &caption, const QString &dir, const QString &filter)
{
    return run(parent, caption, dir, filter, QFileDialog::ExistingFiles, QFileDialog::AcceptOpen, {});
}

QString saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter, SaveMode mode)
{
    const bool write = mode == SaveMode::Write;
    return run(parent, caption, dir, filter, QFileDialog::AnyFile, QFileDialog::AcceptSave,
               write ? QFileDialog::Options{} : QFileDialog::DontConfirmOverwrite, write ? Guard::File : Guard::None)
        .value(0);
}

QString existingDirectory(QWidget *parent, const QString &caption, const QString &dir)
{
    return run(parent, caption, dir, QString(), QFileDialog::Directory, QFileDialog::AcceptOpen,
               QFileDialog::ShowDirsOnly)
        .value(0);
}

QString outputDirectory(QWidget *parent, const QString &caption, const QString &dir)
{
    return run(parent, caption, dir, QString(), QFileDialog::Directory, QFileDialog::AcceptOpen,
               QFileDialog::ShowDirsOnly, Guard::Folder)
        .value(0);
}

ProtectedStore::ProtectedStore(const QString &storeFile, const QString &dataDirectory)
{
    Entry entry;
    entry.file = storeFile.isEmpty() ? QString() : resolved(storeFile);
    entry.runsDir = resolved(QDir(dataDirectory).filePath(QStringLiteral("runs")));
    QMutexLocker lock(&registryMutex());
    static int lastId = 0;
    m_id = ++lastId;
    registry().emplace(m_id, entry);
}

ProtectedStore::~ProtectedStore()
{
    QMutexLocker lock(&registryMutex());
    registry().erase(m_id);
}

bool mayWrite(const QString &path, QString *why)
{
    return check(path, false, why);
}

bool mayWriteInto(const QString &dir, QString *why)
{
    return check(dir, true, why);
}

} // namespace gatefold::widgets::filedialogs
