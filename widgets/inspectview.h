#pragma once

#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QCustomPlot;
class QMouseEvent;

namespace gatefold::report {
struct InspectReport;
struct CsvTable;
}

namespace gatefold::widgets {

class PlotOrReason;

namespace plotexport {
struct Tile;
}

// One page of the Inspect tab: a "see inside" view of a report::InspectReport.
// What every view does alike lives here: it takes the report, shows either its
// picture or, in its place, the reason it has none ("Not available: …"),
// follows the window's palette, names what the mouse points at in its status
// line, and exports its picture (PNG/SVG/PDF) and its numbers (the CSV tables
// the CLI writes for its page) — refusing both, with the reason shown, while it
// shows no picture. A view says what differs: what to draw for a report, how
// its picture is saved, which page of report::pageNames() it is.
class InspectView : public QWidget
{
    Q_OBJECT
public:
    ~InspectView() override;

    // Shows `report` (nullptr: nothing inspected), or the reason in its place.
    void setReport(std::shared_ptr<const report::InspectReport> report);
    const std::shared_ptr<const report::InspectReport> &report() const { return m_report; }

    bool isAvailable() const;   // the picture is shown, not a reason
    QString message() const;    // the reason shown in its place; empty while the picture is shown
    QString hoverText() const;  // what the mouse points at, as the status line says it

    // Whether there is a picture and numbers to export now; false with the reason in `why`.
    bool exportable(QString *why) const { return canExport(why); }
    // The picture, its format by the suffix: .png, .svg or .pdf; false with the reason in `error`.
    bool exportPicture(const QString &path, QString *error);
    // The numbers behind the picture: the page's CSV tables (report::pageCsvTables(), the
    // layout and file names `gatefold-cli analyze` writes) into the folder `dir`, each
    // whole or not at all; their names in `written`. False with the reason in `error`.
    bool exportCsv(const QString &dir, QString *error, QStringList *written = nullptr);
    // The tables exportCsv() writes for the report shown now (none without one), and writing
    // them: a caller that looks at them first (which would be replaced?) makes them once.
    std::vector<report::CsvTable> csvTables() const;
    bool writeCsv(const QString &dir, const std::vector<report::CsvTable> &tables, QString *error,
                  QStringList *written = nullptr);

protected:
    explicit InspectView(QWidget *parent = nullptr);

    // Draws m_report (or the reason for having nothing): called on every setReport().
    virtual void showReport() = 0;
    virtual bool savePicture(const QString &path, QString *error) = 0;
    // Its entry in report::pageNames(): whose CSV tables exportCsv() writes.
    virtual QString page() const = 0;
    // Whether there is anything to export; by default while the picture is shown (else the reason).
    virtual bool canExport(QString *error) const;
    // Redraws what takes the palette's colours; called on QEvent::PaletteChange.
    virtual void followPalette() {}
    // What the mouse at `pos` (in `plot`'s pixels) points at, or "" for nothing.
    virtual QString hoverAt(const QPointF &pos) const;
    // The status line while the picture is shown and the mouse points at nothing.
    virtual QString hoverHint() const;

    PlotOrReason *pages() const { return m_pages; }
    // No report yet, or the engine skipped `view` (a report::viewNames() entry): the reason; "" otherwise.
    QString skippedReason(const QString &view) const;
    // Shows `reason` in place of the picture (none: the picture) and clears the hover; true when the picture shows.
    bool showReason(const QString &reason);
    // Names what the mouse over `plot` points at (hoverAt()), in the status line and a tooltip.
    void trackHover(QCustomPlot *plot);
    void setHover(const QString &text);
    // Saves plots laid out as `tiles` in a picture of `size` on the palette's base colour.
    bool savePlots(const QString &path, const QSize &size, const std::vector<plotexport::Tile> &tiles,
                   QString *error) const;
    // Saves `plot` alone, at its size on screen but at least `minimum` (a hidden or squeezed view's plot).
    bool savePlot(const QString &path, QCustomPlot *plot, const QSize &minimum, QString *error) const;

    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

    std::shared_ptr<const report::InspectReport> m_report;

private:
    void hover(QMouseEvent *event);

    PlotOrReason *m_pages;  // the picture or the reason, and the status line
    QCustomPlot *m_hoverPlot = nullptr;
};

} // namespace gatefold::widgets
