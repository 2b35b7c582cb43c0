// gatefold-cli as a user runs it: a real child process per case, its exit
// status and what it prints — usage errors, config problems named by key,
// the cost and fold accounting tables, the λ schedule, and a short demo on a
// parallel preset ending in its fold check.

#include "clirun.h"

#include <QtTest/QtTest>
#include <QFile>
#include <QTemporaryDir>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

using Result = gatefold::test::CliRun;
using gatefold::test::runCli;

namespace {


} // namespace

class TstCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void usageErrorsExitTwo_data();
    void usageErrorsExitTwo();
    void costPrintsFoldAccounting();
    void costAgreesAtLambdaOne();
    void scheduleFollowsTheConfig();
    void demoFoldsParallelModel();
    void checkWarnsOfImplausibleValues();
};

void TstCli::usageErrorsExitTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << "no command given";
    QTest::newRow("unknown command") << QStringList{"fold-everything"} << "unknown command 'fold-everything'";
    QTest::newRow("stray argument") << QStringList{"cost", "extra"} << "unexpected argument 'extra'";
    QTest::newRow("branches 0") << QStringList{"config", "--set", "join.branches=0"} << "join.branches:";
    QTest::newRow("lambda 1.5") << QStringList{"cost", "--set", "join.lambda=1.5"} << "join.lambda:";
    QTest::newRow("unknown variant") << QStringList{"config", "--set", "join.variant=heads"}
                                     << "use one of: logits, values, projections";
    QTest::newRow("absorb without deploy") << QStringList{"config", "--set", "join.absorb_norms=true"}
                                           << "join.deployed=true";
    QTest::newRow("negative warm-up steps") << QStringList{"demo", "--warmup", "-1"} << "--warmup";
    QTest::newRow("seed not a number") << QStringList{"demo", "--seed", "abc"} << "--seed";
    QTest::newRow("schedule points") << QStringList{"schedule", "--points", "1"} << "--points";
}

void TstCli::usageErrorsExitTwo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const auto r = runCli(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TstCli::costPrintsFoldAccounting()
{
    const auto r = runCli({"cost", "--preset", "vit-ti16-fold2", "--no-count"});
    QCOMPARE(r.exitCode, 0);
    // The blocks-only figures at 224/16, width 192 (core/model/README.md, joining "Folding at λ = 1").
    QVERIFY2(r.out.contains(QRegularExpression("folded \\(logits\\) .* 0\\.8760 ")), qPrintable(r.out));
    QVERIFY(r.out.contains(QRegularExpression("plain 6 layers .* 0\\.6123 ")));
    QVERIFY(r.out.contains(QRegularExpression("plain 12 layers \\(the deep baseline\\) .* 1\\.2246 ")));
    QVERIFY2(!r.out.contains("agree"), "nothing was counted, so nothing may claim agreement");
}

void TstCli::costAgreesAtLambdaOne()
{
    for (const char *variant : {"logits", "values", "projections"}) {
        const auto r = runCli({"cost", "--preset", "cifar-fold2", "--set", "join.lambda=1", "--set",
                               QStringLiteral("join.variant=%1").arg(variant), "--set", "gate.kind=cde", "--set",
                               "gate.target=expand"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(!r.out.contains("DIFFER") && !r.out.contains("MISMATCH"));
    }
}

void TstCli::scheduleFollowsTheConfig()
{
    const auto r = runCli({"schedule", "--set", "join.schedule=cosine", "--set", "join.warmup_steps=100", "--set",
                           "join.adjust_steps=50", "--set", "join.stage=C", "--total-steps", "400"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("warm-up from step 200, lambda = 1 from step 300"), qPrintable(r.out));
    // cos shape at a quarter of the warm-up: (1 − cos(π/4))/2 = 0.146447
    QVERIFY2(r.out.contains(QRegularExpression("\\b225\\s+0\\.146447 warm-up")), qPrintable(r.out));
    QVERIFY(r.out.contains(QRegularExpression("\\b350\\s+1\\.000000 done")));
}

void TstCli::demoFoldsParallelModel()
{
    const auto r = runCli({"demo", "--preset", "cifar-fold2", "--batch", "4", "--steps", "1", "--warmup", "0",
                           "--threads", "1"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const QRegularExpression check("fold check at lambda = 1 \\(n = 2, logits, LayerNorms absorbed\\): "
                                   "max \\|dlogit\\| (\\S+), relative (\\S+), top-1 agreement");
    const auto match = check.match(r.out);
    QVERIFY2(match.hasMatch(), qPrintable(r.out));
    QVERIFY(match.captured(2).toDouble() <= 1e-4);
}

// Issue 20: optim.lr = 2 and join.branches = 12 are valid but unlikely to be meant: config --check says so
// in "warning:" lines (and in --check --json's warnings) and still accepts the config (exit 0); a sane
// config gets no warning, and an invalid one keeps exit 2 with its warnings said too.
void TstCli::checkWarnsOfImplausibleValues()
{
    const QStringList implausible{"config",       "--preset", "demo",   "--set", "optim.lr=2", "--set",
                                  "join.branches=12", "--set", "train.epochs=1", "--check"};
    const auto r = runCli(implausible);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QRegularExpression("^warning: optim.lr: a peak learning rate of 2 is far above",
                                               QRegularExpression::MultilineOption)),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QRegularExpression("^warning: join.branches: 12 parallel branches per block",
                                               QRegularExpression::MultilineOption)),
             qPrintable(r.err));
    QVERIFY2(r.out.startsWith("ok"), qPrintable(r.out));

    const auto json = runCli(QStringList(implausible) << "--json");
    QCOMPARE(json.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QVERIFY(o.value("ok").toBool());
    QStringList keys;
    for (const auto &w : o.value("warnings").toArray())
        keys << w.toObject().value("key").toString();
    QVERIFY2(keys.contains("optim.lr") && keys.contains("join.branches"), qPrintable(json.out));

    // train and sweep say the same before they create anything, and go on (a tiny model, 64 images).
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
    const QStringList tiny{"--set", "img_size=16",          "--set", "patch_size=4",       "--set", "embed_dim=16",
                           "--set", "depth=1",              "--set", "num_heads=2",        "--set", "data.train_size=64",
                           "--set", "data.val_size=32",     "--set", "train.batch_size=32", "--set", "train.epochs=1",
                           "--set", "optim.lr=2",           "--store", store};
    const auto trained = runCli(QStringList{"train"} << tiny);
    QVERIFY2(trained.exitCode == 0, qPrintable(trained.err));
    QVERIFY2(trained.err.contains(QRegularExpression("^warning: optim.lr: a peak learning rate of 2 is far above",
                                                     QRegularExpression::MultilineOption)),
             qPrintable(trained.err));
    const QString grid = dir.filePath(QStringLiteral("grid.json"));
    QFile file(grid);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(R"({"name": "hot", "grid": {"optim.weight_decay": [0.05]}})") > 0);
    file.close();
    const auto swept = runCli(QStringList{"sweep", "--grid", grid} << tiny);
    QVERIFY2(swept.exitCode == 0, qPrintable(swept.err));
    QVERIFY2(swept.err.contains(QRegularExpression("^warning: \\[.*\\] optim.lr: a peak learning rate of 2",
                                                   QRegularExpression::MultilineOption)),
             qPrintable(swept.err));

    const auto sane = runCli({"config", "--preset", "demo", "--set", "train.epochs=1", "--check"});
    QCOMPARE(sane.exitCode, 0);
    QVERIFY2(!sane.err.contains("warning:"), qPrintable(sane.err));

    const auto invalid = runCli({"config", "--preset", "demo", "--set", "optim.lr=2", "--set", "depth=0", "--check"});
    QCOMPARE(invalid.exitCode, 2);
    QVERIFY2(invalid.err.contains("warning: optim.lr:") && invalid.err.contains("depth"), qPrintable(invalid.err));
}

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
