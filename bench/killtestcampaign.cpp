#include "killtestcampaign.h"

#include "killtestprocess.h"
#include "killtesttrial.h"
#include "killtestwatch.h"

#include "train/checkpoint.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>

#include <array>
#include <cstdio>
#include <memory>

namespace gatefold::killtest {
namespace {

constexpr int kTimeoutMs = 15 * 60 * 1000;

// The n-th event of `kind` on a file whose name matches `pattern`.
std::function<bool(const FileEvent &)> nth(FileEvent::Kind kind, const QString &pattern, int n)
{
    auto seen = std::make_shared<int>(0);
    const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
    return [=](const FileEvent &e) { return e.kind == kind && re.match(e.name()).hasMatch() && ++*seen == n; };
}

// The n-th time a file whose name matches `pattern` appears under its final
// name: renamed over an old one, or linked in where there was none (QSaveFile
// and the engine's step files link a new name; no rename event then).
std::function<bool(const FileEvent &)> nthPlaced(const QString &pattern, int n)
{
    auto seen = std::make_shared<int>(0);
    const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
    return [=](const FileEvent &e) {
        return (e.kind == FileEvent::MovedIn || e.kind == FileEvent::Created) && re.match(e.name()).hasMatch()
            && ++*seen == n;
    };
}

int uniform(std::mt19937_64 &random, int lo, int hi)
{
    return std::uniform_int_distribution<int>(lo, hi)(random);
}

// 1, 2, …, maxN, 1, … over a scenario's trials: with --repeat >= maxN every
// window (the n-th checkpoint, the n-th flush) is hit at least once.
std::function<int()> everyWindow(int maxN)
{
    auto trial = std::make_shared<int>(0);
    return [=] { return 1 + (*trial)++ % maxN; };
}

} // namespace

// A scenario draws the setup of each of its trials.
struct Campaign::Scenario {
    QString name;
    QString description;
    std::function<TrialSetup(std::mt19937_64 &)> setup;
};

Campaign::Campaign(CampaignOptions options)
    : m_options(std::move(options))
    , m_random(m_options.seed)
{
    // A run that trains in seconds (tests/tinyrun.h) for 3 epochs of 16 steps, a checkpoint of each epoch kept.
    m_baseSettings = {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                      "data.train_size=512", "data.val_size=64", "train.batch_size=32", "train.log_every=2",
                      "compute.threads=1", "train.epochs=3", "train.keep_every=1"};
    if (m_options.processes > 1)  // every run data-parallel: resumes with the same ranks are exact too
        m_baseSettings << QStringLiteral("compute.processes=%1").arg(m_options.processes);
}

QStringList Campaign::trainArguments(const QString &store) const
{
    QStringList args = {"train", "--store", store, "--preset", "demo", "--name", "victim", "--json"};
    for (const QString &s : m_baseSettings)
        args << "--set" << s;
    return args;
}

std::vector<Campaign::Scenario> Campaign::scenarios() const
{
    const QString store = QStringLiteral("@STORE@");
    const QStringList train = trainArguments(store);
    const QStringList resume = {"resume", "--run", "1", "--store", store, "--json"};
    QStringList sweep = {"sweep", "--store", store, "--grid", m_gridFile, "--parallel", "2", "--json", "--preset", "demo"};
    for (const QString &s : m_baseSettings)
        sweep << "--set" << s;
    const QStringList exporting = {"export", "--run", "1", "--store", store, "--format", "torchscript,safetensors", "--json"};
    const double trainSeconds = m_trainSeconds, sweepSeconds = m_sweepSeconds, exportSeconds = m_exportSeconds;
    const QString stopped = m_stoppedStore, finished = m_referenceStore;

    auto random = [](double seconds) {
        return [seconds](std::mt19937_64 &r) {
            KillAim a;
            a.delaySeconds = std::uniform_real_distribution<double>(0.05, seconds)(r);
            a.what = QStringLiteral("a random moment");
            return a;
        };
    };
    // kind Deleted is never aimed at: it stands for "placed" (nthPlaced) here.
    auto event = [](FileEvent::Kind kind, QString pattern, int maxN, QString what) {
        return [=](std::mt19937_64 &r) {
            KillAim a;
            const int n = uniform(r, 1, maxN);
            a.match = kind == FileEvent::Deleted ? nthPlaced(pattern, n) : nth(kind, pattern, n);
            a.what = QStringLiteral("%1 #%2").arg(what).arg(n);
            return a;
        };
    };
    // Exactly between two durable writes: the engine kills itself at its n-th
    // pass of a test kill point (engine branch, core/train/testkillpoint.h).
    auto at = [](QString point, int maxN) {
        auto next = everyWindow(maxN);
        return [=](std::mt19937_64 &) {
            KillAim a;
            const int n = next();
            a.killPoint = QStringLiteral("%1#%2").arg(point).arg(n);
            a.what = QStringLiteral("kill point %1").arg(a.killPoint);
            return a;
        };
    };
    auto withEnvironment = [](std::function<KillAim(std::mt19937_64 &)> aim, QStringList environment) {
        return [=](std::mt19937_64 &r) {
            KillAim a = aim(r);
            a.environment = environment;
            return a;
        };
    };
    auto setupOf = [](Victim victim, QString copyFrom, QStringList args, std::function<KillAim(std::mt19937_64 &)> aim,
                      bool leaderOnly = false) {
        return [=](std::mt19937_64 &r) {
            TrialSetup s;
            s.victim = victim;
            s.copyFrom = copyFrom;
            s.arguments = args;
            s.aim = aim(r);
            s.aim.leaderOnly = leaderOnly;
            return s;
        };
    };
    // Durable writes of a checkpoint: a temporary step-N.XXXXXX.tmp is written
    // and synced, then hard-linked as the immutable step-N.pt (created, never
    // renamed over anything), then the store records it with the metrics up to
    // its step in one transaction; "last", "best" and "epoch" are roles of those
    // records, not files of their own (core/train/checkpointfiles.h).
    const QString temp = QStringLiteral("step-[0-9]+.*\\.tmp");
    const QString stepFile = QStringLiteral("step-[0-9]+(-[0-9]+)?\\.pt");
    const FileEvent::Kind placed = FileEvent::Deleted;  // see `event`
    return {
        {"train-random", "train, killed at a random moment", setupOf(Victim::Train, {}, train, random(trainSeconds))},
        {"train-store-created", "train, killed as it creates (migrates) the store",
         setupOf(Victim::Train, {}, train, event(FileEvent::Created, "runs\\.sqlite(-journal|-wal)?", 2, "store file created"))},
        {"train-wal-write", "train, killed right after a write to the store's -wal",
         setupOf(Victim::Train, {}, train, event(FileEvent::Written, "runs\\.sqlite-wal", 60, "-wal written"))},
        {"train-ckpt-linked", "train, killed when a checkpoint's temporary file is complete, before its rename",
         setupOf(Victim::Train, {}, train, event(FileEvent::Created, temp, 2, "checkpoint temp linked"))},
        {"train-step-linked", "train, killed when a step-N.pt is linked into place, before its store record",
         setupOf(Victim::Train, {}, train, event(placed, stepFile, 3, "step file linked"))},
        {"train-at-temp-written", "train, killed with a checkpoint's bytes in its temporary file, not linked",
         setupOf(Victim::Train, {}, train, at("checkpoint-temp-written", 3))},
        {"train-at-file", "train, killed with step-N.pt in place, not yet named by the store",
         setupOf(Victim::Train, {}, train, at("after-checkpoint-file", 3))},
        {"train-at-record", "train, killed right after the store's records name a checkpoint",
         setupOf(Victim::Train, {}, train, at("after-checkpoint-record", 3))},
        // Metrics are committed between checkpoints after 2 s without a flush; the tiny run takes
        // less, so each of its 3 evaluations is made to last 3 s (whole seconds) (the val points that follow are
        // then flushed at once, before the epoch's checkpoint): flush #n follows evaluation #n.
        {"train-at-flush", "train, killed right after a batch of metrics is committed (after a slow evaluation)",
         setupOf(Victim::Train, {}, train,
                 withEnvironment(at("after-metrics-flush", 3),
                                 {"GATEFOLD_TEST_SLEEP_AT=in-evaluation#1:3,in-evaluation#2:3,in-evaluation#3:3"}))},
        {"train-at-prepare", "train, killed after it claimed the run, while it builds the model and reads the data",
         setupOf(Victim::Train, {}, train, at("in-prepare", 1))},
        {"train-at-eval", "train, killed at the start of an evaluation (metrics since the last flush buffered)",
         setupOf(Victim::Train, {}, train, at("in-evaluation", 3))},
        {"train-at-claim", "train, killed right after it claims the run",
         setupOf(Victim::Train, {}, train, at("after-claim", 1))},
        {"train-at-end-status", "train, killed with its last metrics committed, its end status not",
         setupOf(Victim::Train, {}, train, at("before-end-status", 1))},
        {"resume-random", "resume of a stopped run, killed at a random moment",
         setupOf(Victim::Resume, stopped, resume, random(trainSeconds * 0.6))},
        {"resume-ckpt-linked", "resume, killed when a new checkpoint's temporary file is complete",
         setupOf(Victim::Resume, stopped, resume, event(FileEvent::Created, temp, 2, "checkpoint temp linked"))},
        {"resume-step-linked", "resume, killed when a new step-N.pt is linked into place, before its store record",
         setupOf(Victim::Resume, stopped, resume, event(placed, stepFile, 2, "step file linked"))},
        {"resume-at-eval", "resume, killed at the start of an evaluation",
         setupOf(Victim::Resume, stopped, resume, at("in-evaluation", 2))},
        {"resume-at-records", "resume, killed with the records at the chosen checkpoint, the metrics not truncated",
         setupOf(Victim::Resume, stopped, resume, at("after-resume-records", 1))},
        {"resume-at-truncate", "resume, killed with the later metrics gone, none retaken yet",
         setupOf(Victim::Resume, stopped, resume, at("after-truncate", 1))},
        {"resume-at-file", "resume, killed with a new step-N.pt in place, not yet named by the store",
         setupOf(Victim::Resume, stopped, resume, at("after-checkpoint-file", 4))},
        {"sweep-random", "sweep of 2 runs, 2 at a time, its whole process group killed at a random moment",
         setupOf(Victim::Sweep, {}, sweep, random(sweepSeconds))},
        {"sweep-step-linked", "sweep, its process group killed when a run's step-N.pt is linked into place",
         setupOf(Victim::Sweep, {}, sweep, event(placed, stepFile, 6, "a run's step file linked"))},
        {"sweep-parent-only", "sweep, only the sweep's own process killed at a random moment (its engines go on)",
         setupOf(Victim::Sweep, {}, sweep, random(sweepSeconds), true)},
        {"export-random", "export of a finished run, killed at a random moment",
         setupOf(Victim::Export, finished, exporting, random(exportSeconds))},
        {"export-renamed", "export, killed when an exported file is renamed into place",
         setupOf(Victim::Export, finished, exporting,
                 event(placed, "model\\.(pt|safetensors)|config\\.json", 3, "export file placed"))},
        {"export-recorded", "export, killed after a write to the store's -wal (its artifact records)",
         setupOf(Victim::Export, finished, exporting, event(FileEvent::Written, "runs\\.sqlite-wal", 3, "-wal written"))},
        {"export-at-before-rename", "export, killed with every file verified under its temporary name",
         setupOf(Victim::Export, finished, exporting, at("export-before-rename", 1))},
        {"export-at-after-rename", "export, killed with the files in place, their records not written",
         setupOf(Victim::Export, finished, exporting, at("export-after-rename", 1))},
    };
}

QStringList Campaign::scenarioNames() const
{
    QStringList names;
    for (const auto &s : scenarios())
        names << s.name;
    return names;
}

bool Campaign::makeReference(const QString &name, const QStringList &arguments, QString *error)
{
    const QString dir = m_options.workDir + "/reference-" + name;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    const QString store = dir + "/runs.sqlite";
    QStringList args = arguments;
    args.replaceInStrings(QStringLiteral("@STORE@"), store);
    QElapsedTimer clock;
    clock.start();
    const int code = runToEnd(m_options.cli, args, dir + "/log.txt", kTimeoutMs);
    const double seconds = clock.elapsed() / 1000.0;
    if (name == QLatin1String("train"))
        m_trainSeconds = seconds;
    else if (name == QLatin1String("sweep"))
        m_sweepSeconds = seconds;
    if (code != 0) {
        *error = QStringLiteral("the uninterrupted %1 exits %2 (see %3/log.txt)").arg(name).arg(code).arg(dir);
        return false;
    }
    const StoreState state = readStore(store);
    for (const auto &[id, run] : state.runs) {
        m_references[run.name] = referenceOf(store, run, error);
        if (!error->isEmpty())
            return false;
    }
    std::printf("reference %-6s %5.1f s, %zu run(s)\n", qPrintable(name), seconds, state.runs.size());
    return true;
}

bool Campaign::prepare(QString *error)
{
    QDir().mkpath(m_options.workDir);
    m_gridFile = m_options.workDir + "/grid.json";
    QFile grid(m_gridFile);
    if (!grid.open(QIODevice::WriteOnly) || grid.write(R"({"name": "kill", "grid": {"optim.lr": [0.001, 0.0005]}, "seeds": [0]})") < 0) {
        *error = QStringLiteral("cannot write %1").arg(m_gridFile);
        return false;
    }
    grid.close();
    const QString store = QStringLiteral("@STORE@");
    if (!makeReference("train", trainArguments(store), error))
        return false;
    m_referenceStore = m_options.workDir + "/reference-train";
    QStringList sweep = {"sweep", "--store", store, "--grid", m_gridFile, "--parallel", "2", "--json", "--preset", "demo"};
    for (const QString &s : m_baseSettings)
        sweep << "--set" << s;
    if (!makeReference("sweep", sweep, error))
        return false;

    // A run stopped after 20 of its 48 steps: where the resume trials start.
    m_stoppedStore = m_options.workDir + "/reference-stopped";
    QDir(m_stoppedStore).removeRecursively();
    QDir().mkpath(m_stoppedStore);
    QStringList stop = trainArguments(m_stoppedStore + "/runs.sqlite");
    stop << "--stop-at-step" << "20";
    const int stopped = runToEnd(m_options.cli, stop, m_stoppedStore + "/log.txt", kTimeoutMs);
    if (stopped != 3) {
        *error = QStringLiteral("train --stop-at-step 20 exits %1, not 3 (cancelled)").arg(stopped);
        return false;
    }
    // The checker itself: an uninterrupted resume of the stopped run must pass every check.
    CampaignOptions quiet = m_options;
    quiet.secondKill = 0;
    TrialRunner runner(quiet, m_references, m_exportedSha, m_trainSeconds, m_random);
    TrialSetup plain;
    plain.victim = Victim::Resume;
    plain.copyFrom = m_stoppedStore;
    plain.arguments = {"resume", "--run", "1", "--store", "@STORE@", "--json"};
    plain.aim.what = QStringLiteral("no kill (the run ends first)");
    plain.aim.delaySeconds = 1e9;
    const TrialResult sanity = runner.run("sanity", 0, m_options.workDir + "/reference-resumed", plain);
    if (!sanity.problems.empty()) {
        *error = QStringLiteral("a stopped and resumed run without any kill already fails the checks: %1")
                     .arg(sanity.problems.items().join("; "));
        return false;
    }

    // What an uninterrupted export writes.
    const QString exportDir = m_options.workDir + "/reference-export";
    QDir(exportDir).removeRecursively();
    copyTree(m_referenceStore, exportDir);
    QElapsedTimer clock;
    clock.start();
    const int exported = runToEnd(m_options.cli, {"export", "--run", "1", "--store", exportDir + "/runs.sqlite", "--format",
                                                  "torchscript,safetensors", "--json"},
                                  exportDir + "/log.txt", kTimeoutMs);
    m_exportSeconds = clock.elapsed() / 1000.0;
    if (exported != 0) {
        *error = QStringLiteral("the uninterrupted export exits %1 (see %2/log.txt)").arg(exported).arg(exportDir);
        return false;
    }
    QDirIterator it(exportFolder(exportDir), QDir::Files);
    while (it.hasNext()) {
        const QString path = it.next();
        m_exportedSha[it.fileName()] = train::sha256OfFile(path);
    }
    std::printf("reference export %.1f s, %zu file(s); stopped run resumed without a kill: every check passes\n",
                m_exportSeconds, m_exportedSha.size());
    return true;
}

void Campaign::run()
{
    TrialRunner runner(m_options, m_references, m_exportedSha, m_trainSeconds, m_random);
    int index = 0;
    for (const auto &s : scenarios()) {
        if (!m_options.only.isEmpty() && !m_options.only.contains(s.name))
            continue;
        for (int i = 0; i < m_options.repeat; ++i) {
            const QString dir = QStringLiteral("%1/trial-%2-%3").arg(m_options.workDir).arg(++index, 3, 10, QLatin1Char('0')).arg(s.name);
            TrialResult r = runner.run(s.name, index, dir, s.setup(m_random));
            std::printf("%3d %-22s kills %d%s  %s\n", index, qPrintable(s.name), r.kills,
                        r.missed ? qPrintable(QStringLiteral(" (missed %1)").arg(r.missed)) : "",
                        r.problems.empty() ? "ok" : qPrintable(r.problems.items().join(QStringLiteral(" || "))));
            for (const QString &aim : r.aims)
                std::printf("      aimed at %s\n", qPrintable(aim));
            std::fflush(stdout);
            if (r.problems.empty() && !m_options.keepAll)
                QDir(dir).removeRecursively();
            m_results.push_back(std::move(r));
        }
    }
}

bool Campaign::report() const
{
    // Leftover temporary files are garbage, not loss: counted apart.
    const QStringList notLoss = {QStringLiteral("leftover-temp")};
    std::map<QString, std::map<QString, int>> byScenario;  // scenario → category → trials
    std::map<QString, std::array<int, 3>> counts;           // scenario → trials, kills, missed
    std::map<QString, int> total;
    int trials = 0, kills = 0, missed = 0, lossTrials = 0;
    QStringList order;
    for (const auto &r : m_results) {
        if (!order.contains(r.scenario))
            order << r.scenario;
        auto &c = counts[r.scenario];
        c[0] += 1;
        c[1] += r.kills;
        c[2] += r.missed;
        trials += 1;
        kills += r.kills;
        missed += r.missed;
        QStringList cats = r.problems.categories();
        cats.removeDuplicates();
        bool loss = false;
        for (const QString &cat : cats) {
            byScenario[r.scenario][cat] += 1;
            total[cat] += 1;
            loss = loss || !notLoss.contains(cat);
        }
        lossTrials += loss;
    }
    std::printf("\n%-22s %6s %6s %6s  %s\n", "scenario", "trials", "kills", "missed", "trials with problems (by kind)");
    for (const QString &s : order) {
        QStringList what;
        for (const auto &[cat, n] : byScenario[s])
            what << QStringLiteral("%1 %2").arg(cat).arg(n);
        std::printf("%-22s %6d %6d %6d  %s\n", qPrintable(s), counts[s][0], counts[s][1], counts[s][2],
                    what.isEmpty() ? "-" : qPrintable(what.join(", ")));
    }
    QStringList what;
    for (const auto &[cat, n] : total)
        what << QStringLiteral("%1 %2").arg(cat).arg(n);
    std::printf("%-22s %6d %6d %6d  %s\n", "total", trials, kills, missed, what.isEmpty() ? "-" : qPrintable(what.join(", ")));
    std::printf("\n%d trial(s), %d kill(s): %d trial(s) lost or broke something\n", trials, kills, lossTrials);
    return lossTrials == 0;
}

} // namespace gatefold::killtest
