#pragma once

#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

// The options train and resume share: --store, --json, --stop-at-step, --nproc and
// --accept-modified-checkpoint.
void addEngineOptions(QCommandLineParser &parser);

// The whole number >= 0 option `name` gives; nullopt when it is not given, or
// after adding to `errors` why it is not one.
// --nproc N (1 … 1024), or 0 when not given (a problem goes to `errors`).
// --stop-at-epoch N (>= 1), or -1 when not given.
qint64 epochOption(const QCommandLineParser &parser, QStringList *errors);
int nprocOption(const QCommandLineParser &parser, QStringList *errors);

std::optional<qint64> wholeOption(const QCommandLineParser &parser, const QString &name, QStringList *errors);

} // namespace gatefold::cli
