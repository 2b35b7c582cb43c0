#pragma once

#include <QAbstractFileIconProvider>
#include <QCoreApplication>

namespace gatefold::widgets {

// Icons and type names for file dialogs from a file's name and kind alone
// (folder, file, link, drive) — never from its contents. Qt's own provider
// asks the MIME database, which opens and reads a file whose name says
// nothing (runs.sqlite-wal, runs.sqlite-shm); GTK's asks GIO, which does the
// same. Closing such a file drops every POSIX lock this process holds on it
// (SQLite's "How To Corrupt An SQLite Database File" §2.2), so the next
// engine that closes the store deletes the WAL the window is still writing.
class PlainIconProvider : public QAbstractFileIconProvider
{
    Q_DECLARE_TR_FUNCTIONS(PlainIconProvider)
public:
    QIcon icon(IconType type) const override;
    QIcon icon(const QFileInfo &info) const override;
    QString type(const QFileInfo &info) const override;
};

} // namespace gatefold::widgets
