#include "configcommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "prerunchecks.h"
#include "teachercheck.h"
#include "runoptions.h"

#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/plausibility.h"
#include "config/runvalidation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gatefold::cli {
namespace {

QJsonArray itemsJson(const std::vector<train::CheckItem> &items)
{
    QJsonArray out;
    for (const auto &item : items)
        out.append(QJsonObject{{"key", item.key}, {"message", item.message}});
    return out;
}

// What config --check finds: the options' problems, then what train would find before creating the run.
PreRunCheck check(const QCommandLineParser &parser)
{
    std::vector<OptionProblem> problems;
    train::RunConfig config;
    const bool valid = runConfigFromOptions(parser, &problems, &config).has_value();
    // The data set can be looked at when the text as a whole, the data.* settings and the image size are fine.
    bool dataReadable = true;
    for (const auto &p : problems)
        dataReadable = dataReadable && !p.key.isEmpty() && !p.key.startsWith(QLatin1String("data."))
                    && p.key != QLatin1String("img_size")
                    && !p.message.startsWith(QLatin1String("not valid JSON"));  // none of the file was applied
    PreRunCheck result;
    if (dataReadable)
        result = checkBeforeCreating(config, nullptr, /*resources=*/valid);
    std::vector<train::CheckItem> all;
    for (const auto &p : problems)
        all.push_back({p.key, p.detail()});
    all.insert(all.end(), result.problems.begin(), result.problems.end());
    if (valid)
        for (auto &p : teacherProblems(storePathFromOptions(parser), config))
            all.push_back(std::move(p));
    // Values that are valid but unlikely to be meant (optim.lr = 2): warnings, the exit status stays.
    for (auto &w : plausibilityItems(config))
        if (std::none_of(all.begin(), all.end(), [&](const train::CheckItem &p) { return p.key == w.key; }))
            result.warnings.push_back(std::move(w));
    result.problems = std::move(all);
    return result;
}

int printCheck(const PreRunCheck &result, bool json)
{
    const bool ok = result.problems.empty();
    if (json) {
        printOut(QString::fromUtf8(QJsonDocument(QJsonObject{{"ok", ok},
                                                             {"problems", itemsJson(result.problems)},
                                                             {"warnings", itemsJson(result.warnings)},
                                                             {"data", dataJson(result.data)},
                                                             {"resources", resourcesJson(result)}})
                                       .toJson(QJsonDocument::Compact)));
        return ok ? ExitOk : ExitUsage;
    }
    for (const auto &w : result.warnings)
        printErr(tr("warning: %1").arg(w.line()));
    if (!ok) {
        QStringList lines;
        for (const auto &p : result.problems)
            lines << p.line();
        printErrors(tr("the run config cannot train (a run would not be created):"), lines);
        return ExitUsage;
    }
    const auto &d = result.data;
    printOut(d.opened ? tr("ok: %1, %2 classes, %3 channel(s), %4 training and %5 validation images")
                            .arg(d.name)
                            .arg(d.classes)
                            .arg(d.channels)
                            .arg(d.trainImages)
                            .arg(d.valImages)
                      : tr("ok"));
    return ExitOk;
}

} // namespace

int runConfig(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Print the run config of a preset with a --config file and --set overrides\n"
           "applied, one key=value per line (or as JSON), after validating it.\n"
           "With --check, check it as train does before it creates a run: its data set (the files there,\n"
           "readable and sound, classes and channels matching the model, a full batch per step) and the\n"
           "resources it needs; --check --json prints one object {\"ok\", \"problems\": [{\"key\", \"message\"}],\n"
           "\"warnings\", \"data\", \"resources\"}. Valid values unlikely to be meant (optim.lr above 0.1,\n"
           "join.branches above 8, …) are printed as \"warning:\" lines and leave the exit status as it is.\n"
           "Exit status: 0 valid, 2 not."));
    parser.addHelpOption();
    addRunConfigOptions(parser);
    parser.addOption({"keys", tr("List every setting key with its meaning instead.")});
    parser.addOption({"json", tr("Print the config (or with --check the findings) as JSON.")});
    parser.addOption({"check", tr("Check the config as train does before it creates a run (reads the data set).")});
    addStoreOption(parser);  // where --check looks for distill.teacher's run
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    if (parser.isSet("keys")) {
        for (const auto &field : config::fields())
            printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(field.key), -22).arg(QString::fromStdString(field.helpWithChoices())));
        return ExitOk;
    }
    if (parser.isSet("check"))
        return printCheck(check(parser), parser.isSet("json"));
    QStringList errors;
    const auto config = runConfigFromOptions(parser, &errors);
    if (!config) {
        printErrors(tr("the run config is not valid:"), errors);
        return ExitUsage;
    }
    if (parser.isSet("json")) {
        printOut(QString::fromUtf8(train::runConfigToJson(*config)).trimmed());
        return ExitOk;
    }
    for (const auto &field : config::fields())
        printOut(QStringLiteral("%1=%2").arg(QString::fromStdString(field.key), QString::fromStdString(field.get(*config))));
    return ExitOk;
}

} // namespace gatefold::cli
