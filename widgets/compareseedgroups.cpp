#include "compareseedgroups.h"

#include "groupstable.h"
#include "groupview.h"
#include "metricsense.h"
#include "seedgroupstats.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"

#include <QComboBox>
#include <QSignalBlocker>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {
namespace {

struct SeedMetric {
    const char *key;
    bool best;
};
constexpr SeedMetric kSeedMetrics[] = {{"val/top1", true}, {"val/top1", false}, {"val/loss", false},
                                       {"train/loss", false}, {"train/images_per_s", false}};

} // namespace

CompareSeedGroups::CompareSeedGroups(store::RunStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_metric(new QComboBox(this))
    , m_baseline(new QComboBox(this))
    , m_title(new QLabel(tr("Over seeds:"), this))
    , m_table(new QTableWidget(this))
{
    m_metric->addItems({tr("val top-1 (best)"), tr("val top-1 (last)"), tr("val loss (last)"), tr("train loss (last)"),
                        tr("images/s (last)")});
    m_metric->setToolTip(tr("The value the groups' means, intervals and tests are over"));
    m_title->setToolTip(tr("These runs form experiments repeated over seeds: per group the mean and its 95 % "
                           "interval, and against the baseline group the difference and the t-test "
                           "(paired by seed when both hold the same seeds, else Welch) at α = 0.05"));
    m_baseline->setToolTip(tr("The group every other group is tested against"));
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // a group's settings in full
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_title);
    bar->addWidget(m_metric);
    bar->addWidget(new QLabel(tr("Baseline:"), this));
    bar->addWidget(m_baseline);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &CompareSeedGroups::rebuild);
    connect(m_baseline, &QComboBox::activated, this, [this](int index) {
        m_baselineName = m_baseline->itemText(index);
        rebuild();
    });
}

void CompareSeedGroups::setRuns(const QList<qint64> &runIds)
{
    m_runs = runIds;
    rebuild();
}

void CompareSeedGroups::setMetric(int index)
{
    m_metric->setCurrentIndex(index);
}

void CompareSeedGroups::rebuild()
{
    std::vector<config::ComparedRun> compared;
    std::vector<qint64> seeds;
    for (qint64 id : m_runs) {
        const auto run = m_store->run(id);
        compared.push_back(config::comparedRun(run ? run->configJson : QByteArray("{}")));
        seeds.push_back(seedOfRun(compared.back(), run ? run->seed : 0));
    }
    const auto groups = config::groupBySettings(compared, {}, true);
    const QStringList by = config::differingBeyondSeed(compared);
    m_applies = std::any_of(groups.begin(), groups.end(), [](const config::SettingGroup &g) { return g.members.size() > 1; });
    setVisible(m_applies);
    m_table->clear();
    if (!m_applies)
        return;
    const SeedMetric metric = kSeedMetrics[std::clamp(m_metric->currentIndex(), 0, 4)];
    const QString key = QString::fromLatin1(metric.key);
    const bool higher = metricsense::higherIsBetter(key), percent = metricsense::isFraction(key);
    std::vector<std::vector<tables::SeedValue>> values(groups.size());
    for (size_t g = 0; g < groups.size(); ++g)
        for (const int i : groups[g].members)
            if (const auto s = m_store->metricSummary(m_runs[i], key); s.count > 0)
                values[g].push_back({seeds[size_t(i)], metric.best ? (higher ? s.max : s.min) : s.last});
    QStringList names;
    for (const auto &group : groups)
        names << (by.isEmpty() ? tr("all") : config::describeSettings(compared[size_t(group.members[0])], by));
    const size_t base = size_t(std::max<qsizetype>(0, names.indexOf(m_baselineName)));
    {
        const QSignalBlocker quiet(m_baseline);
        m_baseline->clear();
        m_baseline->addItems(names);
        m_baseline->setCurrentIndex(int(base));
    }
    const QStringList headers{tr("Group"), tr("Runs"), tr("Mean ± std"), tr("95 % CI"), tr("Δ vs baseline (95 % CI)"),
                              tr("p"), tr("Test"), tr("vs baseline")};
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(groups.size()));
    for (size_t g = 0; g < groups.size(); ++g) {
        SeedGroupStats stats = seedGroupStats(values[g], g != base ? &values[base] : nullptr, false, false, kAlpha, higher);
        stats.baseline = g == base;
        fillRow(int(g), names[int(g)], values[g], stats, percent);
    }
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 200));
    // As tall as its rows (up to about eight): the runs' table above keeps the room.
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() + 2;
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(std::min(height, m_table->horizontalHeader()->sizeHint().height() * 9));
}

void CompareSeedGroups::fillRow(int row, const QString &name, const std::vector<tables::SeedValue> &values,
                                const SeedGroupStats &stats, bool percent)
{
    std::vector<double> plain;
    for (const tables::SeedValue &v : values)
        plain.push_back(v.value);
    const QString few = seedstatstext::fewSeeds(int(plain.size()));
    auto *runs = new QTableWidgetItem(QString::number(plain.size()));
    if (!few.isEmpty()) {
        runs->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
        runs->setBackground(seedstatstext::fewSeedsColour());
        runs->setToolTip(few);
    }
    const bool tested = stats.test.has_value();
    std::vector<QTableWidgetItem *> items{
        new QTableWidgetItem(name), runs, new QTableWidgetItem(meanStdText(plain, percent)),
        new QTableWidgetItem(seedstatstext::interval(stats.interval, percent)),
        new QTableWidgetItem(tested ? seedstatstext::difference(*stats.test, percent) : QString()),
        new QTableWidgetItem(tested ? seedstatstext::p(stats.test->p) : stats.untested.isEmpty() ? QString() : QStringLiteral("—")),
        new QTableWidgetItem(tested ? seedstatstext::testName(*stats.test) : QString()),
        new QTableWidgetItem(seedstatstext::verdict(stats))};
    items[0]->setToolTip(name);
    if (!stats.untested.isEmpty())
        items[5]->setToolTip(stats.untested);
    for (size_t c = 4; c < items.size(); ++c)
        items[c]->setBackground(seedstatstext::verdictColour(stats.verdict));
    if (stats.baseline) {
        QFont f = items[0]->font();
        f.setBold(true);
        items[0]->setFont(f);
    }
    for (size_t c = 0; c < items.size(); ++c)
        m_table->setItem(row, int(c), items[c]);
}

} // namespace gatefold::widgets
