#include "groupview.h"

#include "groupstable.h"
#include "metricsense.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"

#include <QCheckBox>
#include <QColor>
#include <QFont>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {

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
    , m_keys(new QListWidget(this))
    , m_note(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    m_allButSeed->setToolTip(tr("One row per experiment: runs that differ only in the seed (and in threads or "
                                "logging) share a row"));
    m_metric->setEditable(true);
    m_metric->addItems({QStringLiteral("val/top1"), QStringLiteral("val_ema/top1"), QStringLiteral("val/loss"),
                        QStringLiteral("train/loss")});
    m_keys->setToolTip(tr("The settings that tell the store's runs apart, most telling first: check those to group by"));
    m_keys->setMaximumWidth(240);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_note->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group by:"), this));
    bar->addWidget(m_allButSeed);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Metric:"), this));
    bar->addWidget(m_metric);
    bar->addStretch(1);
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

void GroupView::fillTable()
{
    const QString metric = m_metric->currentText().trimmed();
    const SettingsGroups groups = groupRunsBySettings(*m_store, m_checked, m_allButSeed->isChecked(), metric);
    const bool percent = metricsense::isFraction(metric);
    const QString unit = percent ? QStringLiteral(" (%)") : QString();
    QStringList headers = groups.keys.isEmpty() ? QStringList{tr("Group")} : groups.keys;
    const int first = int(headers.size());
    headers << tr("Runs") << tr("Best %1%2").arg(metric, unit) << tr("Last %1%2").arg(metric, unit) << tr("Also differ in");
    m_table->setSortingEnabled(false);
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeaderItem(first)->setToolTip(
        tr("The runs of the group that have measured %1: the mean ± std beside it is over these").arg(metric));
    m_table->horizontalHeaderItem(first + 3)->setToolTip(
        tr("Settings besides the grouping ones (and the seed) in which the group's runs differ: such a row is not "
           "one experiment over seeds"));
    m_table->setRowCount(int(groups.rows.size()));
    QColor mixed(230, 150, 30, 70);
    for (int r = 0; r < int(groups.rows.size()); ++r) {
        const SettingsGroupRow &g = groups.rows[size_t(r)];
        QStringList values = groups.keys.isEmpty() ? QStringList{tr("all (seeds only)")} : g.values;
        QStringList ids;
        for (const qint64 id : g.runIds)
            ids << QString::number(id);
        auto *runs = new QTableWidgetItem;
        runs->setData(Qt::DisplayRole, int(g.runIds.size()));
        runs->setToolTip(tr("Runs %1").arg(ids.join(QStringLiteral(", "))));
        std::vector<QTableWidgetItem *> items;
        for (const QString &v : values)
            items.push_back(new QTableWidgetItem(v));
        items.push_back(runs);
        items.push_back(new QTableWidgetItem(meanStdText(g.best, percent)));
        items.push_back(new QTableWidgetItem(meanStdText(g.last, percent)));
        items.push_back(new QTableWidgetItem(g.alsoDiffer.isEmpty() ? QString() : g.alsoDiffer.join(QStringLiteral(", "))));
        for (int c = 0; c < int(items.size()); ++c) {
            if (!g.alsoDiffer.isEmpty()) {
                items[size_t(c)]->setBackground(mixed);
                items[size_t(c)]->setToolTip(tr("Not one experiment: these runs also differ in %1")
                                                 .arg(g.alsoDiffer.join(QStringLiteral(", "))));
            }
            m_table->setItem(r, c, items[size_t(c)]);
        }
    }
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 260));
    if (groups.leftOut == 0)
        m_note->clear();
    else if (groups.leftOut == 1)
        m_note->setText(tr("1 run without %1 not counted.").arg(metric));
    else
        m_note->setText(tr("%1 runs without %2 not counted.").arg(groups.leftOut).arg(metric));
}

} // namespace gatefold::widgets
