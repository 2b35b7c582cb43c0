#pragma once

#include <QStringList>

class QCommandLineParser;

namespace gatefold::cli {

// gatefold-cli cost --measure latency,throughput [--as-trained] [--json] CONFIG…: times
// the model of each run config file (core/tables/runcost.h says what each
// measure is), one after the other, and prints one line per config as soon
// as it is timed (with --json a tables::TimingLine). Exit 0 all timed, 1 some
// could not be, 2 bad options.
void addMeasureOptions(QCommandLineParser &parser);
int runMeasure(const QCommandLineParser &parser);

} // namespace gatefold::cli
