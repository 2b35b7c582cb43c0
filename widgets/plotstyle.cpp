#include "plotstyle.h"

#include "qcp.h"

#include <QPalette>

namespace gatefold::widgets::plotstyle {

void followPalette(QCustomPlot *plot, const QPalette &palette)
{
    const QColor text = palette.color(QPalette::Text), base = palette.color(QPalette::Base);
    QColor grid = text;
    grid.setAlpha(40);
    plot->setBackground(base);
    for (QCPAxisRect *rect : plot->axisRects())
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(text));
            axis->setTickPen(QPen(text));
            axis->setSubTickPen(QPen(text));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
            axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        }
    for (QCPLegend *legend : plot->findChildren<QCPLegend *>()) {
        legend->setBrush(base);
        legend->setTextColor(text);
        legend->setBorderPen(QPen(text));
    }
    // Colour scales and titles live in the layout, not among the axis rects.
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        QCPLayoutElement *element = plot->plotLayout()->elementAt(i);
        if (auto *title = qobject_cast<QCPTextElement *>(element))
            title->setTextColor(text);
        if (auto *scale = qobject_cast<QCPColorScale *>(element)) {
            QCPAxis *axis = scale->axis();
            axis->setBasePen(QPen(text));
            axis->setTickPen(QPen(text));
            axis->setSubTickPen(QPen(text));
            axis->setTickLabelColor(text);
            axis->setLabelColor(text);
        }
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

QCPColorGradient viridis()
{
    QCPColorGradient g;
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setColorStops({{0.0, QColor(0x44, 0x01, 0x54)},
                     {0.125, QColor(0x48, 0x28, 0x78)},
                     {0.25, QColor(0x3e, 0x4a, 0x89)},
                     {0.375, QColor(0x31, 0x68, 0x8e)},
                     {0.5, QColor(0x26, 0x82, 0x8e)},
                     {0.625, QColor(0x1f, 0x9e, 0x89)},
                     {0.75, QColor(0x35, 0xb7, 0x79)},
                     {0.875, QColor(0x6e, 0xce, 0x58)},
                     {1.0, QColor(0xfd, 0xe7, 0x25)}});
    return g;
}

QCPColorGradient viridisOn(const QPalette &palette)
{
    QCPColorGradient full = viridis();  // QCPColorGradient::color is not const
    if (palette.color(QPalette::Base).lightness() >= 128)
        return full;
    constexpr double kFrom = 0.3;
    QCPColorGradient g;
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    QMap<double, QColor> stops;
    for (int i = 0; i <= 16; ++i) {
        const double t = i / 16.0;
        stops.insert(t, QColor::fromRgb(full.color(kFrom + (1 - kFrom) * t, QCPRange(0, 1))));
    }
    g.setColorStops(stops);
    return g;
}

QCPColorGradient diverging()
{
    QCPColorGradient g;
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setColorStops({{0.0, QColor(0x05, 0x30, 0x61)},
                     {0.1, QColor(0x21, 0x66, 0xac)},
                     {0.2, QColor(0x43, 0x93, 0xc3)},
                     {0.3, QColor(0x92, 0xc5, 0xde)},
                     {0.4, QColor(0xd1, 0xe5, 0xf0)},
                     {0.5, QColor(0xf7, 0xf7, 0xf7)},
                     {0.6, QColor(0xfd, 0xdb, 0xc7)},
                     {0.7, QColor(0xf4, 0xa5, 0x82)},
                     {0.8, QColor(0xd6, 0x60, 0x4d)},
                     {0.9, QColor(0xb2, 0x18, 0x2b)},
                     {1.0, QColor(0x67, 0x00, 0x1f)}});
    return g;
}

QColor textOn(const QColor &background)
{
    // Relative luminance (sRGB weights, close enough without linearising for a black/white choice).
    const double y = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return y > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor categorical(int index)
{
    static const QColor colours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                     QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                     QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                     QColor(0x17, 0xbe, 0xcf)};
    return colours[index % 10];
}

QSharedPointer<QCPAxisTicker> integerTicker(int n)
{
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(n <= 12 ? 1.0 : n <= 30 ? 5.0 : 10.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    return ticker;
}

void setCells(QCPColorMapData *data, int keys, int values)
{
    auto span = [](int n) { return n == 1 ? QCPRange(0.5, 1.5) : QCPRange(1, n); };
    data->setSize(keys, values);
    data->setRange(span(keys), span(values));
}

QString cellText(double value)
{
    QString text = QString::number(value, 'f', 2);
    if (text == QLatin1String("-0.00"))
        text.remove(0, 1);
    return text;
}

void fitCellLabels(const std::vector<QCPItemText *> &labels, const QCPAxisRect *rect, int columns, int rows)
{
    if (labels.empty() || columns <= 0 || rows <= 0)
        return;
    const QFontMetricsF metrics(labels.front()->font());
    const double cellWidth = double(rect->width()) / columns, cellHeight = double(rect->height()) / rows;
    for (QCPItemText *label : labels) {
        const QSizeF need = metrics.size(0, label->text());
        label->setVisible(need.width() + 2 <= cellWidth && need.height() <= cellHeight);
    }
}

} // namespace gatefold::widgets::plotstyle
