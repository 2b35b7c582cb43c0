#pragma once

class QCommandLineParser;

namespace gatefold::cli {

// sweep --continue ID: an early-stopping sweep goes on where its controller stopped or died — its
// decisions stand (they are in the store), interrupted runs continue from their checkpoints, the
// runs not started yet start. Its exit status as sweep's.
int continueSweep(const QCommandLineParser &parser);

} // namespace gatefold::cli
