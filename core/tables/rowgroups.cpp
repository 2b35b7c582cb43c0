#include "rowgroups.h"

#include <QJsonDocument>
#include <QMap>

#include <algorithm>

namespace gatefold::tables {
namespace {

bool matches(const TableRun &run, const QJsonObject &match)
{
    for (auto it = match.begin(); it != match.end(); ++it)
        if (valueText(run.config.value(it.key())) != valueText(it.value()))
            return false;
    return true;
}

std::vector<RowGroup> fixedRowGroups(const std::vector<TableRun> &runs, const std::vector<RowSpec> &rows)
{
    std::vector<RowGroup> groups;
    for (const RowSpec &r : rows)
        groups.push_back({&r, {}});
    for (const TableRun &run : runs)
        for (RowGroup &g : groups)
            if (matches(run, g.fixed->match)) {
                g.runs.push_back(&run);
                break;
            }
    return groups;
}

// What the runs of one row share: the run itself, its config but the seed, or its value of the group key.
QString groupIdentity(const TableRun &run, const TableSpec &spec)
{
    if (spec.grouping == TableSpec::Grouping::None)
        return QString::number(run.record.id);
    if (spec.grouping == TableSpec::Grouping::Seed) {
        QJsonObject c = run.config;
        c.remove(QStringLiteral("train.seed"));
        return QString::fromUtf8(QJsonDocument(c).toJson(QJsonDocument::Compact));
    }
    return run.config.contains(spec.groupKey) ? valueText(run.config.value(spec.groupKey))
                                              : QStringLiteral("\x01missing");
}

std::vector<RowGroup> groupsByIdentity(const std::vector<TableRun> &runs, const TableSpec &spec)
{
    std::vector<RowGroup> groups;
    QMap<QString, size_t> index;  // group identity → position (first appearance keeps run order)
    for (const TableRun &run : runs) {
        const QString identity = groupIdentity(run, spec);
        auto it = index.find(identity);
        if (it == index.end()) {
            it = index.insert(identity, groups.size());
            groups.push_back({nullptr, {}});
        }
        groups[*it].runs.push_back(&run);
    }
    return groups;
}

bool noRunHas(const std::vector<TableRun> &runs, const QString &key)
{
    return std::none_of(runs.begin(), runs.end(), [&](const TableRun &run) { return run.config.contains(key); });
}

} // namespace

std::optional<std::vector<RowGroup>> groupRuns(const std::vector<TableRun> &runs, const TableSpec &spec,
                                               QString *error)
{
    if (!spec.rows.empty())
        return fixedRowGroups(runs, spec.rows);
    if (spec.grouping == TableSpec::Grouping::Key && !runs.empty() && noRunHas(runs, spec.groupKey)) {
        if (error)
            *error = QStringLiteral("no run has the setting '%1'; `gatefold-cli config --keys` lists the keys")
                         .arg(spec.groupKey);
        return std::nullopt;
    }
    return groupsByIdentity(runs, spec);
}

} // namespace gatefold::tables
