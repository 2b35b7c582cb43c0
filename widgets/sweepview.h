#pragma once

#include "sweeptable.h"

#include <QList>
#include <QWidget>

#include <map>
#include <memory>

class QComboBox;
class QLabel;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

class ParallelCoordinates;
class PlotOrReason;
class SweepScatterPlots;

// A sweep at a glance (issue 20): for the selected runs, a metric (val/top1 by
// default, its last or best value) against each setting they vary — a scatter
// per setting (SweepScatterPlots) beside parallel coordinates coloured by the
// metric (ParallelCoordinates). Runs that have not measured the metric are
// named above the plots, not drawn; fewer than two runs, fewer than two with
// the metric, or nothing varied: a sentence in place of the plots. Exports the
// picture (PNG/SVG/PDF) and the table behind it (CSV: run, settings, metric).
// A click on a run says which (runActivated); when the selection then becomes
// that run alone, the view keeps the sweep and marks the run.
class SweepView : public QWidget
{
    Q_OBJECT
public:
    explicit SweepView(store::RunStore *store, QWidget *parent = nullptr);
    ~SweepView() override;

    // Read while the view is shown (at once, or when it is next shown).
    void setRuns(const QList<qint64> &runIds);
    void setMetric(const QString &key);
    void setReduction(SweepTable::Reduction reduction);
    void refresh();  // reads the runs again now

    const SweepTable *table() const { return m_table.get(); }
    SweepScatterPlots *scatterPlots() const { return m_scatters; }
    ParallelCoordinates *parallelCoordinates() const { return m_parallel; }
    bool isAvailable() const;  // the plots are shown, not a sentence
    QString reason() const;    // the sentence in their place; "" while they are shown
    QString missingText() const;  // "no val/top1: 7 a, 9 b", "" when every run has the metric
    QString hoverText() const;    // the run the mouse points at, as the status line says it (one line)

    // The plots as one picture (.png, .svg or .pdf); the table as CSV. False with the reason in `error`.
    bool exportPicture(const QString &path, QString *error);
    bool exportCsv(const QString &path, QString *error) const;

Q_SIGNALS:
    void runActivated(qint64 runId);  // a run's point or line was clicked

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *buildBar();
    void showTable();
    QString sentence() const;
    QString hint() const;  // the status line while the mouse points at no run
    void activate(qint64 runId);
    void markClicked();  // the clicked run's line and points, marked in both plots
    void askExportPicture();
    void askExportCsv();

    store::RunStore *m_store;
    QList<qint64> m_runs;
    qint64 m_clicked = -1;
    bool m_stale = true;
    std::map<qint64, config::ComparedRun> m_settings;  // a run's config never changes
    std::shared_ptr<const SweepTable> m_table;
    QComboBox *m_metric;
    QComboBox *m_reduction;
    QLabel *m_summary;
    QLabel *m_missing;
    PlotOrReason *m_pages;
    SweepScatterPlots *m_scatters;
    ParallelCoordinates *m_parallel;
};

} // namespace gatefold::widgets
