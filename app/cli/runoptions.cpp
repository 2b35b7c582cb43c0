#include "runoptions.h"

#include "clicommon.h"

#include "model/configvalidator.h"
#include "store/runstore.h"
#include "store/storelocation.h"
#include "train/runconfigjson.h"
#include "train/runfields.h"
#include "train/runpresets.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QCoreApplication>
#include <QFile>

namespace gatefold::cli {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

} // namespace

void addRunConfigOptions(QCommandLineParser &parser)
{
    parser.addOption({"preset", tr("Run preset to start from (default demo; `gatefold-cli presets` lists them)."),
                      tr("name"), QStringLiteral("demo")});
    parser.addOption({"config", tr("JSON run config applied over the preset (`gatefold-cli config --json` writes one)."),
                      tr("file")});
    parser.addOption({"set", tr("Override one setting, e.g. --set optim.lr=0.001 (repeatable; "
                                "`gatefold-cli config --keys` lists keys)."),
                      tr("key=value")});
}

std::optional<train::RunConfig> runConfigFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    const qsizetype before = errors->size();
    const QString presetName = parser.value("preset");
    auto preset = train::runPresetByName(presetName.toStdString());
    if (!preset)
        errors->append(tr("--preset: unknown preset '%1'; `gatefold-cli presets` lists them").arg(presetName));
    train::RunConfig config = preset.value_or(train::demoRun());
    if (parser.isSet("config")) {
        const QString path = parser.value("config");
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            errors->append(tr("--config: cannot read %1: %2").arg(path, file.errorString()));
        } else {
            QStringList problems;
            if (!train::runConfigFromJson(file.readAll(), &config, &problems, /*partial=*/true))
                for (const QString &p : problems)
                    errors->append(QStringLiteral("%1: %2").arg(path, p));
        }
    }
    for (const QString &assignment : parser.values("set")) {
        std::string why;
        if (!train::applyRunAssignment(config, assignment.toStdString(), &why))
            errors->append(tr("--set %1: %2").arg(assignment, QString::fromStdString(why)));
    }
    if (preset)  // what the accepted settings get wrong too, so one call shows every problem
        for (const auto &p : train::validateRunConfig(config))
            errors->append(QStringLiteral("%1: %2").arg(QString::fromStdString(p.field), QString::fromStdString(p.message)));
    if (errors->size() != before)
        return std::nullopt;
    return config;
}

void addStoreOption(QCommandLineParser &parser)
{
    parser.addOption({"store", tr("Run store: a file, or a postgresql://user@host/database URL (default %1).").arg(store::RunStore::defaultPath()), tr("path|url"),
                      store::RunStore::defaultPath()});
}

QString storePathFromOptions(const QCommandLineParser &parser)
{
    return parser.value("store");
}

std::unique_ptr<store::RunStore> openExistingStore(const QCommandLineParser &parser, int openFailure, int *exitCode)
{
    const QString where = storePathFromOptions(parser);
    QString error;
    const auto location = store::StoreLocation::parse(where, &error);
    if (location && !location->isPostgres() && !QFileInfo(location->file).isFile()) {
        printErr(tr("error: there is no run store at %1; give the one the runs were trained into with --store")
                     .arg(where));
        *exitCode = ExitUsage;
        return nullptr;
    }
    auto store = store::RunStore::open(where, &error);
    if (!store) {
        printErr(tr("error: %1").arg(error));
        *exitCode = openFailure;
    }
    return store;
}

qint64 runIdFromOptions(const QCommandLineParser &parser, const QString &purpose, QStringList *problems)
{
    if (!parser.isSet(QStringLiteral("run"))) {
        *problems << tr("--run is required: the id of the run to %1 (`gatefold-cli runs` lists them)").arg(purpose);
        return 0;
    }
    bool ok = false;
    const qint64 id = parser.value(QStringLiteral("run")).toLongLong(&ok);
    if (!ok || id <= 0) {
        *problems << tr("--run must be a run id (a whole number > 0), not '%1'").arg(parser.value(QStringLiteral("run")));
        return 0;
    }
    return id;
}

void printErrors(const QString &heading, const QStringList &errors)
{
    printErr(QStringLiteral("error: %1").arg(heading));
    for (const QString &e : errors)
        printErr(QStringLiteral("  %1").arg(e));
}

} // namespace gatefold::cli
