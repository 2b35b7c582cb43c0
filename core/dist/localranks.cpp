#include "localranks.h"

#include <QProcessEnvironment>

#include <csignal>
#include <cstring>
#include <chrono>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gatefold::dist {
namespace {

std::vector<std::string> childEnvironment(const WorldInfo &world, int rank, int threads)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : env.keys())  // the tests' kill and fault points aim at rank 0, the one they start
        if (name.startsWith(QLatin1String("GATEFOLD_TEST_")))
            env.remove(name);
    for (const QString &assignment : rankEnvironment(world, rank))
        env.insert(assignment.section('=', 0, 0), assignment.section('=', 1));
    env.insert(QStringLiteral("OMP_NUM_THREADS"), QString::number(threads));
    env.insert(QStringLiteral("OPENBLAS_NUM_THREADS"), QString::number(threads));
    std::vector<std::string> out;
    for (const QString &line : env.toStringList())
        out.push_back(line.toStdString());
    return out;
}

std::vector<char *> pointers(std::vector<std::string> &strings)
{
    std::vector<char *> out;
    for (auto &s : strings)
        out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

QString howEnded(int status)
{
    if (WIFSIGNALED(status))
        return QStringLiteral("was killed by signal %1 (%2)").arg(WTERMSIG(status)).arg(QString::fromLatin1(strsignal(WTERMSIG(status))));
    return QStringLiteral("exited with status %1").arg(WEXITSTATUS(status));
}

} // namespace

LocalRanks::~LocalRanks()
{
    stopAll();
}

bool LocalRanks::start(const QString &program, const QStringList &arguments, const WorldInfo &world, int threads,
                       QString *error)
{
    std::vector<std::string> args{program.toStdString()};
    for (const QString &a : arguments)
        args.push_back(a.toStdString());
    const pid_t parent = getpid();
    for (int rank = 1; rank < world.size; ++rank) {
        auto env = childEnvironment(world, rank, threads);
        auto argv = pointers(args);
        auto envp = pointers(env);
        const pid_t pid = fork();
        if (pid == 0) {
            // Only async-signal-safe calls between fork and exec.
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent)
                _exit(127);
            dup2(STDERR_FILENO, STDOUT_FILENO);
            execve(argv[0], argv.data(), envp.data());
            _exit(127);
        }
        if (pid < 0) {
            *error = QStringLiteral("cannot start rank %1: %2").arg(rank).arg(QString::fromLocal8Bit(strerror(errno)));
            stopAll(0.0);
            return false;
        }
        std::lock_guard<std::mutex> lock(m_mutex);
        m_children.push_back({rank, pid, false, 0});
    }
    m_watcher = std::thread([this] { watch(); });
    return true;
}

void LocalRanks::watch()
{
    while (!m_quit.load()) {
        bool running = false;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            for (auto &c : m_children) {
                if (c.ended)
                    continue;
                int status = 0;
                const pid_t r = waitpid(c.pid, &status, WNOHANG);
                if (r == c.pid || (r < 0 && errno == ECHILD)) {
                    c.ended = true;
                    c.status = r == c.pid ? status : 0;
                } else {
                    running = true;
                }
            }
        }
        if (!running)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

QString LocalRanks::diagnosis() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    QStringList out;
    for (const auto &c : m_children)
        if (c.ended && c.status != 0)
            out << QStringLiteral("rank %1 (pid %2) %3").arg(c.rank).arg(c.pid).arg(howEnded(c.status));
    return out.join(QStringLiteral("; "));
}

std::vector<pid_t> LocalRanks::pids() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<pid_t> out;
    for (const auto &c : m_children)
        out.push_back(c.pid);
    return out;
}

bool LocalRanks::waitAll(double seconds)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            bool all = true;
            for (const auto &c : m_children)
                all = all && c.ended;
            if (all)
                break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto &c : m_children)
        if (!c.ended)
            return false;
    return true;
}

void LocalRanks::waitForAnyEnd(double seconds)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            for (const auto &c : m_children)
                if (c.ended)
                    return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

void LocalRanks::stopAll(double graceSeconds)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto &c : m_children)
            if (!c.ended)
                ::kill(c.pid, SIGTERM);
    }
    if (!waitAll(graceSeconds)) {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto &c : m_children)
            if (!c.ended)
                ::kill(c.pid, SIGKILL);  // also ends a stopped (SIGSTOP) or hung rank
    }
    waitAll(5.0);
    m_quit = true;
    if (m_watcher.joinable())
        m_watcher.join();
}

} // namespace gatefold::dist
