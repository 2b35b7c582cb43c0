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
namespace filedialogs {

QString openFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
QStringList openFiles(QWidget *parent, const QString &caption, const QString &dir, const QString &filter);
// `confirmOverwrite` false: choosing an existing file is fine (e.g. a run store to use).
QString saveFile(QWidget *parent, const QString &caption, const QString &dir, const QString &filter,
                 bool confirmOverwrite = true);
QString existingDirectory(QWidget *parent, const QString &caption, const QString &dir);

// What the functions above do to their dialog, for a dialog built elsewhere:
// call before setDirectory() and before it is shown.
void makeSafe(QFileDialog *dialog);
// Whether `dialog` went through makeSafe() (the tests look at every dialog the window opens).
bool isSafe(const QFileDialog *dialog);

} // namespace filedialogs
} // namespace gatefold::widgets
