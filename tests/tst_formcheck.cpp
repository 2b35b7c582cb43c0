// The run form queues only what the engine's own checks accept (issue 16): the
// check is a child process (`gatefold-cli config --config - --check --json`),
// off the GUI thread; an answer about a config no longer on show is never
// shown; what `train` would refuse (a missing data.path, in_chans against the
// data's channels) is refused next to its field before anything is created;
// an engine that cannot check accepts nothing.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "screenshot.h"
#include "tinyrun.h"
#include "formatfiles.h"

#include "widgets/configcheck.h"
#include "widgets/configform.h"
#include "widgets/runformpanel.h"

#include <QtTest/QtTest>
#include <QApplication>

#include <QLabel>
#endif

using namespace gatefold;
using namespace gatefold::widgets;
using gatefold::test::screenshot;

class TstFormCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void formIgnoresStaleAnswers();
    void formQueuesOnlyWhatTheEngineAccepts();
    void formRefusesWhatCannotBeChecked();

private:
    QTemporaryDir m_dir;
};

void TstFormCheck::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

// Answers come from a child process; only the answer about the config on show counts.
void TstFormCheck::formIgnoresStaleAnswers()
{
    const QString engine = m_dir.filePath(QStringLiteral("checking-engine"));
    {
        QFile f(engine);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // embed_dim 48: refused at its field (whatever else); depth 3: a slow "ok"; anything else: fine.
        f.write("#!/bin/sh\n"
                "input=$(cat)\n"
                "case \"$input\" in\n"
                "*'\"embed_dim\": 48,'*) echo '{\"ok\": false, \"problems\": [{\"key\": \"embed_dim\", \"message\": "
                "\"needs 90 GiB for one batch; this machine has 24 GiB: lower embed_dim or train.batch_size\"}], "
                "\"warnings\": []}'; exit 2;;\n"
                "*'\"depth\": 3,'*) sleep 3; echo '{\"ok\": true, \"problems\": [], \"warnings\": []}'; exit 0;;\n"
                "esac\n"
                "echo '{\"ok\": true, \"problems\": [], \"warnings\": [{\"key\": \"join.warmup\", \"message\": "
                "\"longer than the run\"}], \"data\": {\"name\": \"builtin\", \"classes\": 10, \"channels\": 3, "
                "\"train\": 512, \"val\": 64}, \"resources\": {\"parameters\": 123456}}'\n");
    }
    QFile::setPermissions(engine, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    RunFormPanel panel;
    panel.setEngine(engine);
    panel.check()->setDelay(0);
    panel.show();
    std::vector<train::RunConfig> launched;  // RunConfig is no metatype: no QSignalSpy
    connect(&panel, &RunFormPanel::launchRequested, this,
            [&launched](const train::RunConfig &config) { launched.push_back(config); });
    panel.setConfig(tinyRun(1), QStringLiteral("t"));
    QTRY_VERIFY(panel.check()->isCurrent());
    QVERIFY(panel.canQueue());
    auto *status = panel.findChild<QLabel *>(QStringLiteral("engineCheck"));
    QVERIFY(status && status->text().contains("123456") == false && status->text().contains("0.12 M"));
    // A slow answer is overtaken by an edit: the slow one is never shown.
    panel.form()->setFieldText(QStringLiteral("depth"), QStringLiteral("3"));
    QTRY_VERIFY(panel.check()->isChecking());
    panel.form()->setFieldText(QStringLiteral("embed_dim"), QStringLiteral("48"));
    QTRY_VERIFY_WITH_TIMEOUT(panel.check()->isCurrent(), 10000);
    QVERIFY(!panel.check()->result().ok);
    QVERIFY2(panel.form()->problemFor(QStringLiteral("embed_dim")).contains("lower embed_dim"),
             qPrintable(panel.form()->problemFor(QStringLiteral("embed_dim"))));
    QTest::qWait(3500);  // past the slow answer: still the refusal
    QVERIFY(!panel.canQueue());
    panel.requestQueue();
    QVERIFY(launched.empty());
    screenshot(&panel, "form-engine-problems.png");
    // Fixed: accepted, and a Queue pressed while the check runs queues once it is accepted. While it
    // checks, the refusal's lines keep their height: the form above does not jump with each key.
    const int tall = status->height();
    QVERIFY2(tall > status->fontMetrics().height() * 2, "the refusal is one line: the test sees no jump");
    panel.form()->setFieldText(QStringLiteral("embed_dim"), QStringLiteral("32"));
    QTRY_VERIFY(panel.check()->isChecking());
    QApplication::processEvents();
    QVERIFY2(status->height() >= tall, qPrintable(QStringLiteral("%1 < %2").arg(status->height()).arg(tall)));
    panel.requestQueue();
    QTRY_COMPARE_WITH_TIMEOUT(launched.size(), size_t(1), 20000);  // after the slow check of depth 3
    QCOMPARE(launched[0].model.embedDim, 32);
}

// The real engine's checks (gatefold-cli config --check): what `train` would refuse is refused
// here, next to its field, before anything is created.
void TstFormCheck::formQueuesOnlyWhatTheEngineAccepts()
{
    const QString data = m_dir.filePath(QStringLiteral("cifar"));
    QDir().mkpath(data);
    writeCifar10(data, 20, 20);
    RunFormPanel panel;
    panel.setEngine(QStringLiteral(GATEFOLD_CLI_PATH));
    panel.check()->setDelay(0);
    panel.show();
    int launched = 0;
    connect(&panel, &RunFormPanel::launchRequested, this, [&launched] { ++launched; });
    panel.setConfig(withSettings(tinyRun(1), {"data.name=cifar10", "img_size=32", "in_chans=3"}), QStringLiteral("c"));
    // The form's own validator refuses a missing data.path already (the engine is not asked).
    QVERIFY2(!panel.canQueue(), "a cifar10 run without data.path was accepted");
    QVERIFY2(!panel.form()->problemFor(QStringLiteral("data.path")).isEmpty(), qPrintable(panel.form()->problems().join('\n')));
    panel.requestQueue();
    QCOMPARE(launched, 0);
    // The data's channels decide in_chans.
    panel.form()->setFieldText(QStringLiteral("data.path"), data);
    panel.form()->setFieldText(QStringLiteral("in_chans"), QStringLiteral("1"));
    QTRY_VERIFY_WITH_TIMEOUT(panel.check()->isCurrent(), 60000);
    QVERIFY2(panel.form()->problemFor(QStringLiteral("in_chans")).contains("3 channel"),
             qPrintable(panel.form()->problems().join('\n')));
    QVERIFY(!panel.canQueue());
    panel.form()->setFieldText(QStringLiteral("in_chans"), QStringLiteral("3"));
    QTRY_VERIFY_WITH_TIMEOUT(panel.check()->isCurrent(), 60000);
    QVERIFY2(panel.check()->result().ok, qPrintable(panel.form()->problems().join('\n')));
    QCOMPARE(panel.check()->result().data.value("channels").toInt(), 3);
    panel.requestQueue();
    QCOMPARE(launched, 1);
}

// An engine that cannot check (missing, too old, crashing) accepts nothing: queueing waits for a yes.
void TstFormCheck::formRefusesWhatCannotBeChecked()
{
    RunFormPanel panel;
    panel.setEngine(m_dir.filePath(QStringLiteral("no-such-engine")));
    panel.check()->setDelay(0);
    panel.show();
    int launched = 0;
    connect(&panel, &RunFormPanel::launchRequested, this, [&launched] { ++launched; });
    panel.setConfig(tinyRun(1), QStringLiteral("unchecked"));
    QTRY_VERIFY_WITH_TIMEOUT(panel.check()->isCurrent(), 30000);
    QVERIFY(!panel.check()->result().ok);
    QVERIFY2(panel.form()->problems().join('\n').contains(QStringLiteral("could not check this config")),
             qPrintable(panel.form()->problems().join('\n')));
    QVERIFY(!panel.canQueue());
    panel.requestQueue();
    QCOMPARE(launched, 0);
}

GATEFOLD_TEST_MAIN(TstFormCheck)
#include "tst_formcheck.moc"
