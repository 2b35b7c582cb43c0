// The Export model dialog (widgets/exportdialog) driving a real
// `gatefold-cli export --json` child on runs the CLI trains into a temporary
// store: the options become the child's arguments, a finished export shows
// the verification numbers and the files it wrote, a refused one (λ < 1)
// shows the CLI's reason in place. With $GATEFOLD_SCREENSHOTS set the
// dialog is saved there after each.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "screenshot.h"
#include "widgets/exportdialog.h"

#include <QtTest/QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QLineEdit>
#endif

using gatefold::widgets::ExportDialog;

using gatefold::test::screenshot;

namespace {

const QStringList kTiny{"--set", "img_size=16", "--set", "patch_size=4", "--set", "embed_dim=32", "--set", "depth=2",
                        "--set", "num_heads=2", "--set", "mlp_ratio=2", "--set", "data.train_size=512", "--set",
                        "data.val_size=64", "--set", "train.batch_size=32", "--set", "compute.threads=1", "--set",
                        "train.epochs=1", "--set", "join.branches=2", "--set", "join.variant=projections", "--set",
                        "join.adjust_steps=0"};

} // namespace

class TstExportDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void argumentsFollowTheOptions();
    void exportShowsNumbersAndFiles();
    void refusalShownInPlace();
    void gatedRunInEveryFormat();

private:
    bool trainRun(const QString &warmup, const QStringList &extra = {});
    QTemporaryDir m_dir;
    QString m_store;
};

bool TstExportDialog::trainRun(const QString &warmup, const QStringList &extra)
{
    QProcess p;
    p.start(QStringLiteral(GATEFOLD_CLI_PATH),
            QStringList{"train", "--store", m_store, "--preset", "demo", "--set", "join.warmup_steps=" + warmup} + kTiny
                + extra);
    return p.waitForFinished(120000) && p.exitCode() == 0;
}

void TstExportDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_store = m_dir.filePath(QStringLiteral("store.sqlite"));
    QVERIFY(trainRun(QStringLiteral("8")));   // run 1: λ = 1 from step 8 of 16
    QVERIFY(trainRun(QStringLiteral("64")));  // run 2: λ = 15/64 at its checkpoint
    // run 3: CDE-gated joining run
    QVERIFY(trainRun(QStringLiteral("8"), {"--set", "gate.kind=cde", "--set", "gate.codebook_size=16", "--set",
                                           "gate.top_k=2", "--set", "gate.embed_init=normal"}));
}

void TstExportDialog::argumentsFollowTheOptions()
{
    ExportDialog dialog(QStringLiteral(GATEFOLD_CLI_PATH), m_store, 1, QStringLiteral("joined"));
    QStringList args = dialog.arguments();
    QCOMPARE(args.mid(0, 5), (QStringList{"export", "--store", m_store, "--run", "1"}));
    QCOMPARE(args.at(args.indexOf("--format") + 1), QStringLiteral("torchscript,safetensors"));
    QCOMPARE(args.at(args.indexOf("--fold") + 1), QStringLiteral("auto"));
    QVERIFY(args.contains("--json"));
    QVERIFY(!args.contains("--force") && !args.contains("--absorb-norms") && !args.contains("--out"));
    dialog.formatBox("onnx")->setChecked(true);
    dialog.formatBox("torchscript")->setChecked(false);
    dialog.foldBox()->setCurrentIndex(dialog.foldBox()->findData(QStringLiteral("plain")));
    dialog.absorbBox()->setChecked(true);
    dialog.forceBox()->setChecked(true);
    dialog.checkpointBox()->setCurrentText(QStringLiteral("last"));
    dialog.outEdit()->setText(QStringLiteral("/tmp/x"));
    args = dialog.arguments();
    QCOMPARE(args.at(args.indexOf("--format") + 1), QStringLiteral("onnx,safetensors"));
    QCOMPARE(args.at(args.indexOf("--fold") + 1), QStringLiteral("plain"));
    QCOMPARE(args.at(args.indexOf("--checkpoint") + 1), QStringLiteral("last"));
    QCOMPARE(args.at(args.indexOf("--out") + 1), QStringLiteral("/tmp/x"));
    QVERIFY(args.contains("--force") && args.contains("--absorb-norms"));
    // The epochs a run keeps (train.keep_every) are offered after best and last.
    dialog.setKeptEpochs({2, 4});
    QCOMPARE(dialog.checkpointBox()->count(), 4);
    QCOMPARE(dialog.checkpointBox()->itemText(3), QStringLiteral("epoch:4"));
    dialog.checkpointBox()->setCurrentIndex(2);
    args = dialog.arguments();
    QCOMPARE(args.at(args.indexOf("--checkpoint") + 1), QStringLiteral("epoch:2"));
}

void TstExportDialog::exportShowsNumbersAndFiles()
{
    ExportDialog dialog(QStringLiteral(GATEFOLD_CLI_PATH), m_store, 1, QStringLiteral("joined"));
    dialog.formatBox("onnx")->setChecked(true);
    dialog.outEdit()->setText(m_dir.filePath(QStringLiteral("out")));
    dialog.resize(720, 560);
    dialog.show();
    QSignalSpy done(&dialog, &ExportDialog::exportFinished);
    dialog.startExport();
    QVERIFY(dialog.isRunning());
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), true);
    const auto files = dialog.result().value("files").toArray();
    QCOMPARE(files.size(), 3);
    const QString shown = dialog.shownText();
    for (const auto &f : files) {
        const QString path = f.toObject().value("path").toString();
        QVERIFY(QFileInfo(path).isFile());
        QVERIFY2(shown.contains(path), qPrintable(shown));
        QVERIFY(shown.contains(f.toObject().value("format").toString()));
    }
    QVERIFY2(shown.contains(QStringLiteral("100.0%")), qPrintable(shown));
    QVERIFY(shown.contains(QDir(m_dir.filePath("out")).filePath("config.json")));
    screenshot(&dialog, QStringLiteral("exportdialog-done.png"));
}

void TstExportDialog::refusalShownInPlace()
{
    ExportDialog dialog(QStringLiteral(GATEFOLD_CLI_PATH), m_store, 2, QStringLiteral("half joined"));
    dialog.resize(720, 560);
    dialog.show();
    QSignalSpy done(&dialog, &ExportDialog::exportFinished);
    dialog.startExport();
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY(dialog.result().isEmpty());
    QVERIFY2(dialog.shownText().contains(QStringLiteral("lambda is 0.234375")), qPrintable(dialog.shownText()));
    QVERIFY(dialog.shownText().contains(QStringLiteral("--force")));
    screenshot(&dialog, QStringLiteral("exportdialog-refused.png"));
}

void TstExportDialog::gatedRunInEveryFormat()
{
    ExportDialog dialog(QStringLiteral(GATEFOLD_CLI_PATH), m_store, 3, QStringLiteral("gated and joined"));
    for (const char *format : {"torchscript", "onnx", "safetensors"})
        dialog.formatBox(format)->setChecked(true);
    dialog.outEdit()->setText(m_dir.filePath(QStringLiteral("gated")));
    dialog.resize(720, 560);
    dialog.show();
    QSignalSpy done(&dialog, &ExportDialog::exportFinished);
    dialog.startExport();
    QVERIFY(done.wait(120000));
    QVERIFY2(done.first().first().toBool(), qPrintable(dialog.shownText()));
    const auto files = dialog.result().value("files").toArray();
    QCOMPARE(files.size(), 3);
    for (const auto &f : files) {
        QVERIFY(QFileInfo(f.toObject().value("path").toString()).isFile());
        QCOMPARE(f.toObject().value("verification").toObject().value("top1_agreement").toDouble(), 1.0);
    }
    screenshot(&dialog, QStringLiteral("exportdialog-gated.png"));
}

GATEFOLD_TEST_MAIN(TstExportDialog)
#include "tst_exportdialog.moc"
