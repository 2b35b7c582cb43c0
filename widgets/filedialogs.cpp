#include "filedialogs.h"

#include "plainiconprovider.h"
#include "sidefilefilter.h"

#include <QFileDialog>
#include <QPointer>

namespace gatefold::widgets::filedialogs {
namespace {

constexpr const char *kSafeProperty = "gatefoldSafeDialog";

// A dialog built safe from its first line: the directory is set only after
// the provider, so no listing is ever typed by Qt's sniffing provider.
QStringList run(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                QFileDialog::FileMode mode, QFileDialog::AcceptMode accept, QFileDialog::Options options)
{
    QPointer<QFileDialog> dialog = new QFileDialog(parent, caption);
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

QString saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                 bool confirmOverwrite)
{
    return run(parent, caption, dir, filter, QFileDialog::AnyFile, QFileDialog::AcceptSave,
               confirmOverwrite ? QFileDialog::Options{} : QFileDialog::DontConfirmOverwrite)
        .value(0);
}

QString existingDirectory(QWidget *parent, const QString &caption, const QString &dir)
{
    return run(parent, caption, dir, QString(), QFileDialog::Directory, QFileDialog::AcceptOpen,
               QFileDialog::ShowDirsOnly)
        .value(0);
}

} // namespace gatefold::widgets::filedialogs
