#pragma once

#include "train/trainconfig.h"

#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

// --preset, --config FILE and --set key=value: how train and sweep read a run config.
void addRunConfigOptions(QCommandLineParser &parser);
// Defaults ← preset ← config file ← --set, then validated. nullopt with every
// problem in `errors` (each a line naming the setting).
std::optional<train::RunConfig> runConfigFromOptions(const QCommandLineParser &parser, QStringList *errors);

// --store PATH (default: the user's store).
void addStoreOption(QCommandLineParser &parser);
QString storePathFromOptions(const QCommandLineParser &parser);

// Prints "error: …" lines to stderr.
void printErrors(const QString &heading, const QStringList &errors);

} // namespace gatefold::cli
