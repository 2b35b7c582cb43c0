#include "runswhere.h"
#include "clitext.h"

#include "config/flatconfig.h"
#include "store/runstore.h"

#include <algorithm>
#include <map>

namespace gatefold::cli {

std::optional<tables::RunQuery> whereQuery(const QString &text, QStringList *problem)
{
    tables::QueryError error;
    auto query = tables::RunQuery::parse(text, &error);
    if (!query) {
        // The query around the position, at most 60 characters either side ("…" where cut): a long one
        // does not fill the terminal with itself and a line of spaces.
        constexpr int kSide = 60;
        const int from = std::max(0, error.position - kSide);
        const int to = std::min(int(text.size()), error.position + kSide);
        const QString before = from > 0 ? QStringLiteral("…") : QString();
        const QString shown = before + text.mid(from, to - from) + (to < text.size() ? QStringLiteral("…") : QString());
        *problem = {tr("error: --where %1").arg(error.text()), QStringLiteral("  ") + shown,
                    QStringLiteral("  ") + QString(int(before.size()) + error.position - from, QLatin1Char(' '))
                        + QLatin1Char('^')};
    }
    return query;
}

std::vector<store::RunRecord> runsWhere(store::RunStore &store, std::vector<store::RunRecord> runs,
                                        const tables::RunQuery &query)
{
    std::map<qint64, QString> sweeps;
    std::vector<store::RunRecord> kept;
    for (auto &run : runs) {
        if (run.sweepId > 0 && !sweeps.count(run.sweepId)) {
            const auto sweep = store.sweep(run.sweepId);
            sweeps[run.sweepId] = sweep ? sweep->name : QString();
        }
        tables::QueryRun q;
        q.values = config::flatConfig(run.configJson);
        const QJsonObject fields = tables::RunQuery::runValues(run, sweeps[run.sweepId]);
        for (auto it = fields.begin(); it != fields.end(); ++it)
            q.values.insert(it.key(), it.value());
        const qint64 id = run.id;
        q.metric = [&store, id](const QString &key) { return store.metricSummary(id, key); };
        if (query.matches(q))
            kept.push_back(std::move(run));
    }
    return kept;
}

} // namespace gatefold::cli
