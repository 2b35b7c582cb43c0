#pragma once

// One line of `gatefold-cli cost --measure … --json`: the engine's answer
// for one run config it timed (the window's table builder reads them as
// they come). One JSON object per line:
//   {"index": 0, "config": "a.json", "deployed": true, "latency_ms": 1.25, "throughput": 812.5}
// with only the measures asked for, or {"index": 0, "config": "a.json", "deployed": true, "error": "…"}.

#include <QByteArray>
#include <QString>

#include <optional>

namespace gatefold::tables {

struct TimingLine {
    int index = 0;           // the config's position on the command line, from 0
    QString config;          // its file as given
    bool deployed = true;    // timed in its deploy form (runcost.h)
    std::optional<double> latencyMs;
    std::optional<double> throughput;
    QString error;           // set when it could not be timed (then no measure is)
};

// The line, without its newline.
QByteArray timingLineJson(const TimingLine &line);
// A line read back; nullopt with `error` for a line that is not one.
std::optional<TimingLine> timingLineFromJson(const QByteArray &json, QString *error);

} // namespace gatefold::tables
