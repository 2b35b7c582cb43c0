#pragma once

// The timed cost columns (core/tables/runcost.h says what each measures),
// measured in this process with LibTorch: for the engine only
// (`gatefold-cli table`, `gatefold-cli cost --measure`); the window asks
// such a child instead.

#include <QByteArray>
#include <QString>

#include <optional>

namespace gatefold::timing {

// Median wall time in ms of a forward pass of one image through the costed
// model on the CPU, one intra-op thread (restored afterwards).
std::optional<double> runLatencyMs(const QByteArray &configJson, bool deployed, QString *error);

// Images per second of a forward pass of a batch of 32 on the CPU with the
// process's intra-op threads.
std::optional<double> runThroughput(const QByteArray &configJson, bool deployed, QString *error);

} // namespace gatefold::timing
