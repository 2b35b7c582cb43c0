// ASHA over a synthetic store of learning curves (issue 21): a hand-worked sweep of 9 runs, eta = 3,
// rungs at epochs 1, 3 and 9, trained one at a time by a synthetic engine that writes each run's
// curve into a real SQLite store as the engine would (running, metrics per epoch, stopped/finished).
// The controller must prescribe exactly the jobs worked out by hand below, decide the same from a
// fresh controller after every job (it reads only the store), and continue an interrupted run from
// where it was rather than start it again.

#include <QtTest/QtTest>

#include "config/runconfigjson.h"
#include "search/asha.h"
#include "search/ashacontroller.h"
#include "search/ashastore.h"
#include "store/runstore.h"

#include <QJsonDocument>
#include <QTemporaryDir>

#include <memory>

using namespace gatefold;
using search::AshaJob;

namespace {

// val/top1 of run i (1-based) at rungs 1, 3 and 9; between rungs the curve is flat.
//            run:      1     2     3     4     5     6     7     8     9
const double kRung1[] = {0.30, 0.50, 0.20, 0.60, 0.10, 0.40, 0.70, 0.35, 0.25};
const double kRung3[] = {0.45, 0.55, 0.30, 0.65, 0.20, 0.50, 0.75, 0.40, 0.30};
const double kRung9[] = {0.60, 0.70, 0.40, 0.80, 0.30, 0.60, 0.85, 0.50, 0.40};

double curve(int run, int epoch)  // run 1-based
{
    const size_t i = size_t(run - 1);
    return epoch < 3 ? kRung1[i] : epoch < 9 ? kRung3[i] : kRung9[i];
}

search::AshaSettings settings()
{
    search::AshaSettings s;
    s.metric = QStringLiteral("val/top1");
    s.maximise = true;
    s.rungs = {1, 3, 9};
    s.eta = 3;
    return s;
}

QString describe(const AshaJob &job)
{
    switch (job.kind) {
    case AshaJob::Kind::None: return QStringLiteral("none");
    case AshaJob::Kind::Start: return QStringLiteral("start %1 to %2").arg(job.runId).arg(job.stopAtEpoch);
    case AshaJob::Kind::Continue: return QStringLiteral("continue %1 to %2").arg(job.runId).arg(job.stopAtEpoch);
    case AshaJob::Kind::Promote:
        return QStringLiteral("promote %1 from rung %2 to %3").arg(job.runId).arg(job.fromRung + 1).arg(job.stopAtEpoch);
    }
    return {};
}

} // namespace

class TstAsha : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void handWorkedSweep_data();
    void handWorkedSweep();
    void interruptedRunContinuesWhereItWas();
    void rankingRules();
    void settingsRefused();

private:
    // The synthetic engine: trains run `id` (ids 1..9 of the sweep) from the epoch after its last
    // point to `stopAt` (-1: its end, 9), one val/top1 point per epoch, then ends stopped or finished.
    void train(qint64 id, int stopAt);
    qint64 lastEpoch(qint64 id);
    int runNumber(qint64 id) const { return int(id - m_firstId) + 1; }

    QTemporaryDir m_dir;
    std::unique_ptr<store::RunStore> m_store;
    qint64 m_sweep = 0;
    qint64 m_firstId = 0;
    QStringList m_trained;  // what the engine was asked, as "run:from-to"
};

void TstAsha::init()
{
    static int n = 0;
    QString error;
    m_store = store::RunStore::open(m_dir.filePath(QStringLiteral("asha-%1.sqlite").arg(++n)), &error);
    QVERIFY2(m_store, qPrintable(error));
    const QByteArray search = QJsonDocument(QJsonObject{{"early_stop", settings().toJson()}}).toJson();
    m_sweep = *m_store->createSweep(QStringLiteral("asha"), "{}", search);
    train::RunConfig config;
    config.train.epochs = 9;
    m_firstId = 0;
    for (int i = 1; i <= 9; ++i) {
        store::NewRun run;
        run.name = QStringLiteral("run %1").arg(i);
        run.configJson = train::runConfigToJson(config);
        run.sweepId = m_sweep;
        const auto id = m_store->createRun(run);
        QVERIFY(id);
        if (i == 1)
            m_firstId = *id;
    }
    m_trained.clear();
}

qint64 TstAsha::lastEpoch(qint64 id)
{
    const auto s = m_store->metricSummary(id, QStringLiteral("val/top1"));
    return s.count == 0 ? 0 : s.lastStep;  // one step per epoch here
}

void TstAsha::train(qint64 id, int stopAt)
{
    const int from = int(lastEpoch(id)) + 1, to = stopAt < 0 ? 9 : stopAt;
    m_trained << QStringLiteral("%1:%2-%3").arg(runNumber(id)).arg(from).arg(to);
    QVERIFY(m_store->setStatus(id, store::RunStatus::Running));
    std::vector<store::MetricPoint> points;
    for (int e = from; e <= to; ++e)
        points.push_back({QStringLiteral("val/top1"), e, double(e), 0, curve(runNumber(id), e)});
    QVERIFY(m_store->addMetrics(id, points));
    QVERIFY(m_store->setStatus(id, to < 9 ? store::RunStatus::Stopped : store::RunStatus::Finished));
}

void TstAsha::handWorkedSweep_data()
{
    QTest::addColumn<bool>("restartEveryJob");
    QTest::newRow("one controller") << false;
    QTest::newRow("a new controller for every job") << true;
}

// One slot. Worked by hand (rung r holds n runs: the best floor(n / 3) go on):
//  start 1 (0.30), start 2 (0.50), start 3 (0.20) — rung 1 holds 3: its best, run 2, goes on to epoch 3;
//  start 4 (0.60): rung 1 holds 4, best 1 = run 4 → promoted; start 5 (0.10), start 6 (0.40): rung 1 holds
//  6, the best 2 (4, 2) went on already; start 7 (0.70): best 2 = 7, 4 → 7 promoted, reaches rung 2 with
//  0.75: rung 2 holds 2, 4, 7 → its best, 7, goes on to its end (epoch 9, the last rung: finished);
//  start 8, start 9: rung 1 holds 9, the best 3 (7, 4, 2) went on; nothing is left.
void TstAsha::handWorkedSweep()
{
    QFETCH(bool, restartEveryJob);
    auto controller = std::make_unique<search::AshaController>(*m_store, m_sweep, settings());
    QStringList jobs;
    for (int guard = 0; guard < 40; ++guard) {
        if (restartEveryJob)
            controller = std::make_unique<search::AshaController>(*m_store, m_sweep, settings());
        const AshaJob job = controller->next();
        if (job.kind == AshaJob::Kind::None)
            break;
        const AshaJob shown{job.kind, job.runId - m_firstId + 1, job.fromRung, job.stopAtEpoch};
        jobs << describe(shown);
        train(job.runId, job.stopAtEpoch);
        if (m_store->run(job.runId)->status == store::RunStatus::Stopped) {
            if (restartEveryJob)
                controller = std::make_unique<search::AshaController>(*m_store, m_sweep, settings());
            controller->arrived(job.runId);
        }
    }
    controller->refreshWaiting();
    QCOMPARE(jobs, (QStringList{"start 1 to 1", "start 2 to 1", "start 3 to 1", "promote 2 from rung 1 to 3",
                                "start 4 to 1", "promote 4 from rung 1 to 3", "start 5 to 1", "start 6 to 1",
                                "start 7 to 1", "promote 7 from rung 1 to 3", "promote 7 from rung 2 to -1",
                                "start 8 to 1", "start 9 to 1"}));
    // Resumed, never retrained: every epoch of every run was trained once.
    QCOMPARE(m_trained, (QStringList{"1:1-1", "2:1-1", "3:1-1", "2:2-3", "4:1-1", "4:2-3", "5:1-1", "6:1-1",
                                     "7:1-1", "7:2-3", "7:4-9", "8:1-1", "9:1-1"}));
    QStringList ends;
    for (int i = 1; i <= 9; ++i) {
        const auto run = m_store->run(m_firstId + i - 1);
        ends << QStringLiteral("%1 %2").arg(i).arg(store::toString(run->status));
    }
    QCOMPARE(ends, (QStringList{"1 stopped", "2 stopped", "3 stopped", "4 stopped", "5 stopped", "6 stopped",
                                "7 finished", "8 stopped", "9 stopped"}));
    // Why each stopped run waits, at its standing at the end.
    QCOMPARE(m_store->run(m_firstId)->message,
             QStringLiteral("ASHA rung 1 of 3 (epoch 1): val/top1 0.3000 ranks 6 of 9; the best 3 go on"));
    QCOMPARE(m_store->run(m_firstId + 3)->message,
             QStringLiteral("ASHA rung 2 of 3 (epoch 3): val/top1 0.6500 ranks 2 of 3; the best 1 go on"));
    const auto decision = search::newestDecision(*m_store, m_firstId + 6);
    QVERIFY(decision && decision->promoted && decision->rung == 1);
    QVERIFY(!search::newestDecision(*m_store, m_firstId + 2) || !search::newestDecision(*m_store, m_firstId + 2)->promoted);
}

// A promoted run whose engine was cancelled on its way (its controller stopped) is continued to the
// rung it was promoted towards — before anything else — and starts from its last epoch.
void TstAsha::interruptedRunContinuesWhereItWas()
{
    search::AshaController controller(*m_store, m_sweep, settings());
    for (int i = 0; i < 3; ++i) {
        const AshaJob job = controller.next();
        train(job.runId, job.stopAtEpoch);
        controller.arrived(job.runId);
    }
    const AshaJob promote = controller.next();
    QCOMPARE(describe({promote.kind, promote.runId - m_firstId + 1, promote.fromRung, promote.stopAtEpoch}),
             QStringLiteral("promote 2 from rung 1 to 3"));
    {
        // Its controller dies before the engine claims it: the run is still stopped, promoted — continued.
        search::AshaController beforeTheEngine(*m_store, m_sweep, settings());
        const AshaJob job = beforeTheEngine.next();
        QCOMPARE(describe({job.kind, job.runId - m_firstId + 1, job.fromRung, job.stopAtEpoch}),
                 QStringLiteral("continue 2 to 3"));
    }
    // Its engine gets to epoch 2 and is cancelled (SIGTERM to the sweep).
    QVERIFY(m_store->setStatus(promote.runId, store::RunStatus::Running));
    QVERIFY(m_store->addMetrics(promote.runId, {{QStringLiteral("val/top1"), 2, 2.0, 0, 0.52}}));
    QVERIFY(m_store->setStatus(promote.runId, store::RunStatus::Cancelled));
    search::AshaController restarted(*m_store, m_sweep, settings());
    const AshaJob job = restarted.next();
    QCOMPARE(describe({job.kind, job.runId - m_firstId + 1, job.fromRung, job.stopAtEpoch}),
             QStringLiteral("continue 2 to 3"));
    // Cancelled by a person while a controller runs: left alone.
    restarted.leaveAlone(promote.runId);
    QCOMPARE(restarted.next().kind, AshaJob::Kind::Start);
}

void TstAsha::rankingRules()
{
    search::AshaSettings s = settings();
    std::vector<search::AshaRun> runs(4);
    const double nan = std::nan("");
    const double values[] = {0.5, nan, 0.5, 0.9};
    for (int i = 0; i < 4; ++i) {
        runs[size_t(i)].id = 10 + i;
        runs[size_t(i)].epochs = 9;
        runs[size_t(i)].phase = search::RunPhase::Waiting;
        runs[size_t(i)].valueAt = {values[i], std::nullopt, std::nullopt};
    }
    // Highest first; a value that is no number (a diverged run) last; ties: the lower id first.
    QCOMPARE(search::standingAt(runs, s, 13, 0).rank, 1);
    QCOMPARE(search::standingAt(runs, s, 10, 0).rank, 2);
    QCOMPARE(search::standingAt(runs, s, 12, 0).rank, 3);
    QCOMPARE(search::standingAt(runs, s, 11, 0).rank, 4);
    QCOMPARE(search::standingAt(runs, s, 11, 0).promotable, 1);
    s.maximise = false;  // --mode min: the lowest first, still no number last
    QCOMPARE(search::standingAt(runs, s, 10, 0).rank, 1);
    QCOMPARE(search::standingAt(runs, s, 11, 0).rank, 4);
    QCOMPARE(search::nextJob(runs, s).runId, 10);
    // A rung that is a run's end promotes nobody; the last rung below the end trains to the end.
    QCOMPARE(search::nextStop(s, -1, 9), 1);
    QCOMPARE(search::nextStop(s, 0, 9), 3);
    QCOMPARE(search::nextStop(s, 1, 9), -1);
    QCOMPARE(search::nextStop(s, 1, 12), 9);
    QCOMPARE(search::nextStop(s, 2, 12), -1);
}

void TstAsha::settingsRefused()
{
    QString error;
    QVERIFY(!search::parseRungs(QStringLiteral("1,x"), &error));
    QVERIFY(error.contains(QStringLiteral("'x'")));
    QVERIFY(!search::parseRungs(QStringLiteral("0,3"), &error));
    QCOMPARE(*search::parseRungs(QStringLiteral(" 1, 3 ,9"), &error), (std::vector<int>{1, 3, 9}));
    search::AshaSettings s = settings();
    QVERIFY(s.problems(9).isEmpty());
    QVERIFY(s.problems(8).join(' ').contains(QStringLiteral("rung 9 lies beyond the runs' end")));
    s.rungs = {3, 3};
    QVERIFY(s.problems(9).join(' ').contains(QStringLiteral("beyond the one before")));
    s.rungs = {1};
    s.eta = 1;
    QVERIFY(s.problems(9).join(' ').contains(QStringLiteral("--eta")));
    QStringList errors;
    QVERIFY(!search::AshaSettings::fromJson(QJsonObject{{"kind", "hyperband"}}, &errors));
    QVERIFY(errors.size() >= 2);
    const auto back = search::AshaSettings::fromJson(settings().toJson(), &errors);
    QVERIFY(back && back->rungs == settings().rungs && back->eta == 3 && back->maximise);
    QVERIFY(!search::ashaOfSearch("{}"));
    QVERIFY(!search::ashaOfSearch("not json"));
}

QTEST_GUILESS_MAIN(TstAsha)
#include "tst_asha.moc"
