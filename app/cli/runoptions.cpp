#include "runoptions.h"
#include "clitext.h"

#include "clicommon.h"

#include "json/strictjson.h"
#include "json/usertext.h"

#include "config/configvalidator.h"
#include "store/runstore.h"
#include "store/storelocation.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <QCommandLineParser>
#include <QHash>
#include <QJsonObject>
#include <QFileInfo>
#include <QCoreApplication>

namespace gatefold::cli {
namespace {

// Where each setting of a config text was given ("c.json, line 4"), so that a problem of the
// combination (validateRunConfig) can say where to change it. {"gate": {"kind"}} is gate.kind.
void noteLines(const json::StrictJson &doc, const QJsonObject &object, const QString &pointer, const QString &prefix,
               const QString &shown, QHash<QString, QString> *givenAt)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        const QString at = json::StrictJson::member(pointer, it.key());
        if (it.value().isObject() && pointer.count(QLatin1Char('/')) < 4)
            noteLines(doc, it.value().toObject(), at, key, shown, givenAt);
        else if (const int line = doc.lineOf(at); line > 0)
            givenAt->insert(key, tr("%1, line %2").arg(shown).arg(line));
    }
}

} // namespace

QString OptionProblem::line() const
{
    QStringList parts;
    for (const QString &part : {where, key, message})
        if (!part.isEmpty())
            parts << part;
    return parts.join(QStringLiteral(": "));
}

QString OptionProblem::detail() const
{
    return where.isEmpty() ? message : where + QStringLiteral(": ") + message;
}

void addRunConfigOptions(QCommandLineParser &parser)
{
    parser.addOption({"preset", tr("Run preset to start from (default demo; `gatefold-cli presets` lists them)."),
                      tr("name"), QStringLiteral("demo")});
    parser.addOption({"config", tr("JSON run config applied over the preset (`gatefold-cli config --json` writes "
                                   "one); - reads it from standard input."),
                      tr("file")});
    parser.addOption({"set", tr("Override one setting, e.g. --set optim.lr=0.001 (repeatable; "
                                "`gatefold-cli config --keys` lists keys)."),
                      tr("key=value")});
}

std::optional<train::RunConfig> runConfigFromOptions(const QCommandLineParser &parser,
                                                     std::vector<OptionProblem> *problems, train::RunConfig *asRead)
{
    const size_t before = problems->size();
    const QString presetName = parser.value("preset");
    auto preset = train::runPresetByName(presetName.toStdString());
    if (!preset)
        problems->push_back({QStringLiteral("--preset"), QString(),
                             tr("unknown preset '%1'; `gatefold-cli presets` lists them").arg(presetName)});
    train::RunConfig config = preset.value_or(train::demoRun());
    QHash<QString, QString> givenAt;  // setting → where it was given last
    if (parser.isSet("config")) {
        const QString path = parser.value("config");
        const QString shown = path == QLatin1String("-") ? tr("standard input") : path;
        QString why;
        if (const auto text = json::readUserText(path, &why); !text) {
            problems->push_back({QStringLiteral("--config"), QString(), why});
        } else {
            std::vector<train::ConfigTextProblem> found;
            train::readRunConfigJson(*text, &config, &found, /*partial=*/true);
            QString ignored;
            if (const auto doc = json::StrictJson::parse(*text, &ignored); doc && doc->root().isObject())
                noteLines(*doc, doc->root().toObject(), QString(), QString(), shown, &givenAt);
            for (const auto &p : found)  // a key as written may hold a line break or a quote: shown escaped
                problems->push_back({p.line > 0 ? tr("%1, line %2").arg(shown).arg(p.line) : shown,
                                     p.key.isEmpty() ? QString() : json::quoteForMessage(p.key).mid(1).chopped(1),
                                     p.message});
        }
    }
    warnRepeatedSets(parser.values("set"));
    for (const QString &assignment : parser.values("set")) {
        const qsizetype eq = assignment.indexOf('=');
        const QString key = eq > 0 ? assignment.left(eq) : QString();
        std::string why;
        if (!key.isEmpty())
            givenAt.insert(key, QStringLiteral("--set %1").arg(assignment));
        if (const QString problem = setTextProblem(assignment); !problem.isEmpty()) {
            problems->push_back({QStringLiteral("--set %1").arg(assignment), QString(), problem});
        } else if (!config::applyAssignment(config, assignment.toStdString(), &why)) {
            // applyRunAssignment starts a value's problem with its key: keep the sentence alone.
            QString message = QString::fromStdString(why);
            if (!key.isEmpty() && message.startsWith(key + QStringLiteral(": ")))
                message = message.mid(key.size() + 2);
            problems->push_back({QStringLiteral("--set %1").arg(assignment), config::findField(key.toStdString())
                                                                                  ? key : QString(), message});
        }
    }
    if (preset)  // what the accepted settings get wrong too, so one call shows every problem
        for (const auto &p : train::validateRunConfig(config))
            problems->push_back({givenAt.value(QString::fromStdString(p.field)), QString::fromStdString(p.field),
                                 QString::fromStdString(p.message)});
    if (asRead)
        *asRead = config;
    if (problems->size() != before)
        return std::nullopt;
    return config;
}

std::optional<train::RunConfig> runConfigFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    std::vector<OptionProblem> problems;
    auto config = runConfigFromOptions(parser, &problems);
    for (const auto &p : problems)
        errors->append(p.line());
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

int parallelFromOptions(const QCommandLineParser &parser, QStringList *problems)
{
    bool ok = false;
    const int parallel = parser.value(QStringLiteral("parallel")).toInt(&ok);
    if (ok && parallel >= 1 && parallel <= kMaxParallel)
        return parallel;
    *problems << tr("--parallel must be a whole number from 1 to %1, not '%2'")
                     .arg(kMaxParallel)
                     .arg(parser.value(QStringLiteral("parallel")));
    return 1;
}

void printErrors(const QString &heading, const QStringList &errors)
{
    printErr(QStringLiteral("error: %1").arg(heading));
    for (const QString &e : errors)
        printErr(QStringLiteral("  %1").arg(e));
}

} // namespace gatefold::cli
