#include "groupview.h"

#include "groupstable.h"
#include "metricsense.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QColor>
#include <QFont>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QStyle>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

namespace gatefold::widgets {
namespace {

// A cell that sorts by the number in its UserRole (p, a difference, an interval's mean) where both have one,
// not by its text ("1e-05" before "0.03").
class GroupValueItem : public QTableWidgetItem
{
public:
    GroupValueItem(const QString &text, std::optional<double> value) : QTableWidgetItem(text)
    {
        if (value)
            setData(Qt::UserRole, *value);
    }
    bool operator<(const QTableWidgetItem &other) const override
    {
        const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
        return a.isValid() && b.isValid() ? a.toDouble() < b.toDouble() : QTableWidgetItem::operator<(other);
    }
};

} // namespace

QString meanStdText(const std::vector<double> &values, bool percent)
{
    if (values.empty())
        return QStringLiteral("—");
    const double scale = percent ? 100.0 : 1.0;
    double sum = 0;
    for (double v : values)
        sum += v;
    const double mean = sum / double(values.size());
    if (values.size() == 1)
        return QStringLiteral("%1 ± —").arg(scale * mean, 0, 'f', 2);
    double sq = 0;
    for (double v : values)
        sq += (v - mean) * (v - mean);
    const double sd = std::sqrt(sq / double(values.size() - 1));
    return QStringLiteral("%1 ± %2").arg(scale * mean, 0, 'f', 2).arg(scale * sd, 0, 'f', 2);
}

GroupView::GroupView(store::RunStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_allButSeed(new QCheckBox(tr("All but seed"), this))
    , m_metric(new QComboBox(this))
    , m_tested(new QComboBox(this))
    , m_baselineBox(new QComboBox(this))
    , m_alpha(new QDoubleSpinBox(this))
    , m_copy(new QPushButton(tr("Copy CSV"), this))
    , m_keys(new QListWidget(this))
    , m_note(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    m_allButSeed->setToolTip(tr("One row per experiment: runs that differ only in the seed (and in threads or "
                                "logging) share a row"));
    m_metric->setEditable(true);
    m_metric->addItems({QStringLiteral("val/top1"), QStringLiteral("val_ema/top1"), QStringLiteral("val/loss"),
                        QStringLiteral("train/loss")});
    m_tested->addItems({tr("best"), tr("last")});
    m_tested->setToolTip(tr("The value of each run the 95 % interval and the test are over: its best or its last"));
    m_baselineBox->setToolTip(tr("The group every other is tested against (also: right-click a row, Use as baseline)"));
    m_baselineBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_alpha->setRange(0.001, 0.5);
    m_alpha->setDecimals(3);
    m_alpha->setSingleStep(0.01);
    m_alpha->setValue(0.05);
    m_alpha->setPrefix(QStringLiteral("α = "));
    m_alpha->setToolTip(tr("Significance level: a difference is called better or worse when its two-sided p is "
                           "below α"));
    m_copy->setToolTip(tr("The groups with their means, intervals, differences and p-values as CSV, to the clipboard"));
    m_keys->setToolTip(tr("The settings that tell the store's runs apart, most telling first: check those to group by"));
    m_keys->setMaximumWidth(240);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_note->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group by:"), this));
    bar->addWidget(m_allButSeed);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Metric:"), this));
    bar->addWidget(m_metric);
    bar->addWidget(new QLabel(tr("Test on:"), this));
    bar->addWidget(m_tested);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Baseline:"), this));
    bar->addWidget(m_baselineBox);
    bar->addWidget(m_alpha);
    bar->addStretch(1);
    bar->addWidget(m_copy);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_keys);
    split->addWidget(m_table);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(m_note);
    m_checked = {QStringLiteral("optim.lr")};
    connect(m_allButSeed, &QCheckBox::toggled, this, [this](bool on) {
        m_keys->setEnabled(!on);
        refresh();
    });
    connect(m_metric, &QComboBox::currentTextChanged, this, &GroupView::refresh);
    connect(m_keys, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        if (m_updating)
            return;
        const QString key = item->data(Qt::UserRole).toString();
        m_checked.removeAll(key);
        if (item->checkState() == Qt::Checked)
            m_checked << key;
        fillTable();
    });
    connect(m_tested, &QComboBox::currentIndexChanged, this, [this] {
        save();
        fillTable();
    });
    connect(m_alpha, &QDoubleSpinBox::valueChanged, this, [this] {
        save();
        fillTable();
    });
    connect(m_baselineBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!m_updating)
            setBaseline(m_baselineBox->itemData(i).toString());
    });
    connect(m_table, &QWidget::customContextMenuRequested, this, &GroupView::showContextMenu);
    connect(m_copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(csv()); });
}

void GroupView::setKeys(const QStringList &keys)
{
    m_checked = keys;
    m_allButSeed->blockSignals(true);
    m_allButSeed->setChecked(false);
    m_allButSeed->blockSignals(false);
    m_keys->setEnabled(true);
    refresh();
}

void GroupView::setAllButSeed(bool on)
{
    m_allButSeed->setChecked(on);
    refresh();
}

void GroupView::setMetric(const QString &metric)
{
    m_metric->setCurrentText(metric);
    refresh();
}

QStringList GroupView::keys() const
{
    return m_checked;
}

QString GroupView::note() const
{
    return m_note->text();
}

void GroupView::restore(const QString &settingsKey)
{
    QSettings settings;
    m_baseline = settings.value(settingsKey + QStringLiteral("/baseline")).toString();
    // Quietly: the table is filled when the tab is shown (refresh), not while the window is built.
    const QSignalBlocker quietAlpha(m_alpha), quietTested(m_tested);
    m_alpha->setValue(settings.value(settingsKey + QStringLiteral("/alpha"), 0.05).toDouble());
    m_tested->setCurrentIndex(settings.value(settingsKey + QStringLiteral("/tested")).toString() == QLatin1String("last") ? 1 : 0);
    m_settingsKey = settingsKey;
    if (isVisible())
        fillTable();
}

void GroupView::save() const
{
    if (m_settingsKey.isEmpty())
        return;
    QSettings settings;
    settings.setValue(m_settingsKey + QStringLiteral("/baseline"), m_baseline);
    settings.setValue(m_settingsKey + QStringLiteral("/alpha"), m_alpha->value());
    settings.setValue(m_settingsKey + QStringLiteral("/tested"), testBest() ? QStringLiteral("best") : QStringLiteral("last"));
}

void GroupView::setBaseline(const QString &group)
{
    m_baseline = group;
    save();
    fillTable();
}

void GroupView::setAlpha(double alpha)
{
    m_alpha->setValue(alpha);
}

double GroupView::alpha() const
{
    return m_alpha->value();
}

void GroupView::setTestBest(bool best)
{
    m_tested->setCurrentIndex(best ? 0 : 1);
}

bool GroupView::testBest() const
{
    return m_tested->currentIndex() != 1;
}

int GroupView::column(const QString &header) const
{
    for (int c = 0; c < m_table->columnCount(); ++c)
        if (m_table->horizontalHeaderItem(c) && m_table->horizontalHeaderItem(c)->text() == header)
            return c;
    return -1;
}

void GroupView::refresh()
{
    refreshKeyList();
    fillTable();
}

// The settings that tell the store's runs apart (most telling first), and any checked key besides.
void GroupView::refreshKeyList()
{
    std::vector<config::ComparedRun> runs;
    for (const auto &run : m_store->runs())
        runs.push_back(config::comparedRun(run.configJson));
    QStringList offered = config::differingSettings(runs);
    for (const QString &key : m_checked)
        if (!offered.contains(key))
            offered << key;
    m_updating = true;
    m_keys->clear();
    for (const QString &key : offered) {
        auto *item = new QListWidgetItem(key, m_keys);
        item->setData(Qt::UserRole, key);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(m_checked.contains(key) ? Qt::Checked : Qt::Unchecked);
    }
    m_updating = false;
}

void GroupView::showContextMenu(const QPoint &pos)
{
    const QTableWidgetItem *item = m_table->itemAt(pos);
    if (!item)
        return;
    const QString name = m_table->item(item->row(), 0)->data(Qt::UserRole).toString();
    QMenu menu(this);
    QAction *use = menu.addAction(tr("Use as baseline"), this, [this, name] { setBaseline(name); });
    use->setEnabled(name != m_baseline);
    menu.addAction(tr("No baseline"), this, [this] { setBaseline(QString()); })->setEnabled(!m_baseline.isEmpty());
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

// "(none)" and the groups shown, the baseline's chosen.
void GroupView::fillBaselineBox()
{
    m_updating = true;
    m_baselineBox->clear();
    m_baselineBox->addItem(tr("(none)"), QString());
    for (const SettingsGroupRow &g : m_groups.rows)
        if (const QString name = g.name(m_groups.keys); !name.isEmpty())
            m_baselineBox->addItem(name, name);
    m_baselineBox->setCurrentIndex(std::max(0, m_baselineBox->findData(m_baseline)));
    m_updating = false;
}

void GroupView::fillTable()
{
    const QString metric = m_metric->currentText().trimmed();
    m_groups = groupRunsBySettings(*m_store, m_checked, m_allButSeed->isChecked(), metric);
    fillBaselineBox();
    computeStats(metricsense::higherIsBetter(metric));
    m_table->setSortingEnabled(false);
    m_table->clear();
    setHeaders(metric);
    m_table->setRowCount(int(m_groups.rows.size()));
    for (int r = 0; r < int(m_groups.rows.size()); ++r)
        fillRow(r, m_groups.rows[size_t(r)], m_stats[size_t(r)], metricsense::isFraction(metric));
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 260));
    if (m_groups.leftOut == 0)
        m_note->clear();
    else if (m_groups.leftOut == 1)
        m_note->setText(tr("1 run without %1 not counted.").arg(metric));
    else
        m_note->setText(tr("%1 runs without %2 not counted.").arg(m_groups.leftOut).arg(metric));
}

// Per group of m_groups: the interval of its tested values' mean and its test against the baseline group.
void GroupView::computeStats(bool higherIsBetter)
{
    const bool best = testBest();
    auto tested = [&](const SettingsGroupRow &g) {
        std::vector<tables::SeedValue> out;
        for (size_t i = 0; i < g.runIds.size(); ++i)
            out.push_back({g.seeds[i], best ? g.best[i] : g.last[i]});
        return out;
    };
    const SettingsGroupRow *baseline = nullptr;
    for (const SettingsGroupRow &g : m_groups.rows)
        if (!m_baseline.isEmpty() && g.name(m_groups.keys) == m_baseline)
            baseline = &g;
    const std::vector<tables::SeedValue> baselineValues = baseline ? tested(*baseline) : std::vector<tables::SeedValue>{};
    m_stats.clear();
    for (const SettingsGroupRow &g : m_groups.rows) {
        const bool isBaseline = &g == baseline;
        SeedGroupStats stats = seedGroupStats(tested(g), baseline && !isBaseline ? &baselineValues : nullptr,
                                              !g.alsoDiffer.isEmpty(), baseline && !baseline->alsoDiffer.isEmpty(),
                                              m_alpha->value(), higherIsBetter);
        stats.baseline = isBaseline;
        m_stats.push_back(stats);
    }
}

void GroupView::setHeaders(const QString &metric)
{
    const QString unit = metricsense::isFraction(metric) ? QStringLiteral(" (%)") : QString();
    const QString value = testBest() ? tr("best") : tr("last");
    QStringList headers = m_groups.keys.isEmpty() ? QStringList{tr("Group")} : m_groups.keys;
    const int first = int(headers.size());
    headers << tr("Runs") << tr("Best %1%2").arg(metric, unit) << tr("Last %1%2").arg(metric, unit)
            << tr("95 % CI (%1)").arg(value) << tr("Δ vs baseline (95 % CI)") << tr("p") << tr("Test")
            << tr("vs baseline") << tr("Also differ in");
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    const QStringList tips{
        tr("The runs of the group that have measured %1: the mean ± std beside it is over these").arg(metric),
        QString(), QString(),
        tr("The 95 % confidence interval of the mean of the runs' %1 values (Student t, n − 1 degrees of freedom)").arg(value),
        tr("This group's mean minus the baseline's, and the difference's 95 % confidence interval"),
        tr("Two-sided p of the t-test against the baseline"),
        tr("Paired by seed when both groups hold the same seeds, Welch's unequal-variance test otherwise"),
        tr("Better or worse than the baseline when p < α (%1 is best %2); not significant otherwise")
            .arg(metric, metricsense::higherIsBetter(metric) ? tr("high") : tr("low")),
        tr("Settings besides the grouping ones (and the seed) in which the group's runs differ: such a row is not "
           "one experiment over seeds")};
    for (int i = 0; i < int(tips.size()); ++i)
        if (!tips[i].isEmpty())
            m_table->horizontalHeaderItem(first + i)->setToolTip(tips[i]);
}

void GroupView::fillRow(int r, const SettingsGroupRow &g, const SeedGroupStats &stats, bool percent)
{
    const QColor mixed(230, 150, 30, 70);
    const int n = int(g.runIds.size());
    const QString few = seedstatstext::fewSeeds(n);
    QStringList values = m_groups.keys.isEmpty() ? QStringList{tr("all (seeds only)")} : g.values;
    QStringList ids;
    for (const qint64 id : g.runIds)
        ids << QString::number(id);
    auto *runs = new QTableWidgetItem;
    runs->setData(Qt::DisplayRole, n);
    runs->setToolTip(tr("Runs %1").arg(ids.join(QStringLiteral(", "))) + (few.isEmpty() ? QString() : QStringLiteral("\n") + few));
    auto *interval = new GroupValueItem(seedstatstext::interval(stats.interval, percent),
                                        stats.interval.halfWidth ? std::optional<double>(stats.interval.mean) : std::nullopt);
    if (!few.isEmpty()) {
        runs->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
        runs->setBackground(seedstatstext::fewSeedsColour());
        interval->setBackground(seedstatstext::fewSeedsColour());
        interval->setToolTip(few);
    }
    const bool tested = stats.test.has_value();
    auto *difference = new GroupValueItem(tested ? seedstatstext::difference(*stats.test, percent) : QString(),
                                          tested ? std::optional<double>(stats.test->difference) : std::nullopt);
    auto *p = new GroupValueItem(tested ? seedstatstext::p(stats.test->p) : stats.untested.isEmpty() ? QString() : QStringLiteral("—"),
                                 tested ? std::optional<double>(stats.test->p) : std::nullopt);
    auto *test = new QTableWidgetItem(tested ? seedstatstext::testName(*stats.test) : QString());
    auto *verdict = new QTableWidgetItem(seedstatstext::verdict(stats));
    if (tested) {
        p->setToolTip(QStringLiteral("p = %1, t = %2").arg(stats.test->p, 0, 'g', 6).arg(stats.test->t, 0, 'g', 6));
    } else if (!stats.untested.isEmpty()) {
        p->setToolTip(stats.untested);
        verdict->setToolTip(stats.untested);
    }
    for (QTableWidgetItem *item : std::initializer_list<QTableWidgetItem *>{difference, p, verdict})
        item->setBackground(seedstatstext::verdictColour(stats.verdict));
    std::vector<QTableWidgetItem *> items;
    for (const QString &v : values)
        items.push_back(new QTableWidgetItem(v));
    items.front()->setData(Qt::UserRole, g.name(m_groups.keys));
    if (stats.baseline)
        for (QTableWidgetItem *item : {items.front(), verdict}) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
    items.insert(items.end(), {runs, new QTableWidgetItem(meanStdText(g.best, percent)),
                               new QTableWidgetItem(meanStdText(g.last, percent)), interval, difference, p, test, verdict,
                               new QTableWidgetItem(g.alsoDiffer.join(QStringLiteral(", ")))});
    for (int c = 0; c < int(items.size()); ++c) {
        if (!g.alsoDiffer.isEmpty()) {
            items[size_t(c)]->setBackground(mixed);
            const QString why = tr("Not one experiment: these runs also differ in %1").arg(g.alsoDiffer.join(QStringLiteral(", ")));
            const QString had = items[size_t(c)]->toolTip();  // the runs' ids, the p's why: kept
            items[size_t(c)]->setToolTip(had.isEmpty() ? why : had + QLatin1Char('\n') + why);
        }
        m_table->setItem(r, c, items[size_t(c)]);
    }
}

} // namespace gatefold::widgets
