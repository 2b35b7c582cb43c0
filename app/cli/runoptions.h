#pragma once

#include "train/trainconfig.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QCommandLineParser;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// --preset, --config FILE and --set key=value: how train and sweep read a run config.
void addRunConfigOptions(QCommandLineParser &parser);
// Defaults ← preset ← config file ← --set, then validated. nullopt with every
// problem in `errors` (each a line naming the setting).
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

// Prints "error: …" lines to stderr.
void printErrors(const QString &heading, const QStringList &errors);

} // namespace gatefold::cli
