// The run form: form ↔ config round trip for every preset, choices as lists,
// fields that appear only where they apply, and the validator's messages
// under the right fields (hidden ones in the summary), offscreen.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "widgets/configform.h"
#include "widgets/runformpanel.h"

#include "config/presets.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <QtTest/QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QListWidget>
#endif

using namespace gatefold;
using gatefold::widgets::ConfigForm;

class TstConfigForm : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripsEveryPreset_data();
    void roundTripsEveryPreset();
    void editorsFitTheirFields();
    void fieldsAppearWhenTheyApply();
    void problemsUnderTheirFields();
    void dataParallelSettings();
    void unparsableTextKeepsTheLastGoodValue();
    void loadAndSaveJson();
};

void TstConfigForm::roundTripsEveryPreset_data()
{
    QTest::addColumn<QString>("preset");
    for (const auto &p : train::runPresets())
        QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    for (const auto &p : model::presets::all())  // every model preset is a run preset too
        QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
}

void TstConfigForm::roundTripsEveryPreset()
{
    QFETCH(QString, preset);
    const auto config = train::runPresetByName(preset.toStdString());
    QVERIFY(config);
    ConfigForm form;
    form.setConfig(*config);
    QCOMPARE(train::runConfigToJson(form.config()), train::runConfigToJson(*config));
    // What the editors show reads back as the same config.
    train::RunConfig fromEditors;
    for (const auto &field : config::fields()) {
        QWidget *editor = form.editorFor(QString::fromStdString(field.key));
        if (!editor)
            continue;
        QString text;
        if (auto *box = qobject_cast<QCheckBox *>(editor))
            text = box->isChecked() ? "true" : "false";
        else if (auto *combo = qobject_cast<QComboBox *>(editor))
            text = combo->currentText();
        else
            text = qobject_cast<QLineEdit *>(editor)->text();
        model::ConfigProblem why;
        QVERIFY2(field.set(fromEditors, text.toStdString(), &why), (field.key + ": " + why.message).c_str());
    }
    fromEditors.model.join.deployed = config->model.join.deployed;  // not a form field
    QCOMPARE(train::runConfigToJson(fromEditors), train::runConfigToJson(*config));
    // The form says what the core validator says (ImageNet presets on the built-in set: num_classes).
    QStringList expected;
    for (const auto &p : train::validateRunConfig(*config))
        expected << QString::fromStdString(p.field + ": " + p.message);
    QCOMPARE(form.problems(), expected);
}

void TstConfigForm::editorsFitTheirFields()
{
    ConfigForm form;
    auto *kind = qobject_cast<QComboBox *>(form.editorFor("gate.kind"));
    QVERIFY(kind);
    QCOMPARE(kind->count(), 3);
    QCOMPARE(kind->itemText(1), QStringLiteral("cde"));
    QVERIFY(qobject_cast<QCheckBox *>(form.editorFor("qkv_bias")));
    QVERIFY(qobject_cast<QLineEdit *>(form.editorFor("optim.lr")));
    QVERIFY(qobject_cast<QComboBox *>(form.editorFor("data.name")));
    QVERIFY(!form.editorFor("join.deployed"));  // written by fold, never by hand
    QVERIFY(!form.editorFor("no.such.key"));
}

void TstConfigForm::fieldsAppearWhenTheyApply()
{
    ConfigForm form;
    form.setConfig(train::demoRun());
    QVERIFY(!form.isFieldShown("gate.top_k"));
    QVERIFY(!form.isFieldShown("join.lambda"));
    QVERIFY(!form.isFieldShown("data.path"));
    QVERIFY(form.isFieldShown("data.train_size"));
    QSignalSpy changed(&form, &ConfigForm::configChanged);
    qobject_cast<QComboBox *>(form.editorFor("gate.kind"))->setCurrentText("cde");  // as a user picks it
    QCOMPARE(changed.size(), 1);
    QCOMPARE(form.config().model.gate.kind, model::GateKind::Cde);
    QVERIFY(form.isFieldShown("gate.top_k"));
    QVERIFY(form.editorFor("gate.top_k")->isVisibleTo(&form) || !form.editorFor("gate.top_k")->parentWidget()->isHidden());
    form.setFieldText("gate.assign", "vq");
    QVERIFY(!form.isFieldShown("gate.top_k"));
    QVERIFY(form.editorFor("gate.top_k")->parentWidget()->isHidden());
    form.setFieldText("data.name", "cifar10");
    QVERIFY(form.isFieldShown("data.path") && !form.isFieldShown("data.train_size"));
}

void TstConfigForm::problemsUnderTheirFields()
{
    ConfigForm form;
    form.setConfig(train::demoRun());
    QSignalSpy validity(&form, &ConfigForm::validityChanged);
    auto *lr = qobject_cast<QLineEdit *>(form.editorFor("optim.lr"));
    lr->setText("0");
    Q_EMIT lr->textEdited("0");  // what typing sends
    QVERIFY(!form.isValid());
    QCOMPARE(validity.size(), 1);
    QCOMPARE(form.problemFor("optim.lr"),
             QStringLiteral("must be at least 1e-12: a smaller step is lost in float32 rounding and the weights never change"));
    QVERIFY(form.problemFor("embed_dim").isEmpty());
    form.setFieldText("num_heads", "5");  // 96 is not divisible by 5: the validator names the right key
    QVERIFY2(!form.problemFor("embed_dim").isEmpty() || !form.problemFor("num_heads").isEmpty(),
             qPrintable(form.problems().join('\n')));
    form.setFieldText("data.name", "cifar10");  // data.path now required
    QVERIFY2(form.problemFor("data.path").contains("set it to the folder"), qPrintable(form.problemFor("data.path")));
    // A problem on a field that is hidden shows in the summary: a soft-top-k setting broken, then VQ chosen.
    form.setFieldText("gate.kind", "cde");
    form.setFieldText("gate.temperature", "-1");
    QVERIFY(!form.problemFor("gate.temperature").isEmpty());
    form.setFieldText("gate.assign", "vq");
    const auto *summary = form.findChild<QLabel *>("problemSummary");
    QVERIFY(summary && !summary->isHidden());
    QVERIFY2(summary->text().contains("gate.temperature"), qPrintable(summary->text()));
    // Fixing every problem makes the form valid again.
    form.setConfig(train::demoRun());
    QVERIFY(form.isValid());
    QCOMPARE(validity.size(), 2);
    QVERIFY(summary->isHidden());
}

// compute.processes is always there, the process group and its timeout only with several
// processes; a global batch that the processes cannot share evenly is said under the batch size
// and, while the Compute section is in front, in the summary; what compute.device means per rank is
// in its help.
void TstConfigForm::dataParallelSettings()
{
    ConfigForm form;
    form.setConfig(train::demoRun());
    auto *sections = form.findChild<QListWidget *>(QStringLiteral("sections"));
    QVERIFY(sections);
    for (int t = 0; t < sections->count(); ++t)
        if (sections->item(t)->text().startsWith(QStringLiteral("Compute")))
            form.showSection(t);
    QVERIFY(sections->currentItem()->text().startsWith(QStringLiteral("Compute")));
    QVERIFY(form.isFieldShown("compute.processes"));
    QVERIFY(!form.isFieldShown("compute.dist_backend") && !form.isFieldShown("compute.dist_timeout"));
    QVERIFY2(form.editorFor("compute.device")->toolTip().contains("each process")
                 && form.editorFor("compute.device")->toolTip().contains("local rank"),
             qPrintable(form.editorFor("compute.device")->toolTip()));
    QVERIFY(form.editorFor("compute.processes")->toolTip().contains("global batch"));

    form.setFieldText("compute.processes", "3");  // the demo's batch of 128 is no multiple of 3
    QVERIFY(form.isFieldShown("compute.dist_backend") && form.isFieldShown("compute.dist_timeout"));
    QVERIFY(!form.isValid());
    QVERIFY2(form.problemFor("train.batch_size").contains("multiple of compute.processes"),
             qPrintable(form.problemFor("train.batch_size")));
    const auto *summary = form.findChild<QLabel *>("problemSummary");
    QVERIFY2(summary && !summary->isHidden() && summary->text().contains("train.batch_size (Training section)"),
             qPrintable(summary->text()));
    form.setFieldText("compute.processes", "4");
    QVERIFY2(form.isValid(), qPrintable(form.problems().join('\n')));
    QCOMPARE(form.config().train.processes, 4);
    // NCCL wants CUDA devices: said under the backend.
    form.setFieldText("compute.device", "cpu");
    form.setFieldText("compute.dist_backend", "nccl");
    QVERIFY2(form.problemFor("compute.dist_backend").contains("gloo"), qPrintable(form.problemFor("compute.dist_backend")));
    form.setFieldText("compute.dist_timeout", "0");
    QVERIFY(!form.problemFor("compute.dist_timeout").isEmpty());
    form.setFieldText("compute.processes", "1");  // the hidden settings' problems stay said, in the summary
    QVERIFY(!form.isFieldShown("compute.dist_backend"));
    QVERIFY2(summary->text().contains("compute.dist_timeout"), qPrintable(summary->text()));
}

void TstConfigForm::unparsableTextKeepsTheLastGoodValue()
{
    ConfigForm form;
    form.setConfig(train::demoRun());
    form.setFieldText("embed_dim", "12a");
    QVERIFY(!form.isValid());
    QVERIFY2(form.problemFor("embed_dim").contains("whole number"), qPrintable(form.problemFor("embed_dim")));
    QCOMPARE(form.config().model.embedDim, train::demoRun().model.embedDim);
    form.setFieldText("embed_dim", "192");
    QCOMPARE(form.config().model.embedDim, 192);
    QVERIFY2(form.isValid(), qPrintable(form.problems().join('\n')));
    form.setFieldText("data.mean", "0.5,0.5");
    QVERIFY(!form.isValid());
    QVERIFY(!form.problemFor("data.mean").isEmpty());
}

void TstConfigForm::loadAndSaveJson()
{
    QTemporaryDir dir;
    widgets::RunFormPanel panel;
    panel.loadPreset(QStringLiteral("cde-t2-soft-expand"));
    const QString path = dir.filePath("run.json");
    QString error;
    QVERIFY2(panel.saveJson(path, &error), qPrintable(error));
    // What is saved reads back as the same config, in the panel and in the engine's reader.
    widgets::RunFormPanel other;
    QVERIFY2(other.loadJson(path, &error), qPrintable(error));
    QCOMPARE(train::runConfigToJson(other.form()->config()), train::runConfigToJson(panel.form()->config()));
    QCOMPARE(other.runName(), QStringLiteral("run"));  // named after the file
    // A partial file applies over what the form holds; a bad one is refused whole, naming each problem.
    QFile partial(dir.filePath("lr.json"));
    QVERIFY(partial.open(QIODevice::WriteOnly));
    partial.write(R"({"optim": {"lr": 0.02}})");
    partial.close();
    QVERIFY(other.loadJson(partial.fileName(), &error));
    QCOMPARE(other.form()->config().train.optim.lr, 0.02);
    QCOMPARE(other.form()->config().model.gate.codebookSize, 512);
    QFile bad(dir.filePath("bad.json"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(R"({"optim.lr": "fast", "depth": 2.5})");
    bad.close();
    const QByteArray before = train::runConfigToJson(other.form()->config());
    QVERIFY(!other.loadJson(bad.fileName(), &error));
    QVERIFY2(error.contains("optim.lr") && error.contains("depth"), qPrintable(error));
    QCOMPARE(train::runConfigToJson(other.form()->config()), before);
    QVERIFY(!other.loadJson(dir.filePath("missing.json"), &error));
    QVERIFY2(error.contains("cannot read"), qPrintable(error));
    QVERIFY(!panel.saveJson(dir.filePath("no/such/dir/x.json"), &error));
    QVERIFY2(error.contains("cannot write"), qPrintable(error));
}

GATEFOLD_TEST_MAIN(TstConfigForm)
#include "tst_configform.moc"
