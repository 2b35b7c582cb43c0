#include "progressdelegate.h"

#include "runtablemodel.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>

namespace gatefold::widgets {

void ProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const double fraction = index.data(RunTableModel::FractionRole).toDouble();
    if (fraction < 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(1, 2, -1, -2);
    bar.minimum = 0;
    bar.maximum = 1000;
    bar.progress = int(fraction * 1000.0 + 0.5);
    bar.text = index.data(Qt::DisplayRole).toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    bar.state = option.state | QStyle::State_Horizontal;
    bar.palette = option.palette;
    const QWidget *widget = option.widget;
    (widget ? widget->style() : QApplication::style())->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

} // namespace gatefold::widgets
