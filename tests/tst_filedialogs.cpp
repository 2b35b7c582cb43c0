// No file dialog of the window opens the run store's files (issue 16). Qt's
// icon provider and GTK's dialog read a file to guess its type; the close
// that follows drops every POSIX lock this process holds on it (SQLite's "How
// To Corrupt" §2.2), the next engine to close the store deletes the WAL, and
// the window goes on writing into a deleted file. The folder is watched with
// inotify (IN_OPEN names the file any process opened) while real QFileDialogs
// list it, type its files in the detail view, and pick the store file in
// Settings' chooser. A plain Qt dialog on the same folder is watched too: it
// does open them, which shows the watch sees what it must.

#include "modaldialog.h"
#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "widgets/curveplot.h"
#include "widgets/filedialogs.h"
#include "widgets/mainwindow.h"
#include "widgets/mlflowtransfer.h"
#include "widgets/plotexport.h"
#include "widgets/runcontroller.h"
#include "widgets/runformpanel.h"
#include "widgets/settingsdialog.h"
#include "widgets/sidefilefilter.h"
#include "widgets/tablebuilder.h"
#include "widgets/widgetexport.h"

#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QAbstractItemView>
#include <QFileDialog>
#include <QFileSystemModel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeView>

#include <functional>

#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace {

// The names opened in one folder, as inotify reports them (any process, any way).
class OpenWatch
{
public:
    explicit OpenWatch(const QString &dir)
        : m_fd(inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
    {
        if (m_fd >= 0)
            inotify_add_watch(m_fd, QFile::encodeName(dir).constData(), IN_OPEN);
    }
    ~OpenWatch()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool isValid() const { return m_fd >= 0; }
    // Every name opened since the last call.
    QStringList opened()
    {
        QStringList names;
        alignas(inotify_event) char buffer[16384];
        for (;;) {
            const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
            if (n <= 0)
                break;
            for (ssize_t at = 0; at < n;) {
                const auto *e = reinterpret_cast<const inotify_event *>(buffer + at);
                if (e->len > 0)
                    names << QString::fromLocal8Bit(e->name);
                at += ssize_t(sizeof(inotify_event) + e->len);
            }
        }
        return names;
    }

private:
    int m_fd;
};

QStringList storeFilesAmong(const QStringList &names)
{
    QStringList hits;
    for (const QString &n : names)
        if (n.startsWith(QLatin1String("runs.sqlite")))
            hits << n;
    return hits;
}

// Lets a dialog list `dir` the way a user looks at it: the detail view (the Type column asks the
// provider about every file), every row's icon and type read, the store file selected.
void lookAround(QFileDialog *dialog, const QString &dir)
{
    dialog->setViewMode(QFileDialog::Detail);
    auto *model = dialog->findChild<QFileSystemModel *>();
    QVERIFY(model);
    QSignalSpy loaded(model, &QFileSystemModel::directoryLoaded);
    dialog->setDirectory(dir);
    if (loaded.isEmpty())
        loaded.wait(5000);
    QTest::qWait(300);  // the gatherer's batches arrive
    const QModelIndex root = model->index(dir);
    QVERIFY(model->rowCount(root) >= 1);  // a name filter (*.png, *.sqlite) may hide the others
    for (int r = 0; r < model->rowCount(root); ++r)
        for (int c = 0; c < model->columnCount(root); ++c) {
            (void)model->data(model->index(r, c, root), Qt::DecorationRole);
            (void)model->data(model->index(r, c, root), Qt::DisplayRole);
        }
    dialog->selectFile(QDir(dir).filePath(QStringLiteral("runs.sqlite")));
    for (auto *view : dialog->findChildren<QAbstractItemView *>())
        view->viewport()->repaint();
    QTest::qWait(300);
}

QPushButton *buttonWithText(QWidget *parent, const QString &text)
{
    for (auto *b : parent->findChildren<QPushButton *>())
        if (b->text() == text)
            return b;
    return nullptr;
}

// What a file dialog did when a user typed a name into it and pressed its Save/Choose button.
struct Typed {
    QStringList messages;      // the message boxes that came up (each answered No / OK)
    bool stayedOpen = false;   // the dialog was still there afterwards (then cancelled)
};

// Runs `trigger` (which opens a file dialog), types `name` and accepts as the button does; reads
// and closes every message box that follows.
Typed typeAndAccept(const std::function<void()> &trigger, const QString &name)
{
    Typed typed;
    // Message boxes on a timer of their own: the dialog's accept() below shows them in a loop nested
    // in the other timer's slot, and Qt never activates a timer inside its own slot.
    QTimer boxes;
    boxes.setInterval(50);
    QObject::connect(&boxes, &QTimer::timeout, [&] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            typed.messages << box->text();
            box->reject();  // "No" to a replace question, OK to a warning
        }
    });
    int stage = 0;
    int waited = 0;
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        if (stage == 0) {
            stage = 1;
            edit->setText(name);
        } else if (stage == 1) {
            // The dialog puts its default file name back once it has listed the folder, which on a
            // loaded machine can come late: let it list, then type and accept in one go, so nothing
            // can replace the name in between.
            if (++waited < 8)
                return;
            stage = 2;
            edit->setText(name);
            static_cast<QDialog *>(dialog)->accept();  // QFileDialog::accept(), as the button calls it
        } else if (stage == 2) {
            stage = 3;
            typed.stayedOpen = true;
            dialog->reject();
        }
    });
    boxes.start();
    poll.start();
    trigger();
    poll.stop();
    boxes.stop();
    return typed;
}

// What the store's files are: inode and content (read by a child process: a close() here would drop
// this process's SQLite locks, the very hazard of issue 16) — the -shm only by inode, readers write it.
QString fingerprint(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return QStringLiteral("absent");
    QString id = QStringLiteral("inode %1 ").arg(qulonglong(st.st_ino));
    if (path.endsWith(QLatin1String("-shm")))
        return id;
    QProcess sum;
    sum.start(QStringLiteral("sha256sum"), {path});
    sum.waitForFinished();
    return id + QString::fromLatin1(sum.readAllStandardOutput()).section(QLatin1Char(' '), 0, 0);
}

} // namespace

class TstFileDialogs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aPlainDialogOpensThem();
    void ourDialogsNeverOpenThem_data();
    void ourDialogsNeverOpenThem();
    void settingsChooserPicksTheStoreUnopened();
    void sideFilesAreHidden();
    void everyDialogOfTheWindowIsOurs();
    void noSaveNamesTheStore_data();
    void noSaveNamesTheStore();
    void saveDialogsRefuseTheStoreBeforeReplacing();
    void outputFolders();

private:
    QString browsed(const QString &name = QString()) const;  // in the folder the watched dialogs look at

    QTemporaryDir m_dir;
    std::unique_ptr<store::RunStore> m_store;  // the window's connection: its WAL and shm files exist
};

void TstFileDialogs::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QString error;
    m_store = store::RunStore::open(m_dir.filePath(QStringLiteral("runs.sqlite")), &error);
    QVERIFY2(m_store, qPrintable(error));
    store::NewRun run;
    run.name = QStringLiteral("a run");
    run.configJson = "{}";
    QVERIFY(m_store->createRun(run));
    QVERIFY(QFileInfo::exists(m_dir.filePath("runs.sqlite-wal")) && QFileInfo::exists(m_dir.filePath("runs.sqlite-shm")));
    // Neighbours of every kind a type guesser reads: a config, a picture, a file without a suffix.
    for (const char *name : {"config.json", "curves.png", "notes", "data.bin"}) {
        QFile f(m_dir.filePath(QString::fromLatin1(name)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    // The folder the watched dialogs look at: the store's three files as bytes, and the neighbours.
    // Nothing in this process holds them, so every open the watch sees there is a dialog's (the
    // window's own store connection opens m_dir's files whenever it likes: watching those raced).
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("browse")));
    for (const char *name : {"runs.sqlite", "runs.sqlite-wal", "runs.sqlite-shm", "config.json", "curves.png",
                             "notes", "data.bin"})
        QVERIFY(QFile::copy(m_dir.filePath(QString::fromLatin1(name)), browsed(QString::fromLatin1(name))));
}

QString TstFileDialogs::browsed(const QString &name) const
{
    return m_dir.filePath(name.isEmpty() ? QStringLiteral("browse") : QStringLiteral("browse/") + name);
}

// The hazard itself, so this test can fail: Qt's own provider opens the store's side files.
void TstFileDialogs::aPlainDialogOpensThem()
{
    OpenWatch watch(browsed());
    QVERIFY(watch.isValid());
    QFileDialog plain(nullptr, QStringLiteral("plain"));
    plain.setOption(QFileDialog::DontUseNativeDialog);
    plain.show();
    lookAround(&plain, browsed());
    const QStringList opened = storeFilesAmong(watch.opened());
    QVERIFY2(!opened.isEmpty(), "Qt's provider no longer reads files: the watch below proves nothing");
    qInfo("a plain Qt file dialog opened %s", qPrintable(opened.join(", ")));
}

void TstFileDialogs::ourDialogsNeverOpenThem_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("open a file") << 0;
    QTest::newRow("open files") << 1;
    QTest::newRow("save a file") << 2;
    QTest::newRow("a folder") << 3;
}

void TstFileDialogs::ourDialogsNeverOpenThem()
{
    QFETCH(int, kind);
    OpenWatch watch(browsed());
    const QString dir = browsed();
    test::whileModal(
        [&] {
            switch (kind) {
            case 0: filedialogs::openFile(nullptr, QStringLiteral("open"), dir, QStringLiteral("All (*)")); break;
            case 1: filedialogs::openFiles(nullptr, QStringLiteral("open"), dir, QString()); break;
            case 2: filedialogs::saveFile(nullptr, QStringLiteral("save"), QDir(dir).filePath("curves.png"), QString()); break;
            default: filedialogs::existingDirectory(nullptr, QStringLiteral("folder"), dir); break;
            }
        },
        [&](QWidget *modal) {
            auto *dialog = qobject_cast<QFileDialog *>(modal);
            QVERIFY(dialog);
            QVERIFY(filedialogs::isSafe(dialog));
            if (kind != 3)  // a folder chooser lists only folders
                lookAround(dialog, dir);
            else
                QTest::qWait(500);
            dialog->reject();
        });
    const QStringList opened = storeFilesAmong(watch.opened());
    QVERIFY2(opened.isEmpty(), qPrintable(QStringLiteral("opened: ") + opened.join(", ")));
    // The store is still the store the window writes to.
    QVERIFY(m_store->setNotes(1, QStringLiteral("still here")));
}

// Settings → Run store → Browse…: the store file is picked (no "replace?" question), never opened.
void TstFileDialogs::settingsChooserPicksTheStoreUnopened()
{
    SettingsDialog settings;
    settings.show();
    auto *browse = buttonWithText(&settings, SettingsDialog::tr("Browse…"));
    QVERIFY(browse);
    OpenWatch watch(browsed());
    const QString store = browsed(QStringLiteral("runs.sqlite"));
    test::whileModal([&] { browse->click(); },
               [&](QWidget *modal) {
                   auto *dialog = qobject_cast<QFileDialog *>(modal);
                   QVERIFY(dialog);
                   QVERIFY(filedialogs::isSafe(dialog));
                   lookAround(dialog, browsed());
                   auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
                   QVERIFY(edit);
                   edit->setText(QStringLiteral("runs.sqlite"));  // typed, as a user does
                   static_cast<QDialog *>(dialog)->accept();
               });
    QVERIFY(QApplication::activeModalWidget() == nullptr || QApplication::activeModalWidget() == &settings);
    const QStringList opened = storeFilesAmong(watch.opened());
    QVERIFY2(opened.isEmpty(), qPrintable(QStringLiteral("opened: ") + opened.join(", ")));
    bool found = false;
    for (auto *line : settings.findChildren<QLineEdit *>())
        found = found || QFileInfo(line->text()) == QFileInfo(store);
    QVERIFY2(found, "the chosen store is not in the Settings' store field");
}

void TstFileDialogs::sideFilesAreHidden()
{
    QVERIFY(SideFileFilter::isSideFile(m_dir.filePath("runs.sqlite-wal")));
    QVERIFY(SideFileFilter::isSideFile(m_dir.filePath("runs.sqlite-shm")));
    QVERIFY(!SideFileFilter::isSideFile(m_dir.filePath("runs.sqlite")));
    QVERIFY(!SideFileFilter::isSideFile(m_dir.filePath("absent-wal")));  // no "absent" file beside it
    QVERIFY(!SideFileFilter::isSideFile(m_dir.filePath("-wal")));
    QFileDialog dialog;
    filedialogs::makeSafe(&dialog);
    dialog.show();
    lookAround(&dialog, m_dir.path());
    QStringList shown;
    auto *view = dialog.findChild<QTreeView *>(QStringLiteral("treeView"));
    QVERIFY(view);
    const QModelIndex root = view->rootIndex();
    for (int r = 0; r < view->model()->rowCount(root); ++r)
        shown << view->model()->index(r, 0, root).data().toString();
    QVERIFY2(shown.contains("runs.sqlite") && shown.contains("notes"), qPrintable(shown.join(", ")));
    QVERIFY2(!shown.contains("runs.sqlite-wal") && !shown.contains("runs.sqlite-shm"), qPrintable(shown.join(", ")));
}

// Each way the window opens a file dialog (menus, the form's buttons, Settings) gets ours.
void TstFileDialogs::everyDialogOfTheWindowIsOurs()
{
    RunController controller(m_dir.filePath(QStringLiteral("no-engine")), m_store->path());
    QVERIFY(controller.isOpen());
    MainWindow window(&controller);
    window.show();
    auto action = [&](const QString &text) -> QAction * {
        for (QAction *a : window.findChildren<QAction *>())
            if (a->text() == text)
                return a;
        return nullptr;
    };
    QList<std::pair<QString, std::function<void()>>> triggers;
    triggers.append({"Export curves", [&] { action(MainWindow::tr("&Export curves…"))->trigger(); }});
    triggers.append({"Import from MLflow", [&] { action(MainWindow::tr("&Import from MLflow…"))->trigger(); }});
    triggers.append({"Load run config", [&] { buttonWithText(window.formPanel(), RunFormPanel::tr("Load…"))->click(); }});
    triggers.append({"Save run config", [&] { buttonWithText(window.formPanel(), RunFormPanel::tr("Save…"))->click(); }});
    for (const auto &[name, trigger] : triggers) {
        OpenWatch watch(browsed());
        bool safe = false;
        test::whileModal(trigger, [&](QWidget *modal) {
            auto *dialog = qobject_cast<QFileDialog *>(modal);
            safe = dialog && filedialogs::isSafe(dialog);
            if (dialog && dialog->fileMode() != QFileDialog::Directory)
                lookAround(dialog, browsed());
            static_cast<QDialog *>(modal)->reject();
        });
        QVERIFY2(safe, qPrintable(name + ": not our dialog"));
        const QStringList opened = storeFilesAmong(watch.opened());
        QVERIFY2(opened.isEmpty(), qPrintable(name + ": opened " + opened.join(", ")));
    }
}

void TstFileDialogs::noSaveNamesTheStore_data()
{
    QTest::addColumn<QString>("target");  // relative to the store's folder
    QTest::newRow("the store") << "runs.sqlite";
    QTest::newRow("its WAL") << "runs.sqlite-wal";
    QTest::newRow("its shm") << "runs.sqlite-shm";
    QTest::newRow("its journal (absent)") << "runs.sqlite-journal";
    QTest::newRow("a checkpoint") << "runs/1/last.pt";
    QTest::newRow("a run's log") << "runs/1/engine.log";
    QTest::newRow("new in a run's folder") << "runs/1/config.json";
    QTest::newRow("the runs folder itself") << "runs";
    QTest::newRow("through a link") << "store-link.sqlite";
    QTest::newRow("through dot-dot") << "runs/../runs.sqlite";
}

// The functions that write what a user named (Save…, Save LaTeX…, Export curves…, the Inspect
// exports, MLflow), called as the dialogs call them with the store's own files: each refuses,
// saying why, and not a byte of the store changes (a JSON config was renamed over runs.sqlite).
void TstFileDialogs::noSaveNamesTheStore()
{
    QFETCH(QString, target);
    const QDir dir(m_dir.path());
    QVERIFY(dir.mkpath(QStringLiteral("runs/1")));
    for (const char *name : {"runs/1/last.pt", "runs/1/engine.log"}) {
        QFile f(dir.filePath(QString::fromLatin1(name)));
        if (!f.exists()) {
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("checkpoint bytes");
        }
    }
    const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
    if (!QFileInfo(dir.filePath("store-link.sqlite")).isSymLink())
        QVERIFY(QFile::link(store, dir.filePath("store-link.sqlite")));

    RunController controller(dir.filePath(QStringLiteral("no-engine")), m_store->path());
    QVERIFY2(controller.isOpen(), qPrintable(controller.error()));
    MainWindow window(&controller);
    const QStringList watched = {store, store + "-wal", store + "-shm", store + "-journal", dir.filePath("runs/1/last.pt"),
                                 dir.filePath("runs/1/engine.log"), dir.filePath("runs/1/config.json")};
    QStringList before;
    for (const QString &f : watched)
        before << fingerprint(f);

    const QString path = dir.filePath(target);
    QList<std::pair<QString, std::function<bool(QString *)>>> writers;
    writers.append({"run config", [&](QString *e) { return window.formPanel()->saveJson(path, e); }});
    TableBuilder table(controller.store(), {1}, controller.enginePath());
    writers.append({"LaTeX", [&](QString *e) { return table.saveLatex(path, e); }});
    writers.append({"CSV", [&](QString *e) { return table.saveCsv(path, e); }});
    writers.append({"table spec", [&](QString *e) { return table.saveSpec(path, e); }});
    writers.append({"curves", [&](QString *e) { return window.curves()->save(path, e); }});
    writers.append({"plot picture", [&](QString *e) {
                        return plotexport::saveImage(path, QSize(100, 100), {}, Qt::white, e);
                    }});
    writers.append({"plot CSV", [&](QString *e) { return plotexport::saveCsv(path, QByteArrayLiteral("a,b\n"), e); }});
    writers.append({"widget picture", [&](QString *e) { return saveWidgetPicture(window.formPanel(), path, e); }});
    for (const auto &[name, write] : writers) {
        QString error;
        QVERIFY2(!write(&error), qPrintable(name + " wrote " + target));
        QVERIFY2(error.contains(QStringLiteral("run store in use")), qPrintable(name + ": " + error));
    }
    // A folder to export into: the store's runs' folders are refused, a run's export/ folder is not.
    if (target == QLatin1String("runs") || target.startsWith(QLatin1String("runs/1"))) {
        const QString folder = QFileInfo(path).isDir() ? path : QFileInfo(path).absolutePath();
        const auto out = MlflowTransfer::exportRuns(*controller.store(), {1}, folder, QStringLiteral("x"));
        QVERIFY2(!out.ok && out.text.contains(QStringLiteral("run store in use")), qPrintable(out.text));
    }
    QStringList after;
    for (const QString &f : watched)
        after << fingerprint(f);
    QCOMPARE(after, before);
    QVERIFY(m_store->setNotes(1, QStringLiteral("still the store")));
    QCOMPARE(controller.store()->run(1)->notes, QStringLiteral("still the store"));
}

// Save… in the run form with the store's name typed: the dialog says why at once and stays open —
// Qt's "already exists. Replace?" (whose Yes replaced the store) never comes up.
void TstFileDialogs::saveDialogsRefuseTheStoreBeforeReplacing()
{
    RunController controller(m_dir.filePath(QStringLiteral("no-engine")), m_store->path());
    MainWindow window(&controller);
    window.show();
    const QString store = m_store->path();
    const QString before = fingerprint(store) + fingerprint(store + "-wal");
    TableBuilder table(controller.store(), {1}, controller.enginePath());
    table.show();
    QList<std::pair<QString, std::function<void()>>> triggers;
    triggers.append({"Save run config", [&] { buttonWithText(window.formPanel(), RunFormPanel::tr("Save…"))->click(); }});
    triggers.append({"Save LaTeX", [&] { buttonWithText(&table, TableBuilder::tr("Save LaTeX…"))->click(); }});
    triggers.append({"Export curves", [&] {
                         for (QAction *a : window.findChildren<QAction *>())
                             if (a->text() == MainWindow::tr("&Export curves…"))
                                 a->trigger();
                     }});
    for (const auto &[name, trigger] : triggers) {
        for (const QString &typed : {store, store + QStringLiteral("-wal")}) {
            const Typed t = typeAndAccept(trigger, typed);
            QVERIFY2(t.messages.size() == 1 && t.messages.first().contains(QStringLiteral("run store in use")),
                     qPrintable(name + ": " + t.messages.join(" | ")));
            QVERIFY2(t.stayedOpen, qPrintable(name + ": the dialog closed"));
        }
    }
    QCOMPARE(fingerprint(store) + fingerprint(store + "-wal"), before);
    // Settings' store chooser still picks the store itself (it writes nothing).
    const QString picked = [&] {
        QString chosen;
        const Typed t = typeAndAccept(
            [&] {
                chosen = filedialogs::saveFile(nullptr, QStringLiteral("Run store"), store, QString(),
                                               filedialogs::SaveMode::ChooseStore);
            },
            store);
        return t.messages.isEmpty() && !t.stayedOpen ? chosen : QString();
    }();
    QCOMPARE(QFileInfo(picked), QFileInfo(store));
}

// Export folders: one that does not exist yet is taken (the export creates it, as the CLI does);
// the store's runs folder is refused in the dialog.
void TstFileDialogs::outputFolders()
{
    RunController controller(m_dir.filePath(QStringLiteral("no-engine")), m_store->path());
    const QString fresh = m_dir.filePath(QStringLiteral("new-mlruns"));
    QString chosen;
    Typed t = typeAndAccept([&] { chosen = filedialogs::outputDirectory(nullptr, QStringLiteral("out"), m_dir.path()); },
                            fresh);
    QVERIFY2(t.messages.isEmpty(), qPrintable(t.messages.join(" | ")));
    QCOMPARE(QFileInfo(chosen), QFileInfo(fresh));
    QVERIFY(!QFileInfo::exists(fresh));  // created by the export, not by choosing it
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("runs/1/export"))));
    t = typeAndAccept([&] { chosen = filedialogs::outputDirectory(nullptr, QStringLiteral("out"), m_dir.path()); },
                      m_dir.filePath(QStringLiteral("runs")));
    QVERIFY2(t.messages.size() == 1 && t.messages.first().contains(QStringLiteral("run store in use")),
             qPrintable(t.messages.join(" | ")));
    QVERIFY(t.stayedOpen);
    QString why;
    QVERIFY(filedialogs::mayWriteInto(m_dir.filePath(QStringLiteral("runs/1/export/best")), &why));
    QVERIFY(!filedialogs::mayWriteInto(m_dir.filePath(QStringLiteral("runs/1")), &why));
    QVERIFY(filedialogs::mayWrite(m_dir.filePath(QStringLiteral("config.json")), &why));
}

GATEFOLD_TEST_MAIN(TstFileDialogs)
#include "tst_filedialogs.moc"
