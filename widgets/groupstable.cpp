#include "groupstable.h"

#include "metricsense.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"

namespace gatefold::widgets {

SettingsGroups groupRunsBySettings(store::RunStore &store, const QStringList &keys, bool allButSeed,
                                   const QString &metric)
{
    SettingsGroups out;
    const bool higher = metricsense::higherIsBetter(metric);
    std::vector<qint64> ids;
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
    }
    out.keys = allButSeed ? config::differingBeyondSeed(compared) : keys;
    for (const config::SettingGroup &g : config::groupBySettings(compared, out.keys, false)) {
        SettingsGroupRow row;
        std::vector<config::ComparedRun> members;
        for (const int i : g.members) {
            row.runIds.push_back(ids[size_t(i)]);
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
