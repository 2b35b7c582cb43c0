#include "plainiconprovider.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QStyle>

namespace gatefold::widgets {
namespace {

bool isRoot(const QFileInfo &info)
{
    return info.isDir() && QDir(info.absoluteFilePath()).isRoot();
}

} // namespace

QIcon PlainIconProvider::icon(IconType type) const
{
    QStyle *style = QApplication::style();
    switch (type) {
    case Computer: return style->standardIcon(QStyle::SP_ComputerIcon);
    case Desktop: return style->standardIcon(QStyle::SP_DesktopIcon);
    case Trashcan: return style->standardIcon(QStyle::SP_TrashIcon);
    case Network: return style->standardIcon(QStyle::SP_DriveNetIcon);
    case Drive: return style->standardIcon(QStyle::SP_DriveHDIcon);
    case Folder: return style->standardIcon(QStyle::SP_DirIcon);
    case File: break;
    }
    return style->standardIcon(QStyle::SP_FileIcon);
}

// Only what stat() says (QFileInfo caches it): no open, no read.
QIcon PlainIconProvider::icon(const QFileInfo &info) const
{
    QStyle *style = QApplication::style();
    if (isRoot(info))
        return icon(Drive);
    if (info.isDir())
        return style->standardIcon(info.isSymLink() ? QStyle::SP_DirLinkIcon : QStyle::SP_DirIcon);
    return style->standardIcon(info.isSymLink() ? QStyle::SP_FileLinkIcon : QStyle::SP_FileIcon);
}

QString PlainIconProvider::type(const QFileInfo &info) const
{
    if (isRoot(info))
        return tr("Drive");
    if (info.isDir())
        return tr("Folder");
    const QString suffix = info.suffix();
    return suffix.isEmpty() ? tr("File") : tr("%1 file").arg(suffix);
}

} // namespace gatefold::widgets
