#include "sweepview.h"

#include "filedialogs.h"
#include "parallelcoordinates.h"
#include "plotexport.h"
#include "plotorreason.h"
#include "sweepscatterplots.h"

#include "store/runstore.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {

namespace {

constexpr int kMissingNamed = 8;  // runs named in the "no metric" line before "… and n more"
const QSize kScatterPicture(560, 380), kParallelPicture(640, 380);  // a hidden view's plots, exported

} // namespace

SweepView::SweepView(store::RunStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_metric(new QComboBox(this))
    , m_reduction(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_missing(new QLabel(this))
    , m_pages(new PlotOrReason(this))
    , m_scatters(new SweepScatterPlots)
    , m_parallel(new ParallelCoordinates)
{
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_scatters);
    split->addWidget(m_parallel);
    split->setChildrenCollapsible(false);
    split->setSizes({1000, 1000});  // halves: the scatters' plot has no size hint to go by
    m_pages->setPage(split);
    m_missing->setObjectName(QStringLiteral("missing"));
    m_missing->setWordWrap(true);
    m_missing->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    const int gap = fontMetrics().averageCharWidth();
    layout->setContentsMargins(0, gap / 2, 0, 0);
    layout->addWidget(buildBar());
    for (QLabel *label : {m_missing, m_pages->statusLine()}) {
        label->setContentsMargins(gap, 0, gap, 0);
        layout->addWidget(label);
    }
    layout->addWidget(m_pages, 1);
    auto hover = [this](const QString &text) { m_pages->setHover(text.split(QLatin1Char('\n')).join(QStringLiteral(" · ")), hint()); };
    connect(m_scatters, &SweepScatterPlots::hovered, this, hover);
    connect(m_parallel, &ParallelCoordinates::hovered, this, hover);
    connect(m_scatters, &SweepScatterPlots::runClicked, this, &SweepView::activate);
    connect(m_parallel, &ParallelCoordinates::runClicked, this, &SweepView::activate);
    showTable();
}

SweepView::~SweepView() = default;

// Metric, last or best, what is shown, and the exports.
QWidget *SweepView::buildBar()
{
    for (const char *key : {"val/top1", "val/top5", "val/loss", "val_ema/top1", "train/loss"})
        m_metric->addItem(QString::fromLatin1(key));
    m_metric->setEditable(true);
    m_metric->setMinimumContentsLength(12);
    m_metric->setToolTip(tr("The metric plotted against each setting (any metric the runs record)"));
    m_reduction->addItems({tr("last value"), tr("best value")});
    m_reduction->setToolTip(tr("Each run's last value of the metric, or its best (highest; lowest for a loss)"));
    auto *exportPicture = new QPushButton(tr("Export picture…"));
    auto *exportCsv = new QPushButton(tr("Export CSV…"));
    exportCsv->setToolTip(tr("The table behind the plots: run, the settings it varies, the metric"));
    auto *bar = new QWidget;
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Metric:")));
    row->addWidget(m_metric);
    row->addWidget(m_reduction);
    row->addWidget(m_summary, 1);
    row->addWidget(exportPicture);
    row->addWidget(exportCsv);
    auto reread = [this] {
        m_stale = true;
        if (isVisible())
            refresh();
    };
    connect(m_metric, &QComboBox::currentTextChanged, this, reread);
    connect(m_reduction, &QComboBox::currentIndexChanged, this, reread);
    connect(exportPicture, &QPushButton::clicked, this, &SweepView::askExportPicture);
    connect(exportCsv, &QPushButton::clicked, this, &SweepView::askExportCsv);
    return bar;
}

void SweepView::setRuns(const QList<qint64> &runIds)
{
    // The run a click here selected, alone: the sweep stays, that run marked.
    if (runIds.size() == 1 && runIds.front() == m_clicked && m_runs.contains(m_clicked)) {
        markClicked();
        return;
    }
    if (runIds != m_runs)
        m_clicked = -1;
    m_runs = runIds;
    m_stale = true;
    if (isVisible())
        refresh();
}

void SweepView::setMetric(const QString &key)
{
    m_metric->setCurrentText(key);
}

void SweepView::setReduction(SweepTable::Reduction reduction)
{
    m_reduction->setCurrentIndex(reduction == SweepTable::Reduction::Last ? 0 : 1);
}

void SweepView::refresh()
{
    m_stale = false;
    const auto reduction = m_reduction->currentIndex() == 0 ? SweepTable::Reduction::Last : SweepTable::Reduction::Best;
    m_table = std::make_shared<const SweepTable>(
        SweepTable::read(*m_store, m_runs, m_metric->currentText().trimmed(), reduction, &m_settings));
    showTable();
}

void SweepView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void SweepView::showTable()
{
    const bool ready = m_table && m_table->state() == SweepTable::State::Ready;
    m_scatters->setTable(ready ? m_table : nullptr);
    m_parallel->setTable(ready ? m_table : nullptr);
    markClicked();
    m_pages->setReason(ready ? QString() : sentence());
    m_pages->setHover({}, hint());
    QStringList missing;
    const auto without = m_table ? m_table->missing() : std::vector<const SweepRun *>();
    for (const SweepRun *run : without) {
        if (missing.size() == kMissingNamed) {
            missing << tr("… and %1 more").arg(int(without.size()) - kMissingNamed);
            break;
        }
        missing << run->title();
    }
    const bool listed = !missing.isEmpty() && m_table->state() != SweepTable::State::TooFewRuns;
    m_missing->setText(listed ? tr("no %1: %2").arg(m_table->metric(), missing.join(QStringLiteral(", "))) : QString());
    m_missing->setVisible(listed);
    const int runs = m_table ? int(m_table->runs().size()) : 0;
    m_summary->setText(runs < 2                      ? QString()
                       : m_table->varied().isEmpty() ? tr("%1 runs").arg(runs)
                                                     : tr("%1 runs, varying %2")
                                                           .arg(runs)
                                                           .arg(m_table->varied().join(QStringLiteral(", "))));
}

QString SweepView::sentence() const
{
    const QString metric = m_table ? m_table->metric() : m_metric->currentText();
    const int runs = m_table ? int(m_table->runs().size()) : 0;
    if (metric.isEmpty() && runs >= 2)
        return tr("Type or choose the metric to plot against the settings (val/top1, val/loss, …).");
    switch (m_table ? m_table->state() : SweepTable::State::TooFewRuns) {
    case SweepTable::State::TooFewRuns:
        return tr("Select two or more runs to see a sweep — filter the runs by their sweep and select them all — "
                  "and this view plots %1 against each setting they vary.")
            .arg(metric);
    case SweepTable::State::TooFewMeasured:
        return tr("Fewer than two of the %1 selected runs have %2: choose another metric, or wait until they "
                  "have been evaluated.")
            .arg(runs)
            .arg(metric);
    case SweepTable::State::NothingVaried:
        return tr("The %1 selected runs vary no setting: they are one experiment. Compare shows them side by side.")
            .arg(runs);
    case SweepTable::State::Ready:
        break;
    }
    return {};
}

QString SweepView::hint() const
{
    return tr("Point at a run's line or point to see its settings; click it to select the run.");
}

bool SweepView::isAvailable() const
{
    return m_pages->isAvailable();
}

QString SweepView::reason() const
{
    return m_pages->reason();
}

QString SweepView::missingText() const
{
    return m_missing->text();
}

QString SweepView::hoverText() const
{
    return m_pages->hover();
}

void SweepView::activate(qint64 runId)
{
    m_clicked = runId;
    markClicked();
    Q_EMIT runActivated(runId);
}

void SweepView::markClicked()
{
    m_parallel->setHighlighted(m_clicked);
    m_scatters->setHighlighted(m_clicked);
}

bool SweepView::exportPicture(const QString &path, QString *error)
{
    if (!m_pages->canExport(error))
        return false;
    // Side by side as on screen; a view never shown yet at a size that reads.
    const QSize left = m_scatters->isVisible() ? m_scatters->size().expandedTo(QSize(200, 150)) : kScatterPicture;
    const QSize right = m_parallel->isVisible() ? m_parallel->size().expandedTo(QSize(200, 150)) : kParallelPicture;
    const int height = std::max(left.height(), right.height());
    const QSize size(left.width() + right.width(), height);
    return plotexport::saveImage(path, size,
                                 {{m_scatters->plot(), QRect(0, 0, left.width(), height)},
                                  {m_parallel->plot(), QRect(left.width(), 0, right.width(), height)}},
                                 palette().color(QPalette::Base), error);
}

bool SweepView::exportCsv(const QString &path, QString *error) const
{
    if (!m_table || m_table->runs().empty()) {
        if (error)
            *error = tr("No runs selected: select the runs of a sweep, then export their table.");
        return false;
    }
    return plotexport::saveCsv(path, m_table->csv(), error);
}

void SweepView::askExportPicture()
{
    if (QString why; !m_pages->canExport(&why)) {
        QMessageBox::information(this, tr("Export picture"), why);
        return;
    }
    const QString path = filedialogs::saveFile(this, tr("Export picture"), QStringLiteral("sweep.png"),
                                               tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)"));
    QString error;
    if (!path.isEmpty() && !exportPicture(path, &error))
        QMessageBox::warning(this, tr("Export picture"), error);
}

void SweepView::askExportCsv()
{
    const QString path = filedialogs::saveFile(this, tr("Export CSV"), QStringLiteral("sweep.csv"), tr("CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export CSV"), error);
}

} // namespace gatefold::widgets
