#pragma once

#include "tables/runquery.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace gatefold::widgets {

class RunTableModel;

// The run browser's rows as the filters leave them: one sweep, the runs of no sweep or all, and
// the filter field's text — words looked for in every column, or a run query
// (tables/runquery.h: `gate.kind = cde and val/top1 > 0.9`) when the text holds = < > ~ or !.
// A query that does not parse filters nothing: queryProblem() says where it went wrong.
class RunFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    static constexpr qint64 AllRuns = -1;
    static constexpr qint64 NoSweep = 0;

    explicit RunFilterProxy(RunTableModel *model, QObject *parent = nullptr);

    // AllRuns, NoSweep or a sweep's id.
    void setSweep(qint64 sweep);
    qint64 sweep() const { return m_sweep; }
    void setFilterText(const QString &text);
    QString filterText() const { return m_text; }
    bool isQuery() const { return m_query.has_value(); }
    // "" when the text is words or a query that parsed; else "at N: expected …".
    QString queryProblem() const { return m_problem; }
    // The text did not parse as a query and is looked for as words instead (some run holds them).
    bool wordsInstead() const { return m_wordsInstead; }
    // What the query reads of a row of the source model.
    tables::QueryRun queryRun(int sourceRow) const;

Q_SIGNALS:
    void queryProblemChanged(const QString &problem);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool anyRunHolds(const QString &words) const;  // in any column of any run, ignoring case
    RunTableModel *m_model;
    qint64 m_sweep = AllRuns;
    QString m_text;
    QString m_words;  // the words' filter set on the base class
    std::optional<tables::RunQuery> m_query;
    QString m_problem;
    bool m_wordsInstead = false;
};

} // namespace gatefold::widgets
