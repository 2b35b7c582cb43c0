#pragma once

#include <QStyledItemDelegate>

namespace gatefold::widgets {

// Draws the run browser's Progress cell as a progress bar while the run
// trains (RunTableModel::FractionRole ≥ 0), its text (%, epoch, images/s,
// ETA) on the bar; as plain text otherwise.
class ProgressDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace gatefold::widgets
