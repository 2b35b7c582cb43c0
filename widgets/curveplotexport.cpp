// CurvePlot's exports: the picture (PNG, SVG, PDF) and the CSV of what is drawn.

#include "curveplot.h"

#include "filedialogs.h"
#include "qcp.h"

#include "tables/tablewriters.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QSvgGenerator>

namespace gatefold::widgets {
namespace {

// The shortest text that reads back to the same double.
QString csvNumber(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

} // namespace

bool CurvePlot::save(const QString &path, QString *error)
{
    if (!filedialogs::mayWrite(path, error))
        return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv")) {
        QSaveFile file(path);
        const QByteArray bytes = csv().toUtf8();
        const bool written = file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
        if (!written && error)
            *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return written;
    }
    // The widget's size as laid out (also when it was never shown), PNG at twice that for print.
    const int w = std::max(width(), 320), h = std::max(height(), 200);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = m_plot->savePng(path, w, h, 2.0);
    } else if (suffix == QLatin1String("pdf")) {
        ok = m_plot->savePdf(path, w, h);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(QSize(w, h));
        svg.setViewBox(QRect(0, 0, w, h));
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            m_plot->toPainter(&painter, w, h);
            painter.end();
        }
    } else {
        if (error)
            *error = tr("unknown format '%1'; use .png, .svg, .pdf or .csv").arg(suffix);
        return false;
    }
    if (!ok && error)
        *error = tr("cannot write %1").arg(path);
    return ok;
}

QString CurvePlot::csv() const
{
    using tables::csvField;
    QString out = QStringLiteral("series,%1,raw,smoothed,band_mean,band_low,band_high,band_spread,band_n\n")
                      .arg(csvField(m_plot->xAxis->label()));
    for (const auto &[id, c] : m_curves)
        for (size_t i = 0; i < c.steps.size(); ++i)
            out += QStringLiteral("%1,%2,%3,%4,,,,,\n")
                       .arg(csvField(c.label), csvNumber(c.steps[i]), csvNumber(c.values[i]), csvNumber(c.smoothValues[i]));
    for (const Band &band : m_bands) {
        // What the band spans: ± the sample std, or the 95 % interval of the mean (Student t).
        const QString spread = band.spread == BandSpread::Std ? QStringLiteral("std") : QStringLiteral("ci95");
        for (size_t i = 0; i < band.x.size(); ++i)
            out += QStringLiteral("%1,%2,,,%3,%4,%5,%6,%7\n")
                       .arg(csvField(band.label), csvNumber(band.x[i]), csvNumber(band.mean[i]), csvNumber(band.low[i]),
                            csvNumber(band.high[i]), spread, QString::number(band.n));
    }
    return out;
}

} // namespace gatefold::widgets
