#include "runfilterbar.h"

#include "bestrunsdialog.h"
#include "runfilterproxy.h"
#include "runtablemodel.h"

#include "tables/metricdirection.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace gatefold::widgets {

RunFilterBar::RunFilterBar(RunTableModel *model, RunFilterProxy *proxy, QTableView *table, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(proxy)
    , m_table(table)
    , m_field(new QLineEdit)
    , m_sweeps(new QComboBox)
    , m_problem(new QLabel)
    , m_selectBest(new QAction(tr("Select best k…"), this))
{
    m_field->setObjectName(QStringLiteral("runFilter"));
    m_field->setPlaceholderText(tr("Filter runs: words (name, status, tags, notes…) or a query: "
                                   "gate.kind = cde and val/top1 > 0.9"));
    m_field->setClearButtonEnabled(true);
    m_field->setToolTip(tr("Words are looked for in every column. Text with = != < <= > >= or ~ (contains) is a "
                           "query over run fields (name, status, sweep, tags, …), settings (optim.lr) and metrics "
                           "(val/top1: last value; best(val/loss), min(…), max(…)), joined with and, or, not and "
                           "parentheses. A run that lacks a setting or metric does not match a comparison on it."));
    m_sweeps->setObjectName(QStringLiteral("sweepFilter"));
    m_sweeps->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_problem->setObjectName(QStringLiteral("queryProblem"));
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problem->setWordWrap(true);
    m_problem->hide();
    m_selectBest->setObjectName(QStringLiteral("selectBest"));
    m_selectBest->setToolTip(tr("Select the k best runs shown (under the filters) by a metric"));
    auto *bestButton = new QToolButton;
    bestButton->setDefaultAction(m_selectBest);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_field, 1);
    row->addWidget(m_sweeps);
    row->addWidget(bestButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_problem);
    m_table->addAction(m_selectBest);
    fillSweeps();

    connect(m_field, &QLineEdit::textChanged, m_proxy, &RunFilterProxy::setFilterText);
    connect(m_proxy, &RunFilterProxy::queryProblemChanged, this, [this](const QString &problem) {
        m_problem->setText(problem.isEmpty()        ? QString()
                           : m_proxy->wordsInstead() ? tr("Not read as a query — %1. Looked for as words instead.").arg(problem)
                                                     : tr("Query not applied — %1").arg(problem));
        m_problem->setVisible(!problem.isEmpty());
    });
    connect(m_sweeps, &QComboBox::currentIndexChanged, this,
            [this] { m_proxy->setSweep(m_sweeps->currentData().toLongLong()); });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &RunFilterBar::fillSweeps);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &RunFilterBar::fillSweeps);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RunFilterBar::fillSweeps);
    connect(m_selectBest, &QAction::triggered, this, &RunFilterBar::askAndSelectBest);
}

// "All runs", one entry a sweep the store's runs belong to, "No sweep"; the choice kept while it exists.
void RunFilterBar::clearFilters()
{
    m_field->clear();
    m_sweeps->setCurrentIndex(std::max(0, m_sweeps->findData(RunFilterProxy::AllRuns)));
}

void RunFilterBar::fillSweeps()
{
    const auto sweeps = m_model->sweepsShown();
    if (sweeps == m_shownSweeps && m_sweeps->count() > 0)
        return;
    m_shownSweeps = sweeps;
    const qint64 chosen = m_sweeps->count() > 0 ? m_sweeps->currentData().toLongLong() : RunFilterProxy::AllRuns;
    QSignalBlocker block(m_sweeps);
    m_sweeps->clear();
    m_sweeps->addItem(tr("All runs"), RunFilterProxy::AllRuns);
    for (const auto &[id, name] : sweeps)
        m_sweeps->addItem(name == QStringLiteral("#%1").arg(id) ? tr("Sweep %1").arg(name)
                                                                : tr("Sweep %1 (#%2)").arg(name).arg(id),
                          id);
    m_sweeps->addItem(tr("No sweep"), RunFilterProxy::NoSweep);
    const int at = m_sweeps->findData(chosen);
    m_sweeps->setCurrentIndex(at >= 0 ? at : 0);
    m_proxy->setSweep(m_sweeps->currentData().toLongLong());
}

QList<qint64> RunFilterBar::selectBest(int k, const QString &metric, bool useBest)
{
    std::vector<std::pair<qint64, std::optional<double>>> values;
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int source = m_proxy->mapToSource(m_proxy->index(r, 0)).row();
        const store::MetricSummary m = m_model->metricAt(source, metric);
        std::optional<double> v;
        if (m.count > 0)
            v = !useBest ? m.last : tables::higherIsBetter(metric) ? m.max : m.min;
        values.emplace_back(m_model->runIdAt(source), v);
    }
    QList<qint64> ids;
    QItemSelection selection;
    for (qint64 id : tables::bestRuns(std::move(values), k, metric)) {
        ids << id;
        const QModelIndex index = m_proxy->mapFromSource(m_model->index(m_model->rowOf(id), 0));
        selection.select(index, index);
    }
    auto *select = m_table->selectionModel();
    select->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (!selection.isEmpty())
        m_table->scrollTo(selection.indexes().first());
    return ids;
}

void RunFilterBar::askAndSelectBest()
{
    BestRunsDialog dialog(m_proxy->rowCount(), this);
    if (dialog.exec() != QDialog::Accepted || dialog.metric().isEmpty())
        return;
    dialog.remember();
    selectBest(dialog.k(), dialog.metric(), dialog.useBest());
}

} // namespace gatefold::widgets
