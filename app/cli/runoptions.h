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

// Prints "error: …" lines to stderr.
void printErrors(const QString &heading, const QStringList &errors);

} // namespace gatefold::cli
