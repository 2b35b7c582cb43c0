#include "inspectview.h"

#include "plotexport.h"
#include "plotorreason.h"
#include "qcp.h"

#include "report/inspectreport.h"
#include "report/reportcsv.h"

#include <QDir>

#include <QToolTip>

namespace gatefold::widgets {

InspectView::InspectView(QWidget *parent)
    : QWidget(parent)
    , m_pages(new PlotOrReason(this))
{
}

InspectView::~InspectView() = default;

void InspectView::setReport(std::shared_ptr<const report::InspectReport> report)
{
    m_report = std::move(report);
    showReport();
}

bool InspectView::isAvailable() const
{
    return m_pages->isAvailable();
}

QString InspectView::message() const
{
    return m_pages->reason();
}

QString InspectView::hoverText() const
{
    return m_pages->hover();
}

bool InspectView::exportPicture(const QString &path, QString *error)
{
    return canExport(error) && savePicture(path, error);
}

bool InspectView::exportCsv(const QString &dir, QString *error, QStringList *written)
{
    return canExport(error) && writeCsv(dir, csvTables(), error, written);
}

std::vector<report::CsvTable> InspectView::csvTables() const
{
    return m_report ? report::pageCsvTables(*m_report, page()) : std::vector<report::CsvTable>();
}

bool InspectView::writeCsv(const QString &dir, const std::vector<report::CsvTable> &tables, QString *error,
                           QStringList *written)
{
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = tr("Cannot create the folder %1: choose another.").arg(dir);
        return false;
    }
    for (const report::CsvTable &table : tables) {
        if (!plotexport::saveCsv(QDir(dir).filePath(table.file), table.bytes, error))
            return false;
        if (written)
            *written << table.file;
    }
    return true;
}

bool InspectView::canExport(QString *error) const
{
    return m_pages->canExport(error);
}

QString InspectView::hoverAt(const QPointF &) const
{
    return {};
}

QString InspectView::hoverHint() const
{
    return {};
}

QString InspectView::skippedReason(const QString &view) const
{
    if (!m_report)
        return tr("Nothing inspected yet.");
    const auto skipped = m_report->skipped.find(view);
    return skipped == m_report->skipped.end() ? QString() : tr("Not available: %1").arg(skipped->second);
}

bool InspectView::showReason(const QString &reason)
{
    m_pages->setReason(reason);
    setHover({});
    return reason.isEmpty();
}

void InspectView::trackHover(QCustomPlot *plot)
{
    m_hoverPlot = plot;
    plot->setMouseTracking(true);
    plot->installEventFilter(this);
    connect(plot, &QCustomPlot::mouseMove, this, &InspectView::hover);
}

void InspectView::hover(QMouseEvent *event)
{
    const QString text = hoverAt(event->position());
    setHover(text);
    if (!text.isEmpty())
        QToolTip::showText(event->globalPosition().toPoint(), text, m_hoverPlot);
}

void InspectView::setHover(const QString &text)
{
    m_pages->setHover(text, hoverHint());
}

bool InspectView::savePlots(const QString &path, const QSize &size, const std::vector<plotexport::Tile> &tiles,
                            QString *error) const
{
    return plotexport::saveImage(path, size, tiles, palette().color(QPalette::Base), error);
}

bool InspectView::savePlot(const QString &path, QCustomPlot *plot, const QSize &minimum, QString *error) const
{
    const QSize size = plot->size().expandedTo(minimum);
    return savePlots(path, size, {{plot, QRect(QPoint(0, 0), size)}}, error);
}

void InspectView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

bool InspectView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_hoverPlot && event->type() == QEvent::Leave)
        setHover({});
    return QWidget::eventFilter(watched, event);
}

} // namespace gatefold::widgets
