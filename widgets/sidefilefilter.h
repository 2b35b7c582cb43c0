#pragma once

#include <QSortFilterProxyModel>

namespace gatefold::widgets {

// Hides SQLite's side files — NAME-wal, NAME-shm, NAME-journal beside an
// existing NAME — from a file dialog's views: nobody should pick, rename or
// delete them, and what is not shown cannot be previewed either. Decided
// from names and stat() alone.
class SideFileFilter : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    // True for "runs.sqlite-wal" when "runs.sqlite" exists beside it.
    static bool isSideFile(const QString &path);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
};

} // namespace gatefold::widgets
