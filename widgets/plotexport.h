#pragma once

#include <QColor>
#include <QRect>
#include <QString>
#include <QStringList>

#include <vector>

class QCustomPlot;

namespace gatefold::widgets {

// Writing the analysis views out: several plots as one picture, and their
// numbers as CSV.
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

// A number that reads back to the same double: 17 significant digits ('g');
// "nan", "inf", "-inf" for the others.
QString number(double value);
// A text field, quoted where RFC 4180 needs it.
QString field(const QString &text);
// One row from fields already formatted (number(), field()).
QString row(const QStringList &fields);

// Writes `text` (rows ending in "\n") to `path` atomically; false with the reason in `error`.
bool saveCsv(const QString &path, const QString &text, QString *error);

} // namespace plotexport
} // namespace gatefold::widgets
