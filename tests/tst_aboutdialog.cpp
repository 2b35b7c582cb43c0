// Help → About asks the engine what it runs on: a real `gatefold-cli
// --version --json` child, its answer read by launch::engineInfoFromJson and
// shown (versions, devices) after "asking the engine…"; an engine that is
// missing, or a program that is no engine, is said in place. The plain
// `--version` stays one line.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these
#include <QtTest/QtTest>

#include "screenshot.h"

#include "launch/engineinfo.h"
#include "widgets/aboutdialog.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#endif

using namespace gatefold;

namespace {

const QString kAboutEngine = QStringLiteral(GATEFOLD_CLI_PATH);

struct Answer {
    int exitCode = -1;
    QByteArray out, err;
};

Answer runEngine(const QStringList &arguments)
{
    QProcess p;
    p.start(kAboutEngine, arguments);
    Answer a;
    if (p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit)
        a.exitCode = p.exitCode();
    a.out = p.readAllStandardOutput();
    a.err = p.readAllStandardError();
    return a;
}

} // namespace

class TstAboutDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void engineSaysWhatItRunsOn();
    void dialogShowsTheEngine();
    void dialogWithoutAnEngine();
    void dialogWithAProgramThatIsNoEngine();
};

void TstAboutDialog::engineSaysWhatItRunsOn()
{
    Answer a = runEngine({QStringLiteral("--version"), QStringLiteral("--json")});
    QVERIFY2(a.exitCode == 0, a.err.constData());
    QString error;
    const auto info = launch::engineInfoFromJson(a.out, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->gatefold, QStringLiteral(GATEFOLD_VERSION));
    QCOMPARE(info->qt, QString::fromLatin1(qVersion()));
    QVERIFY2(info->libtorch.startsWith(QStringLiteral("1.")) || info->libtorch.startsWith(QStringLiteral("2.")),
             qPrintable(info->libtorch));
    QVERIFY(!info->devices.isEmpty());
    QCOMPARE(info->devices.front().kind, QStringLiteral("cpu"));
    QVERIFY(info->devices.front().threads >= 1);
    for (qsizetype i = 1; i < info->devices.size(); ++i)
        QCOMPARE(info->devices[i].kind, QStringLiteral("cuda"));
    // Written again, the same JSON: one writer, one reader.
    QCOMPARE(launch::engineInfoJson(*info), a.out.trimmed());

    // The plain form stays one line; anything else beside --version is refused.
    a = runEngine({QStringLiteral("--version")});
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(a.out.trimmed(), QByteArray("gatefold-cli " GATEFOLD_VERSION));
    a = runEngine({QStringLiteral("--version"), QStringLiteral("--yaml")});
    QCOMPARE(a.exitCode, 2);
    QVERIFY(a.err.contains("--yaml"));
    QVERIFY(!launch::engineInfoFromJson(R"({"gatefold": "1", "libtorch": "1.13", "qt": "6.4",
                                            "devices": [{"kind": "tpu"}]})", &error));
    QVERIFY2(error.contains(QStringLiteral("not the JSON of gatefold-cli --version --json")), qPrintable(error));
}

void TstAboutDialog::dialogShowsTheEngine()
{
    widgets::AboutDialog dialog(kAboutEngine, QStringLiteral("/data/runs.sqlite"));
    QSignalSpy answered(&dialog, &widgets::AboutDialog::answered);
    dialog.show();
    QVERIFY(dialog.isAsking());
    QVERIFY2(dialog.engineText().contains(QStringLiteral("asking the engine…")), qPrintable(dialog.engineText()));
    test::screenshot(&dialog, QStringLiteral("about-asking.png"));
    QVERIFY(answered.wait(60000));
    QCOMPARE(answered.last().at(0).toBool(), true);
    QVERIFY(!dialog.isAsking());
    const QString text = dialog.engineText();
    QVERIFY2(text.contains(QStringLiteral("LibTorch 1.")) || text.contains(QStringLiteral("LibTorch 2.")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Devices: cpu (")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("gatefold-cli " GATEFOLD_VERSION)), qPrintable(text));
    QTest::qWait(50);  // laid out again for the longer text
    test::screenshot(&dialog, QStringLiteral("about.png"));
}

void TstAboutDialog::dialogWithoutAnEngine()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("gatefold-cli"));
    widgets::AboutDialog dialog(missing, QStringLiteral("runs.sqlite"));
    QSignalSpy answered(&dialog, &widgets::AboutDialog::answered);
    QVERIFY(answered.wait(20000));
    QCOMPARE(answered.last().at(0).toBool(), false);
    const QString text = dialog.engineText();
    QVERIFY2(text.contains(missing) && text.contains(QStringLiteral("could not be started"))
                 && text.contains(QStringLiteral("LibTorch and devices are unknown")),
             qPrintable(text));
    dialog.show();
    QTest::qWait(50);
    test::screenshot(&dialog, QStringLiteral("about-no-engine.png"));
}

void TstAboutDialog::dialogWithAProgramThatIsNoEngine()
{
    const QString echo = QStandardPaths::findExecutable(QStringLiteral("echo"));
    QVERIFY(!echo.isEmpty());
    widgets::AboutDialog dialog(echo, QStringLiteral("runs.sqlite"));
    QSignalSpy answered(&dialog, &widgets::AboutDialog::answered);
    QVERIFY(answered.wait(20000));
    QCOMPARE(answered.last().at(0).toBool(), false);
    QVERIFY2(dialog.engineText().contains(QStringLiteral("not the JSON of gatefold-cli --version --json")),
             qPrintable(dialog.engineText()));
}

GATEFOLD_TEST_MAIN(TstAboutDialog)
#include "tst_aboutdialog.moc"
