#include "clicommon.h"

#include "config/configenums.h"
#include "config/fieldtable.h"
#include "config/configvalidator.h"
#include "config/presets.h"
#include "store/runstore.h"
#include "store/storetext.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QCoreApplication>
#include <QHash>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

namespace gatefold::cli {

std::unique_ptr<store::RunStore> openStoreToRead(const QString &where, QString *error)
{
    auto store = store::RunStore::open(where, error, store::OpenMode::ReadOnly);
    if (!store || store->deadRuns().empty()) {
        if (store)
            store->clearDamage();  // met while looking for dead engines: the command reports what it reads
        return store;
    }
    // Record the verdict where the store can take it, then read what it says now.
    store.reset();
    QString unwritable;
    if (auto writer = store::RunStore::open(where, &unwritable))
        writer->markCrashedRuns();
    return store::RunStore::open(where, error, store::OpenMode::ReadOnly);
}

int reportDamage(const store::RunStore &store, int exitCode)
{
    const QStringList damage = store.damageFound();
    if (damage.isEmpty())
        return exitCode;
    printErr(QCoreApplication::translate("cli", "error: the run store %1 is damaged; what was shown leaves these "
                                                "values out (none was read as 0):")
                 .arg(store.displayName()));
    for (const QString &line : damage)
        printErr(QStringLiteral("  ") + store::escapedForTerminal(line));
    printErr(QCoreApplication::translate("cli", "Nothing was changed. Repair those rows with sqlite3 (UPDATE or "
                                                "DELETE them), or restore the store from a backup."));
    return exitCode == ExitOk ? ExitFailure : exitCode;
}

void printErr(const QString &text)
{
    QTextStream(stderr) << text << Qt::endl;
}

CommandError commandError(int exitCode, const QString &message)
{
    return {exitCode, {QStringLiteral("error: %1").arg(message)}};
}

CommandError commandErrors(int exitCode, const QString &heading, const QStringList &errors)
{
    CommandError error = commandError(exitCode, heading);
    for (const QString &e : errors)
        error.lines << QStringLiteral("  %1").arg(e);
    return error;
}

int printCommandError(const CommandError &error)
{
    for (const QString &line : error.lines)
        printErr(line);
    return error.exitCode;
}

std::optional<std::vector<qint64>> selectedRuns(store::RunStore &store, const RunSelection &selection,
                                                QString *error)
{
    std::vector<qint64> ids = selection.ids;
    if (selection.all || selection.sweepId > 0) {
        if (selection.sweepId > 0 && !store.sweep(selection.sweepId)) {
            *error = QCoreApplication::translate("cli", "there is no sweep %1 in %2")
                         .arg(selection.sweepId)
                         .arg(store.displayName());
            return std::nullopt;
        }
        const auto runs = store.runs(selection.sweepId);  // newest first
        for (auto it = runs.rbegin(); it != runs.rend(); ++it)
            ids.push_back(it->id);
    }
    for (qint64 id : ids)
        if (!store.run(id)) {
            *error = QCoreApplication::translate("cli", "there is no run %1 in %2; `gatefold-cli runs` lists them")
                         .arg(id)
                         .arg(store.displayName());
            return std::nullopt;
        }
    return ids;
}

void printOut(const QString &text)
{
    QTextStream(stdout) << text << Qt::endl;
}

std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &arguments, bool allowPositional)
{
    if (!parser.parse(arguments)) {
        // "runs show -1": Qt reads the number as short options ("Unknown option '1'").
        static const QRegularExpression negative(QStringLiteral("^-[0-9][0-9.eE+-]*$"));
        const QStringList unknown = parser.unknownOptionNames();
        const bool digitOption = std::any_of(unknown.begin(), unknown.end(),
                                             [](const QString &o) { return !o.isEmpty() && o.front().isDigit(); });
        for (const QString &a : arguments.mid(1))
            if (digitOption && negative.match(a).hasMatch()) {
                printErr(QCoreApplication::translate("cli", "error: '%1' is a negative number where an option or a "
                                                            "value was expected; run ids and counts are whole numbers "
                                                            "> 0 (see --help)")
                             .arg(a));
                return ExitUsage;
            }
        printErr(parser.errorText());
        return ExitUsage;
    }
    if (parser.isSet("help")) {
        printOut(parser.helpText());
        return ExitOk;
    }
    if (!allowPositional && !parser.positionalArguments().isEmpty()) {
        printErr(QCoreApplication::translate("cli", "error: unexpected argument '%1'; options start with --, see --help.")
                     .arg(parser.positionalArguments().first()));
        return ExitUsage;
    }
    return std::nullopt;
}

void addModelOptions(QCommandLineParser &parser, const QString &defaultPreset)
{
    parser.addOption({"preset",
                      QCoreApplication::translate("cli", "Model preset (see `gatefold-cli presets`)."),
                      QCoreApplication::translate("cli", "name"), defaultPreset});
    parser.addOption({"set",
                      QCoreApplication::translate("cli", "Override one setting, e.g. --set gate.top_k=8 "
                                                         "(repeatable; `gatefold-cli config --keys` lists keys)."),
                      QCoreApplication::translate("cli", "key=value")});
}

QString setTextProblem(const QString &assignment)
{
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return {};  // not key=value: the setting's reader says so
    const QString key = assignment.left(eq);
    const QString value = assignment.mid(eq + 1);
    const QString tidy = key.trimmed() + QLatin1Char('=') + value.trimmed();
    if (key != key.trimmed())
        return QCoreApplication::translate("cli", "the key has a space around it; write %1 (no spaces around '=')")
            .arg(tidy);
    if (value != value.trimmed())
        return QCoreApplication::translate("cli", "the value has a space around it; write %1 (no spaces around '=' "
                                                  "or the value; a value that needs them goes in a --config file)")
            .arg(tidy);
    if (value.startsWith(QLatin1Char('=')))
        return QCoreApplication::translate("cli", "the value '%1' starts with '='; write %2=%3 (one '='; a value "
                                                  "that begins with '=' goes in a --config file)")
            .arg(value, key, value.mid(1));
    return {};
}

void warnRepeatedSets(const QStringList &assignments)
{
    QStringList keys;
    QHash<QString, QStringList> values;
    for (const QString &a : assignments) {
        const QString key = a.section(QLatin1Char('='), 0, 0);
        if (!values.contains(key))
            keys << key;
        values[key] << a.section(QLatin1Char('='), 1);
    }
    for (const QString &key : keys)
        if (values[key].size() > 1 && values[key].count(values[key].constFirst()) != values[key].size())
            printErr(QCoreApplication::translate("cli", "warning: --set %1 is given %2 times (%3): the last, %4, is used")
                         .arg(key)
                         .arg(values[key].size())
                         .arg(values[key].join(QStringLiteral(", ")), values[key].constLast()));
}

std::optional<model::ViTConfig> modelConfigFromOptions(const QCommandLineParser &parser)
{
    const QString name = parser.value("preset");
    auto config = model::presets::byName(name.toStdString());
    if (!config) {
        printErr(QCoreApplication::translate("cli", "error: unknown preset '%1'; `gatefold-cli presets` lists them.")
                     .arg(name));
        return std::nullopt;
    }
    bool ok = true;
    warnRepeatedSets(parser.values("set"));
    for (const QString &assignment : parser.values("set")) {
        std::string why;
        if (const QString problem = setTextProblem(assignment); !problem.isEmpty()) {
            printErr(QCoreApplication::translate("cli", "error: --set %1: %2").arg(assignment, problem));
            ok = false;
        } else if (!config::applyModelAssignment(*config, assignment.toStdString(), &why)) {
            printErr(QCoreApplication::translate("cli", "error: --set %1: %2")
                         .arg(assignment, QString::fromStdString(why)));
            ok = false;
        }
    }
    // Report what the accepted settings get wrong too, so one run shows every problem.
    const auto problems = model::validateConfig(*config);
    if (!problems.empty()) {
        printErr(QCoreApplication::translate("cli", "error: the model config is not valid:"));
        for (const auto &p : problems)
            printErr(QStringLiteral("  %1: %2").arg(QString::fromStdString(p.field), QString::fromStdString(p.message)));
    }
    if (!ok || !problems.empty())
        return std::nullopt;
    return config;
}

} // namespace gatefold::cli
