#include "pathbrowse.h"

#include "filedialogs.h"

#include "config/fieldtable.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace gatefold::widgets {
namespace {

// The folder a dialog opens in: the current value's (itself when it is a folder), else the dialog's default.
QString startIn(const QString &current)
{
    if (current.isEmpty())
        return QString();
    const QFileInfo info(current);
    return info.isDir() ? info.absoluteFilePath() : info.absolutePath();
}

} // namespace

bool offersBrowse(const std::string &key)
{
    const config::Field *field = config::findField(key);
    return key == "distill.teacher" || (field && field->path);
}

QString browseForSetting(QWidget *parent, const std::string &key, const QString &current)
{
    const QString caption = QCoreApplication::translate("PathBrowse", "Choose %1").arg(QString::fromStdString(key));
    if (key == "data.path")
        return filedialogs::existingDirectory(parent, caption, startIn(current));
    QString filter = QCoreApplication::translate("PathBrowse", "All files (*)");
    if (key == "data.val_labels")
        filter = QCoreApplication::translate("PathBrowse", "CSV (*.csv);;All files (*)");
    else if (key == "init.from")
        filter = QCoreApplication::translate("PathBrowse", "Checkpoints (*.pt);;All files (*)");
    else if (key == "distill.teacher")
        filter = QCoreApplication::translate("PathBrowse", "Checkpoints and exports (*.pt *.safetensors);;All files (*)");
    return filedialogs::openFile(parent, caption, startIn(current), filter);
}

} // namespace gatefold::widgets
