#include "stopsignal.h"

#include <csignal>
#include <cstdlib>

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
    // The engine outlives whoever reads its output (a window that quit, `| head`): a write to a
    // closed pipe fails with EPIPE (dropped by the printer) instead of killing the run.
    std::signal(SIGPIPE, SIG_IGN);
    return &g_stop;
}

} // namespace gatefold::cli
