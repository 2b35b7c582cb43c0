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
#include <QThread>
#include <QTimer>

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

} // namespace

int runQueueCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Train runs already queued in the store (RUN… in order; --resume RUN continues a stopped one), N at a\n"
           "time, each as its own detached engine (its events and log in runs/<id>/). The runs are taken over\n"
           "first: a window started meanwhile follows them instead of offering them as stranded. Ends when they\n"
           "have all ended; SIGTERM stops it from starting more (those stay queued, the running ones go on)."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"parallel", tr("How many runs train at once, counting the --after runs."), tr("n"),
                      QStringLiteral("1")});
    parser.addOption({"after", tr("A run already training on this machine: it holds a place until it ends "
                                  "(repeatable)."),
                      tr("id")});
    parser.addOption({"resume", tr("Resume this run (failed, cancelled or crashed) in its turn (repeatable)."),
                      tr("id")});
    parser.addOption({"handed-by", tr("The process handing the runs over (a window that quits): they are taken "
                                      "over once it has exited."),
                      tr("pid")});
    parser.addPositionalArgument(QStringLiteral("RUN"), tr("Queued runs to train, in order."), QStringLiteral("[RUN…]"));
    if (const auto exitCode = parseOrExit(parser, arguments, /*allowPositional=*/true))
        return *exitCode;
    QStringList errors;
    bool parallelOk = false;
    const int parallel = parser.value("parallel").toInt(&parallelOk);
    if (!parallelOk || parallel < 1)
        errors << tr("--parallel must be a whole number >= 1, not '%1'").arg(parser.value("parallel"));
    const auto handedBy = ids(parser.isSet("handed-by") ? QStringList{parser.value("handed-by")} : QStringList{},
                              QStringLiteral("--handed-by"), &errors);
    const auto train = ids(parser.positionalArguments(), QStringLiteral("RUN"), &errors);
    const auto after = ids(parser.values("after"), QStringLiteral("--after"), &errors);
    const auto resume = ids(parser.values("resume"), QStringLiteral("--resume"), &errors);
    if (!errors.isEmpty() || !train || !after || !resume || !handedBy) {
        printErrors(tr("invalid options:"), errors);
        return ExitUsage;
    }
    QString error;
    auto store = store::RunStore::open(storePathFromOptions(parser), &error);
    if (!store) {
        printErr(tr("error: %1").arg(error));
        return ExitFailure;
    }

    launch::RunQueue queue(QCoreApplication::applicationFilePath(), store->path());
    queue.setParallel(parallel);
    int failed = 0;
    QObject::connect(&queue, &launch::RunQueue::runFinished, &queue,
                     [&failed](qint64 id, const QString &status, const QString &message) {
                         say(tr("run %1 %2: %3").arg(id).arg(status, message));
                         failed += status != QLatin1String("finished") ? 1 : 0;
                     });
    qsizetype holding = 0;
    for (qint64 id : *after) {
        const auto run = store->run(id);
        if (run && run->status == store::RunStatus::Running)
            if (const auto engine = launch::LocalProcess::holderOf(*run); engine && queue.attach(id, *engine)) {
                say(tr("run %1 trains already (pid %2): it holds a place until it ends").arg(id).arg(run->pid));
                ++holding;
            }
    }
    // The runs are the window's until it has gone; then they are this queue's (no window offers
    // them as stranded while it lives).
    if (!handedBy->isEmpty())
        if (const auto window = launch::LocalProcess::find(handedBy->first())) {
            say(tr("waiting for process %1 to exit").arg(window->pid));
            while (window->isAlive())
                QThread::msleep(50);
        }
    for (qint64 id : *train) {
        const auto run = store->run(id);
        if (!run || run->status != store::RunStatus::Queued) {
            say(tr("run %1 is %2, not queued: skipped").arg(id).arg(run ? store::toString(run->status) : tr("not in the store")));
            continue;
        }
        if (!store->adoptRuns({id})) {  // its owner lives (it will start it) or someone took it meanwhile
            say(tr("run %1 skipped: %2").arg(id).arg(store->lastError()));
            continue;
        }
        queue.enqueue(id);
    }
    for (qint64 id : *resume)
        queue.enqueue(id, launch::RunProcess::Mode::Resume);
    say(tr("%1 run(s) to start, %2 at a time, in %3")
            .arg(queue.queued().size() + queue.running().size() - holding)
            .arg(parallel)
            .arg(store->displayName()));

    const std::atomic<bool> *stop = installStopHandlers();
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
    say(tr("done"));
    return failed > 0 ? ExitFailure : ExitOk;
}

} // namespace gatefold::cli
