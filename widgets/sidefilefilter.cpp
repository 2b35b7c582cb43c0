#include "sidefilefilter.h"

#include <QFileInfo>
#include <QFileSystemModel>

namespace gatefold::widgets {

bool SideFileFilter::isSideFile(const QString &path)
{
    for (const char *suffix : {"-wal", "-shm", "-journal"}) {
        const QLatin1String s(suffix);
        if (path.endsWith(s) && path.size() > s.size())
            return QFileInfo(path.left(path.size() - s.size())).isFile();
    }
    return false;
}

bool SideFileFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const auto *files = qobject_cast<const QFileSystemModel *>(sourceModel());
    if (!files)
        return true;
    const QModelIndex index = files->index(sourceRow, 0, sourceParent);
    return files->isDir(index) || !isSideFile(files->filePath(index));
}

} // namespace gatefold::widgets
