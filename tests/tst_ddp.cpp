// Data-parallel training (issue 18) through real gatefold-cli processes on
// real store files: 2 ranks (--nproc 2, or two processes started as torchrun
// would) train what 1 process trains, within float32 reduction-order
// tolerance (metrics at every step, the last checkpoint's weights, the
// evaluation's exact counts); a 2-rank run stopped mid-epoch resumes bit-exact
// as 2 ranks and within tolerance as 1; a rank killed, hung or left by its
// rank 0, or a SIGTERM, ends the whole job in bounded time with the run
// crashed or cancelled, no rank left and the store intact and resumable;
// impossible worlds and process counts are refused before anything is created.
//
// Every run: 16 px, d 32, 2 blocks, 256 training images, global batch 32 (8
// steps an epoch), 2 epochs, one thread per rank, a metric at every step.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "enginechild.h"
#include "config/runconfigjson.h"
#include "model/visiontransformer.h"
#include "train/checkpoint.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <torch/torch.h>

#include <csignal>
#include <functional>
#include <memory>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

using namespace gatefold;
using namespace gatefold::test;

namespace ddptest {

// A run's parameters and buffers by name.
using Weights = std::vector<std::pair<std::string, torch::Tensor>>;

// A run trained to its end, as the store holds it.
struct Trained {
    QString store;
    qint64 run = 0;
    std::map<QString, double> metrics;
    Weights weights;
    QString versions;
};

namespace {

constexpr int kSteps = 16;       // 2 epochs of 8 steps
constexpr int kValImages = 99;   // odd: the 2 ranks' evaluation shards are 49 and 50 images
constexpr int kEmbedDim = 32;
constexpr int kDistTimeout = 10; // compute.dist_timeout of every data-parallel run here, seconds

// 1 process against 2 ranks (twoRanksTrainAsOneProcess has the measurements and the reasons).
constexpr double kMetricTolerance = 1e-5;  // relative, on losses, gradient norms and evaluation measures
constexpr double kWeightTolerance = 1e-5;  // max |Δw| of the last checkpoint; the weights' scale is ~1
// The sharded evaluation of the same weights on the same batches (shardedEvaluationIsExact).
constexpr double kEvaluationTolerance = 1e-9;  // relative, on sums added in another order

// The settings every run shares. train.eval_batch_size 49 makes the evaluation batches of 1 process
// ([0,49) [49,98) [98,99)) the very batches of the 2 ranks' shards ([0,49) | [49,98) [98,99)): the
// evaluation then differs between 1 and 2 processes only by the weights and by the order of the sums.
QStringList tinyDdpArgs(const QStringList &extra = {})
{
    QStringList args;
    for (const QString &kv : QStringList{"img_size=16", "patch_size=4", QStringLiteral("embed_dim=%1").arg(kEmbedDim),
                                         "depth=2", "num_heads=2", "mlp_ratio=2", "data.train_size=256",
                                         QStringLiteral("data.val_size=%1").arg(kValImages), "train.batch_size=32",
                                         "train.eval_batch_size=49", "train.log_every=1", "train.epochs=2",
                                         "compute.threads=1"}
                             + extra)
        args << "--set" << kv;
    return args;
}

// The three model families of case 1. None has dropout or drop-path (the presets' default), whose
// draws differ between 1 and W processes by design (torch's generator per (seed, step, rank)).
QStringList plainModel()
{
    // Augmentations on: an image's crop, flip and erasing are seeded by its position in the global
    // batch, so they are the same whichever rank takes it.
    return QStringList{"--preset", "demo"}
        + tinyDdpArgs({"aug.random_resized_crop=true", "aug.hflip=0.5", "aug.random_erasing=0.25"});
}
QStringList cdeModel()
{
    return QStringList{"--preset", "cde-t2-soft-width"} + tinyDdpArgs({"gate.codebook_size=16"});
}
QStringList joinModel()
{
    // 2 blocks of 2 branches joined between steps 4 and 12, with the diversity term (0.05).
    return QStringList{"--preset", "join-t1-r6"} + tinyDdpArgs({"join.warmup_steps=4", "join.adjust_steps=8"});
}

QStringList dataParallel(int processes)
{
    return {"--nproc", QString::number(processes), "--set", QStringLiteral("compute.dist_timeout=%1").arg(kDistTimeout)};
}

// This process's environment without any world of its own (a test started under torchrun or srun
// must not make every engine here a rank of that job), with `extra` ("NAME=value") added.
QProcessEnvironment engineEnvironment(const QStringList &extra = {})
{
    auto env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : env.keys())
        if (name.startsWith("SLURM_") || name.startsWith("TORCHELASTIC_") || name == "RANK" || name == "WORLD_SIZE"
            || name == "LOCAL_RANK" || name == "LOCAL_WORLD_SIZE" || name == "MASTER_ADDR" || name == "MASTER_PORT"
            || name == "GATEFOLD_LAUNCHER")
            env.remove(name);
    for (const QString &kv : extra)
        env.insert(kv.section('=', 0, 0), kv.section('=', 1));
    return env;
}

// A gatefold-cli child whose JSON lines are read as they come. Its destructor kills it (and so,
// through PR_SET_PDEATHSIG, the ranks it started) if a failed check left it running.
class Engine
{
public:
    Engine(const QStringList &arguments, const QStringList &environment = {})
    {
        m_process.setProcessEnvironment(engineEnvironment(environment));
        m_process.start(QStringLiteral(GATEFOLD_CLI_PATH), arguments);
        m_process.waitForStarted();
    }
    ~Engine()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }
    qint64 pid() const { return m_process.processId(); }
    // Waits for a JSON line on stdout that `match` accepts.
    bool waitForLine(const std::function<bool(const QJsonObject &)> &match, int timeoutMs = 120000)
    {
        QElapsedTimer waited;
        waited.start();
        while (waited.elapsed() < timeoutMs) {
            while (m_process.canReadLine()) {
                const QByteArray line = m_process.readLine();
                m_out += QString::fromUtf8(line);
                if (match(QJsonDocument::fromJson(line).object()))
                    return true;
            }
            if (m_process.state() == QProcess::NotRunning)
                return false;
            m_process.waitForReadyRead(100);
        }
        return false;
    }
    // Its exit code once it ends (-1: killed by a signal, or still running after `timeoutMs`).
    int waitForExit(int timeoutMs = 120000)
    {
        if (!m_process.waitForFinished(timeoutMs))
            return -1;
        m_out += QString::fromUtf8(m_process.readAllStandardOutput());
        m_err = QString::fromUtf8(m_process.readAllStandardError());
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    const QString &out() const { return m_out; }
    const QString &err() const { return m_err; }

private:
    QProcess m_process;
    QString m_out, m_err;
};

CliRun runEngine(const QStringList &arguments, const QStringList &environment = {})
{
    Engine engine(arguments, environment);
    CliRun r;
    r.exitCode = engine.waitForExit(240000);
    r.out = engine.out();
    r.err = engine.err();
    return r;
}

bool isEvalAt(const QJsonObject &line, int step)
{
    return line.value("event") == QLatin1String("eval") && line.value("step").toInt() == step;
}

// ---- processes

char processState(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = stat.readAll();
    const int close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() ? text.at(close + 2) : 0;
}

// Gone: no such process, or a zombie (it runs nothing; who reaps an orphan is PID 1's business).
bool processGone(qint64 pid)
{
    const char state = processState(pid);
    return state == 0 || state == 'Z';
}

bool waitUntilGone(qint64 pid, int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    while (!processGone(pid) && waited.elapsed() < timeoutMs)
        QThread::msleep(10);
    return processGone(pid);
}

// The children of `pid` (every thread's: a rank is forked by whichever thread starts the job).
QList<qint64> childrenOf(qint64 pid)
{
    QList<qint64> out;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    for (const QString &task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile children(QStringLiteral("/proc/%1/task/%2/children").arg(pid).arg(task));
        if (children.open(QIODevice::ReadOnly))
            for (const QByteArray &child : children.readAll().split(' '))
                if (!child.trimmed().isEmpty())
                    out << child.trimmed().toLongLong();
    }
    return out;
}

// A TCP port nobody listens on now (the kernel's choice, released at once: MASTER_PORT for rank 0).
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

// ---- what a run left

// The parameters and buffers of `run`'s last checkpoint, loaded into a model built from its config.
Weights lastWeights(store::RunStore &s, qint64 run, QString *error)
{
    const auto last = checkpointRecord(s, run, QStringLiteral("checkpoint/last"));
    if (!last) {
        *error = QStringLiteral("run %1 has no last checkpoint").arg(run);
        return {};
    }
    const train::CheckpointTrust trust{last->sha256, {}};
    QByteArray json;
    train::RunConfig config;
    QStringList problems;
    if (!train::readCheckpointConfig(last->file, &json, error, trust)
        || !train::runConfigFromJson(json, &config, &problems)) {
        error->append(problems.join("; "));
        return {};
    }
    std::string why;
    auto net = model::buildModel(config.model, &why);
    if (!net) {
        *error = QString::fromStdString(why);
        return {};
    }
    if (!train::loadCheckpoint(last->file, *net, nullptr, nullptr, nullptr, error, trust))
        return {};
    Weights out;
    for (const auto &p : (*net)->named_parameters())
        out.emplace_back(p.key(), p.value().detach().clone());
    for (const auto &b : (*net)->named_buffers())
        out.emplace_back(b.key(), b.value().detach().clone());
    return out;
}

// How far two sets of weights lie apart: the largest |Δw|, where, and the largest |w| (the scale).
struct WeightGap {
    double maxDelta = 0;
    QString where;
    double maxWeight = 0;
    QString problem;  // names or shapes differ
};

WeightGap gapOf(const Weights &a, const Weights &b)
{
    WeightGap gap;
    if (a.size() != b.size() || a.empty()) {
        gap.problem = QStringLiteral("%1 vs %2 tensors").arg(a.size()).arg(b.size());
        return gap;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].first != b[i].first || !a[i].second.sizes().equals(b[i].second.sizes())) {
            gap.problem = QStringLiteral("%1 vs %2").arg(QString::fromStdString(a[i].first),
                                                         QString::fromStdString(b[i].first));
            return gap;
        }
        const auto x = a[i].second.to(torch::kFloat64), y = b[i].second.to(torch::kFloat64);
        auto deltas = (x - y).abs();
        // The key bias has no gradient: q·(k_j + b) − q·k_j is the same for every key j, and softmax
        // over the keys drops it. Its value is float32 noise normalised by AdamW in either run
        // (measured up to 2.3e-6 apart, where the rest lies within 2.7e-7): nothing to compare.
        // qkv.bias is (q | k | v) per branch, each of embed_dim.
        if (QString::fromStdString(a[i].first).endsWith(QLatin1String("attn.qkv.bias")))
            deltas.view({-1, 3, kEmbedDim}).select(1, 1).zero_();
        const double delta = deltas.max().item<double>();
        gap.maxWeight = std::max(gap.maxWeight, x.abs().max().item<double>());
        if (delta > gap.maxDelta) {
            gap.maxDelta = delta;
            gap.where = QString::fromStdString(a[i].first);
        }
    }
    return gap;
}

bool bitIdentical(const Weights &a, const Weights &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].first != b[i].first || !torch::equal(a[i].second, b[i].second))
            return false;
    return true;
}

// ---- metrics within tolerance

// How one metric of W ranks may differ from 1 process's.
struct Bound {
    enum Kind { Exact, Relative, Absolute } kind = Exact;
    double value = 0;
};

// The tolerances of case 1, where the two runs' weights differ by float32 reduction order.
// (Measured differences and why each bound is what it is: see the test functions' comments.)
Bound trainingBound(const QString &key)
{
    // Functions of the step alone.
    if (key == "train/lr" || key == "train/lambda_join" || key == "train/gate_strength" || key == "train/tau")
        return {Bound::Exact, 0};
    // Counts of images (1/99 each): an image whose two largest logits tie within the weights' float32
    // noise may go either way; anything else is a wrong count.
    if (key.startsWith("val/top"))
        return {Bound::Absolute, 1.0 / kValImages + 1e-12};
    // Codes no token chose: a code at the edge may tip the same way.
    if (key.endsWith("/dead_codes"))
        return {Bound::Absolute, 1.0};
    return {Bound::Relative, kMetricTolerance};
}

// The tolerances of an evaluation of (all but) identical weights: sums of float64 per-image values
// over the same batches, added in another order.
Bound evaluationBound(const QString &key)
{
    if (key.startsWith("val/top") || key.endsWith("/dead_codes"))
        return {Bound::Exact, 0};
    // The gates' norm measures the gate embeddings, which start at 0: with lr 1e-12 they hold nothing
    // but the training steps' ~1e-12 moves (norms of ~6e-18), and those carry the float32 noise of
    // case 1 (measured 1.1e-7 relative). Case 1's bound.
    if (key.endsWith("/gate_norm"))
        return {Bound::Relative, kMetricTolerance};
    return {Bound::Relative, kEvaluationTolerance};
}

// The largest |a − b| / max(|a|, |b|) of each metric family (key without "@step"), for the log.
struct Measured {
    std::map<QString, std::pair<double, QString>> worst;  // family → (relative gap, key@step)
    QString violation;                                     // the first key outside its bound
};

Measured compareMetrics(const std::map<QString, double> &a, const std::map<QString, double> &b,
                        const std::function<Bound(const QString &)> &boundOf)
{
    Measured m;
    for (const auto &[key, x] : a) {
        const auto it = b.find(key);
        if (it == b.end()) {
            m.violation = QStringLiteral("%1 is missing").arg(key);
            return m;
        }
        const double y = it->second;
        const double delta = std::abs(x - y);
        const double relative = delta == 0 ? 0 : delta / std::max(std::abs(x), std::abs(y));
        const QString family = key.section('@', 0, 0);
        if (relative >= m.worst[family].first)
            m.worst[family] = {relative, key};
        const Bound bound = boundOf(family);
        const bool inside = bound.kind == Bound::Exact ? x == y
            : bound.kind == Bound::Absolute            ? delta <= bound.value
                                                       : relative <= bound.value;
        if (!inside && m.violation.isEmpty())
            m.violation = QStringLiteral("%1: %2 vs %3").arg(key).arg(x, 0, 'g', 17).arg(y, 0, 'g', 17);
    }
    for (const auto &[key, y] : b)
        if (!a.count(key) && m.violation.isEmpty())
            m.violation = QStringLiteral("%1 is extra (%2)").arg(key).arg(y, 0, 'g', 17);
    return m;
}

void logMeasured(const QString &what, const Measured &m)
{
    QStringList parts;
    for (const auto &[family, worst] : m.worst)
        parts << QStringLiteral("%1 %2").arg(family).arg(worst.first, 0, 'g', 3);
    qInfo("%s: largest relative differences: %s", qPrintable(what), qPrintable(parts.join(", ")));
}

// Only the metrics at steps <= `upTo`.
std::map<QString, double> upToStep(const std::map<QString, double> &metrics, qint64 upTo)
{
    std::map<QString, double> out;
    for (const auto &[key, value] : metrics)
        if (key.section('@', 1).toLongLong() <= upTo)
            out[key] = value;
    return out;
}

} // namespace
} // namespace ddptest

using namespace ddptest;

class TstDdp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void twoRanksTrainAsOneProcess_data();
    void twoRanksTrainAsOneProcess();
    void boundsCatchADifferentRun();
    void shardedEvaluationIsExact();
    void resumesAsTwoRanksBitExact();
    void resumesAsOneRank();
    void killedRankEndsTheJob();
    void hungRankEndsWithinTheTimeout();
    void killedLeaderTakesItsRanks();
    void sigtermCancelsEveryRank();
    void torchrunWorldTrainsAsNproc();
    void impossibleWorldsAreRefused_data();
    void impossibleWorldsAreRefused();
    void badProcessCountsAreRefused_data();
    void badProcessCountsAreRefused();

private:
    // A folder per store (stores in one folder would share its runs/).
    QString storePath(const QString &name) const { return m_dir.filePath(name + "/runs.sqlite"); }
    // Trains `arguments` into a new store `name` to its end; the run as the store holds it.
    Trained trainRun(const QString &name, const QStringList &arguments);
    Trained finishedRun(const QString &path, qint64 run);
    // The plain model trained by 1 process and by --nproc 2 (made once, shared by the cases).
    const Trained &oneProcess();
    const Trained &twoRanks();
    // A plain --nproc 2 run with an engine that sleeps 2 s after recording its first checkpoint (the
    // window in which the cases below signal a rank); returns once that record is committed.
    std::unique_ptr<Engine> startPausedAtFirstCheckpoint(const QString &path, const QStringList &extraEnvironment = {});
    // The store at `path` holds run 1 `status` with a message containing each of `words`, passes
    // PRAGMA integrity_check, and every checkpoint it records is a file with its recorded sha256.
    void checkEndedRun(const QString &path, const QString &status, const QStringList &words);
    // Resumes run 1 of `path` as 2 ranks to the end: the same W as the uninterrupted run, so every
    // metric and weight is bit-identical to it.
    void resumeToTheSameEnd(const QString &path);

    QTemporaryDir m_dir;
    std::optional<Trained> m_one, m_two;
};

void TstDdp::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

Trained TstDdp::finishedRun(const QString &path, qint64 run)
{
    Trained t;
    t.store = path;
    t.run = run;
    QString error;
    auto s = store::RunStore::open(path, &error);
    if (!s) {
        qWarning("%s", qPrintable(error));
        return t;
    }
    if (const auto record = s->run(run); record && record->status == store::RunStatus::Finished) {
        t.metrics = metricsOf(*s, run);
        t.versions = record->versions;
        t.weights = lastWeights(*s, run, &error);
    }
    if (t.weights.empty())
        qWarning("run %lld of %s: not finished, or no weights: %s", run, qPrintable(path), qPrintable(error));
    return t;
}

Trained TstDdp::trainRun(const QString &name, const QStringList &arguments)
{
    const QString path = storePath(name);
    const CliRun r = runEngine(QStringList{"train", "--store", path, "--json"} + arguments);
    if (r.exitCode != 0)
        qWarning("%s: exit %d: %s", qPrintable(name), r.exitCode, qPrintable(r.err.right(1500)));
    return finishedRun(path, createdRun(r.out));
}

const Trained &TstDdp::oneProcess()
{
    if (!m_one)
        m_one = trainRun("plain-1", plainModel());
    return *m_one;
}

const Trained &TstDdp::twoRanks()
{
    if (!m_two)
        m_two = trainRun("plain-2", plainModel() + dataParallel(2));
    return *m_two;
}

void TstDdp::twoRanksTrainAsOneProcess_data()
{
    QTest::addColumn<QStringList>("model");
    QTest::newRow("plain ViT, augmented") << plainModel();
    QTest::newRow("CDE soft top-4, K 16") << cdeModel();
    QTest::newRow("joining 2x2 with diversity") << joinModel();
    // Gradient accumulation (issue 19): 2 micro-batches of 16 per step; the ranks all-reduce once, on the
    // last, the local sum of both (GradientReducer::prepare's addHeld). Measured: train/loss 1.3e-7,
    // weights 3.4e-7; a reducer that averaged only the last micro-batch's gradients (addHeld ignored,
    // tried once) is caught at step 1: train/grad_norm 1.029 vs 0.679.
    QTest::newRow("accumulated 2 x 16, plain ViT")
        << plainModel() + QStringList{"--set", "train.batch_size=16", "--set", "train.accum_steps=2"};
}

void TstDdp::twoRanksTrainAsOneProcess()
{
    // Measured (2-core x86-64, 16 steps, all three models): train/loss, grad_norm and diversity differ
    // by at most 1.6e-7 relative (float32's epsilon is 6e-8: the ranks' partial sums are added in
    // another order, and 16 AdamW steps carry that along), the CDE measures by 2e-8, val/loss by 7e-10,
    // top-1/top-5 not at all; the weights by at most 2.7e-7 (max |w| ~1), the key biases aside (gapOf).
    // Bounds: kMetricTolerance (1e-5 relative, ~60x) on every such metric, kWeightTolerance (1e-5,
    // ~40x) on every weight, one image (1/99) on val/top1 and val/top5 (an image whose two largest
    // logits nearly tie may flip with the weights' last bits), the schedules (lr, λ, gate strength,
    // τ) exact. A wrong reduction lands far outside: a gradient summed instead of averaged doubles
    // train/grad_norm; a rank on the wrong shard, or no all-reduce, changes train/loss by ~1e-3 and
    // the weights by ~1e-3 within a few steps, as W times the learning rate does
    // (boundsCatchADifferentRun: 8e-3 on both).
    QFETCH(QStringList, model);
    const bool plain = QString(QTest::currentDataTag()).startsWith("plain");
    const QString tag = QString(QTest::currentDataTag()).section(',', 0, 0).replace(' ', '-');
    const Trained one = plain ? oneProcess() : trainRun(tag + "-1", model);
    const Trained two = plain ? twoRanks() : trainRun(tag + "-2", model + dataParallel(2));
    QVERIFY(!one.weights.empty() && !two.weights.empty());
    QCOMPARE(int(one.metrics.count(QStringLiteral("train/loss@%1").arg(kSteps))), 1);
    if (!plain && !tag.startsWith("accumulated"))
        QVERIFY(one.metrics.count(tag.startsWith("CDE") ? "cde/L1/perplexity@16" : "train/diversity@16"));

    const Measured m = compareMetrics(one.metrics, two.metrics, trainingBound);
    logMeasured(QTest::currentDataTag(), m);
    QVERIFY2(m.violation.isEmpty(), qPrintable(m.violation));
    const WeightGap gap = gapOf(one.weights, two.weights);
    QVERIFY2(gap.problem.isEmpty(), qPrintable(gap.problem));
    qInfo("%s: weights: max |dw| %.3g (%s), max |w| %.3g", QTest::currentDataTag(), gap.maxDelta,
          qPrintable(gap.where), gap.maxWeight);
    QVERIFY2(gap.maxDelta <= kWeightTolerance, qPrintable(QStringLiteral("%1: %2").arg(gap.where).arg(gap.maxDelta)));

    // The run says how it was trained.
    const QJsonObject versions = QJsonDocument::fromJson(two.versions.toUtf8()).object();
    QCOMPARE(versions.value("world_size").toInt(), 2);
    QCOMPARE(versions.value("per_rank_batch").toInt(), tag.startsWith("accumulated") ? 8 : 16);
    QCOMPARE(versions.value("launcher").toString(), QStringLiteral("--nproc"));
    QCOMPARE(versions.value("dist_backend").toString(), QStringLiteral("gloo"));
    QCOMPARE(QJsonDocument::fromJson(one.versions.toUtf8()).object().value("world_size").toInt(), 1);
}

void TstDdp::boundsCatchADifferentRun()
{
    // The bounds above separate: 1 process with W times the learning rate (what a linear scaling
    // rule would do) lies outside them by orders of magnitude.
    const Trained &one = oneProcess();
    const Trained doubled = trainRun("plain-1-lr2", plainModel() + QStringList{"--set", "optim.lr=0.002"});
    QVERIFY(!doubled.weights.empty());
    const Measured m = compareMetrics(one.metrics, doubled.metrics, [](const QString &key) {
        return key == "train/loss" ? Bound{Bound::Relative, kMetricTolerance} : Bound{Bound::Relative, 1e300};
    });
    logMeasured("1 process at lr x2", m);
    QVERIFY2(m.worst.at("train/loss").first > 1e-3, qPrintable(m.worst.at("train/loss").second));
    QVERIFY(!m.violation.isEmpty());
    const WeightGap gap = gapOf(one.weights, doubled.weights);
    qInfo("1 process at lr x2: weights: max |dw| %.3g (%s)", gap.maxDelta, qPrintable(gap.where));
    QVERIFY(gap.maxDelta > 1e-3);
}

void TstDdp::shardedEvaluationIsExact()
{
    // Weights that do not move (lr 1e-12: every step is lost in float32 rounding but those of
    // parameters that start at 0, which move by ~1e-12): 1 process and 2 ranks then evaluate the
    // same model on the same batches (train.eval_batch_size 49), and the sharded evaluation's
    // all-reduced sums and counts must be the whole split's. Counts (top-1, top-5, dead codes)
    // exact; val/loss and the codebook measures — float64 sums added in another order — to
    // kEvaluationTolerance, 1e-9 relative (measured: 0 for val/loss, perplexity and top-k, 2e-16
    // for alpha_entropy). The mean of the two shards' means (49 and 50 images) would differ from the
    // mean by (m1 − m0)/198, a count of one shard by half.
    const QStringList frozen{"--set", "optim.lr=1e-12", "--set", "optim.min_lr=0", "--set", "train.epochs=1"};
    const Trained one = trainRun("frozen-1", cdeModel() + frozen);
    const Trained two = trainRun("frozen-2", cdeModel() + frozen + dataParallel(2));
    QVERIFY(!one.metrics.empty() && !two.metrics.empty());
    std::map<QString, double> a, b;
    for (const auto &[key, value] : one.metrics)
        if (key.startsWith("val/") || key.startsWith("cde/"))
            a[key] = value;
    for (const auto &[key, value] : two.metrics)
        if (key.startsWith("val/") || key.startsWith("cde/"))
            b[key] = value;
    QVERIFY(a.count("val/loss@8") && a.count("cde/L0/perplexity@8") && a.count("cde/L1/gate_norm@8"));
    const Measured m = compareMetrics(a, b, evaluationBound);
    logMeasured("evaluation of frozen weights", m);
    QVERIFY2(m.violation.isEmpty(), qPrintable(m.violation));
}

void TstDdp::resumesAsTwoRanksBitExact()
{
    // Stopped mid-epoch (step 12 of 16) and resumed with the same number of ranks: each rank's
    // generator is a function of (seed, step, rank) and everything else is in the checkpoint, so
    // every metric after the resume point and every final weight is bit-identical.
    const Trained &two = twoRanks();
    QVERIFY(!two.weights.empty());
    const QString path = storePath("resume-2");
    const CliRun stopped = runEngine(QStringList{"train", "--store", path, "--json", "--stop-at-step", "12"}
                                     + plainModel() + dataParallel(2));
    QVERIFY2(stopped.exitCode == 3, qPrintable(stopped.err.right(1500)));
    const CliRun resumed = runEngine({"resume", "--run", "1", "--store", path, "--json", "--nproc", "2"});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err.right(1500)));
    const Trained after = finishedRun(path, 1);
    const QString difference = differenceOf(two.metrics, after.metrics);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QVERIFY(bitIdentical(two.weights, after.weights));
}

void TstDdp::resumesAsOneRank()
{
    // The same stop resumed by 1 process: the steps before 12 are the 2-rank run's own records; the
    // rest within case 1's bounds of the uninterrupted 2-rank run.
    const Trained &two = twoRanks();
    QVERIFY(!two.weights.empty());
    const QString path = storePath("resume-1");
    const CliRun stopped = runEngine(QStringList{"train", "--store", path, "--json", "--stop-at-step", "12"}
                                     + plainModel() + dataParallel(2));
    QVERIFY2(stopped.exitCode == 3, qPrintable(stopped.err.right(1500)));
    const CliRun resumed = runEngine({"resume", "--run", "1", "--store", path, "--json", "--nproc", "1"});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err.right(1500)));
    const Trained after = finishedRun(path, 1);
    QVERIFY(!after.weights.empty());
    const QString difference = differenceOf(upToStep(two.metrics, 12), upToStep(after.metrics, 12));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    const Measured m = compareMetrics(two.metrics, after.metrics, trainingBound);
    logMeasured("2 ranks resumed as 1 at step 12", m);
    QVERIFY2(m.violation.isEmpty(), qPrintable(m.violation));
    const WeightGap gap = gapOf(two.weights, after.weights);
    qInfo("2 ranks resumed as 1: weights: max |dw| %.3g (%s)", gap.maxDelta, qPrintable(gap.where));
    QVERIFY2(gap.problem.isEmpty() && gap.maxDelta <= kWeightTolerance, qPrintable(gap.problem + gap.where));
    // This session ran as 1 process: the run's record says so.
    QCOMPARE(QJsonDocument::fromJson(after.versions.toUtf8()).object().value("world_size").toInt(), 1);
}

std::unique_ptr<Engine> TstDdp::startPausedAtFirstCheckpoint(const QString &path, const QStringList &extraEnvironment)
{
    auto engine = std::make_unique<Engine>(QStringList{"train", "--store", path, "--json"} + plainModel()
                                               + dataParallel(2),
                                           QStringList{"GATEFOLD_TEST_SLEEP_AT=after-checkpoint-record#1:2"}
                                               + extraEnvironment);
    // The evaluation of step 8 is printed before its checkpoint is written; the record follows at once.
    if (!engine->waitForLine([](const QJsonObject &o) { return isEvalAt(o, 8); })) {
        qWarning("no evaluation at step 8: %s", qPrintable(engine->out().right(1500)));
        return nullptr;
    }
    QString error;
    auto s = store::RunStore::open(path, &error);
    QElapsedTimer waited;
    waited.start();
    while (s && !checkpointRecord(*s, 1, QStringLiteral("checkpoint/last")) && waited.elapsed() < 20000)
        QThread::msleep(20);
    if (!s || !checkpointRecord(*s, 1, QStringLiteral("checkpoint/last"))) {
        qWarning("no checkpoint recorded: %s", qPrintable(error));
        return nullptr;
    }
    return engine;
}

void TstDdp::checkEndedRun(const QString &path, const QString &status, const QStringList &words)
{
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY(s->integrityOk());
    const auto record = s->run(1);
    QVERIFY(record);
    QCOMPARE(store::toString(record->status), status);
    for (const QString &word : words)
        QVERIFY2(record->message.contains(word), qPrintable(QStringLiteral("'%1' not in: %2").arg(word, record->message)));
    int checkpoints = 0;
    for (const auto &artifact : s->artifacts(1)) {
        if (!artifact.kind.startsWith("checkpoint/"))
            continue;
        ++checkpoints;
        const QString file = train::artifactFile(*s, artifact);
        QVERIFY2(QFile::exists(file), qPrintable(file));
        QCOMPARE(train::sha256OfFile(file), artifact.sha256);
    }
    QVERIFY(checkpoints > 0);
}

void TstDdp::resumeToTheSameEnd(const QString &path)
{
    const Trained &two = twoRanks();
    QVERIFY(!two.weights.empty());
    const CliRun resumed = runEngine({"resume", "--run", "1", "--store", path, "--json", "--nproc", "2"});
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err.right(1500)));
    const Trained after = finishedRun(path, 1);
    const QString difference = differenceOf(two.metrics, after.metrics);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QVERIFY(bitIdentical(two.weights, after.weights));
}

void TstDdp::killedRankEndsTheJob()
{
    // SIGKILL of rank 1 after the first checkpoint: its sockets close, so rank 0 hears of it at its
    // next collective, at once rather than after compute.dist_timeout. Measured 2.1 s from the kill,
    // of which up to 2 s are rank 0's test sleep; bound: dist_timeout (10 s). Then the run resumes as
    // 2 ranks to the uninterrupted run's end, bit for bit.
    const QString path = storePath("kill-rank1");
    auto engine = startPausedAtFirstCheckpoint(path);
    QVERIFY(engine);
    const QList<qint64> ranks = childrenOf(engine->pid());
    QCOMPARE(ranks.size(), 1);
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(::kill(pid_t(ranks.front()), SIGKILL), 0);
    const int exitCode = engine->waitForExit(3 * kDistTimeout * 1000);
    const qint64 took = clock.elapsed();
    qInfo("rank 1 killed: rank 0 exited %d after %lld ms", exitCode, took);
    QCOMPARE(exitCode, 1);
    QVERIFY2(took < kDistTimeout * 1000, qPrintable(QString::number(took)));
    QVERIFY(processGone(ranks.front()));
    checkEndedRun(path, "crashed", {QStringLiteral("rank 1 (pid %1) was killed by signal 9").arg(ranks.front())});
    resumeToTheSameEnd(path);
}

void TstDdp::hungRankEndsWithinTheTimeout()
{
    // SIGSTOP of rank 1 after the first checkpoint: nothing closes, so rank 0 waits in its next
    // collective until compute.dist_timeout, then ends the hung rank: 1 s for a rank's exit status
    // (the diagnosis), 2 s for the ranks to end by themselves, SIGTERM and 2 s more, SIGKILL.
    // Measured 17.2–17.7 s from the stop (idle to load 12 on 2 cores): up to 2 s of test sleep +
    // 10 s timeout + 5 s of those waits. Bounds: at least dist_timeout − 1 s (a hang is found by the
    // timeout, nothing sooner), less than dist_timeout + 12 s (the sleep, the 5 s of waits, 5 s for
    // a loaded machine).
    const QString path = storePath("hang-rank1");
    auto engine = startPausedAtFirstCheckpoint(path);
    QVERIFY(engine);
    const QList<qint64> ranks = childrenOf(engine->pid());
    QCOMPARE(ranks.size(), 1);
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(::kill(pid_t(ranks.front()), SIGSTOP), 0);
    const int exitCode = engine->waitForExit(4 * kDistTimeout * 1000);
    const qint64 took = clock.elapsed();
    qInfo("rank 1 stopped: rank 0 exited %d after %lld ms", exitCode, took);
    if (!processGone(ranks.front()))
        ::kill(pid_t(ranks.front()), SIGKILL);  // not left behind by a failed check
    QCOMPARE(exitCode, 1);
    QVERIFY2(took >= (kDistTimeout - 1) * 1000 && took < (kDistTimeout + 12) * 1000, qPrintable(QString::number(took)));
    QVERIFY(waitUntilGone(ranks.front(), 1000));
    checkEndedRun(path, "crashed", {"did not answer within compute.dist_timeout"});
}

void TstDdp::killedLeaderTakesItsRanks()
{
    // SIGKILL of rank 0: its ranks die with it (PR_SET_PDEATHSIG) — measured ~10 ms, bound 2 s — and
    // the run, held by a dead engine, is listed as crashed.
    const QString path = storePath("kill-rank0");
    auto engine = startPausedAtFirstCheckpoint(path);
    QVERIFY(engine);
    const QList<qint64> ranks = childrenOf(engine->pid());
    QCOMPARE(ranks.size(), 1);
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(::kill(pid_t(engine->pid()), SIGKILL), 0);
    QCOMPARE(engine->waitForExit(10000), -1);
    QVERIFY(waitUntilGone(ranks.front(), 2000));
    qInfo("rank 0 killed: rank 1 gone after %lld ms", clock.elapsed());
    const CliRun list = runEngine({"runs", "list", "--store", path, "--json"});
    QCOMPARE(list.exitCode, 0);
    const auto lines = jsonLines(list.out);
    QCOMPARE(int(lines.size()), 1);
    QCOMPARE(lines.front().value("status").toString(), QStringLiteral("crashed"));
}

void TstDdp::sigtermCancelsEveryRank()
{
    // SIGTERM to rank 0 only: every rank stops at the same step, rank 0 saves a checkpoint, the run
    // is cancelled (exit 3), no rank is left, and it resumes to the uninterrupted run's end.
    const QString path = storePath("sigterm");
    auto engine = startPausedAtFirstCheckpoint(path);
    QVERIFY(engine);
    const QList<qint64> ranks = childrenOf(engine->pid());
    QCOMPARE(ranks.size(), 1);
    QCOMPARE(::kill(pid_t(engine->pid()), SIGTERM), 0);
    QCOMPARE(engine->waitForExit(60000), 3);
    QVERIFY(processGone(ranks.front()));
    checkEndedRun(path, "cancelled", {});
    resumeToTheSameEnd(path);
}

void TstDdp::torchrunWorldTrainsAsNproc()
{
    // Two processes started as torchrun starts them: rank 0 with the run's arguments, rank 1 with
    // none (it reads the job from rank 0). The same world as --nproc 2, so the same numbers, bit for bit.
    const Trained &two = twoRanks();
    QVERIFY(!two.weights.empty());
    // A free port may be taken between freePort() and rank 0's listen: then rank 0 says so (and
    // fails its run), and the world starts again on another port, into another store.
    QString path;
    for (int attempt = 1;; ++attempt) {
        path = storePath(QStringLiteral("torchrun-%1").arg(attempt));
        const int port = freePort();
        QVERIFY(port > 0);
        auto world = [port](int rank) {
            return QStringList{QStringLiteral("RANK=%1").arg(rank), "WORLD_SIZE=2",
                               QStringLiteral("LOCAL_RANK=%1").arg(rank), "LOCAL_WORLD_SIZE=2",
                               "MASTER_ADDR=127.0.0.1", QStringLiteral("MASTER_PORT=%1").arg(port)};
        };
        Engine rank0(QStringList{"train", "--store", path, "--json"} + plainModel()
                         + QStringList{"--set", QStringLiteral("compute.dist_timeout=%1").arg(kDistTimeout)},
                     world(0));
        Engine rank1({"train"}, world(1));
        const int exitCode = rank0.waitForExit();
        if (exitCode != 0 && rank0.err().contains("cannot serve the rendezvous") && attempt < 3)
            continue;  // rank 1, connected to whatever took the port, is killed with its Engine
        QVERIFY2(exitCode == 0, qPrintable(rank0.err().right(1500)));
        QCOMPARE(rank1.waitForExit(), 0);
        break;
    }
    const Trained t = finishedRun(path, 1);
    QVERIFY(!t.weights.empty());
    const QString difference = differenceOf(two.metrics, t.metrics);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QVERIFY(bitIdentical(two.weights, t.weights));
    const QJsonObject versions = QJsonDocument::fromJson(t.versions.toUtf8()).object();
    QCOMPARE(versions.value("launcher").toString(), QStringLiteral("torchrun"));
    QCOMPARE(versions.value("world_size").toInt(), 2);
}

void TstDdp::impossibleWorldsAreRefused_data()
{
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<QString>("named");  // the variable the message must name
    QTest::newRow("rank outside the world")
        << QStringList{"RANK=2", "WORLD_SIZE=2", "MASTER_PORT=29500"} << "RANK/WORLD_SIZE";
    QTest::newRow("no MASTER_PORT") << QStringList{"WORLD_SIZE=2"} << "MASTER_PORT is not set";
    QTest::newRow("MASTER_PORT not a port")
        << QStringList{"RANK=0", "WORLD_SIZE=2", "MASTER_PORT=abc"} << "MASTER_PORT is 'abc'";
    QTest::newRow("srun rank outside the step")
        << QStringList{"SLURM_STEP_ID=0", "SLURM_PROCID=3", "SLURM_STEP_NUM_TASKS=2", "MASTER_PORT=29500"}
        << "SLURM_PROCID";
}

void TstDdp::impossibleWorldsAreRefused()
{
    // Refused with exit 2 before the store is opened: no store file, no queued run left behind.
    QFETCH(QStringList, environment);
    QFETCH(QString, named);
    const QString dir = m_dir.filePath(QStringLiteral("world-%1").arg(QTest::currentDataTag()).replace(' ', '-'));
    for (const QStringList &command : {QStringList{"train", "--store", dir + "/runs.sqlite"} + plainModel(),
                                       QStringList{"resume", "--run", "1", "--store", dir + "/runs.sqlite"}}) {
        const CliRun r = runEngine(command, environment);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(named), qPrintable(r.err));
        QVERIFY2(!QFileInfo::exists(dir), qPrintable(dir));
    }
}

void TstDdp::badProcessCountsAreRefused_data()
{
    QTest::addColumn<QStringList>("arguments");  // the command; "--store S" goes after its first word
    QTest::addColumn<QString>("says");
    QTest::addColumn<bool>("existingStore");  // on the finished 2-rank store (nothing may change), else a new one
    const QString range = QStringLiteral("--nproc must lie between 1 and 1024");
    QTest::newRow("--nproc 0") << (QStringList{"train", "--nproc", "0"} + plainModel()) << range << false;
    QTest::newRow("--nproc 1025") << (QStringList{"train", "--nproc", "1025"} + plainModel()) << range << false;
    QTest::newRow("--nproc abc")
        << (QStringList{"train", "--nproc", "abc"} + plainModel()) << "--nproc must be a whole number" << false;
    QTest::newRow("--nproc 3, batch 32")
        << (QStringList{"train", "--nproc", "3"} + plainModel()) << "train.batch_size: must be a multiple of" << false;
    QTest::newRow("processes 3, batch 32")
        << (QStringList{"train"} + plainModel() + QStringList{"--set", "compute.processes=3"}) << "train.batch_size"
        << false;
    QTest::newRow("--run, not queued") << QStringList{"train", "--run", "1", "--nproc", "2"} << "not queued" << true;
    QTest::newRow("resume --nproc 0") << QStringList{"resume", "--run", "1", "--nproc", "0"} << range << true;
    QTest::newRow("resume a finished run")
        << QStringList{"resume", "--run", "1", "--nproc", "2"} << "only failed, cancelled, crashed or stopped" << true;
}

void TstDdp::badProcessCountsAreRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, says);
    QFETCH(bool, existingStore);
    QString path = m_dir.filePath(QStringLiteral("nproc-%1/runs.sqlite").arg(QTest::currentDataTag()).replace(' ', '-'));
    std::map<QString, double> before;
    if (existingStore) {
        path = twoRanks().store;
        QVERIFY(!twoRanks().metrics.empty());
        before = twoRanks().metrics;
    }
    const CliRun r = runEngine(arguments.mid(0, 1) + QStringList{"--store", path} + arguments.mid(1));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    if (!existingStore) {
        QVERIFY2(!QFileInfo::exists(QFileInfo(path).path()), qPrintable(path));
        return;
    }
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(int(s->runs().size()), 1);
    QCOMPARE(store::toString(s->run(1)->status), QStringLiteral("finished"));
    QVERIFY(differenceOf(before, metricsOf(*s, 1)).isEmpty());
}

GATEFOLD_TEST_MAIN(TstDdp)
#include "tst_ddp.moc"
