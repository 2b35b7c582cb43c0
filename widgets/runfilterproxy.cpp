#include "runfilterproxy.h"

#include "runtablemodel.h"

namespace gatefold::widgets {

RunFilterProxy::RunFilterProxy(RunTableModel *model, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_model(model)
{
    setSourceModel(model);
    setSortRole(RunTableModel::SortRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(-1);
}

void RunFilterProxy::setSweep(qint64 sweep)
{
    if (sweep == m_sweep)
        return;
    m_sweep = sweep;
    invalidateFilter();
}

void RunFilterProxy::setFilterText(const QString &text)
{
    m_text = text;
    m_query.reset();
    QString problem;
    if (tables::RunQuery::looksLikeQuery(text)) {
        tables::QueryError error;
        m_query = tables::RunQuery::parse(text, &error);
        if (!m_query)
            problem = error.text();
    }
    // Words are looked for in every column; a query leaves the words' filter empty. Text that looks like
    // a query but does not parse is looked for as words when some run holds them (a sweep's run names
    // hold '=': "lr optim.lr=0.003 seed=1"); otherwise — a query half typed — nothing is filtered, so
    // the rows and the selection stay while it is typed. The problem is said beside it either way.
    // One filtering pass (1000 runs: ~15 ms once the metrics are read, bench/RESULTS.md).
    QString words = m_query ? QString() : text;
    if (!problem.isEmpty() && !anyRunHolds(text))
        words.clear();
    const bool wordsInstead = !problem.isEmpty() && !words.isEmpty();
    const bool told = problem != m_problem || wordsInstead != m_wordsInstead;
    m_wordsInstead = wordsInstead;
    if (words != m_words) {
        m_words = words;
        setFilterFixedString(words);
    } else {
        invalidateFilter();
    }
    m_problem = problem;
    if (told)
        Q_EMIT queryProblemChanged(problem);
}

bool RunFilterProxy::anyRunHolds(const QString &words) const
{
    for (int row = 0; row < m_model->rowCount(); ++row)
        for (int column = 0; column < m_model->columnCount(); ++column)
            if (m_model->index(row, column).data().toString().contains(words, Qt::CaseInsensitive))
                return true;
    return false;
}

tables::QueryRun RunFilterProxy::queryRun(int sourceRow) const
{
    const store::RunRecord &run = m_model->runAt(sourceRow);
    tables::QueryRun q;
    q.values = m_model->settingsAt(sourceRow);
    const QJsonObject fields = tables::RunQuery::runValues(run, m_model->sweepName(run.sweepId));
    for (auto it = fields.begin(); it != fields.end(); ++it)
        q.values.insert(it.key(), it.value());
    q.metric = [model = m_model, sourceRow](const QString &key) { return model->metricAt(sourceRow, key); };
    return q;
}

bool RunFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_sweep != AllRuns && m_model->runAt(sourceRow).sweepId != m_sweep)
        return false;
    if (m_query)
        return m_query->matches(queryRun(sourceRow));
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace gatefold::widgets
