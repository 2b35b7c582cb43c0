#pragma once

// `runs list --where EXPR`: the runs a run query (core/tables/runquery.h) matches, read from the
// store as the window's run browser reads them (flat settings, run fields, metric summaries).

#include "tables/runquery.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The query, or nullopt with the lines to print: the problem, the query and a caret under where.
std::optional<tables::RunQuery> whereQuery(const QString &text, QStringList *problem);
std::vector<store::RunRecord> runsWhere(store::RunStore &store, std::vector<store::RunRecord> runs,
                                        const tables::RunQuery &query);

} // namespace gatefold::cli
