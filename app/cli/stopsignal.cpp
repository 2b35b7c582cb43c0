#include "stopsignal.h"

#include <csignal>

namespace gatefold::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void onStopSignal(int signal)
{
    if (g_stop.exchange(true) && signal == SIGINT)
        std::_Exit(130);  // the second Ctrl-C: the user means it
}

} // namespace

const std::atomic<bool> *installStopHandlers()
{
    struct sigaction action = {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
    // A run outlives whoever reads its stdout (the window may close): writes to a closed pipe fail
    // with EPIPE instead of killing the engine; the store and the run directory keep everything.
    std::signal(SIGPIPE, SIG_IGN);
    return &g_stop;
}

} // namespace gatefold::cli
