#include "testkillpoint.h"

#include <c10/util/Exception.h>

#include <QByteArray>
#include <QList>
#include <QString>

#include <algorithm>
#include <csignal>
#include <new>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <chrono>

#include <unistd.h>

namespace gatefold::train {
namespace {

enum class Action { Kill, Stop, ThrowTorch, ThrowBadAlloc, Sleep };

struct Trigger {
    Action action = Action::Kill;
    int occurrence = 1;
    int seconds = 0;  // Sleep
};

// point → its triggers, read once from the environment.
std::multimap<std::string, Trigger> readTriggers()
{
    std::multimap<std::string, Trigger> out;
    for (const auto &[variable, action] : {std::pair{"GATEFOLD_TEST_KILL_AT", Action::Kill},
                                           std::pair{"GATEFOLD_TEST_STOP_AT", Action::Stop},
                                           std::pair{"GATEFOLD_TEST_THROW_AT", Action::ThrowTorch},
                                           std::pair{"GATEFOLD_TEST_SLEEP_AT", Action::Sleep}}) {
        const QByteArray value = qgetenv(variable);
        for (const QByteArray &item : value.split(',')) {
            QByteArray spec = item.trimmed();
            if (spec.isEmpty())
                continue;
            Trigger t;
            t.action = action;
            if (action == Action::ThrowTorch && spec.endsWith(":bad_alloc")) {
                t.action = Action::ThrowBadAlloc;
                spec.chop(int(qstrlen(":bad_alloc")));
            }
            if (action == Action::Sleep) {
                const int colon = spec.lastIndexOf(':');
                t.seconds = colon >= 0 ? spec.mid(colon + 1).toInt() : 10;
                if (colon >= 0)
                    spec.truncate(colon);
            }
            const int hash = spec.indexOf('#');
            if (hash >= 0)
                t.occurrence = std::max(1, spec.mid(hash + 1).toInt());
            out.emplace((hash >= 0 ? spec.left(hash) : spec).toStdString(), t);
        }
    }
    return out;
}

} // namespace

void testKillPoint(const char *point)
{
    static const std::multimap<std::string, Trigger> triggers = readTriggers();
    if (triggers.empty())
        return;
    static std::mutex mutex;
    static std::map<std::string, int> reached;
    const Trigger *fired = nullptr;
    {
        std::lock_guard<std::mutex> lock(mutex);
        const int count = ++reached[point];
        const auto [begin, end] = triggers.equal_range(point);
        for (auto it = begin; it != end; ++it)
            if (it->second.occurrence == count)
                fired = &it->second;
    }
    if (!fired)
        return;
    switch (fired->action) {
    case Action::Kill: ::kill(::getpid(), SIGKILL); break;
    case Action::Stop: ::kill(::getpid(), SIGSTOP); break;
    case Action::ThrowTorch: TORCH_CHECK(false, "GATEFOLD_TEST_THROW_AT reached ", point); break;
    case Action::ThrowBadAlloc: throw std::bad_alloc();
    case Action::Sleep: std::this_thread::sleep_for(std::chrono::seconds(fired->seconds)); break;
    }
}

} // namespace gatefold::train
