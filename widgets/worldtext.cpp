#include "worldtext.h"

#include <QCoreApplication>

namespace gatefold::widgets::worldtext {

QString brief(const store::RunVersions &versions, int configuredProcesses)
{
    if (!versions.recorded)
        return QCoreApplication::translate("WorldText", "%1 asked").arg(configuredProcesses);
    if (!versions.distributed())
        return QStringLiteral("1");
    return QCoreApplication::translate("WorldText", "%1 · %2 · %3 per process")
        .arg(versions.worldSize)
        .arg(versions.distBackend)
        .arg(versions.perRankBatch);
}

QString details(const store::RunVersions &versions, int configuredProcesses)
{
    if (!versions.recorded)
        return QCoreApplication::translate("WorldText", "Not started yet: it asks for %n process(es) (compute.processes).",
                                           nullptr, configuredProcesses);
    if (!versions.distributed())
        return QCoreApplication::translate("WorldText", "One process trained it when it last started.");
    return QCoreApplication::translate("WorldText",
                                       "%1 processes (ranks) trained it when it last started, started by %2.\n"
                                       "Process group %3; each takes %4 images of every batch (train.batch_size is "
                                       "the global batch).")
        .arg(versions.worldSize)
        .arg(versions.launcher, versions.distBackend)
        .arg(versions.perRankBatch);
}

} // namespace gatefold::widgets::worldtext
