#pragma once

#include <atomic>

namespace gatefold::cli {

// SIGTERM and SIGINT raise the returned flag (the trainer saves and stops as
// cancelled); a second SIGINT ends the process at once. SIGPIPE is ignored: a
// run goes on when the reader of its output goes away.
const std::atomic<bool> *installStopHandlers();

} // namespace gatefold::cli
