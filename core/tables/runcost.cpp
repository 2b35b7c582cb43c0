#include "runcost.h"

#include "config/costformula.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"

namespace gatefold::tables {

std::optional<model::ViTConfig> costedModel(const QByteArray &configJson, bool deployed, QString *error)
{
    train::RunConfig config = train::demoRun();
    QStringList errors;
    if (!train::runConfigFromJson(configJson, &config, &errors)) {
        if (error)
            *error = QStringLiteral("the run config cannot be read: %1").arg(errors.join("; "));
        return std::nullopt;
    }
    model::ViTConfig m = config.model;
    const auto &join = m.join;
    const bool endsJoined = join.branches > 1 && !join.deployed
                         && (join.schedule.kind != model::JoinScheduleKind::None || join.strength >= 1.0);
    if (deployed && endsJoined)
        m = model::deployConfig(m, false);
    return m;
}

std::optional<RunCost> runCost(const QByteArray &configJson, bool deployed, QString *error)
{
    const auto m = costedModel(configJson, deployed, error);
    if (!m)
        return std::nullopt;
    const auto rows = model::closedFormCost(*m);
    return RunCost{double(model::totalParams(rows)), 2.0 * double(model::totalMacs(rows)) / 1e9};
}

} // namespace gatefold::tables
