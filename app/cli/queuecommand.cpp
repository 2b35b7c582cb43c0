#include "queuecommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"
#include "stopsignal.h"

#include "launch/localprocess.h"
#include "launch/runqueue.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <limits>

#include <sys/types.h>

namespace gatefold::cli {
namespace {

void say(const QString &text)
{
    printOut(QStringLiteral("%1 queue (pid %2): %3")
                 .arg(QDateTime::currentDateTime().toString(Qt::ISODate))
                 .arg(QCoreApplication::applicationPid())
                 .arg(text));
}

std::optional<QList<qint64>> ids(const QStringList &texts, const QString &what, QStringList *errors)
{
    QList<qint64> out;
    for (const QString &t : texts) {
        bool ok = false;
        const qint64 id = t.toLongLong(&ok);
        if (!ok || id <= 0) {
            errors->append(tr("%1 '%2' is not a run id (a whole number > 0)").arg(what, t));
            return std::nullopt;
        }
        out << id;
    }
    return out;
}

// --handed-by PID: a process id, not a run's.
std::optional<qint64> handedByOption(const QCommandLineParser &parser, QStringList *errors)
{
    if (!parser.isSet("handed-by"))
        return 0;
    bool ok = false;
    const qint64 pid = parser.value("handed-by").toLongLong(&ok);
    if (ok && pid > 0 && pid <= std::numeric_limits<pid_t>::max())
        return pid;
    errors->append(tr("--handed-by '%1' is not a process id (a whole number > 0: the pid of the window handing the "
                      "runs over)")
                       .arg(parser.value("handed-by")));
    return std::nullopt;
}

// The name the kernel gives process `pid` (/proc/<pid>/comm, readable for any user's process).
QString commandName(qint64 pid)
{
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
    return comm.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(comm.read(64)).trimmed() : QString();
}

// Why waiting for `process` to hand runs over would be waiting in vain (empty: it may hand them
// over): it is this queue, or neither a Gatefold program nor the holder of a run handed over.
QString handOverProblem(store::RunStore &store, const launch::LocalProcess &process, const QList<qint64> &runs)
{
    if (process.pid == QCoreApplication::applicationPid())
        return tr("--handed-by %1 is this queue itself; give the pid of the window handing the runs over").arg(process.pid);
    for (qint64 id : runs)
        if (const auto run = store.run(id); run && run->pid == process.pid && launch::LocalProcess::holderOf(*run))
            return {};
    const QString name = commandName(process.pid);
    if (name.startsWith(QLatin1String("gatefold")))
        return {};
    return tr("--handed-by %1: process %1 (%2) is not a Gatefold window and holds none of the runs handed over, so "
              "waiting for it to exit could last for ever; give the pid of the window that queued them, or leave "
              "--handed-by out")
        .arg(process.pid)
        .arg(name.isEmpty() ? tr("another user's, or gone") : name);
}

// Waits until process `pid` has exited (a window that quits); false when stopped first (SIGTERM).
bool waitForHandOver(const launch::LocalProcess &window, const std::atomic<bool> *stop)
{
    say(tr("waiting for process %1 to exit").arg(window.pid));
    while (window.isAlive()) {
        if (stop->load())
            return false;
        QThread::msleep(50);
    }
    return true;
}

// Which --resume runs may be resumed now (failed, cancelled, crashed or stopped); each other one is said.
QList<qint64> resumable(store::RunStore &store, const QList<qint64> &ids, int *refused)
{
    QList<qint64> out;
    for (qint64 id : ids) {
        const auto run = store.run(id);
        if (run && store::isResumable(run->status)) {
            out << id;
            continue;
        }
        ++*refused;
        say(!run ? tr("run %1 is not in the store: not resumed").arg(id)
                 : tr("run %1 is %2: only failed, cancelled, crashed or stopped runs can be resumed; not resumed (refused)")
                       .arg(id)
                       .arg(store::toString(run->status)));
    }
    return out;
}

// The --after runs still training: each holds a place in the queue until it ends. How many.
qsizetype holdPlaces(store::RunStore &store, launch::RunQueue &queue, const QList<qint64> &after)
{
    qsizetype holding = 0;
    for (qint64 id : after) {
        const auto run = store.run(id);
        if (run && run->status == store::RunStatus::Running)
            if (const auto engine = launch::LocalProcess::holderOf(*run); engine && queue.attach(id, *engine)) {
                say(tr("run %1 trains already (pid %2): it holds a place until it ends").arg(id).arg(run->pid));
                ++holding;
            }
    }
    return holding;
}

// The queued runs, taken over from whoever queued them: those still queued and not held by a live owner.
void takeOver(store::RunStore &store, launch::RunQueue &queue, const QList<qint64> &train)
{
    for (qint64 id : train) {
        const auto run = store.run(id);
        if (!run || run->status != store::RunStatus::Queued) {
            say(tr("run %1 is %2, not queued: skipped").arg(id).arg(run ? store::toString(run->status) : tr("not in the store")));
            continue;
        }
        if (!store.adoptRuns({id})) {  // its owner lives (it will start it) or someone took it meanwhile
            say(tr("run %1 skipped: %2").arg(id).arg(store.lastError()));
            continue;
        }
        queue.enqueue(id);
    }
}

// What `queue` is asked to do, every option checked.
struct QueueRequest {
    QString storePath;
    int parallel = 1;
    qint64 handedBy = 0;   // 0: no process hands the runs over
    QList<qint64> train;   // queued runs, in order
    QList<qint64> after;   // runs already training, holding places
    QList<qint64> resume;  // runs to resume in their turn
};

void addQueueOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Train runs already queued in the store (RUN… in order; --resume RUN continues a stopped one), N at a\n"
           "time, each as its own detached engine (its events and log in runs/<id>/). The runs are taken over\n"
           "first: a window started meanwhile follows them instead of offering them as stranded. Ends when they\n"
           "have all ended; SIGTERM stops it from starting more (those stay queued, the running ones go on)."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"parallel", tr("How many runs train at once, counting the --after runs (1 to %1).").arg(kMaxParallel),
                      tr("n"), QStringLiteral("1")});
    parser.addOption({"after", tr("A run already training on this machine: it holds a place until it ends "
                                  "(repeatable)."),
                      tr("id")});
    parser.addOption({"resume", tr("Resume this run (failed, cancelled, crashed or stopped) in its turn (repeatable)."),
                      tr("id")});
    parser.addOption({"handed-by", tr("The process handing the runs over (a window that quits): they are taken "
                                      "over once it has exited."),
                      tr("pid")});
    parser.addPositionalArgument(QStringLiteral("RUN"), tr("Queued runs to train, in order."), QStringLiteral("[RUN…]"));
}

// Every problem of the options printed at once; nullopt when there was any.
std::optional<QueueRequest> queueRequest(const QCommandLineParser &parser)
{
    QStringList errors;
    const int parallel = parallelFromOptions(parser, &errors);
    const auto handedBy = handedByOption(parser, &errors);
    const auto train = ids(parser.positionalArguments(), QStringLiteral("RUN"), &errors);
    const auto after = ids(parser.values("after"), QStringLiteral("--after"), &errors);
    const auto resume = ids(parser.values("resume"), QStringLiteral("--resume"), &errors);
    if (!errors.isEmpty() || !train || !after || !resume || !handedBy) {
        printErrors(tr("invalid options:"), errors);
        return std::nullopt;
    }
    return QueueRequest{storePathFromOptions(parser), parallel, *handedBy, *train, *after, *resume};
}

// The runs are the window's until it has gone; then they are this queue's (no window offers them as
// stranded while it lives). The exit code when the queue must not go on (a process that would never
// hand them over, or stopped while waiting), else nullopt.
std::optional<int> waitForWindow(store::RunStore &store, const QueueRequest &request, const std::atomic<bool> *stop)
{
    const auto window = request.handedBy > 0 ? launch::LocalProcess::find(request.handedBy) : std::nullopt;
    if (!window)
        return std::nullopt;
    if (const QString problem = handOverProblem(store, *window, request.train); !problem.isEmpty()) {
        printErr(tr("error: %1").arg(problem));
        return ExitUsage;
    }
    if (!waitForHandOver(*window, stop)) {
        say(tr("stopped while waiting for process %1: the runs stay as they are").arg(window->pid));
        return ExitCancelled;
    }
    return std::nullopt;
}

// Starts the runs N at a time and waits until all have ended or a SIGTERM came; how many did not finish.
int trainQueued(store::RunStore &store, const QueueRequest &request, const std::atomic<bool> *stop)
{
    launch::RunQueue queue(QCoreApplication::applicationFilePath(), store.path());
    queue.setParallel(request.parallel);
    int failed = 0;
    QObject::connect(&queue, &launch::RunQueue::runFinished, &queue,
                     [&failed](qint64 id, const QString &status, const QString &message) {
                         say(tr("run %1 %2: %3").arg(id).arg(status, message));
                         failed += status != QLatin1String("finished") ? 1 : 0;
                     });
    const qsizetype holding = holdPlaces(store, queue, request.after);
    takeOver(store, queue, request.train);
    for (qint64 id : resumable(store, request.resume, &failed))  // checked here: a refused resume starts no engine
        queue.enqueue(id, launch::RunProcess::Mode::Resume);
    say(tr("%1 run(s) to start, %2 at a time, in %3")
            .arg(queue.queued().size() + queue.running().size() - holding)
            .arg(request.parallel)
            .arg(store.displayName()));

    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &queue, [&queue, stop] {
        if (stop->load()) {  // the engines are detached: they go on without this queue
            const auto left = queue.takeWaiting();
            say(tr("stopped: %1 run(s) stay queued; the running ones go on").arg(left.size()));
            QCoreApplication::quit();
            return;
        }
        if (queue.queued().isEmpty() && queue.running().isEmpty())
            QCoreApplication::quit();
    });
    tick.start(500);
    QCoreApplication::exec();
    return failed;
}

} // namespace

int runQueueCommand(const QStringList &arguments)
{
    const std::atomic<bool> *stop = installStopHandlers();  // from the start: a SIGTERM while waiting closes the store
    QCommandLineParser parser;
    addQueueOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments, /*allowPositional=*/true))
        return *exitCode;
    const auto request = queueRequest(parser);
    if (!request)
        return ExitUsage;
    QString error;
    auto store = store::RunStore::open(request->storePath, &error);
    if (!store) {
        printErr(tr("error: %1").arg(error));
        return ExitFailure;
    }
    if (const auto exitCode = waitForWindow(*store, *request, stop))
        return *exitCode;
    const int failed = trainQueued(*store, *request, stop);
    say(tr("done"));
    return failed > 0 ? ExitFailure : ExitOk;
}

} // namespace gatefold::cli
