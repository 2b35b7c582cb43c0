#pragma once

#include <QByteArray>
#include <QColor>
#include <QRect>
#include <QString>
#include <QStringList>

#include <vector>

class QCustomPlot;

namespace gatefold::widgets {

// Writing the analysis views out: several plots as one picture, and their
// numbers as CSV tables.
namespace plotexport {

// One plot of a picture and where it goes in it (logical pixels).
struct Tile {
    QCustomPlot *plot = nullptr;
    QRect rect;
};

// Draws the tiles on `background` into one picture of `size` logical pixels,
// its format by the suffix of `path`: .png (at twice the size, for print),
// .svg (Qt Svg) or .pdf (vector). false with the reason in `error`.
bool saveImage(const QString &path, const QSize &size, const std::vector<Tile> &tiles, const QColor &background,
               QString *error);

// Writes `bytes` (a CSV table, report::csvTables()) to `path` atomically, unless
// `path` is a store's file (filedialogs::mayWrite()); false with the reason in `error`.
bool saveCsv(const QString &path, const QByteArray &bytes, QString *error);

} // namespace plotexport
} // namespace gatefold::widgets
