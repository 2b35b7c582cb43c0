#pragma once

// A filter over runs by their settings and metrics, as typed in the run browser's filter field or
// `gatefold-cli runs list --where`:
//
//   gate.kind = cde and val/top1 > 0.9
//   optim.lr <= 1e-3 or name ~ demo
//   not (join.branches = 1) and best(val/loss) < 0.5
//
// A comparison is NAME OP VALUE. NAME is a run field (id, name, status, sweep, tags, notes,
// device, seed), a setting of the flat config (gate.kind, optim.lr, …) or a metric (a key with a
// '/': val/top1 is its last value; best(…) its best by metricdirection.h, last/min/max(…) too).
// OP is = != < <= > >= or ~ (contains, case-insensitive); VALUE a number (1e-3), a word or
// "quoted text". not binds tighter than and, and tighter than or; parentheses group.
// A comparison on a name the run lacks (a setting its config has not, a metric it never logged)
// is false. Text compares without regard to case; < and > take numbers only.

#include "runquerytokens.h"
#include "store/storetypes.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace gatefold::tables {

// What a query reads of one run: its fields and flat settings (the fields win on a clash), and
// its metrics, asked for by key when a comparison needs one (count 0: none).
struct QueryRun {
    QJsonObject values;
    std::function<store::MetricSummary(const QString &key)> metric;
};

class RunQuery
{
public:
    static constexpr int MaxLength = 4000;  // characters
    static constexpr int MaxDepth = 64;     // nested parentheses and nots

    // The query `text` says; nullopt with `error` (where, and what was expected there). A bare name
    // that is no run field, no setting of the field table and no metric is an error too.
    static std::optional<RunQuery> parse(const QString &text, QueryError *error);
    // Whether `text` reads as a query rather than words to look for: it holds = < > ~ or !.
    static bool looksLikeQuery(const QString &text);
    // The run fields a query may name, and what each run gives for them (runValues()).
    static QStringList runFields();
    static QJsonObject runValues(const store::RunRecord &run, const QString &sweepName);

    bool matches(const QueryRun &run) const;
    // The metric keys it reads (for readers that fetch metrics up front).
    QStringList metricKeys() const;

    struct Node;

private:
    explicit RunQuery(std::shared_ptr<const Node> root) : m_root(std::move(root)) {}
    std::shared_ptr<const Node> m_root;
};

} // namespace gatefold::tables
