#include "killtesttrial.h"

#include "killtestprocess.h"

#include "train/checkpoint.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <csignal>
#include <thread>

namespace gatefold::killtest {
namespace {

constexpr int kRunTimeoutMs = 15 * 60 * 1000;

QString tail(const QString &path, int lines = 3)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QStringList all = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    return all.mid(std::max<qsizetype>(0, all.size() - lines)).join(QStringLiteral(" | "));
}

} // namespace

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + '/' + QDir(from).relativeFilePath(path);
        QDir().mkpath(QFileInfo(target).path());
        if (!QFile::copy(path, target))
            return false;
    }
    return true;
}

QString exportFolder(const QString &storeDir)
{
    return storeDir + QStringLiteral("/runs/1/export/best");
}

TrialRunner::TrialRunner(const CampaignOptions &options, const std::map<QString, RunReference> &references,
                         const std::map<QString, QString> &exportedSha, double trainSeconds, std::mt19937_64 &random)
    : m_options(options)
    , m_references(references)
    , m_exportedSha(exportedSha)
    , m_trainSeconds(trainSeconds)
    , m_random(random)
{
}

QString TrialRunner::logFile(const QString &what)
{
    return QStringLiteral("%1/%2-%3.log").arg(m_dir).arg(++m_logs, 2, 10, QLatin1Char('0')).arg(what);
}

bool TrialRunner::startAndKill(const QStringList &arguments, const KillAim &aim, const QString &log, TrialResult *result)
{
    m_events->drain();
    QStringList environment;
    if (!aim.killPoint.isEmpty())
        environment << QStringLiteral("GATEFOLD_TEST_KILL_AT=") + aim.killPoint;
    environment << aim.environment;
    EngineProcess victim(m_options.cli, arguments, log, environment);
    QElapsedTimer clock;
    clock.start();
    auto ended = [&] { return !victim.running(); };
    QString hit = aim.what;
    if (!aim.killPoint.isEmpty()) {
        // The engine kills itself there; its whole group goes after it.
        victim.wait(kRunTimeoutMs);
        const bool selfKilled = victim.killedBySignal() && victim.signal() == SIGKILL;
        ::kill(-victim.pid(), SIGKILL);  // anything it started goes too, as in a crash of the machine
        victim.waitGroupGone(30000);
        hit += QStringLiteral(" (%1 s)").arg(clock.elapsed() / 1000.0, 0, 'f', 2);
        if (selfKilled) {
            ++result->kills;
            result->aims << hit;
        } else {
            ++result->missed;
            result->aims << hit + QStringLiteral(" — missed: the engine never reached it (exit %1)").arg(victim.exitCode());
        }
        return selfKilled;
    }
    if (aim.delaySeconds >= 0) {
        while (!ended() && clock.elapsed() < aim.delaySeconds * 1000)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        hit += QStringLiteral(" (%1 s)").arg(aim.delaySeconds, 0, 'f', 2);
    } else {
        const auto event = m_events->waitFor(aim.match, kRunTimeoutMs, ended);
        if (event)
            hit += QStringLiteral(" (%1 %2 at %3 s)").arg(event->name(), toString(event->kind)).arg(clock.elapsed() / 1000.0, 0, 'f', 2);
    }
    const bool interrupted = aim.leaderOnly ? victim.killLeader() : victim.killGroup();
    if (aim.leaderOnly)
        victim.waitGroupGone(kRunTimeoutMs);  // its engines go on (or die when their output pipe breaks)
    if (interrupted) {
        ++result->kills;
        result->aims << hit;
    } else {
        ++result->missed;
        result->aims << hit + QStringLiteral(" — missed: it had ended (exit %1)").arg(victim.exitCode());
    }
    return interrupted;
}

StoreState TrialRunner::afterKill(TrialResult *result)
{
    const StoreState killed = readStore(m_store);
    checkAfterKill(killed, &result->problems);
    // The next CLI touch marks every run whose engine died as crashed.
    const QString log = logFile(QStringLiteral("touch"));
    const int code = runToEnd(m_options.cli, {"runs", "list", "--store", m_store, "--json"}, log, kRunTimeoutMs);
    if (killed.exists && code != 0)
        result->problems.add(QStringLiteral("touch-failed"),
                             QStringLiteral("runs list exits %1 after the kill: %2").arg(code).arg(tail(log)));
    const StoreState touched = readStore(m_store);
    for (const auto &[id, run] : killed.runs) {
        const auto it = touched.runs.find(id);
        if (run.status == QLatin1String("running") && (it == touched.runs.end() || it->second.status != QLatin1String("crashed")))
            result->problems.add(QStringLiteral("not-crashed"),
                                 QStringLiteral("run %1 was running when its engine was killed and is %2 after the next CLI touch")
                                     .arg(id)
                                     .arg(it == touched.runs.end() ? QStringLiteral("gone") : it->second.status));
    }
    return killed;
}

void TrialRunner::bringRunsToEnd(TrialResult *result, StoreState *committed)
{
    bool killAgain = std::uniform_real_distribution<double>(0, 1)(m_random) < m_options.secondKill;
    for (int round = 0; round < 4; ++round) {
        const StoreState state = readStore(m_store);
        bool allDone = true;
        for (const auto &[id, run] : state.runs) {
            if (run.status == QLatin1String("finished"))
                continue;
            allDone = false;
            const bool queued = run.status == QLatin1String("queued");
            const QStringList args = {queued ? "train" : "resume", "--run", QString::number(id), "--store", m_store, "--json"};
            const QString log = logFile(queued ? QStringLiteral("start") : QStringLiteral("resume"));
            if (killAgain && !queued) {
                killAgain = false;
                KillAim aim;
                aim.what = QStringLiteral("resume of run %1 at a random moment").arg(id);
                aim.delaySeconds = std::uniform_real_distribution<double>(0.3, m_trainSeconds)(m_random);
                if (startAndKill(args, aim, log, result)) {
                    const StoreState again = afterKill(result);
                    // What this kill left committed counts too.
                    for (const auto &[rid, r] : again.runs)
                        for (const auto &[key, value] : r.metrics)
                            committed->runs[rid].metrics.insert({key, value});
                }
                continue;
            }
            const int code = runToEnd(m_options.cli, args, log, kRunTimeoutMs);
            if (code != 0)
                result->problems.add(QStringLiteral("resume-failed"),
                                     QStringLiteral("%1 of run %2 exits %3: %4").arg(args[0]).arg(id).arg(code).arg(tail(log)));
        }
        if (allDone)
            return;
    }
}

void TrialRunner::checkExport(const StoreState &state, bool final, TrialResult *result)
{
    // Every export record names a file with exactly the recorded bytes.
    for (const auto &[id, run] : state.runs)
        for (const auto &a : run.artifacts) {
            if (!a.kind.startsWith(QLatin1String("export/")))
                continue;
            const QString path = artifactPath(m_store, a);
            const QString sha = train::sha256OfFile(path);
            if (sha != a.sha256)
                result->problems.add(QStringLiteral("export-record"),
                                     QStringLiteral("run %1 %2 records %3 with sha256 %4, the file is %5")
                                         .arg(id).arg(a.kind, path, a.sha256.left(12), sha.isEmpty() ? "missing" : sha.left(12)));
        }
    if (!final)
        return;
    QDirIterator it(exportFolder(m_dir), QDir::Files);
    std::map<QString, QString> found;
    while (it.hasNext()) {
        const QString path = it.next();
        if (it.fileName().contains(QLatin1String(".tmp-")))
            result->problems.add(QStringLiteral("leftover-temp"), QStringLiteral("%1 is left behind").arg(path));
        else
            found[it.fileName()] = train::sha256OfFile(path);
    }
    for (const auto &[name, sha] : m_exportedSha) {
        const auto f = found.find(name);
        if (f == found.end() || f->second != sha)
            result->problems.add(QStringLiteral("export-differs"),
                                 QStringLiteral("%1 %2 after the export is redone").arg(name, f == found.end() ? "is missing" : "differs from an uninterrupted export"));
    }
}

TrialResult TrialRunner::run(const QString &scenario, int index, const QString &dir, const TrialSetup &setup)
{
    TrialResult result;
    result.scenario = scenario;
    result.trial = index;
    m_dir = dir;
    m_store = dir + QStringLiteral("/runs.sqlite");
    m_logs = 0;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    if (!setup.copyFrom.isEmpty() && !copyTree(setup.copyFrom, dir)) {
        result.problems.add(QStringLiteral("setup"), QStringLiteral("cannot copy %1").arg(setup.copyFrom));
        return result;
    }
    m_events = std::make_unique<FileEvents>();
    m_events->watchTree(dir);
    QStringList arguments = setup.arguments;
    arguments.replaceInStrings(QStringLiteral("@STORE@"), m_store);
    startAndKill(arguments, setup.aim, logFile(QStringLiteral("victim")), &result);
    StoreState committed = afterKill(&result);
    if (setup.victim == Victim::Export) {
        checkExport(committed, false, &result);
        const QString log = logFile(QStringLiteral("export"));
        const int code = runToEnd(m_options.cli, arguments, log, kRunTimeoutMs);
        if (code != 0)
            result.problems.add(QStringLiteral("resume-failed"), QStringLiteral("the export again exits %1: %2").arg(code).arg(tail(log)));
        checkExport(readStore(m_store), true, &result);
        return result;
    }
    if (readStore(m_store).runs.empty()) {
        // Killed before any run was created (while the store was made): the user gives the command again.
        const QString log = logFile(QStringLiteral("again"));
        const int code = runToEnd(m_options.cli, arguments, log, kRunTimeoutMs);
        if (code != 0)
            result.problems.add(QStringLiteral("resume-failed"),
                                QStringLiteral("the command given again exits %1: %2").arg(code).arg(tail(log)));
    }
    bringRunsToEnd(&result, &committed);
    const StoreState final = readStore(m_store);
    checkAfterKill(final, &result.problems);
    if (final.runs.empty() && committed.exists)
        result.problems.add(QStringLiteral("not-finished"), QStringLiteral("the store holds no run after the trial"));
    for (const auto &[id, run] : final.runs) {
        const auto ref = m_references.find(run.name);
        if (ref == m_references.end()) {
            result.problems.add(QStringLiteral("setup"), QStringLiteral("no reference for run %1 '%2'").arg(id).arg(run.name));
            continue;
        }
        checkCommittedKept(committed.runs[id], run, &result.problems);
        checkFinishedRun(m_store, run, ref->second, &result.problems);
    }
    return result;
}

} // namespace gatefold::killtest
