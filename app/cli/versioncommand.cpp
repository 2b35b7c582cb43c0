#include "versioncommand.h"
#include "clitext.h"

#include "clicommon.h"

#include "launch/engineinfo.h"
#include "runtime/threadenvironment.h"
#include "train/computeinfo.h"

#include <QCoreApplication>

namespace gatefold::cli {
namespace {

launch::EngineInfo thisEngine()
{
    launch::EngineInfo info;
    info.gatefold = QCoreApplication::applicationVersion();
    info.libtorch = train::libtorchVersion();
    info.qt = QString::fromLatin1(qVersion());
    // The threads a run gets that asks for all cores (compute.threads = 0).
    info.devices << launch::EngineDevice{QStringLiteral("cpu"), 0, runtime::applyThreadCount(0)};
    for (int i = 0; i < train::cudaDeviceCount(); ++i)
        info.devices << launch::EngineDevice{QStringLiteral("cuda"), i, 0};
    return info;
}

} // namespace

int runVersion(const QStringList &arguments)
{
    const QStringList options = arguments.mid(2);  // after the program and --version
    for (const QString &option : options)
        if (option != QLatin1String("--json")) {
            printErr(tr("error: --version takes only --json, not '%1'.").arg(option));
            return ExitUsage;
        }
    if (!options.contains(QStringLiteral("--json"))) {
        printOut(QStringLiteral("gatefold-cli %1").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    printOut(QString::fromUtf8(launch::engineInfoJson(thisEngine())));
    return ExitOk;
}

} // namespace gatefold::cli
