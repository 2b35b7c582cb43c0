#pragma once

#include <QColor>
#include <QSharedPointer>
#include <QString>

#include <vector>

class QCPAxisRect;
class QCPAxisTicker;
class QCPColorGradient;
class QCPColorMapData;
class QCPItemText;
class QCustomPlot;
class QPalette;

namespace gatefold::widgets {

// Shared looks of the analysis plots (heatmaps and scatters): the window's
// colours for everything that is not data, and colour scales for the data.
namespace plotstyle {

// Background, axes, grid, legend and text elements of `plot` in the palette's
// colours (light or dark theme); call again on QEvent::PaletteChange.
void followPalette(QCustomPlot *plot, const QPalette &palette);

// Perceptually uniform, dark purple → yellow (matplotlib's viridis, 9 stops): for [0, 1].
QCPColorGradient viridis();
// viridis for lines drawn on `palette`'s base: on a dark base from 0.3 of the way up (its darkest
// purple would vanish into the background), else all of it. Also for the scale that explains them.
QCPColorGradient viridisOn(const QPalette &palette);
// Blue → white → red (ColorBrewer RdBu, reversed): for [-1, 1], white at 0.
QCPColorGradient diverging();

// Black or white, whichever reads better on `background`.
QColor textOn(const QColor &background);

// Ten distinguishable colours (matplotlib's tab10), repeating.
QColor categorical(int index);

// Ticks on the integers 1 … n: every one up to 12, then every 5th (or 10th past 30).
QSharedPointer<QCPAxisTicker> integerTicker(int n);

// Sizes `data` to keys × values cells centred on 1 … n, as heatmaps with integer axes want. A map
// spans its first to its last cell centre plus half a cell, which for one cell would be no width at
// all: such a side spans 0.5 … 1.5 instead.
void setCells(QCPColorMapData *data, int keys, int values);

// A value as printed in a heatmap cell: two decimals, and no "-0.00".
QString cellText(double value);

// Shows each cell label of an n × n heatmap in `rect` only while the cells are
// wide and tall enough for it (checked on every layout, so also on export).
void fitCellLabels(const std::vector<QCPItemText *> &labels, const QCPAxisRect *rect, int columns, int rows);

} // namespace plotstyle
} // namespace gatefold::widgets
