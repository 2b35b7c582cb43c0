#include "createdfolders.h"

#include <QDir>
#include <QFileInfo>

namespace gatefold::exporting {

CreatedFolders::~CreatedFolders()
{
    for (const QString &dir : m_created)
        if (!QDir().rmdir(dir))  // not empty (or not ours to remove): it and its parents stay
            break;
}

bool CreatedFolders::create(const QString &dir)
{
    QStringList missing;
    for (QString d = QDir::cleanPath(QFileInfo(dir).absoluteFilePath()); !QFileInfo(d).exists() && !QFileInfo(d).isSymLink();
         d = QFileInfo(d).path()) {
        missing << d;
        if (QFileInfo(d).path() == d)
            break;
    }
    const bool made = QDir().mkpath(dir);
    for (const QString &d : missing)
        if (QFileInfo(d).isDir())
            m_created << d;
    return made;
}

} // namespace gatefold::exporting
