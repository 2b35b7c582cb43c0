#pragma once

// Where an SQLite store is to be opened, looked at before anything is opened,
// written or created (core/store/README.md, "Refusals never write"), and
// whether a store may be read or written there.

#include <QString>
#include <QStringList>

class QFileInfo;

namespace gatefold::store {

// What lies at the path of an SQLite store before it is opened.
struct SqlitePlace {
    QString file;          // the store's file
    QString folder;        // the folder it lies in
    // Journals before the file: SQLite makes a store's file before its
    // journals and never deletes it, so a journal seen before the file was
    // found missing is one whose store was moved or deleted, not one of a
    // process creating the store right now.
    QStringList journals;
    bool exists = false;
    bool isFile = false;   // a regular file (not a folder, a device, …)
    qulonglong links = 0;  // hard links to the file (names of it)

    static SqlitePlace at(const QString &file);
};

// Empty when a store may be opened at `place`: for reading, a file that
// exists; for writing, a local file system and a writable file, or for a new
// store a writable folder without journals of a store that went missing (the
// folder is made here where it is missing: the one thing done before the
// store opens). Else why not and what to do, for the store `shown`.
QString placeRefusal(const SqlitePlace &place, const QString &shown, bool readOnly);

// Why a store that exists cannot be written here, or empty.
QString storeUnwritableReason(const QFileInfo &file);

} // namespace gatefold::store
