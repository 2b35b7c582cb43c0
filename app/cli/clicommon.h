#pragma once

#include "config/vitconfig.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QCommandLineParser;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// Exit codes shared by every subcommand.
enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2, ExitCancelled = 3 };

// --preset NAME and --set key=value (repeatable), the way every command that
// builds a model reads its config.
void addModelOptions(QCommandLineParser &parser, const QString &defaultPreset);
// The config the options describe, validated; on failure prints every problem
// to stderr and returns nullopt.
std::optional<model::ViTConfig> modelConfigFromOptions(const QCommandLineParser &parser);

// What is wrong with `assignment` as the text of a --set, before its key and
// value are read: white space around the key or the value ("depth= 2" and
// "depth=2 " alike), or a value that starts with '=' ("data.path==x"). Empty
// when nothing is; a value that must begin with '=' or a space goes in a
// --config file.
QString setTextProblem(const QString &assignment);
// A key given by several --set: the last one is used, and a warning on
// stderr says so (a script that adds overrides relies on it; a typo shows).
void warnRepeatedSets(const QStringList &assignments);

// Parses a subcommand's arguments; on an error or --help prints what fits and
// returns the exit code to return, otherwise nullopt.
// Positional arguments are refused unless `allowPositional`.
std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &arguments, bool allowPositional = false);

// The store a reading command reads (runs list, runs show, table, runs
// export-mlflow): opened read-only, so it creates, migrates and writes nothing
// and reads a store in a read-only folder or file. The one write a reading
// command still makes: runs whose engine died are recorded as crashed first,
// in a short read-write connection, only when there is such a run and the
// store can be written. nullptr with `error` (what is wrong, what to do).
std::unique_ptr<store::RunStore> openStoreToRead(const QString &where, QString *error);

// After a reading command printed what it read: the damage the store met on
// the way (values not of their column's type, statuses no Gatefold writes;
// RunStore::damageFound), on stderr with what to do. Returns ExitFailure when
// there was any (or `exitCode` when that already says a failure), else `exitCode`.
int reportDamage(const store::RunStore &store, int exitCode);

void printErr(const QString &text);
void printOut(const QString &text);

// What a command's action could not do: the lines for stderr, worded in full
// ("error: …"), and the exit code the command returns.
struct CommandError {
    int exitCode = ExitFailure;
    QStringList lines;
};
// "error: <message>" as one line.
CommandError commandError(int exitCode, const QString &message);
// "error: <heading>" and each of `errors` indented below it, as printErrors prints them.
CommandError commandErrors(int exitCode, const QString &heading, const QStringList &errors);
// Prints the lines to stderr; returns the exit code.
int printCommandError(const CommandError &error);

// --runs IDS, --sweep ID or --all as a command read them (each reads ids its
// own way): the runs given, or every run of a sweep (sweepId > 0) or of the
// store (all).
struct RunSelection {
    std::vector<qint64> ids;
    qint64 sweepId = 0;
    bool all = false;
};
// The ids of the selected runs — a sweep's or the store's oldest first —
// each checked to be in the store. nullopt with `error` (no such sweep or run).
std::optional<std::vector<qint64>> selectedRuns(store::RunStore &store, const RunSelection &selection,
                                                QString *error);

} // namespace gatefold::cli
