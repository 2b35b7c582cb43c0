#include "compareview.h"

#include "configdiff.h"
#include "worldtext.h"

#include "store/runstore.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace gatefold::widgets {

CompareView::CompareView(store::RunStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_onlyDifferences(new QCheckBox(tr("Only differences"), this))
    , m_table(new QTableWidget(this))
{
    m_onlyDifferences->setChecked(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_onlyDifferences);
    layout->addWidget(m_table, 1);
    connect(m_onlyDifferences, &QCheckBox::toggled, this, &CompareView::rebuild);
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

void CompareView::rebuild()
{
    m_table->clear();
    std::vector<QJsonObject> configs;
    QStringList headers;
    for (qint64 id : m_runs) {
        const auto run = m_store->run(id);
        configs.push_back(run ? flattenConfig(run->configJson) : QJsonObject());
        headers << (run ? QStringLiteral("%1 %2").arg(id).arg(run->name) : QString::number(id));
    }
    std::set<QString> allKeys;
    for (const auto &c : configs)
        for (auto it = c.begin(); it != c.end(); ++it)
            allKeys.insert(it.key());
    const QStringList differing = differingKeys(configs);
    QStringList keys;
    for (const QString &k : allKeys)
        if (!m_onlyDifferences->isChecked() || differing.contains(k))
            keys << k;
    struct MetricRow {
        QString label;
        QString key;
        bool best;
        bool percent;
    };
    const std::vector<MetricRow> metrics = {{tr("val top-1 (last)"), "val/top1", false, true},
                                            {tr("val top-1 (best)"), "val/top1", true, true},
                                            {tr("val loss (last)"), "val/loss", false, false},
                                            {tr("train loss (last)"), "train/loss", false, false},
                                            {tr("images/s (last)"), "train/images_per_s", false, false}};
    m_table->setColumnCount(int(m_runs.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(metrics.size() + 2 + keys.size()));
    QStringList rowLabels;
    int row = 0;
    QColor tint = palette().color(QPalette::Highlight);  // see-through: readable on light and dark bases
    tint.setAlpha(70);
    for (const auto &m : metrics) {
        rowLabels << m.label;
        for (int c = 0; c < m_runs.size(); ++c) {
            const auto s = m_store->metricSummary(m_runs[c], m.key);
            const double v = m.best ? s.max : s.last;
            const QString text = s.count == 0 ? QStringLiteral("—")
                               : m.percent   ? QStringLiteral("%1 %").arg(100.0 * v, 0, 'f', 2)
                                             : QString::number(v, 'g', 5);
            m_table->setItem(row, c, new QTableWidgetItem(text));
        }
        ++row;
    }
    row = addRunFacts(row, configs, &rowLabels);
    for (const QString &key : keys) {
        rowLabels << key;
        for (int c = 0; c < m_runs.size(); ++c) {
            auto *item = new QTableWidgetItem(valueText(configs[size_t(c)].value(key)));
            if (differing.contains(key))
                item->setBackground(tint);
            m_table->setItem(row, c, item);
        }
        ++row;
    }
    m_table->setVerticalHeaderLabels(rowLabels);
    m_table->resizeColumnsToContents();
}

// The rows about each run rather than its settings: its last step and the processes that trained it.
int CompareView::addRunFacts(int row, const std::vector<QJsonObject> &configs, QStringList *rowLabels)
{
    *rowLabels << tr("step (last)");
    for (int c = 0; c < m_runs.size(); ++c) {
        const qint64 step = m_store->lastMetricStep(m_runs[c]);  // -1: nothing measured yet
        m_table->setItem(row, c, new QTableWidgetItem(step < 0 ? QStringLiteral("—") : QString::number(step)));
    }
    ++row;
    *rowLabels << tr("processes");
    for (int c = 0; c < m_runs.size(); ++c) {
        const auto run = m_store->run(m_runs[c]);
        const auto versions = store::RunVersions::fromJson(run ? run->versions : QString());
        const int configured = std::max(1, configs[size_t(c)].value(QStringLiteral("compute.processes")).toInt(1));
        auto *item = new QTableWidgetItem(worldtext::brief(versions, configured));
        item->setToolTip(worldtext::details(versions, configured));
        m_table->setItem(row, c, item);
    }
    return row + 1;
}

} // namespace gatefold::widgets
