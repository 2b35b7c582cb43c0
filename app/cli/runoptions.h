#pragma once

#include "config/trainconfig.h"

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

// One thing wrong with the options: where it was found ("cfg.json, line 3",
// "--set depth=x"; empty for the config as a whole), the setting it concerns
// (empty: none in particular) and what is wrong and what to do.
struct OptionProblem {
    QString where;
    QString key;
    QString message;
    QString line() const;     // "cfg.json, line 3: optim.lr: expected a number, …"
    QString detail() const;   // the message with where it was found, without the key
};

// --preset, --config FILE|- and --set key=value: how train, sweep, data and config read a run config.
void addRunConfigOptions(QCommandLineParser &parser);
// Defaults ← preset ← config file (or standard input) ← --set, then
// validated. nullopt with every problem in `problems`; `asRead` (if given)
// receives the config as far as it could be read either way.
std::optional<train::RunConfig> runConfigFromOptions(const QCommandLineParser &parser,
                                                     std::vector<OptionProblem> *problems,
                                                     train::RunConfig *asRead = nullptr);
// The same with each problem as its line().
std::optional<train::RunConfig> runConfigFromOptions(const QCommandLineParser &parser, QStringList *errors);

// --store PATH (default: the user's store).
void addStoreOption(QCommandLineParser &parser);
QString storePathFromOptions(const QCommandLineParser &parser);
// The store --store names, for commands that only read it: a file that does not exist is not
// created. nullptr after printing why; `exitCode` is then ExitUsage for a missing file and
// `openFailure` when the store cannot be opened.
std::unique_ptr<store::RunStore> openExistingStore(const QCommandLineParser &parser, int openFailure, int *exitCode);

// The id --run gives: > 0, or 0 after adding to `problems` why not. `purpose`
// finishes "the id of the run to …" (e.g. "export") for a missing --run.
qint64 runIdFromOptions(const QCommandLineParser &parser, const QString &purpose, QStringList *problems);

// --parallel N of sweep and queue: 1 to kMaxParallel runs at a time; 1 after adding to
// `problems` why not.
constexpr int kMaxParallel = 64;
int parallelFromOptions(const QCommandLineParser &parser, QStringList *problems);

// Prints "error: …" lines to stderr.
void printErrors(const QString &heading, const QStringList &errors);

} // namespace gatefold::cli
