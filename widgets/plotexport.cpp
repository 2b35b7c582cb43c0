#include "plotexport.h"

#include "filedialogs.h"
#include "qcp.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace gatefold::widgets::plotexport {
namespace {

// Screen-like resolution, so that fonts given in points take the share of a picture they take on screen.
constexpr int kDpi = 96;
constexpr double kPngScale = 2.0;

void drawTiles(QCPPainter *painter, const std::vector<Tile> &tiles)
{
    for (const Tile &tile : tiles) {
        painter->save();
        painter->translate(tile.rect.topLeft());
        painter->setClipRect(QRect(QPoint(0, 0), tile.rect.size()));
        tile.plot->toPainter(painter, tile.rect.width(), tile.rect.height());
        painter->restore();
    }
    // toPainter laid the plots out for the picture: lay them out for the screen again.
    for (const Tile &tile : tiles)
        tile.plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace

bool saveImage(const QString &path, const QSize &size, const std::vector<Tile> &tiles, const QColor &background,
               QString *error)
{
    if (!filedialogs::mayWrite(path, error))
        return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    const int w = std::max(size.width(), 1), h = std::max(size.height(), 1);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        QImage image(qRound(w * kPngScale), qRound(h * kPngScale), QImage::Format_ARGB32_Premultiplied);
        const int dotsPerMeter = qRound(kDpi / 0.0254);
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        image.fill(background);
        QCPPainter painter;
        if (painter.begin(&image)) {
            painter.setMode(QCPPainter::pmNoCaching);
            painter.setMode(QCPPainter::pmNonCosmetic);  // pens scale with the picture
            painter.scale(kPngScale, kPngScale);
            drawTiles(&painter, tiles);
            painter.end();
            // Twice the pixels at twice the resolution: the same physical size as on screen.
            image.setDotsPerMeterX(qRound(dotsPerMeter * kPngScale));
            image.setDotsPerMeterY(qRound(dotsPerMeter * kPngScale));
            ok = image.save(path, "PNG");
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setCreator(QStringLiteral("Gatefold"));
        pdf.setResolution(kDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(w, h), QPageSize::Point, QString(), QPageSize::ExactMatch),
                                      QPageLayout::Portrait, QMarginsF()));
        QCPPainter painter;
        if (painter.begin(&pdf)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            painter.setWindow(0, 0, w, h);
            painter.fillRect(QRect(0, 0, w, h), background);
            drawTiles(&painter, tiles);
            ok = painter.end();
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setResolution(kDpi);
        svg.setSize(QSize(w, h));
        svg.setViewBox(QRect(0, 0, w, h));
        QCPPainter painter;
        if (painter.begin(&svg)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            painter.fillRect(QRect(0, 0, w, h), background);
            drawTiles(&painter, tiles);
            ok = painter.end();
        }
    } else {
        if (error)
            *error = QCoreApplication::translate("PlotExport", "Unknown image format '%1': use .png, .svg or .pdf.").arg(suffix);
        return false;
    }
    ok = ok && QFileInfo(path).size() > 0;
    if (!ok && error)
        *error = QCoreApplication::translate("PlotExport", "Cannot write %1: check that its folder exists and is writable.").arg(path);
    return ok;
}

bool saveCsv(const QString &path, const QByteArray &bytes, QString *error)
{
    if (!filedialogs::mayWrite(path, error))
        return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = QCoreApplication::translate("PlotExport", "Cannot write %1: %2.").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace gatefold::widgets::plotexport
