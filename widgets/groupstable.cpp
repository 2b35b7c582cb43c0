#include "groupstable.h"

#include "metricsense.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"

#include <QJsonValue>

namespace gatefold::widgets {

qint64 seedOfRun(const config::ComparedRun &run, qint64 stored)
{
    const QJsonValue seed = run.flat.value(QStringLiteral("train.seed"));
    bool isNumber = false;
    const qint64 fromText = seed.toString().toLongLong(&isNumber);
    return seed.isDouble() ? qint64(seed.toDouble()) : isNumber ? fromText : stored;
}

QString SettingsGroupRow::name(const QStringList &keys) const
{
    QStringList parts;
    for (int i = 0; i < keys.size() && i < values.size(); ++i)
        parts << QStringLiteral("%1=%2").arg(keys[i], values[i]);
    return parts.join(QStringLiteral(", "));
}

SettingsGroups groupRunsBySettings(store::RunStore &store, const QStringList &keys, bool allButSeed,
                                   const QString &metric)
{
    SettingsGroups out;
    const bool higher = metricsense::higherIsBetter(metric);
    std::vector<qint64> ids, seeds;
    std::vector<double> best, last;
    std::vector<config::ComparedRun> compared;
    for (const auto &run : store.runs()) {
        const auto s = store.metricSummary(run.id, metric);
        if (s.count == 0) {
            ++out.leftOut;
            continue;
        }
        ids.push_back(run.id);
        best.push_back(higher ? s.max : s.min);
        last.push_back(s.last);
        compared.push_back(config::comparedRun(run.configJson));
        seeds.push_back(seedOfRun(compared.back(), run.seed));
    }
    out.keys = allButSeed ? config::differingBeyondSeed(compared) : keys;
    for (const config::SettingGroup &g : config::groupBySettings(compared, out.keys, false)) {
        SettingsGroupRow row;
        std::vector<config::ComparedRun> members;
        for (const int i : g.members) {
            row.runIds.push_back(ids[size_t(i)]);
            row.seeds.push_back(seeds[size_t(i)]);
            row.best.push_back(best[size_t(i)]);
            row.last.push_back(last[size_t(i)]);
            members.push_back(compared[size_t(i)]);
        }
        for (const QString &key : out.keys)
            row.values << compared[size_t(g.members.front())].text(key);
        for (const QString &key : config::differingBeyondSeed(members))
            if (!out.keys.contains(key))
                row.alsoDiffer << key;
        out.rows.push_back(std::move(row));
    }
    return out;
}

} // namespace gatefold::widgets
