#pragma once

#include <QString>

namespace gatefold::store {

// What removeTree() removed, for the message that says so.
struct TreeRemoval {
    bool existed = false;   // anything was at the path
    QString linkTarget;     // the path itself was a symbolic link: where it pointed (not touched)
    qint64 files = 0;       // plain files (and sockets, fifos, devices) removed
    qint64 links = 0;       // symbolic links removed: the links, never what they point to
    qint64 folders = 0;     // folders removed, the top one included
    QString error;          // the first thing that could not be removed, and why; empty when all went
    bool ok() const { return error.isEmpty(); }
    // "12 files, 1 symbolic link (the link only) and 2 folders"
    QString summary() const;
};

// Removes `path` and everything under it without ever following a symbolic
// link: a link (the path itself, or anything under it) is removed as a link
// and what it points to stays as it was. Every folder is opened relative to
// its parent with O_NOFOLLOW, so a folder swapped for a link while this runs
// is not entered either. A run's folder (runs delete --files) is removed so.
TreeRemoval removeTree(const QString &path);

} // namespace gatefold::store
