// Runs to and from MLflow's file store (issue #8, Runs): a generated store's
// runs exported and checked file by file against the format (and read by an
// independent Python reader that walks the directory as MLflow's FileStore
// does), imported back into a fresh store and compared field by field; a
// hand-written directory shaped like one MLflow writes; the refusals, which
// leave the store and the directory as they were; the CLI as a child.

#include <QtTest/QtTest>

#include "clirun.h"
#include "mlflow/flatyaml.h"
#include "mlflow/mlflowexport.h"
#include "mlflow/mlflowimport.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"
#include "config/settingsconfig.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>
#include <limits>

using namespace gatefold;

using CliResult = gatefold::test::CliRun;
using gatefold::test::runCli;

namespace {

constexpr double kT0 = 1700000000.125;  // a fixed Unix time with whole milliseconds

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

// Every file under `dir` with its bytes (to show that a refusal changed nothing).
QMap<QString, QByteArray> snapshotDir(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        out.insert(QDir(dir).relativeFilePath(p), readAll(p));
    }
    return out;
}

mlflow::ImportOptions importOptions(const QString &dir)
{
    mlflow::ImportOptions o;
    o.dir = dir;
    return o;
}

// What a store holds, as one comparable value (counts and every metric point).
QString storeDigest(store::RunStore &s)
{
    QStringList parts;
    for (const auto &r : s.runs()) {
        parts << QStringLiteral("%1 %2 %3").arg(r.id).arg(r.name, store::toString(r.status));
        for (const QString &key : s.metricKeys(r.id))
            parts << QStringLiteral("%1:%2").arg(key).arg(s.metrics(r.id, key).size());
        parts << QString::number(s.artifacts(r.id).size());
    }
    return parts.join(QLatin1Char('|'));
}


// A reader written from MLflow's FileStore format, independent of the C++ one.
const char *const kPythonReader = R"PY(
import json, math, os, sys, yaml
root = sys.argv[1]
out = {"experiments": {}, "runs": {}}
for exp in sorted(os.listdir(root)):
    ed = os.path.join(root, exp)
    if exp.startswith(".") or not os.path.isfile(os.path.join(ed, "meta.yaml")):
        continue
    with open(os.path.join(ed, "meta.yaml")) as f:
        out["experiments"][exp] = yaml.safe_load(f)
    for run in sorted(os.listdir(ed)):
        rd = os.path.join(ed, run)
        if not os.path.isfile(os.path.join(rd, "meta.yaml")):
            continue
        with open(os.path.join(rd, "meta.yaml")) as f:
            meta = yaml.safe_load(f)
        def files(sub):
            base = os.path.join(rd, sub)
            res = {}
            for d, _, names in os.walk(base):
                for n in names:
                    p = os.path.join(d, n)
                    with open(p) as f:
                        res[os.path.relpath(p, base)] = f.read()
            return res
        metrics = {}
        for key, text in files("metrics").items():
            pts = []
            for line in text.splitlines():
                parts = line.strip().split(" ")
                assert len(parts) in (2, 3), line
                v = float(parts[1])
                pts.append([int(parts[0]), v if math.isfinite(v) else repr(v), int(parts[2]) if len(parts) == 3 else 0])
            metrics[key] = pts
        out["runs"][run] = {"meta": meta, "params": files("params"), "tags": files("tags"), "metrics": metrics}
print(json.dumps(out))
)PY";

} // namespace

class TestMlflow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::RunStore> m_store;
    qint64 m_finished = 0, m_failed = 0, m_cancelled = 0;
    train::RunConfig m_config;
    QByteArray m_artifactBytes;

    QString path(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase();
    void flatYaml();
    void exportFormat();
    void pythonReader();
    void roundTrip();
    void listedArtifactsImportBack();
    void handWritten();
    void importRefusals_data();
    void importRefusals();
    void exportRefusals();
    void exportRefusesUnreadableConfig();
    void nonFiniteTimesWrittenAsMissing();
    void movedStoreReadsItsOwnArtifacts();
    void importRunsIsOneTransaction();
    void cli();
};

void TestMlflow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    m_store = store::RunStore::open(path("source/runs.sqlite"), &error);
    QVERIFY2(m_store, qPrintable(error));
    m_config = train::demoRun();
    QVERIFY(config::applyAssignment(m_config, "optim.lr=0.0003"));
    QVERIFY(config::applyAssignment(m_config, "train.epochs=3"));
    QVERIFY(config::applyAssignment(m_config, "data.name=builtin"));
    QVERIFY(config::applyAssignment(m_config, "gate.kind=cde"));

    store::NewRun a;
    a.name = QStringLiteral("cde: lr 3e-4 'quoted' #1");
    a.configJson = train::runConfigToJson(m_config);
    a.seed = 7;
    a.tags = {QStringLiteral("baseline"), QStringLiteral("team=vision"), QStringLiteral("odd tag: ü")};
    a.notes = QStringLiteral("first line\nsecond line: with 'quotes' and \"double\"");
    m_finished = *m_store->createRun(a);
    QVERIFY(m_store->setStatus(m_finished, store::RunStatus::Running));
    QVERIFY(m_store->setRuntime(m_finished, QStringLiteral("cpu"), QStringLiteral("{\"gatefold\":\"0.1.0\"}")));
    std::vector<store::MetricPoint> points;
    for (int step = 0; step < 20; step += 2) {
        const double wall = kT0 + step * 0.5;
        points.push_back({QStringLiteral("train/loss"), step, step / 8.0, wall, 2.0 / (1 + step) + 1e-17});
        points.push_back({QStringLiteral("train/lr"), step, step / 8.0, wall, 3e-4 * step / 19.0});
    }
    points.push_back({QStringLiteral("val/top1"), 8, 1.0, kT0 + 4.25, 0.25});
    points.push_back({QStringLiteral("val/top1"), 16, 2.0, kT0 + 8.25, 1.0 / 3.0});
    points.push_back({QStringLiteral("cde/L0/perplexity"), 16, 2.0, kT0 + 8.25, 123.456789});
    QVERIFY(m_store->addMetrics(m_finished, points));
    m_artifactBytes = QByteArray("checkpoint bytes \x00\x01\x02", 20).repeated(100);
    writeText(m_store->runDirectory(m_finished) + QStringLiteral("/best.pt"), m_artifactBytes);
    store::Artifact art;
    art.runId = m_finished;
    art.kind = QStringLiteral("checkpoint/best");
    art.path = QStringLiteral("runs/%1/best.pt").arg(m_finished);
    art.sha256 = QString::fromLatin1(QCryptographicHash::hash(m_artifactBytes, QCryptographicHash::Sha256).toHex());
    art.infoJson = QByteArrayLiteral("{\"epoch\":2,\"val/top1\":0.3333}");
    QVERIFY(m_store->addArtifact(art));
    QVERIFY(m_store->setStatus(m_finished, store::RunStatus::Finished, QStringLiteral("finished 20 steps")));

    store::NewRun b;
    b.name = QStringLiteral("diverged");
    b.configJson = train::runConfigToJson(m_config);
    b.seed = 8;
    m_failed = *m_store->createRun(b);
    QVERIFY(m_store->setStatus(m_failed, store::RunStatus::Running));
    QVERIFY(m_store->addMetrics(m_failed, {{QStringLiteral("train/loss"), 0, 0, kT0, 1e300}, {QStringLiteral("train/loss"), 1, 0.5, kT0 + 1, -INFINITY}}));
    QVERIFY(m_store->setStatus(m_failed, store::RunStatus::Failed, QStringLiteral("loss is NaN at step 0")));

    store::NewRun c;
    c.name = QStringLiteral("stopped");
    c.configJson = train::runConfigToJson(m_config);
    m_cancelled = *m_store->createRun(c);
    QVERIFY(m_store->setStatus(m_cancelled, store::RunStatus::Running));
    QVERIFY(m_store->setStatus(m_cancelled, store::RunStatus::Cancelled));
}

void TestMlflow::flatYaml()
{
    QString error;
    const auto y = mlflow::readFlatYaml("a: plain\nb: 'it''s'\nc: \"x\\ny\"\nd: null\ne: ~\nf:\ng: []\n"
                                        "h: 42\ni: 'folded long\n  value'\n# comment\n",
                                        &error);
    QVERIFY2(y, qPrintable(error));
    QCOMPARE(y->at("a").text, QStringLiteral("plain"));
    QCOMPARE(y->at("b").text, QStringLiteral("it's"));
    QCOMPARE(y->at("c").text, QStringLiteral("x\ny"));
    QVERIFY(y->at("d").isNull && y->at("e").isNull && y->at("f").isNull);
    QCOMPARE(y->at("g").text, QStringLiteral("[]"));
    QCOMPARE(y->at("h").text, QStringLiteral("42"));
    QVERIFY(!y->at("h").quoted);
    QCOMPARE(y->at("i").text, QStringLiteral("folded long value"));
    for (const char *bad : {"a: 1\nnot a key line\n", "a:\n  b: 1\n", "a: [1, 2]\n", "a: 'open\n", "a: 1\na: 2\n",
                            "a:\n  - 1\n"}) {
        error.clear();
        QVERIFY2(!mlflow::readFlatYaml(bad, &error), bad);
        QVERIFY2(error.startsWith(QStringLiteral("line ")), qPrintable(error));
    }
    // What the writer quotes reads back the same.
    for (const QString &s : {QStringLiteral("plain"), QStringLiteral("it's: odd"), QStringLiteral("null"),
                             QStringLiteral("two\nlines\t\"q\""), QStringLiteral("123"), QStringLiteral(""),
                             QStringLiteral("ü #x")}) {
        const auto back = mlflow::readFlatYaml(mlflow::writeFlatYaml({{QStringLiteral("k"), mlflow::yamlString(s)}}), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->at("k").text, s);
        QVERIFY(!back->at("k").isNull);
    }
}

void TestMlflow::exportFormat()
{
    mlflow::ExportOptions options;
    options.outDir = path("mlruns");
    options.experiment = QStringLiteral("Study A");
    options.runIds = {m_finished, m_failed, m_cancelled};
    options.user = QStringLiteral("researcher");
    QString error;
    const auto result = mlflow::exportRuns(*m_store, options, &error);
    QVERIFY2(result, qPrintable(error));
    QCOMPARE(result->runs.size(), size_t(3));
    QCOMPARE(result->experimentId, QStringLiteral("1"));

    // The default experiment, as MLflow's FileStore creates it, and ours.
    for (const auto &[id, name] : {std::pair{"0", "Default"}, std::pair{"1", "Study A"}}) {
        const auto exp = mlflow::readFlatYaml(readAll(path("mlruns/%1/meta.yaml").arg(id)), &error);
        QVERIFY2(exp, qPrintable(error));
        QStringList keys;
        for (const auto &kv : *exp)
            keys << kv.first;
        QCOMPARE(keys, (QStringList{"artifact_location", "creation_time", "experiment_id", "last_update_time",
                                    "lifecycle_stage", "name"}));
        QCOMPARE(exp->at("experiment_id").text, QString::fromLatin1(id));
        QVERIFY(exp->at("experiment_id").quoted);  // a string in MLflow's meta.yaml
        QCOMPARE(exp->at("name").text, QString::fromLatin1(name));
        QCOMPARE(exp->at("lifecycle_stage").text, QStringLiteral("active"));
    }
    QVERIFY(QFileInfo(path("mlruns/.trash")).isDir());

    const QString run = result->runs[0].runDir;
    QCOMPARE(QFileInfo(run).dir().absolutePath(), QFileInfo(path("mlruns/1")).absoluteFilePath());
    QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{32}$")).match(result->runs[0].mlflowRunId).hasMatch());
    const auto meta = mlflow::readFlatYaml(readAll(run + "/meta.yaml"), &error);
    QVERIFY2(meta, qPrintable(error));
    QStringList keys;
    for (const auto &kv : *meta)
        keys << kv.first;
    QCOMPARE(keys, (QStringList{"artifact_uri", "end_time", "entry_point_name", "experiment_id", "lifecycle_stage", "run_id",
                                "run_name", "run_uuid", "source_name", "source_type", "source_version", "start_time",
                                "status", "tags", "user_id"}));
    const auto rec = *m_store->run(m_finished);
    QCOMPARE(meta->at("run_id").text, result->runs[0].mlflowRunId);
    QCOMPARE(meta->at("run_uuid").text, result->runs[0].mlflowRunId);
    QCOMPARE(meta->at("run_name").text, rec.name);
    QCOMPARE(meta->at("status").text, QStringLiteral("3"));  // FINISHED
    QCOMPARE(meta->at("start_time").text.toLongLong(), qint64(std::llround(rec.started * 1000)));
    QCOMPARE(meta->at("end_time").text.toLongLong(), qint64(std::llround(rec.ended * 1000)));
    QCOMPARE(meta->at("user_id").text, QStringLiteral("researcher"));
    QCOMPARE(meta->at("artifact_uri").text, QUrl::fromLocalFile(run + "/artifacts").toString());
    QCOMPARE(meta->at("tags").text, QStringLiteral("[]"));
    for (size_t i = 1; i < 3; ++i) {
        const auto m = mlflow::readFlatYaml(readAll(result->runs[i].runDir + "/meta.yaml"), &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->at("status").text, i == 1 ? QStringLiteral("4") : QStringLiteral("5"));  // FAILED, KILLED
    }

    // Params: every setting as its text, no trailing newline, and the seed.
    QCOMPARE(readAll(run + "/params/optim.lr"), QByteArray("0.0003"));
    QCOMPARE(readAll(run + "/params/gate.kind"), QByteArray("cde"));
    QCOMPARE(readAll(run + "/params/train.epochs"), QByteArray("3"));
    QCOMPARE(readAll(run + "/params/seed"), QByteArray("7"));
    QCOMPARE(int(QDir(run + "/params").entryList(QDir::Files).size()), int(config::fields().size()) + 1);

    // Metrics: train/loss nested, "<ms> <value> <step>" per point, values to the bit.
    QVERIFY(QFileInfo(run + "/metrics/train").isDir());
    const QList<QByteArray> lines = readAll(run + "/metrics/train/loss").split('\n');
    QCOMPARE(lines.size(), 11);  // 10 points and the final newline
    QVERIFY(lines.last().isEmpty());
    const auto loss = m_store->metrics(m_finished, QStringLiteral("train/loss"));
    for (int i = 0; i < 10; ++i) {
        const QList<QByteArray> f = lines[i].split(' ');
        QCOMPARE(f.size(), 3);
        QCOMPARE(f[0].toLongLong(), qint64(std::llround(loss[i].wall * 1000)));
        QCOMPARE(f[1].toDouble(), loss[i].value);
        QCOMPARE(f[2].toLongLong(), loss[i].step);
    }
    QCOMPARE(readAll(run + "/metrics/cde/L0/perplexity"), QByteArray("1700000008375 123.456789 16\n"));
    QVERIFY(readAll(run + "/metrics/epoch").startsWith("1700000000125 0.0 0\n1700000001125 0.25 2\n"));
    QCOMPARE(readAll(result->runs[1].runDir + "/metrics/train/loss"), QByteArray("1700000000125 1e+300 0\n1700000001125 -inf 1\n"));

    // Tags.
    QCOMPARE(readAll(run + "/tags/mlflow.runName"), rec.name.toUtf8());
    QCOMPARE(readAll(run + "/tags/mlflow.note.content"), rec.notes.toUtf8());
    QCOMPARE(readAll(run + "/tags/mlflow.user"), QByteArray("researcher"));
    QCOMPARE(readAll(run + "/tags/mlflow.source.name"), QByteArray("gatefold"));
    QCOMPARE(readAll(run + "/tags/gatefold.status"), QByteArray("finished"));
    QCOMPARE(readAll(run + "/tags/team"), QByteArray("vision"));
    QCOMPARE(readAll(run + "/tags/baseline"), QByteArray());
    QCOMPARE(QJsonDocument::fromJson(readAll(run + "/tags/gatefold.tags")).array().size(), 3);
    QCOMPARE(readAll(result->runs[1].runDir + "/tags/gatefold.message"), QByteArray("loss is NaN at step 0"));

    // Artifacts: copied, and listed with the original path and hash.
    QCOMPARE(readAll(run + "/artifacts/checkpoint/best/best.pt"), m_artifactBytes);
    const QJsonArray manifest = QJsonDocument::fromJson(readAll(run + "/artifacts/gatefold/artifacts.json")).array();
    QCOMPARE(manifest.size(), 1);
    QCOMPARE(manifest[0]["kind"].toString(), QStringLiteral("checkpoint/best"));
    QCOMPARE(manifest[0]["copy"].toString(), QStringLiteral("checkpoint/best/best.pt"));
    QCOMPARE(manifest[0]["path"].toString(), m_store->runDirectory(m_finished) + "/best.pt");
    QVERIFY(!QFileInfo::exists(path("mlruns/.gatefold-staging")));

    // Exporting again replaces the run (same id), and a size limit lists instead of copying.
    options.runIds = {m_finished};
    options.maxCopyBytes = 10;
    const auto again = mlflow::exportRuns(*m_store, options, &error);
    QVERIFY2(again, qPrintable(error));
    QCOMPARE(again->runs[0].mlflowRunId, result->runs[0].mlflowRunId);
    QCOMPARE(again->runs[0].listedArtifacts, 1);
    QVERIFY(!QFileInfo::exists(run + "/artifacts/checkpoint/best/best.pt"));
    QCOMPARE(QDir(path("mlruns/1")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 3);
    options.maxCopyBytes = qint64(1) << 30;
    QVERIFY(mlflow::exportRuns(*m_store, options, &error));
}

void TestMlflow::pythonReader()
{
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"), {"-c", "import yaml"});
    if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
        QSKIP("/usr/bin/python3 with PyYAML is not installed: the independent Python reader is skipped");
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"), {"-c", QString::fromUtf8(kPythonReader), path("mlruns")});
    QVERIFY(py.waitForFinished(60000));
    QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
    const QJsonObject all = QJsonDocument::fromJson(py.readAllStandardOutput()).object();
    QCOMPARE(all["experiments"].toObject()["1"].toObject()["name"].toString(), QStringLiteral("Study A"));
    QCOMPARE(all["experiments"].toObject()["1"].toObject()["experiment_id"].toString(), QStringLiteral("1"));
    const QJsonObject runs = all["runs"].toObject();
    QCOMPARE(runs.size(), 3);
    int seen = 0;
    for (auto it = runs.begin(); it != runs.end(); ++it) {
        const QJsonObject r = it.value().toObject();
        const qint64 id = r["tags"].toObject()["gatefold.run_id"].toString().toLongLong();
        const auto rec = m_store->run(id);
        QVERIFY(rec);
        const QJsonObject meta = r["meta"].toObject();
        QCOMPARE(meta["run_id"].toString(), it.key());
        QCOMPARE(meta["run_name"].toString(), rec->name);
        QCOMPARE(meta["experiment_id"].toString(), QStringLiteral("1"));
        QCOMPARE(meta["status"].toInt(), id == m_finished ? 3 : id == m_failed ? 4 : 5);
        QCOMPARE(qint64(meta["start_time"].toDouble()), qint64(std::llround(rec->started * 1000)));
        QCOMPARE(r["params"].toObject()["optim.lr"].toString(), QStringLiteral("0.0003"));
        QCOMPARE(r["tags"].toObject()["mlflow.runName"].toString(), rec->name);
        const QJsonObject metrics = r["metrics"].toObject();
        for (const QString &key : m_store->metricKeys(id)) {
            const auto points = m_store->metrics(id, key);
            const QJsonArray lines = metrics[key].toArray();
            QCOMPARE(lines.size(), int(points.size()));
            for (int i = 0; i < lines.size(); ++i) {
                const QJsonArray l = lines[i].toArray();
                QCOMPARE(qint64(l[0].toDouble()), qint64(std::llround(points[i].wall * 1000)));
                if (std::isfinite(points[i].value))  // JSON has no infinities: the reader gives repr()
                    QCOMPARE(l[1].toDouble(), points[i].value);
                else
                    QCOMPARE(l[1].toString(), points[i].value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf"));
                QCOMPARE(qint64(l[2].toDouble()), points[i].step);
            }
        }
        if (id == m_finished)
            QVERIFY(metrics.contains("cde/L0/perplexity"));
        ++seen;
    }
    QCOMPARE(seen, 3);
}

void TestMlflow::roundTrip()
{
    QString error;
    auto fresh = store::RunStore::open(path("fresh/runs.sqlite"), &error);
    QVERIFY2(fresh, qPrintable(error));
    const auto result = mlflow::importMlflow(*fresh, importOptions(path("mlruns")), &error);
    QVERIFY2(result, qPrintable(error));
    QCOMPARE(result->newIds.size(), size_t(3));
    for (const qint64 id : {m_finished, m_failed, m_cancelled}) {
        const auto a = *m_store->run(id);
        std::optional<store::RunRecord> b;
        for (const auto &r : fresh->runs())
            if (r.name == a.name)
                b = r;
        QVERIFY2(b, qPrintable(a.name));
        QCOMPARE(store::toString(b->status), store::toString(a.status));
        QCOMPARE(b->seed, a.seed);
        QCOMPARE(QJsonDocument::fromJson(b->configJson).object(), QJsonDocument::fromJson(a.configJson).object());
        QCOMPARE(b->tags, a.tags);
        QCOMPARE(b->notes, a.notes);
        QCOMPARE(b->message, a.message);
        QCOMPARE(b->device, a.device);
        QCOMPARE(b->host, a.host);
        QCOMPARE(b->versions, a.versions);
        QVERIFY(std::abs(b->created - a.created) < 1e-3);
        QVERIFY(std::abs(b->started - a.started) < 1e-3);
        QVERIFY(std::abs(b->ended - a.ended) < 1e-3);
        QCOMPARE(fresh->metricKeys(b->id), m_store->metricKeys(id));  // the epoch carrier is not a metric
        for (const QString &key : m_store->metricKeys(id)) {
            const auto pa = m_store->metrics(id, key);
            const auto pb = fresh->metrics(b->id, key);
            QCOMPARE(pb.size(), pa.size());
            for (size_t i = 0; i < pa.size(); ++i) {
                QCOMPARE(pb[i].step, pa[i].step);
                QCOMPARE(pb[i].epoch, pa[i].epoch);
                QVERIFY(std::abs(pb[i].wall - pa[i].wall) < 1e-3);
                QVERIFY(std::memcmp(&pb[i].value, &pa[i].value, sizeof(double)) == 0 ||
                        (std::isnan(pa[i].value) && std::isnan(pb[i].value)));
            }
            const auto sa = m_store->metricSummary(id, key);
            const auto sb = fresh->metricSummary(b->id, key);
            QCOMPARE(sb.count, sa.count);
            QCOMPARE(sb.lastStep, sa.lastStep);
        }
        const auto arts = fresh->artifacts(b->id);
        const auto source = fresh->artifacts(b->id, QStringLiteral("mlflow/run"));
        QCOMPARE(source.size(), size_t(1));
        QCOMPARE(QJsonDocument::fromJson(source[0].infoJson).object()["experiment"].toString(), QStringLiteral("Study A"));
        if (id == m_finished) {
            const auto best = fresh->artifacts(b->id, QStringLiteral("checkpoint/best"));
            QCOMPARE(best.size(), size_t(1));
            const auto orig = m_store->artifacts(id)[0];
            QCOMPARE(best[0].sha256, orig.sha256);
            QCOMPARE(QJsonDocument::fromJson(best[0].infoJson), QJsonDocument::fromJson(orig.infoJson));
            QCOMPARE(readAll(best[0].path), m_artifactBytes);  // the copy in the MLflow directory
            QVERIFY(best[0].path.startsWith(path("mlruns/1/")));
            QCOMPARE(arts.size(), size_t(2));
        } else {
            QCOMPARE(arts.size(), size_t(1));
        }
    }
    // A second import skips every run; importing into the source store skips its own.
    const QString before = storeDigest(*fresh);
    const auto again = mlflow::importMlflow(*fresh, importOptions(path("mlruns")), &error);
    QVERIFY2(again, qPrintable(error));
    QVERIFY(again->newIds.empty());
    QVERIFY(again->runs[0].skipReason.startsWith(QStringLiteral("imported before, as run")));
    QCOMPARE(storeDigest(*fresh), before);
    const auto self = mlflow::importMlflow(*m_store, importOptions(path("mlruns")), &error);
    QVERIFY2(self, qPrintable(error));
    QVERIFY(self->newIds.empty());
    QVERIFY(self->runs[0].skipReason.startsWith(QStringLiteral("exported from this store's run")));
}

// What an export only lists (over --max-copy-mb, a folder such as an imported run's
// MLflow source) comes back as a record of the original path with its hash and why
// it was not copied; so an export of imported runs imports again.
void TestMlflow::listedArtifactsImportBack()
{
    mlflow::ExportOptions options;
    options.outDir = path("listed");
    options.runIds = {m_finished};
    options.maxCopyBytes = 10;  // the checkpoint is larger: listed, not copied
    QString error;
    const auto exported = mlflow::exportRuns(*m_store, options, &error);
    QVERIFY2(exported, qPrintable(error));
    QCOMPARE(exported->runs[0].listedArtifacts, 1);
    auto first = store::RunStore::open(path("listed-import/runs.sqlite"), &error);
    QVERIFY2(first, qPrintable(error));
    const auto imported = mlflow::importMlflow(*first, importOptions(path("listed")), &error);
    QVERIFY2(imported, qPrintable(error));
    QCOMPARE(imported->newIds.size(), size_t(1));
    const qint64 id = imported->newIds[0];
    const auto best = first->artifacts(id, QStringLiteral("checkpoint/best"));
    QCOMPARE(best.size(), size_t(1));
    const auto original = m_store->artifacts(m_finished, QStringLiteral("checkpoint/best"));
    QCOMPARE(best[0].path, m_store->runDirectory(m_finished) + "/best.pt");  // the file it names, where it was
    QCOMPARE(best[0].sha256, original[0].sha256);
    const QJsonObject info = QJsonDocument::fromJson(best[0].infoJson).object();
    QVERIFY2(!info.value("not_copied").toString().isEmpty(), best[0].infoJson.constData());

    // The imported run again: its MLflow source is a folder, listed; that export imports too.
    options.outDir = path("listed-again");
    options.runIds = {id};
    options.maxCopyBytes = qint64(512) << 20;
    const auto again = mlflow::exportRuns(*first, options, &error);
    QVERIFY2(again, qPrintable(error));
    QVERIFY(again->runs[0].listedArtifacts >= 1);
    auto second = store::RunStore::open(path("listed-import2/runs.sqlite"), &error);
    QVERIFY2(second, qPrintable(error));
    const auto back = mlflow::importMlflow(*second, importOptions(path("listed-again")), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->newIds.size(), size_t(1));
    QCOMPARE(second->artifacts(back->newIds[0], QStringLiteral("checkpoint/best"))[0].sha256, original[0].sha256);
}

namespace {

// A file store the way MLflow 2.x writes one (python -c "mlflow.log_param…"): plain
// artifact_uri, a two-field metric line of an old client, a running and a deleted run.
void writeHandMade(const QString &root)
{
    const QString e = root + "/412278139893046325";
    writeText(root + "/0/meta.yaml", "artifact_location: file://" + root.toUtf8() + "/0\ncreation_time: 1700000000000\n"
                                     "experiment_id: '0'\nlast_update_time: 1700000000000\nlifecycle_stage: active\nname: Default\n");
    writeText(e + "/meta.yaml", "artifact_location: file://" + e.toUtf8() + "\ncreation_time: 1700000000000\n"
                                "experiment_id: '412278139893046325'\nlast_update_time: 1700000000000\n"
                                "lifecycle_stage: active\nname: cde-reference\n");
    const QString r1 = e + "/0123456789abcdef0123456789abcdef";
    writeText(r1 + "/meta.yaml", "artifact_uri: file://" + r1.toUtf8() + "/artifacts\nend_time: 1700000100000\n"
                                 "entry_point_name: ''\nexperiment_id: '412278139893046325'\nlifecycle_stage: active\n"
                                 "run_id: 0123456789abcdef0123456789abcdef\nrun_name: bright-owl-42\n"
                                 "run_uuid: 0123456789abcdef0123456789abcdef\nsource_name: ''\nsource_type: 4\n"
                                 "source_version: ''\nstart_time: 1700000000000\nstatus: 3\ntags: []\nuser_id: alice\n");
    writeText(r1 + "/params/optim.lr", "0.001");
    writeText(r1 + "/params/train.epochs", "2");
    writeText(r1 + "/params/gate.blocks", "[0, 1]");
    writeText(r1 + "/params/lr_schedule", "cosine");
    writeText(r1 + "/params/seed", "42");
    writeText(r1 + "/metrics/train/loss", "1700000001000 2.5 0\n1700000002000 1.25 10\n1700000003000 0.75 20\n");
    writeText(r1 + "/metrics/epoch", "1700000001000 0 0\n1700000002000 0 10\n1700000003000 1 20\n");
    writeText(r1 + "/metrics/val_acc", "1700000003500 0.5\n");
    writeText(r1 + "/metrics/grad_norm", "1700000001000 NaN 0\n1700000002000 Infinity 10\n");
    writeText(r1 + "/tags/mlflow.runName", "bright-owl-42");
    writeText(r1 + "/tags/mlflow.user", "alice");
    writeText(r1 + "/tags/mlflow.source.name", "train_cde.py");
    writeText(r1 + "/tags/team", "vision");
    writeText(r1 + "/tags/mlflow.note.content", "reference harness");
    writeText(r1 + "/artifacts/model/weights.bin", "weights");
    const QString r2 = e + "/fedcba9876543210fedcba9876543210";
    writeText(r2 + "/meta.yaml", "artifact_uri: file://" + r2.toUtf8() + "/artifacts\nend_time: null\n"
                                 "entry_point_name: ''\nexperiment_id: '412278139893046325'\nlifecycle_stage: active\n"
                                 "run_id: fedcba9876543210fedcba9876543210\nrun_name: still-going\n"
                                 "run_uuid: fedcba9876543210fedcba9876543210\nsource_name: ''\nsource_type: 4\n"
                                 "source_version: ''\nstart_time: 1700000000000\nstatus: 1\ntags: []\nuser_id: alice\n");
    const QString r3 = e + "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    writeText(r3 + "/meta.yaml", "artifact_uri: file://" + r3.toUtf8() + "/artifacts\nend_time: 1700000100000\n"
                                 "entry_point_name: ''\nexperiment_id: '412278139893046325'\nlifecycle_stage: deleted\n"
                                 "run_id: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nrun_name: gone\n"
                                 "run_uuid: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nsource_name: ''\nsource_type: 4\n"
                                 "source_version: ''\nstart_time: 1700000000000\nstatus: 4\ntags: []\nuser_id: alice\n");
    QDir().mkpath(root + "/.trash");
}

} // namespace

void TestMlflow::handWritten()
{
    const QString root = path("handmade");
    writeHandMade(root);
    QString error;
    auto s = store::RunStore::open(path("handmade.sqlite"), &error);
    QVERIFY2(s, qPrintable(error));
    auto options = importOptions(root);
    options.experiment = QStringLiteral("cde-reference");
    const auto result = mlflow::importMlflow(*s, options, &error);
    QVERIFY2(result, qPrintable(error));
    QCOMPARE(result->runs.size(), size_t(3));
    QCOMPARE(result->newIds.size(), size_t(2));
    QCOMPARE(result->runs[1].run.record.name, QStringLiteral("gone"));
    QCOMPARE(result->runs[1].skipReason, QStringLiteral("deleted in MLflow"));

    const auto done = *s->run(result->newIds[0]);
    QCOMPARE(done.name, QStringLiteral("bright-owl-42"));
    QCOMPARE(store::toString(done.status), QStringLiteral("finished"));
    QCOMPARE(done.seed, qint64(42));
    QCOMPARE(done.started, 1700000000.0);
    QCOMPARE(done.ended, 1700000100.0);
    QCOMPARE(done.tags, QStringList{QStringLiteral("team=vision")});
    QCOMPARE(done.notes, QStringLiteral("reference harness\n\nMLflow params:\nlr_schedule = cosine"));
    // The settings went through core/train: the config reads back with them.
    train::RunConfig config;
    QStringList problems;
    QVERIFY(train::runConfigFromJson(done.configJson, &config, &problems));
    train::RunConfig expected = train::demoRun();  // what the settings not given keep
    QVERIFY(config::applyAssignment(expected, "optim.lr=0.001"));
    QVERIFY(config::applyAssignment(expected, "train.epochs=2"));
    QVERIFY(config::applyAssignment(expected, "gate.blocks=0,1"));
    QCOMPARE(QJsonDocument::fromJson(done.configJson).object(),
             QJsonDocument::fromJson(train::runConfigToJson(expected)).object());
    const auto loss = s->metrics(done.id, QStringLiteral("train/loss"));
    QCOMPARE(loss.size(), size_t(3));
    QCOMPARE(loss[1].step, qint64(10));
    QCOMPARE(loss[1].value, 1.25);
    QCOMPARE(loss[1].wall, 1700000002.0);
    QCOMPARE(loss[2].epoch, 1.0);
    const auto acc = s->metrics(done.id, QStringLiteral("val_acc"));
    QCOMPARE(acc.size(), size_t(1));
    QCOMPARE(acc[0].step, qint64(0));  // a two-field line is step 0, as MLflow reads it
    QVERIFY(s->metricKeys(done.id).contains(QStringLiteral("epoch")));
    const auto grad = s->metrics(done.id, QStringLiteral("grad_norm"));  // NaN left out, Infinity kept
    QCOMPARE(grad.size(), size_t(1));
    QVERIFY(std::isinf(grad[0].value) && grad[0].value > 0);  // the user's own metric stays
    const auto files = s->artifacts(done.id, QStringLiteral("mlflow/artifact"));
    QCOMPARE(files.size(), size_t(1));
    QCOMPARE(files[0].path, root + "/412278139893046325/0123456789abcdef0123456789abcdef/artifacts/model/weights.bin");
    QCOMPARE(files[0].sha256, QString::fromLatin1(QCryptographicHash::hash("weights", QCryptographicHash::Sha256).toHex()));
    const QJsonObject source = QJsonDocument::fromJson(s->artifacts(done.id, "mlflow/run")[0].infoJson).object();
    QCOMPARE(source["params"].toObject()["lr_schedule"].toString(), QStringLiteral("cosine"));
    QCOMPARE(source["nan_points_dropped"].toInt(), 1);
    QCOMPARE(source["tags"].toObject()["mlflow.source.name"].toString(), QStringLiteral("train_cde.py"));

    // Exported again, the run gives MLflow back its params, settings and others.
    mlflow::ExportOptions back;
    back.outDir = path("handmade-back");
    back.runIds = {done.id};
    const auto exported = mlflow::exportRuns(*s, back, &error);
    QVERIFY2(exported, qPrintable(error));
    QCOMPARE(readAll(exported->runs[0].runDir + "/params/lr_schedule"), QByteArray("cosine"));
    QCOMPARE(readAll(exported->runs[0].runDir + "/params/optim.lr"), QByteArray("0.001"));
    QCOMPARE(readAll(exported->runs[0].runDir + "/params/seed"), QByteArray("42"));
    QCOMPARE(readAll(exported->runs[0].runDir + "/tags/team"), QByteArray("vision"));

    const auto running = *s->run(result->newIds[1]);
    QCOMPARE(store::toString(running.status), QStringLiteral("crashed"));  // no engine follows it here
    QCOMPARE(running.ended, 0.0);
    QVERIFY(!running.message.isEmpty());
    QCOMPARE(QJsonDocument::fromJson(running.configJson).object(), QJsonObject());
}

void TestMlflow::importRefusals_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not a file store") << "notstore" << "is not an MLflow file store";
    QTest::newRow("missing directory") << "missing" << "does not exist";
    QTest::newRow("damaged run meta.yaml") << "meta" << "meta.yaml: line 3: expected 'key: value'";
    QTest::newRow("bad status") << "status" << "status 9 is not an MLflow RunStatus";
    QTest::newRow("damaged experiment meta.yaml") << "expmeta" << "412278139893046325/meta.yaml: line 2";
    QTest::newRow("bad metric line") << "metric" << "metrics/train/loss line 2: '1700000002000 abc 10'";
    QTest::newRow("empty metric") << "emptymetric" << "holds no points";
    QTest::newRow("bad setting") << "setting" << "optim.lr";
    QTest::newRow("unknown experiment") << "experiment" << "has no experiment 'nope'";
    QTest::newRow("artifact_uri the root") << "artroot" << "its artifact_uri 'file:///'";
    QTest::newRow("artifact_uri above the store") << "artup" << "its artifact_uri '../../..'";
    QTest::newRow("artifact a link out of the store") << "artlink" << "is a symbolic link to /etc/passwd, outside the MLflow store";
    QTest::newRow("artifacts nested too deep") << "artdeep" << "nested more than 32 folders deep";
}

void TestMlflow::importRefusals()
{
    QFETCH(QString, damage);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    const QString root = tmp.filePath("mlruns");
    writeHandMade(root);
    const QString run = root + "/412278139893046325/0123456789abcdef0123456789abcdef";
    auto options = importOptions(root);
    if (damage == "notstore") {
        QDir(root).removeRecursively();
        writeText(root + "/notes.txt", "hello");
        QDir().mkpath(root + "/subdir");
    } else if (damage == "missing") {
        options.dir = tmp.filePath("nowhere");
    } else if (damage == "meta") {
        QByteArray m = readAll(run + "/meta.yaml");
        m.replace("entry_point_name: ''\n", "entry_point_name ''\n");
        writeText(run + "/meta.yaml", m);
    } else if (damage == "status") {
        QByteArray m = readAll(run + "/meta.yaml");
        m.replace("status: 3", "status: 9");
        writeText(run + "/meta.yaml", m);
    } else if (damage == "expmeta") {
        writeText(root + "/412278139893046325/meta.yaml", "name: x\nexperiment_id: [1\n");
    } else if (damage == "metric") {
        writeText(run + "/metrics/train/loss", "1700000001000 2.5 0\n1700000002000 abc 10\n");
    } else if (damage == "emptymetric") {
        writeText(run + "/metrics/val_acc", "");
    } else if (damage == "setting") {
        writeText(run + "/params/optim.lr", "fast");
    } else if (damage == "experiment") {
        options.experiment = "nope";
    } else if (damage == "artroot" || damage == "artup") {
        QByteArray m = readAll(run + "/meta.yaml");
        m.replace("artifact_uri: file://" + run.toUtf8() + "/artifacts",
                  damage == "artroot" ? "artifact_uri: 'file:///'" : "artifact_uri: '../../..'");
        writeText(run + "/meta.yaml", m);
    } else if (damage == "artlink") {
        QVERIFY(QFile::link("/etc/passwd", run + "/artifacts/passwd"));
    } else if (damage == "artdeep") {
        QString deep = run + "/artifacts";
        for (int i = 0; i < 40; ++i)
            deep += "/d";
        writeText(deep + "/x.txt", "deep");
    }
    // A store with a run in it already: it must stay exactly as it is.
    QString error;
    const QString dbPath = tmp.filePath("store.sqlite");
    {
        auto s = store::RunStore::open(dbPath, &error);
        QVERIFY2(s, qPrintable(error));
        store::NewRun n;
        n.name = "existing";
        const qint64 id = *s->createRun(n);
        QVERIFY(s->addMetrics(id, {{"train/loss", 1, 0.1, kT0, 1.5}}));
    }
    const QByteArray dbBefore = readAll(dbPath) + readAll(dbPath + "-wal");
    const auto dirBefore = snapshotDir(root);
    auto s = store::RunStore::open(dbPath, &error);
    QVERIFY2(s, qPrintable(error));
    const QString digest = storeDigest(*s);
    error.clear();
    QVERIFY(!mlflow::importMlflow(*s, options, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    if (damage.startsWith("art"))
        QVERIFY2(error.contains("outside the MLflow store") || error.contains("folders deep"), qPrintable(error));
    if (damage != "missing" && damage != "experiment" && damage != "setting")
        QVERIFY2(error.contains(root) || error.contains(QFileInfo(root).absoluteFilePath()), qPrintable(error));
    if (damage == "setting")
        QVERIFY2(error.contains(run) && error.contains("params/"), qPrintable(error));
    QCOMPARE(storeDigest(*s), digest);
    s.reset();
    QCOMPARE(readAll(dbPath) + readAll(dbPath + "-wal"), dbBefore);
    QCOMPARE(snapshotDir(root), dirBefore);
}

void TestMlflow::exportRefusals()
{
    QString error;
    // A directory with other things in it is not ours to write into.
    const QString other = path("not-mlflow");
    writeText(other + "/thesis.tex", "\\documentclass{article}");
    const auto before = snapshotDir(other);
    mlflow::ExportOptions options;
    options.outDir = other;
    options.runIds = {m_finished};
    QVERIFY(!mlflow::exportRuns(*m_store, options, &error));
    QVERIFY2(error.contains("not empty and not an MLflow file store"), qPrintable(error));
    QCOMPARE(snapshotDir(other), before);
    // An unknown run: nothing is created.
    options.outDir = path("never");
    options.runIds = {m_finished, 999};
    QVERIFY(!mlflow::exportRuns(*m_store, options, &error));
    QVERIFY2(error.contains("there is no run 999"), qPrintable(error));
    QVERIFY(!QFileInfo::exists(path("never")));
    // A file where the directory should be.
    writeText(path("afile"), "x");
    options.outDir = path("afile");
    options.runIds = {m_finished};
    QVERIFY(!mlflow::exportRuns(*m_store, options, &error));
    QVERIFY2(error.contains("is a file"), qPrintable(error));
    QCOMPARE(readAll(path("afile")), QByteArray("x"));
}

// A run whose stored config cannot be read is not exported without its settings (it would come back
// from MLflow with none): the export is refused and nothing is written. A run imported without any
// Gatefold setting has no config: resuming it is refused, the run as it was.
void TestMlflow::exportRefusesUnreadableConfig()
{
    QString error;
    auto s = store::RunStore::open(path("unreadable.sqlite"), &error);
    QVERIFY2(s, qPrintable(error));
    store::NewRun good;
    good.name = QStringLiteral("good");
    good.configJson = train::runConfigToJson(m_config);
    const qint64 fine = *s->createRun(good);
    for (const QByteArray &config : {QByteArray("not json"), QByteArray("[1, 2]"), QByteArray("{\"depth\": 2,}")}) {
        store::NewRun bad;
        bad.name = QStringLiteral("hand-edited");
        bad.configJson = config;
        const qint64 id = *s->createRun(bad);
        mlflow::ExportOptions options;
        options.outDir = path("unreadable-out");
        options.runIds = {fine, id};
        error.clear();
        QVERIFY(!mlflow::exportRuns(*s, options, &error));
        QVERIFY2(error.contains(QStringLiteral("run %1's stored config cannot be read").arg(id))
                     && error.contains("Nothing was exported"),
                 qPrintable(error));
        QVERIFY(!QFileInfo::exists(path("unreadable-out")));
    }
    auto r = runCli({"runs", "export-mlflow", "--store", s->path(), "--out", path("unreadable-cli"), "--runs", "2"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("run 2's stored config cannot be read"), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(path("unreadable-cli")));

    // The hand-made store's running run has no params: it comes in without a config, and stays a record.
    const QString root = path("nosettings");
    writeHandMade(root);
    const QString db = path("nosettings.sqlite");
    r = runCli({"runs", "import-mlflow", root, "--store", db});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    auto imported = store::RunStore::open(db, &error);
    QVERIFY2(imported, qPrintable(error));
    qint64 record = 0;
    for (const auto &run : imported->runs())
        if (run.name == QLatin1String("still-going"))
            record = run.id;
    QVERIFY(record > 0);
    imported.reset();
    r = runCli({"resume", "--run", QString::number(record), "--store", db});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("run %1 has no config: it was imported (from MLflow) without Gatefold "
                                           "settings").arg(record))
                 && r.err.contains("Nothing was changed"),
             qPrintable(r.err));
    imported = store::RunStore::open(db, &error);
    QCOMPARE(store::toString(imported->run(record)->status), QStringLiteral("crashed"));
}

// A record whose times are not numbers (a store edited by hand): written as missing and said so, never
// as -9223372036854775808 or "inf".
void TestMlflow::nonFiniteTimesWrittenAsMissing()
{
    QString error;
    auto s = store::RunStore::open(path("times.sqlite"), &error);
    QVERIFY2(s, qPrintable(error));
    store::ImportedRun run;
    run.record.name = QStringLiteral("odd times");
    run.record.status = store::RunStatus::Finished;
    run.record.configJson = train::runConfigToJson(m_config);
    run.record.created = std::numeric_limits<double>::infinity();
    run.record.started = -std::numeric_limits<double>::infinity();
    run.record.ended = 1e300;
    run.metrics = {{QStringLiteral("train/loss"), 1, 0.5, std::numeric_limits<double>::infinity(), 1.0},
                   {QStringLiteral("train/loss"), 2, 1.0, kT0, 0.5}};
    const auto ids = s->importRuns({run});
    QVERIFY2(ids, qPrintable(s->lastError()));
    const auto stored = *s->run(ids->at(0));
    QVERIFY(std::isinf(stored.created));  // what the export must cope with
    mlflow::ExportOptions options;
    options.outDir = path("times-out");
    options.runIds = {ids->at(0)};
    const auto result = mlflow::exportRuns(*s, options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString dir = result->runs[0].runDir;
    const QByteArray meta = readAll(dir + "/meta.yaml");
    QVERIFY2(meta.contains("start_time: null") && meta.contains("end_time: null"), meta.constData());
    QVERIFY2(!meta.contains("9223372036854775808"), meta.constData());
    QVERIFY(!QFileInfo::exists(dir + "/tags/gatefold.created"));
    QCOMPARE(readAll(dir + "/metrics/train/loss"), QByteArray("0 1.0 1\n") + QByteArray::number(qint64(kT0 * 1000 + 0.5)) + " 0.5 2\n");
    const QString notes = result->runs[0].notes.join('\n');
    QVERIFY2(notes.contains("its creation time is not a time (inf): start_time written as missing")
                 && notes.contains("its end time is not a time (1e+300): end_time written as missing")
                 && notes.contains("tag gatefold.created left out")
                 && notes.contains("1 metric point(s) have a time that is not a time: written with timestamp 0"),
             qPrintable(notes));
    const auto r = runCli({"runs", "export-mlflow", "--store", s->path(), "--out", path("times-cli"), "--all"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("warning: run 1: its creation time is not a time (inf)"), qPrintable(r.err));
    // Read back, the missing times stay missing (0), never a number out of nothing.
    auto back = store::RunStore::open(path("times-back.sqlite"), &error);
    const auto imported = mlflow::importMlflow(*back, importOptions(path("times-out")), &error);
    QVERIFY2(imported, qPrintable(error));
    const auto again = *back->run(imported->newIds.at(0));
    QVERIFY(std::isfinite(again.created) && again.created > 0);
    QCOMPARE(again.started, 0.0);
}

// A file store copied elsewhere: its meta.yaml still names the old place, which is outside the copy; the
// copy's own artifacts are read.
void TestMlflow::movedStoreReadsItsOwnArtifacts()
{
    QString error;
    mlflow::ExportOptions options;
    options.outDir = path("moving/mlruns");
    options.runIds = {m_finished};
    const auto exported = mlflow::exportRuns(*m_store, options, &error);
    QVERIFY2(exported, qPrintable(error));
    const QString copy = path("moved/mlruns");
    QVERIFY(QDir().mkpath(path("moved")));
    QVERIFY(QProcess::execute("cp", {"-a", path("moving/mlruns"), copy}) == 0);
    auto s = store::RunStore::open(path("moved.sqlite"), &error);
    const auto result = mlflow::importMlflow(*s, importOptions(copy), &error);
    QVERIFY2(result, qPrintable(error));
    const auto best = s->artifacts(result->newIds.at(0), QStringLiteral("checkpoint/best"));
    QCOMPARE(best.size(), size_t(1));
    QVERIFY2(best[0].path.startsWith(copy + "/"), qPrintable(best[0].path));
}

void TestMlflow::importRunsIsOneTransaction()
{
    // The second run's point cannot be stored (a null key is SQL NULL in a NOT NULL
    // column): the first run, already inserted in the transaction, goes too.
    QString error;
    auto s = store::RunStore::open(path("atomic.sqlite"), &error);
    QVERIFY2(s, qPrintable(error));
    store::ImportedRun good;
    good.record.name = QStringLiteral("good");
    good.record.status = store::RunStatus::Finished;
    good.metrics = {{QStringLiteral("train/loss"), 1, 0.5, kT0, 1.0}};
    good.artifacts = {{0, 0, QStringLiteral("mlflow/run"), QStringLiteral("/x"), QString(), kT0, QByteArrayLiteral("{}")}};
    store::ImportedRun bad = good;
    bad.record.name = QStringLiteral("bad");
    bad.metrics.push_back({QString(), 2, 1.0, kT0, 2.0});
    QVERIFY(!s->importRuns({good, bad}));
    QVERIFY2(s->lastError().contains(QStringLiteral("bad")), qPrintable(s->lastError()));
    QVERIFY(s->runs().empty());
    const auto ids = s->importRuns({good, good});
    QVERIFY2(ids, qPrintable(s->lastError()));
    QCOMPARE(ids->size(), size_t(2));
    QCOMPARE(s->runs().size(), size_t(2));
    QCOMPARE(s->metricSummary(ids->at(1), QStringLiteral("train/loss")).count, qint64(1));
    QCOMPARE(store::toString(s->run(ids->at(0))->status), QStringLiteral("finished"));
    QVERIFY(s->integrityOk());
}

void TestMlflow::cli()
{
    const QString db = m_store->path();
    const QString out = path("cli-mlruns");
    auto r = runCli({"runs", "export-mlflow", "--store", db, "--out", out, "--all", "--experiment", "From CLI"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("exported 3 run(s) into experiment 1 'From CLI'"), qPrintable(r.out));
    QVERIFY(r.out.contains("mlflow ui --backend-store-uri file:" + out));
    r = runCli({"runs", "export-mlflow", "--store", db, "--out", out, "--runs", QString::number(m_failed)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("experiment 2 'Gatefold'"), qPrintable(r.out));

    const QString fresh = path("cli-fresh.sqlite");
    r = runCli({"runs", "import-mlflow", out, "--store", fresh, "--experiment", "From CLI"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("imported 3 run(s), skipped 0"), qPrintable(r.out));
    QVERIFY2(r.out.contains("(failed, 2 metric points"), qPrintable(r.out));
    r = runCli({"runs", "import-mlflow", out, "--store", fresh});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("imported 1 run(s), skipped 3"), qPrintable(r.out));  // the one in 'Gatefold'
    r = runCli({"runs", "list", "--store", fresh, "--json"});
    QCOMPARE(r.out.count('\n'), 4);

    // Bad usage: exit 2, the message says what to do; a non-store: exit 1, nothing imported.
    r = runCli({"runs", "export-mlflow", "--store", db, "--all"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--out DIR"), qPrintable(r.err));
    r = runCli({"runs", "export-mlflow", "--store", db, "--out", out, "--runs", "1,x"});
    QCOMPARE(r.exitCode, 2);
    r = runCli({"runs", "export-mlflow", "--store", db, "--out", out, "--all", "--runs", "1"});
    QCOMPARE(r.exitCode, 2);
    r = runCli({"runs", "import-mlflow", path("not-mlflow"), "--store", fresh});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("is not empty") == false && r.err.contains("nothing was imported"), qPrintable(r.err));
    r = runCli({"runs", "list", "--store", fresh, "--json"});
    QCOMPARE(r.out.count('\n'), 4);

    // --max-copy-mb: a limit beyond any file's size copies every file (2^43 MiB is 2^63 bytes); what is not
    // a size is refused.
    for (const char *huge : {"8796093022208", "17592186044416", "18446744073709551616", "1e300"}) {
        r = runCli({"runs", "export-mlflow", "--store", db, "--out", path("cli-huge"), "--runs",
                    QString::number(m_finished), "--max-copy-mb", huge});
        QVERIFY2(r.exitCode == 0 && r.out.contains("1 artifacts copied, 0 listed by path"), qPrintable(r.out + r.err));
    }
    for (const char *bad : {"nan", "inf", "-1", "lots"}) {
        r = runCli({"runs", "export-mlflow", "--store", db, "--out", path("cli-bad"), "--runs",
                    QString::number(m_finished), "--max-copy-mb", bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--max-copy-mb takes a size in MiB"), qPrintable(r.err));
    }
}

QTEST_GUILESS_MAIN(TestMlflow)
#include "tst_mlflow.moc"
