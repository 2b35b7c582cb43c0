#include "compareview.h"

#include "compareseedgroups.h"
#include "metricsense.h"
#include "worldtext.h"

#include "config/flatconfig.h"
#include "config/settingcomparison.h"
#include "store/runstore.h"

#include <QCheckBox>
#include <QLabel>
#include <QColor>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace gatefold::widgets {
namespace {

// "7 lr-sweep" (the id keeps two runs of one name apart).
QString runLabel(qint64 id, const std::optional<store::RunRecord> &run)
{
    return run ? QStringLiteral("%1 %2").arg(id).arg(run->name) : QString::number(id);
}

// Marks the best of `values` (higher or lower) in `line`: the cells printed like it, when two or more runs have one.
void markBest(CompareView::Line *line, const std::vector<std::optional<double>> &values, bool higher)
{
    std::optional<double> best;
    int measured = 0;
    for (const auto &v : values)
        if (v) {
            ++measured;
            if (!best || (higher ? *v > *best : *v < *best))
                best = v;
        }
    if (measured < 2)
        return;
    for (size_t i = 0; i < values.size(); ++i)
        if (values[i]) {
            CompareView::Cell &cell = line->cells[i];
            cell.best = cell.text == line->cells[size_t(std::find(values.begin(), values.end(), best) - values.begin())].text;
            if (cell.best)
                cell.toolTip = higher ? CompareView::tr("The highest of these runs") : CompareView::tr("The lowest of these runs");
        }
}

} // namespace

CompareView::CompareView(store::RunStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_onlyDifferences(new QCheckBox(tr("Only differences"), this))
    , m_asColumns(new QCheckBox(tr("Runs as columns"), this))
    , m_table(new QTableWidget(this))
    , m_seedGroups(new CompareSeedGroups(store, this))
{
    m_onlyDifferences->setChecked(true);
    m_onlyDifferences->setToolTip(tr("Only the settings that tell these runs apart, most telling first (settings "
                                     "that do not apply to a run, and threads or logging, are no difference)"));
    m_asColumns->setToolTip(tr("A column per run instead of a row per run"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_onlyDifferences);
    bar->addWidget(m_asColumns);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_seedGroups);
    // Nothing selected (a first start, an empty store): say what the dock is for, not an empty grid.
    m_empty = new QLabel(tr("Select runs in the browser to compare them: Ctrl+click or Shift+click for "
                            "several, or Select best k… for a sweep's best."));
    m_empty->setObjectName(QStringLiteral("compareEmpty"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setMargin(12);
    layout->addWidget(m_empty, 1);
    m_table->setVisible(false);
    connect(m_onlyDifferences, &QCheckBox::toggled, this, &CompareView::rebuild);
    connect(m_asColumns, &QCheckBox::toggled, this, &CompareView::rebuild);
}

void CompareView::setRuns(const QList<qint64> &runIds)
{
    m_runs = runIds;
    rebuild();
}

void CompareView::setOnlyDifferences(bool on)
{
    m_onlyDifferences->setChecked(on);
}

void CompareView::setRunsAsColumns(bool on)
{
    m_asColumns->setChecked(on);
}

bool CompareView::runsAsColumns() const
{
    return m_asColumns->isChecked();
}

void CompareView::rebuild()
{
    m_empty->setVisible(m_runs.isEmpty());
    m_table->setVisible(!m_runs.isEmpty());
    m_seedGroups->setRuns(m_runs);  // shown only where runs repeat an experiment over seeds
    fill(lines());
    fitColumns();
}

std::vector<CompareView::Line> CompareView::lines()
{
    std::vector<Line> out;
    addMetricLines(&out);
    addFactLines(&out);
    addSettingLines(&out);
    return out;
}

void CompareView::addMetricLines(std::vector<Line> *out)
{
    struct Metric {
        QString label;
        QString key;
        bool best;  // the run's best value, else its last
    };
    const std::vector<Metric> metrics = {{tr("val top-1 (last)"), QStringLiteral("val/top1"), false},
                                         {tr("val top-1 (best)"), QStringLiteral("val/top1"), true},
                                         {tr("val loss (last)"), QStringLiteral("val/loss"), false},
                                         {tr("train loss (last)"), QStringLiteral("train/loss"), false},
                                         {tr("images/s (last)"), QStringLiteral("train/images_per_s"), false}};
    for (const Metric &m : metrics) {
        const bool higher = metricsense::higherIsBetter(m.key);
        Line line{m.label, higher ? tr("%1: higher is better").arg(m.key) : tr("%1: lower is better").arg(m.key), {}};
        std::vector<std::optional<double>> values;
        for (qint64 id : m_runs) {
            const auto s = m_store->metricSummary(id, m.key);
            if (s.count == 0) {
                values.push_back(std::nullopt);
                line.cells.push_back({QStringLiteral("—"), tr("This run has not measured %1").arg(m.key)});
                continue;
            }
            const double v = m.best ? (higher ? s.max : s.min) : s.last;
            values.push_back(v);
            line.cells.push_back({metricsense::valueText(v, m.key), {}});
        }
        markBest(&line, values, higher);
        out->push_back(std::move(line));
    }
}

// The rows about each run rather than its settings: its last step and the processes that trained it.
void CompareView::addFactLines(std::vector<Line> *out)
{
    Line step{tr("step (last)"), {}, {}};
    Line processes{tr("processes"), {}, {}};
    for (qint64 id : m_runs) {
        const qint64 last = m_store->lastMetricStep(id);  // -1: nothing measured yet
        step.cells.push_back({last < 0 ? QStringLiteral("—") : QString::number(last), {}});
        const auto run = m_store->run(id);
        const auto versions = store::RunVersions::fromJson(run ? run->versions : QString());
        const int configured =
            std::max(1, config::flatConfig(run ? run->configJson : QByteArray()).value(QStringLiteral("compute.processes")).toInt(1));
        processes.cells.push_back({worldtext::brief(versions, configured), worldtext::details(versions, configured)});
    }
    out->push_back(std::move(step));
    out->push_back(std::move(processes));
}

void CompareView::addSettingLines(std::vector<Line> *out)
{
    std::vector<config::ComparedRun> runs;
    for (qint64 id : m_runs) {
        const auto run = m_store->run(id);
        runs.push_back(config::comparedRun(run ? run->configJson : QByteArray("{}")));
    }
    const QStringList differing = config::differingSettings(runs);
    QStringList keys = differing;
    if (!m_onlyDifferences->isChecked()) {
        QStringList rest;
        for (const config::ComparedRun &run : runs)
            for (auto it = run.flat.begin(); it != run.flat.end(); ++it)
                if (!keys.contains(it.key()) && !rest.contains(it.key()))
                    rest << it.key();
        rest.sort();
        keys << rest;
    }
    for (const QString &key : keys) {
        const bool differs = differing.contains(key);
        Line line{key, differs ? tr("Tells these runs apart") : QString(), {}};
        for (const config::ComparedRun &run : runs) {
            Cell cell{run.text(key), run.applies(key) ? QString() : tr("%1 does not apply to this run").arg(key)};
            cell.differing = differs;
            line.cells.push_back(cell);
        }
        out->push_back(std::move(line));
    }
}

void CompareView::fill(const std::vector<Line> &lines)
{
    m_table->clear();
    QColor tint = palette().color(QPalette::Highlight);  // see-through: readable on light and dark bases
    tint.setAlpha(60);
    const QColor bestTint(46, 160, 67, 90);
    const bool asColumns = m_asColumns->isChecked();
    const int runs = int(m_runs.size());
    m_table->setRowCount(asColumns ? int(lines.size()) : runs);
    m_table->setColumnCount(asColumns ? runs : int(lines.size()));
    auto place = [&](int run, int line, QTableWidgetItem *item) {
        if (asColumns)
            m_table->setItem(line, run, item);
        else
            m_table->setItem(run, line, item);
    };
    // The runs in a header (the vertical one stays in view while the metrics and settings scroll).
    for (int r = 0; r < runs; ++r) {
        const QString label = runLabel(m_runs[r], m_store->run(m_runs[r]));
        // Elided here: a header clips its text where it ends, with no "…" to say there is more.
        auto *item = new QTableWidgetItem(fontMetrics().elidedText(label, Qt::ElideRight, kMaxRunWidth - 14));
        item->setToolTip(label);
        if (asColumns)
            m_table->setHorizontalHeaderItem(r, item);
        else
            m_table->setVerticalHeaderItem(r, item);
    }
    for (int l = 0; l < int(lines.size()); ++l) {
        auto *header = new QTableWidgetItem(lines[size_t(l)].label);
        header->setToolTip(lines[size_t(l)].toolTip.isEmpty() ? lines[size_t(l)].label : lines[size_t(l)].toolTip);
        if (asColumns)
            m_table->setVerticalHeaderItem(l, header);
        else
            m_table->setHorizontalHeaderItem(l, header);
        for (int r = 0; r < runs; ++r) {
            const Cell &cell = lines[size_t(l)].cells[size_t(r)];
            auto *item = new QTableWidgetItem(cell.text);
            item->setToolTip(cell.toolTip.isEmpty() ? cell.text : cell.toolTip);
            if (cell.best) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
                item->setBackground(bestTint);
            } else if (cell.differing) {
                item->setBackground(tint);
            }
            place(r, l, item);
        }
    }
}

// Contents decide, up to kMaxRunWidth: long run names and values are elided (the tooltip has them).
void CompareView::fitColumns()
{
    m_table->verticalHeader()->setMaximumWidth(kMaxRunWidth);  // QTableView keeps its header within it
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), kMaxRunWidth));
}

} // namespace gatefold::widgets
