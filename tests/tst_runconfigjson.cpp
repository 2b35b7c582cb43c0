// The run config's JSON read strictly (what QJsonDocument let through: a key
// twice — the second value won, a model 4.5× larger than the first said —,
// numbers in quotes, 2.5 for a whole number), sweeps over train.seed (the
// seeds list silently won: two identical seed-0 runs, one named
// "train.seed=1"), and the checks before a run exists (batch vs split,
// schedules longer than the run).

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include <QDir>

#include "train/datacheck.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpaths.h"
#include "launch/newrun.h"
#include "config/runpresets.h"
#include "config/sweepgrid.h"
#endif

using namespace gatefold;
using namespace gatefold::train;

namespace {

RunConfig tiny()
{
    RunConfig c = demoRun();
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=16", "depth=1", "num_heads=2",
                           "data.train_size=64", "data.val_size=16", "train.batch_size=8", "train.epochs=2"}) {
        std::string why;
        if (!config::applyAssignment(c, kv, &why))
            qFatal("%s", why.c_str());
    }
    return c;
}

} // namespace

class TstRunConfigJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusedWithKeyAndLine_data();
    void refusedWithKeyAndLine();
    void theFirstValueNeverWinsSilently();
    void goodConfigsStillRead();
    void partialKeepsWhatIsFine();
    void seedAxisGivesEachRunItsSeed();
    void seedAxisBesideSeedsIsRefused();
    void gridDuplicatesAndSize();
    void gridProblemsCarryLines();
    void batchLargerThanSplit();
    void warmupLongerThanTheRun();
    void pathSettingsMadeAbsolute();
    void float32Floors_data();
    void float32Floors();
    void equalitySeesEverySetting();

private:
    QStringList plan(const QByteArray &grid, std::vector<qint64> seeds = {}, SweepPlan *out = nullptr)
    {
        SweepPlan p;
        QStringList errors;
        planSweep(grid, tiny(), seeds, out ? out : &p, &errors);
        return errors;
    }
};

void TstRunConfigJson::refusedWithKeyAndLine_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("key twice") << QByteArray("{\n\"embed_dim\": 16,\n\"embed_dim\": 72\n}") << "given twice";
    QTest::newRow("dotted and nested") << QByteArray("{\"gate\": {\"kind\": \"cde\"},\n\"gate.kind\": \"none\"}")
                                       << "line 2: gate.kind: is given twice (on lines 1 and 2)";
    QTest::newRow("number in quotes") << QByteArray("{\n\"optim.lr\": \"0.001\"}")
                                      << "line 2: optim.lr: expected a number, not the text \"0.001\"; write 0.001 "
                                         "without quotes";
    QTest::newRow("boolean in quotes") << QByteArray("{\"qkv_bias\": \"false\"}") << "qkv_bias: expected true or false";
    QTest::newRow("whole number") << QByteArray("{\"depth\": 2.5}") << "depth: expected a whole number, not the number 2.5";
    QTest::newRow("text for a path") << QByteArray("{\"data.path\": 7}") << "data.path: expected a text";
    QTest::newRow("blocks as text") << QByteArray("{\"gate.blocks\": \"1\"}") << "gate.blocks: expected \"all\"";
    QTest::newRow("null") << QByteArray("{\"depth\": null}") << "depth: has no value (null)";
    QTest::newRow("too large") << QByteArray("{\"optim.lr\": 1e400}") << "too large";
    QTest::newRow("trailing text") << QByteArray("{} {}") << "more text after the end";
    QTest::newRow("control character in a path") << QByteArray("{\"data.path\": \"a\\u0001b\"}") << "control character";
}

void TstRunConfigJson::refusedWithKeyAndLine()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    RunConfig config = tiny();
    const RunConfig before = config;
    QStringList errors;
    QVERIFY(!runConfigFromJson(json, &config, &errors));
    QVERIFY2(errors.join('\n').contains(expected), qPrintable(errors.join('\n')));
    QVERIFY(config == before);
}

void TstRunConfigJson::theFirstValueNeverWinsSilently()
{
    // The issue's case: embed_dim given twice, the second (4.5× the width) used without a word.
    RunConfig config = tiny();
    std::vector<ConfigTextProblem> problems;
    QVERIFY(!readRunConfigJson("{\n  \"embed_dim\": 192,\n  \"embed_dim\": 864\n}", &config, &problems));
    QCOMPARE(problems.size(), size_t(1));
    QCOMPARE(config.model.embedDim, 16);
    QVERIFY2(problems[0].text().contains("line 3") && problems[0].text().contains("embed_dim"),
             qPrintable(problems[0].text()));
}

void TstRunConfigJson::goodConfigsStillRead()
{
    // What runConfigToJson writes reads back equal, through every setting.
    RunConfig config = tiny();
    config.train.seed = 9007199254740993ULL;  // beyond a double's 2^53: must stay exact
    config.train.data.mean = {0.5, 0.25, 0.125};
    config.train.data.std = {0.2, 0.2, 0.2};
    RunConfig back;
    QStringList errors;
    QVERIFY2(runConfigFromJson(runConfigToJson(config), &back, &errors), qPrintable(errors.join('\n')));
    QVERIFY(back == config);
    QVERIFY2(runConfigFromJson("\xef\xbb\xbf{\"optim\": {\"lr\": 0.5}, \"depth\": 2.0, \"gate.blocks\": \"all\"}", &back,
                               &errors),
             qPrintable(errors.join('\n')));  // a byte order mark, 2.0 for a whole number, nested groups
    QCOMPARE(back.train.optim.lr, 0.5);
    QCOMPARE(back.model.depth, 2);
}

void TstRunConfigJson::partialKeepsWhatIsFine()
{
    RunConfig config = tiny();
    std::vector<ConfigTextProblem> problems;
    QVERIFY(!readRunConfigJson("{\"depth\": 3,\n\"optim.lr\": \"x\",\n\"bogus\": 1}", &config, &problems, true));
    QCOMPARE(config.model.depth, 3);
    QCOMPARE(problems.size(), size_t(2));
    QCOMPARE(problems[0].line, 2);  // in line order
    QCOMPARE(problems[1].key, QStringLiteral("bogus"));
}

void TstRunConfigJson::seedAxisGivesEachRunItsSeed()
{
    SweepPlan p;
    const QStringList errors = plan(R"({"name": "s", "grid": {"train.seed": [0, 1, 2], "optim.lr": [0.1, 0.2]}})", {}, &p);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    QCOMPARE(p.points.size(), size_t(6));
    std::set<std::pair<std::uint64_t, double>> distinct;
    for (const auto &point : p.points) {
        distinct.insert({point.config.train.seed, point.config.train.optim.lr});
        const QString seedInName = QStringLiteral("train.seed=%1").arg(point.config.train.seed);
        QVERIFY2(point.label.contains(seedInName), qPrintable(point.label));  // the name says the seed it has
        QVERIFY2(!point.label.contains(" seed="), qPrintable(point.label));  // no seeds list beside the axis
    }
    QCOMPARE(distinct.size(), size_t(6));  // no two runs alike
    // Without a seed axis the seeds list still multiplies the grid.
    SweepPlan q;
    QVERIFY(plan(R"({"grid": {"optim.lr": [0.1]}, "seeds": [4, 5]})", {}, &q).isEmpty());
    QCOMPARE(q.points.size(), size_t(2));
    QCOMPARE(q.points[1].config.train.seed, std::uint64_t(5));
    QCOMPARE(q.points[1].label, QStringLiteral("optim.lr=0.1 seed=5"));
}

void TstRunConfigJson::seedAxisBesideSeedsIsRefused()
{
    QVERIFY(plan(R"({"grid": {"train.seed": [0, 1]}, "seeds": [0]})").join('\n').contains("list the seeds in one place"));
    QVERIFY(plan(R"({"grid": {"train.seed": [0, 1]}})", {7}).join('\n').contains("--seeds cannot be combined"));
}

void TstRunConfigJson::gridDuplicatesAndSize()
{
    QVERIFY(plan(R"({"grid": {"optim.lr": [0.001, 1e-3]}})").join('\n').contains("values 1 and 2 are the same"));
    QVERIFY(plan(R"({"grid": {"depth": [1]}, "seeds": [3, 3]})").join('\n').contains("3 is listed twice"));
    QByteArray big = R"({"grid": {)";
    for (const char *key : {"optim.lr", "optim.eps", "optim.weight_decay", "optim.clip_grad", "aug.hflip"}) {
        big += QByteArray("\"") + key + "\": [";
        for (int i = 1; i <= 7; ++i)
            big += QByteArray::number(i / 10.0) + (i < 7 ? "," : "");
        big += "],";
    }
    big.chop(1);
    big += "}}";
    QVERIFY(plan(big).join('\n').contains("more than 10000 runs"));  // 7^5 = 16807, refused before any is built
}

void TstRunConfigJson::gridProblemsCarryLines()
{
    const QString errors = plan("{\n\"base\": {\"train.epochs\": \"2\"},\n\"grid\": {\"optim.lr\": [\n0.1,\n\"0.2\"]}}").join('\n');
    QVERIFY2(errors.contains("line 2: base: train.epochs: expected a whole number"), qPrintable(errors));
    QVERIFY2(errors.contains("line 5: grid: optim.lr: value 2 of 2"), qPrintable(errors));
}

void TstRunConfigJson::batchLargerThanSplit()
{
    RunConfig c = tiny();
    c.train.batchSize = 65;
    const DataCheck check = checkData(c);
    QCOMPARE(check.problems.size(), size_t(1));
    QCOMPARE(check.problems[0].key, QStringLiteral("train.batch_size"));
    QVERIFY(check.problems[0].message.contains("at most 64"));
    QCOMPARE(check.data.trainImages, 64);
    c.train.batchSize = 64;
    QVERIFY(checkData(c).problems.empty());
}

void TstRunConfigJson::warmupLongerThanTheRun()
{
    RunConfig c = tiny();  // 64 images / 8 = 8 steps per epoch, 2 epochs: 16 steps
    std::string why;
    QVERIFY(config::applyAssignment(c, "join.branches=2", &why));
    c.model.join.schedule.warmupSteps = 10;
    c.model.join.schedule.adjustSteps = 0;
    QVERIFY(scheduleWarnings(c, 64).empty());
    c.model.join.schedule.warmupSteps = 17;
    auto warnings = scheduleWarnings(c, 64);
    QCOMPARE(warnings.size(), size_t(1));
    QCOMPARE(warnings[0].key, QStringLiteral("join.warmup_steps"));
    QVERIFY2(warnings[0].message.contains("after the run's 16 steps"), qPrintable(warnings[0].message));
    c.model.join.schedule.warmupSteps = 10;
    c.model.join.schedule.adjustSteps = 50000;  // the default: cut short, but no warning (the model is joined)
    QVERIFY(scheduleWarnings(c, 64).empty());
    c.model.join.schedule.stage = model::JoinStage::Step;
    c.model.join.schedule.startStep = 16;
    QCOMPARE(scheduleWarnings(c, 64).at(0).key, QStringLiteral("join.start_step"));
    c.train.logEvery = 100;
    QCOMPARE(scheduleWarnings(c, 64).back().key, QStringLiteral("train.log_every"));
}

// A run is created with every path absolute: resumed, re-run or queued from another directory it reads
// the same files.
void TstRunConfigJson::pathSettingsMadeAbsolute()
{
    RunConfig c = tiny();
    QVERIFY(config::applyAssignment(c, "data.name=folder"));
    QVERIFY(config::applyAssignment(c, "data.path=imgs/../data"));
    QVERIFY(config::applyAssignment(c, "data.val_labels=labels.csv"));
    QVERIFY(config::applyAssignment(c, "init.from=~/ck/best.pt"));
    const RunConfig a = withAbsolutePaths(c, QStringLiteral("/work/exp"));
    QCOMPARE(a.train.data.path, std::string("/work/exp/data"));
    QCOMPARE(a.train.data.valLabels, std::string("/work/exp/labels.csv"));
    QCOMPARE(a.train.initFrom, (QDir::homePath() + "/ck/best.pt").toStdString());
    QCOMPARE(withAbsolutePaths(a, QStringLiteral("/elsewhere")).train.data.path, a.train.data.path);
    QCOMPARE(withAbsolutePaths(tiny(), QStringLiteral("/x")).train.data.path, std::string());  // unset stays unset
    const store::NewRun run = launch::newRunOf(c);
    RunConfig stored;
    QStringList errors;
    QVERIFY(runConfigFromJson(run.configJson, &stored, &errors));
    QCOMPARE(QString::fromStdString(stored.train.data.path), QDir::currentPath() + "/data");
    QCOMPARE(run.seed, qint64(c.train.seed));
    // Every setting that names a file is marked as one (a new one must be too).
    QStringList marked;
    for (const config::Field &f : config::fields())
        if (f.path)
            marked << QString::fromStdString(f.key);
    QCOMPARE(marked, (QStringList{"data.path", "data.val_labels", "init.from"}));
}

// Values the JSON and --set readers accept but float32 cannot train with: 0 after the conversion, or a
// number far beyond what a resize can make.
void TstRunConfigJson::float32Floors_data()
{
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<QString>("expected");
    QTest::newRow("std 1e-300") << "data.std=0.2,1e-300,0.2" << "data.std: must lie in [1e-6, 1]";
    QTest::newRow("std 1e-7") << "data.std=1e-7,0.2,0.2" << "data.std: must lie in [1e-6, 1]";
    QTest::newRow("eps 1e-300") << "optim.eps=1e-300" << "optim.eps: must be at least 1e-30";
    QTest::newRow("lr 1e-300") << "optim.lr=1e-300" << "optim.lr: must be at least 1e-12";
    QTest::newRow("crop 1e-300") << "data.crop_pct=1e-300" << "data.crop_pct: must lie in [0.05, 1]";
}

void TstRunConfigJson::float32Floors()
{
    QFETCH(QString, assignment);
    QFETCH(QString, expected);
    RunConfig c = tiny();
    QVERIFY(config::applyAssignment(c, "data.mean=0.5,0.5,0.5"));
    QVERIFY(config::applyAssignment(c, "data.std=0.2,0.2,0.2"));
    QVERIFY(config::applyAssignment(c, "optim.min_lr=0"));  // else a tiny lr is also below it
    QVERIFY(validateRunConfig(c).empty());
    std::string why;
    QVERIFY2(config::applyAssignment(c, assignment.toStdString(), &why), why.c_str());
    QStringList found;
    for (const auto &p : validateRunConfig(c))
        found << QString::fromStdString(p.field + ": " + p.message);
    QVERIFY2(found.size() == 1 && found[0].startsWith(expected), qPrintable(found.join('\n')));
    // The floors themselves are fine.
    RunConfig edge = tiny();
    for (const char *kv : {"data.mean=0.5,0.5,0.5", "data.std=1e-6,1,0.5", "optim.eps=1e-30", "optim.lr=1e-12",
                           "optim.min_lr=0", "data.crop_pct=0.05"})
        QVERIFY(config::applyAssignment(edge, kv));
    QVERIFY(validateRunConfig(edge).empty());
}

// Two configs that differ in any one setting are not equal (the window's "changed?" and the sweep's
// duplicate check rely on it): each key of `config --keys` is given a value other than its default,
// and the configs must differ. operator== is written by hand and once forgot train.keep_every.
void TstRunConfigJson::equalitySeesEverySetting()
{
    const RunConfig base;
    QVERIFY(base == base);
    const std::vector<std::string> candidates = {"1", "2", "3", "0", "0.5", "0.25", "7", "true", "false", "1,2",
                                                 "0.1,0.2", "x", "cpu", "cuda", "linear", "geometric", "cosine",
                                                 "cde", "soft", "hard", "kmeans", "folder", "cifar10", "skip",
                                                 "mean", "none", "per_layer", "shared", "/tmp/x", "avg", "jax",
                                                 "vq", "expand", "per-layer", "once", "normal", "values", "B", "gloo",
                                                 "rope2d", "bf16"};
    QStringList unchanged, blind;
    for (const config::Field &field : config::fields()) {
        bool changed = false;
        for (const std::string &value : candidates) {
            RunConfig other = base;
            model::ConfigProblem problem;
            if (!field.set(other, value, &problem) || field.get(other) == field.get(base))
                continue;
            changed = true;
            if (other == base)
                blind << QString::fromStdString(field.key);
            break;
        }
        if (!changed)
            unchanged << QString::fromStdString(field.key);
    }
    QVERIFY2(blind.isEmpty(), qPrintable("equality does not see: " + blind.join(", ")));
    QVERIFY2(unchanged.isEmpty(), qPrintable("no candidate value changes: " + unchanged.join(", ")));
}

GATEFOLD_TEST_MAIN(TstRunConfigJson)
#include "tst_runconfigjson.moc"
