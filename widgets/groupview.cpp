#include "groupview.h"

#include "configdiff.h"

#include "store/runstore.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <map>

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
    , m_key(new QComboBox(this))
    , m_table(new QTableWidget(this))
{
    m_key->setEditable(true);
    for (const auto &f : config::fields())
        m_key->addItem(QString::fromStdString(f.key));
    m_key->setCurrentText(QStringLiteral("optim.lr"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group by:"), this));
    bar->addWidget(m_key, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    connect(m_key, &QComboBox::currentTextChanged, this, &GroupView::refresh);
}

void GroupView::setKey(const QString &key)
{
    m_key->setCurrentText(key);
    refresh();
}

void GroupView::refresh()
{
    const QString key = m_key->currentText().trimmed();
    struct Group {
        int runs = 0;
        std::vector<double> best, last;
    };
    std::map<QString, Group> groups;
    for (const auto &run : m_store->runs()) {
        const QString value = valueText(flattenConfig(run.configJson).value(key));
        Group &g = groups[value];
        ++g.runs;
        const auto top1 = m_store->metricSummary(run.id, QStringLiteral("val/top1"));
        if (top1.count > 0) {
            g.best.push_back(top1.max);
            g.last.push_back(top1.last);
        }
    }
    m_table->setSortingEnabled(false);
    m_table->clear();
    // The mean ± std is over the runs that measured val top-1 (a queued, crashed or just-started run
    // has none): said beside the runs the group holds, never folded into them.
    m_table->setColumnCount(5);
    m_table->setHorizontalHeaderLabels(
        {key, tr("Runs"), tr("With val top-1"), tr("Best val top-1 (%)"), tr("Last val top-1 (%)")});
    m_table->horizontalHeaderItem(2)->setToolTip(
        tr("The runs of the group that have measured val top-1: the mean ± std beside it is over these"));
    m_table->setRowCount(int(groups.size()));
    int row = 0;
    for (const auto &[value, g] : groups) {
        m_table->setItem(row, 0, new QTableWidgetItem(value));
        auto *runs = new QTableWidgetItem;
        runs->setData(Qt::DisplayRole, g.runs);
        m_table->setItem(row, 1, runs);
        auto *measured = new QTableWidgetItem;
        measured->setData(Qt::DisplayRole, int(g.best.size()));
        m_table->setItem(row, 2, measured);
        m_table->setItem(row, 3, new QTableWidgetItem(meanStdText(g.best, true)));
        m_table->setItem(row, 4, new QTableWidgetItem(meanStdText(g.last, true)));
        ++row;
    }
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
}

} // namespace gatefold::widgets
