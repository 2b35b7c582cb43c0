// Grid files with distributions read strictly (issue 21): every wrong shape of a distribution, of
// "method", "runs" and "search_seed" refused with its line and what to do; what a recorded file
// sampled (sweepDistributions, for the sweep view); and `gatefold-cli sweep --method random` end to
// end: exactly the planned runs created, the same command twice giving the same configs.

#include "testmain.h"
#include <QtTest/QtTest>

#include "clirun.h"

#include "config/fieldtable.h"
#include "config/runpresets.h"
#include "config/sweepgrid.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace gatefold;
using namespace gatefold::train;

namespace {

const QStringList kTinySettings{"img_size=16",        "patch_size=4",       "embed_dim=16",      "depth=1",
                                "num_heads=2",        "mlp_ratio=2",        "data.train_size=64", "data.val_size=16",
                                "train.batch_size=16", "compute.threads=1", "train.epochs=1"};

RunConfig tiny()
{
    RunConfig c = demoRun();
    for (const QString &kv : kTinySettings)
        if (std::string why; !config::applyAssignment(c, kv.toStdString(), &why))
            qFatal("%s", why.c_str());
    return c;
}

QString problems(const QByteArray &grid, const SearchOverrides &search = {})
{
    SweepPlan plan;
    QStringList errors;
    const bool ok = planSweep(grid, tiny(), {}, search, &plan, &errors);
    return ok ? QStringLiteral("(planned)") : errors.join('\n');
}

// The runs of a store, name → stored config, through `gatefold-cli runs` (as a user reads them).
std::map<QString, QJsonObject> storedRuns(const QString &store)
{
    std::map<QString, QJsonObject> runs;
    const auto list = test::runCli({"runs", "--store", store, "--json"});
    for (const QString &line : list.out.split('\n', Qt::SkipEmptyParts)) {
        const QJsonObject run = QJsonDocument::fromJson(line.toUtf8()).object();
        const auto show = test::runCli({"runs", "show", QString::number(run.value("id").toInteger()), "--store", store,
                                        "--json"});
        runs[run.value("name").toString()] = QJsonDocument::fromJson(show.out.toUtf8()).object().value("config").toObject();
    }
    return runs;
}

} // namespace

class TstSearchFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void badDistributionsNamed_data();
    void badDistributionsNamed();
    void searchEntriesChecked_data();
    void searchEntriesChecked();
    void distributionsOfAFile();
    void cliRandomSweepCreatesThePlannedRuns();
};

void TstSearchFiles::badDistributionsNamed_data()
{
    QTest::addColumn<QByteArray>("grid");
    QTest::addColumn<QString>("expected");
    const QByteArray head = "{\"method\": \"random\", \"runs\": 3,\n\"grid\": {\n";
    const auto row = [&](const char *name, const char *axis, const char *expected) {
        QTest::newRow(name) << head + axis + "}}" << QString::fromUtf8(expected);
    };
    row("empty object", "\"optim.lr\": {}", "line 3: grid: optim.lr: the object is empty; give a list of values or one "
                                            "distribution: choice, uniform, log_uniform or int_uniform");
    row("two kinds", "\"optim.lr\": {\"uniform\": [0.1, 0.2],\n\"log_uniform\": [0.1, 0.2]}",
        "line 3: grid: optim.lr: give one distribution, not 2 (log_uniform, uniform)");
    row("unknown kind", "\"optim.lr\":\n{\"normal\": [0.1, 0.2]}",
        "line 4: grid: optim.lr: \"normal\" is not a distribution; use choice, uniform, log_uniform or int_uniform");
    row("low above high", "\"optim.lr\":\n{\"uniform\": [0.2, 0.1]}",
        "line 4: grid: optim.lr: uniform: the low end 0.2 is above the high end 0.1; write [low, high]");
    row("log from 0", "\"optim.lr\": {\"log_uniform\": [0, 0.1]}",
        "line 3: grid: optim.lr: log_uniform: the low end must be above 0");
    row("log negative", "\"optim.weight_decay\": {\"log_uniform\": [-1, 0.1]}", "above 0 (a log scale has no 0 or negative");
    row("log one value", "\"optim.lr\": {\"log_uniform\": [0.1, 0.1]}", "log_uniform: both ends are 0.1; give low < high");
    row("a text end", "\"optim.lr\": {\"uniform\": [\n\"0.1\", 0.2]}",
        "line 4: grid: optim.lr: uniform: the low end is the text \"0.1\"; give a number");
    row("not two ends", "\"optim.lr\": {\"uniform\": [0.1, 0.2, 0.3]}",
        "line 3: grid: optim.lr: uniform takes [low, high], two numbers, not a list");
    row("a number, not a range", "\"optim.lr\": {\"uniform\": 0.1}", "uniform takes [low, high], two numbers, not the number 0.1");
    row("huge end", "\"optim.weight_decay\": {\"uniform\": [0,\n1e305]}",
        "line 4: grid: optim.weight_decay: uniform: the high end 1e+305 is too large; give ends between -1e300 and 1e300");
    row("fraction in int_uniform", "\"depth\": {\"int_uniform\": [1,\n2.5]}",
        "line 4: grid: depth: int_uniform: the high end 2.5 is not a whole number");
    row("int_uniform beyond 2^53", "\"train.seed\": {\"int_uniform\": [0, 1e17]}", "is not a whole number between -2^53 and 2^53");
    row("uniform over whole numbers", "\"depth\": {\"uniform\": [1, 4]}",
        "line 3: grid: depth: takes whole numbers, and uniform draws fractions; use int_uniform (or choice)");
    row("log over whole numbers", "\"depth\": {\"log_uniform\": [1, 4]}", "takes whole numbers, and log_uniform draws");
    row("uniform over a choice setting", "\"gate.kind\": {\"uniform\": [0, 1]}",
        "line 3: grid: gate.kind: is not a number setting, and uniform draws numbers; use choice (or a list)");
    row("int_uniform over a boolean", "\"qkv_bias\": {\"int_uniform\": [0, 1]}", "qkv_bias: is not a number setting");
    row("lr end below its floor", "\"optim.lr\": {\"uniform\": [0, 0.1]}",
        "grid: optim.lr: uniform: the low end 0: must be at least 1e-12");
    row("end the setting refuses", "\"depth\": {\"int_uniform\": [\n0, 4]}", "line 4: grid: depth: int_uniform: the low end 0: The depth must be at least 1");
    row("choice twice the same", "\"gate.kind\": {\"choice\": [\"cde\",\n\"cde\"]}",
        "line 4: grid: gate.kind: values 1 and 2 are the same (cde); list each value once");
    row("choice empty", "\"gate.kind\": {\"choice\": []}", "line 3: grid: gate.kind: choice takes a non-empty list of values");
    row("choice a value refuses", "\"gate.kind\": {\"choice\": [\"cde\", \"nope\"]}", "grid: gate.kind: value 2 of 2");
    row("not a list or object", "\"optim.lr\": 0.1", "must be a non-empty list of values or a distribution");
    row("control", "\"optim.lr\": [0.1]", "(planned)");  // 3 runs of a list: fine
}

void TstSearchFiles::badDistributionsNamed()
{
    QFETCH(QByteArray, grid);
    QFETCH(QString, expected);
    const QString got = problems(grid);
    QVERIFY2(got.contains(expected), qPrintable(got));
}

void TstSearchFiles::searchEntriesChecked_data()
{
    QTest::addColumn<QByteArray>("grid");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char *name, const char *entries, const char *expected) {
        QTest::newRow(name) << QByteArray("{\"grid\": {\"optim.lr\": [0.1, 0.2]},\n") + entries + "}"
                            << QString::fromUtf8(expected);
    };
    row("unknown method", "\"method\": \"bayes\"", "line 2: method: must be \"grid\" or \"random\", not \"bayes\"");
    row("runs 0", "\"method\": \"random\",\n\"runs\": 0", "line 3: runs: must be a whole number from 1 to 10000, not 0");
    row("runs too many", "\"method\": \"random\", \"runs\": 10001", "runs: must be a whole number from 1 to 10000, not 10001");
    row("runs a fraction", "\"method\": \"random\", \"runs\": 2.5", "runs: must be a whole number from 1 to 10000, not 2.5");
    row("runs a text", "\"method\": \"random\", \"runs\": \"3\"", "runs: must be a whole number from 1 to 10000, not the text \"3\"");
    row("seed negative", "\"method\": \"random\", \"runs\": 2,\n\"search_seed\": -1",
        "line 3: search_seed: must be a whole number from 0 to 9007199254740992, not -1");
    row("seed a fraction", "\"method\": \"random\", \"runs\": 2, \"search_seed\": 0.5", "search_seed: must be a whole number");
    row("random without runs", "\"method\": \"random\"", "random search needs the number of settings to draw: \"runs\": N");
    row("runs under grid", "\"runs\": 4", "line 2: runs: applies to random search only; add \"method\": \"random\"");
    row("seed under grid", "\"method\": \"grid\", \"search_seed\": 4", "search_seed: applies to random search only");
    row("control", "\"base\": {},\n\"seeds\": [0]", "(planned)");
    row("runs x seeds", "\"method\": \"random\", \"runs\": 5001, \"seeds\": [0, 1]",
        "random search: 5001 runs x 2 seeds is more than 10000 runs");
    QTest::newRow("uniform under grid") << QByteArray("{\"grid\": {\n\"optim.lr\": {\"uniform\": [0.1, 0.2]}}}")
                                        << "line 2: grid: optim.lr: uniform draws values at random, which a grid cannot "
                                           "list: add \"method\": \"random\" and \"runs\": N (or --method random --runs N)";
}

void TstSearchFiles::searchEntriesChecked()
{
    QFETCH(QByteArray, grid);
    QFETCH(QString, expected);
    const QString got = problems(grid);
    QVERIFY2(got.contains(expected), qPrintable(got));
    // The options are checked too, and replace the file's entries.
    QVERIFY(problems("{\"grid\": {\"optim.lr\": [0.1]}}", {std::nullopt, 2, std::nullopt}).contains("--runs applies to random"));
    QVERIFY(problems("{\"grid\": {\"optim.lr\": [0.1]}}", {std::nullopt, std::nullopt, 2}).contains("--search-seed applies"));
    QVERIFY(problems("{\"method\": \"random\", \"runs\": 1, \"grid\": {\"optim.lr\": [0.1]}}",
                     {std::nullopt, std::nullopt, (quint64(1) << 53) + 1})
                .contains("--search-seed: 9007199254740993 is beyond 2^53"));
    QVERIFY(problems("{\"method\": \"random\", \"grid\": {\"optim.lr\": [0.1]}}", {std::nullopt, 0, std::nullopt})
                .contains("--runs: 0 is not a whole number from 1 to 10000"));
    QCOMPARE(problems("{\"method\": \"random\", \"runs\": 0, \"grid\": {\"optim.lr\": [0.1]}}",
                      {QStringLiteral("grid"), std::nullopt, std::nullopt}),
             QStringLiteral("(planned)"));  // --method grid: the file's random-search entries are left aside
    QCOMPARE(problems("{\"grid\": {\"optim.lr\": {\"uniform\": [0.1, 0.2]}}}", {QStringLiteral("random"), 2, 9}),
             QStringLiteral("(planned)"));
}

void TstSearchFiles::distributionsOfAFile()
{
    const auto kinds = sweepDistributions(R"({"grid": {"optim.lr": {"log_uniform": [1e-5, 1e-2]},
        "optim.weight_decay": {"uniform": [0, 0.1]}, "depth": {"int_uniform": [1, 4]},
        "gate.kind": {"choice": ["none", "cde"]}, "train.seed": [0, 1], "bogus": {"normal": [1, 2]}}})");
    QCOMPARE(kinds, (std::map<QString, QString>{{"optim.lr", "log_uniform"}, {"optim.weight_decay", "uniform"},
                                                {"depth", "int_uniform"}, {"gate.kind", "choice"},
                                                {"train.seed", "list"}}));
    QVERIFY(sweepDistributions("{not json").empty());
    QVERIFY(sweepDistributions("[1, 2]").empty());
    QVERIFY(sweepDistributions("{}").empty());  // a sweep recorded without a file (or before)
}

void TstSearchFiles::cliRandomSweepCreatesThePlannedRuns()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray grid = R"({"name": "rs", "seeds": [0], "grid": {"optim.lr": {"log_uniform": [1e-4, 1e-2]},
        "optim.weight_decay": {"uniform": [0, 0.1]}}})";
    QFile file(dir.filePath("grid.json"));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(grid) == grid.size());
    file.close();
    QStringList options{"--method", "random", "--runs", "3", "--search-seed", "12", "--grid", file.fileName()};
    for (const QString &kv : kTinySettings)
        options << "--set" << kv;
    // What the planner says the runs are, over the same base.
    SweepPlan plan;
    QStringList errors;
    QVERIFY2(planSweep(grid, tiny(), {}, {QStringLiteral("random"), 3, 12}, &plan, &errors), qPrintable(errors.join('\n')));
    QStringList planned;
    for (const auto &p : plan.points)
        planned << QStringLiteral("rs %1").arg(p.label);
    planned.sort();
    std::map<QString, QJsonObject> first;
    for (const char *store : {"a.sqlite", "b.sqlite"}) {
        const auto r = test::runCli(QStringList{"sweep", "--store", dir.filePath(store)} + options, 300000);
        QVERIFY2(r.exitCode == 0 && r.out.contains("3 finished, 0 failed"), qPrintable(r.out + r.err));
        const auto runs = storedRuns(dir.filePath(store));
        QStringList names;
        for (const auto &[name, config] : runs)
            names << name;
        QCOMPARE(names, planned);  // exactly the planned runs, no more (names are sorted by the map)
        for (const auto &p : plan.points) {
            const QJsonObject config = runs.at(QStringLiteral("rs %1").arg(p.label));
            QCOMPARE(config.value("optim.lr").toDouble(), p.config.train.optim.lr);  // exact: the name's value
            QCOMPARE(config.value("optim.weight_decay").toDouble(), p.config.train.optim.weightDecay);
        }
        if (first.empty())
            first = runs;
        else
            QVERIFY(first == runs);  // the same command twice: the same configs (paths are the same here)
    }
}

GATEFOLD_TEST_MAIN(TstSearchFiles)
#include "tst_searchfiles.moc"
