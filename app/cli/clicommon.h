#pragma once

#include "model/vitconfig.h"

#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

// Exit codes shared by every subcommand.
enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2, ExitCancelled = 3 };

// --preset NAME and --set key=value (repeatable), the way every command that
// builds a model reads its config.
void addModelOptions(QCommandLineParser &parser, const QString &defaultPreset);
// The config the options describe, validated; on failure prints every problem
// to stderr and returns nullopt.
std::optional<model::ViTConfig> modelConfigFromOptions(const QCommandLineParser &parser);

// Parses a subcommand's arguments; on an error or --help prints what fits and
// returns the exit code to return, otherwise nullopt.
// Positional arguments are refused unless `allowPositional`.
std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &arguments, bool allowPositional = false);

void printErr(const QString &text);
void printOut(const QString &text);

} // namespace gatefold::cli
