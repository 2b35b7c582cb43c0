// Issue 20, the run form that fits: a section list that never moves under the pointer in a
// 360 px dock (the tab strip that re-scrolled after each click is the regression), the Training
// section first with epochs, batch size, lr and seed, amber warnings for implausible values (that
// do not block the queue), the closed-form parameters and GFLOPs as settings change, the λ(t)
// preview against config::JoinSchedule, and the "…" buttons of path settings through the
// window's own file dialogs, all driven through the real widgets, offscreen.

#include "testmain.h"
#ifndef Q_MOC_RUN
#include "screenshot.h"

#include "widgets/configform.h"
#include "widgets/filedialogs.h"
#include "widgets/joinpreview.h"
#include "widgets/runformpanel.h"

#include "config/costformula.h"
#include "config/fieldtable.h"
#include "config/joinschedule.h"
#include "config/runpresets.h"

#include <QtTest/QtTest>

#include <QApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>

#include <cmath>
#endif

using namespace gatefold;
using gatefold::widgets::ConfigForm;
using gatefold::widgets::RunFormPanel;

namespace {

constexpr int kDockWidth = 360;

std::vector<QRect> itemRects(QListWidget *list)
{
    std::vector<QRect> rects;
    for (int i = 0; i < list->count(); ++i)
        rects.push_back(list->visualItemRect(list->item(i)));
    return rects;
}

// The expected cost line, from config/costformula.h directly.
QString expectedCost(const model::ViTConfig &m)
{
    const auto rows = model::closedFormCost(m);
    const double gmacs = double(model::totalMacs(rows)) / 1e9;
    return QStringLiteral("%1 parameters · %2 GMACs (%3 GFLOPs) per image, forward")
        .arg(QLocale().toString(qlonglong(model::totalParams(rows))), QString::number(gmacs, 'f', 3),
             QString::number(2.0 * gmacs, 'f', 3));
}

// Answers the next file dialog: types `path` into its name field and accepts it, as a user would.
void answerFileDialog(const QString &path, bool *seen)
{
    auto *poll = new QTimer;
    poll->setInterval(50);
    QObject::connect(poll, &QTimer::timeout, [poll, path, seen] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        *seen = widgets::filedialogs::isSafe(dialog);
        dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"))->setText(path);
        static_cast<QDialog *>(dialog)->accept();
        poll->stop();
        poll->deleteLater();
    });
    poll->start();
}

} // namespace

class TstFormSections : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sectionListNeverMoves();
    void trainingSectionFirst();
    void warningsForImplausibleValues();
    void costFollowsTheModel();
    void lambdaPreviewIsTheTrainersSchedule();
    void browseSetsThePath();
    void editsStayInteractive();
    void screenshotNarrowDock();
};

// The regression: a QTabWidget's strip did not fit the dock and scrolled after a click, so the
// next click landed on another tab. Every section is on show, and each click leaves every item
// where it was — also when marks (problem counts, warnings) come and go.
void TstFormSections::sectionListNeverMoves()
{
    RunFormPanel panel;
    panel.resize(kDockWidth, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *list = panel.findChild<QListWidget *>(QStringLiteral("sections"));
    auto *pages = panel.form()->findChild<QStackedWidget *>();
    QVERIFY(list && pages);
    QCOMPARE(list->count(), int(config::fieldGroups().size()));
    QVERIFY2(list->height() < 200, "the list leaves the page most of the dock");
    QVERIFY2(list->width() > panel.width() - 40, "the page below has the dock's width");
    const std::vector<QRect> before = itemRects(list);
    const QRect viewport = list->viewport()->rect();
    for (const QRect &r : before)
        QVERIFY2(viewport.contains(r), "every section is on show without scrolling");
    const QPoint listAt = list->mapTo(&panel, QPoint(0, 0));
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < list->count(); ++i) {
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, before[size_t(i)].center());
            QCOMPARE(list->currentRow(), i);
            QCOMPARE(pages->currentIndex(), i);
            QVERIFY(itemRects(list) == before);
            QCOMPARE(list->mapTo(&panel, QPoint(0, 0)), listAt);
            QCOMPARE(list->verticalScrollBar()->value(), 0);
        }
        // Marks change the items' text: nothing moves either.
        panel.form()->setFieldText("optim.lr", pass == 0 ? "2" : "0.001");
        panel.form()->setFieldText("depth", pass == 0 ? "0" : "4");
    }
    QVERIFY(itemRects(list) == before);
    // The keyboard neither: Down from the last item stays put.
    list->setCurrentRow(list->count() - 1);
    QTest::keyClick(list, Qt::Key_Down);
    QVERIFY(itemRects(list) == before);
}

void TstFormSections::trainingSectionFirst()
{
    QCOMPARE(config::fieldGroups().front(), config::FieldGroup::Training);
    QCOMPARE(QString::fromLatin1(config::groupName(config::FieldGroup::Training)), QStringLiteral("Training"));
    ConfigForm form;
    form.setConfig(train::demoRun());
    auto *list = form.findChild<QListWidget *>(QStringLiteral("sections"));
    auto *pages = form.findChild<QStackedWidget *>();
    QCOMPARE(list->item(0)->text(), QStringLiteral("Training"));
    QCOMPARE(list->currentRow(), 0);  // the form opens on it
    int lastY = -1;
    form.resize(kDockWidth, 600);
    form.show();
    for (const char *key : {"train.epochs", "train.batch_size", "optim.lr", "train.seed"}) {
        QCOMPARE(config::findField(key)->group, config::FieldGroup::Training);
        QVERIFY2(pages->widget(0)->isAncestorOf(form.editorFor(key)), key);
        const int y = form.editorFor(key)->mapTo(pages, QPoint(0, 0)).y();
        QVERIFY2(y > lastY, key);  // in this order, top to bottom
        lastY = y;
    }
    // No longer under Schedules, Optimisation or Compute.
    for (int page = 1; page < pages->count(); ++page)
        QVERIFY(!pages->widget(page)->isAncestorOf(form.editorFor("train.seed")));
}

// optim.lr = 2 and join.branches = 12 are valid but unlikely to be meant: an amber line under the field
// says why and the usual range, the section is marked, the config stays valid (the run can be queued);
// fixing the value takes the warning away. join.branches = 128 is past the validator's 16: an error.
void TstFormSections::warningsForImplausibleValues()
{
    RunFormPanel panel;
    panel.resize(kDockWidth, 700);
    panel.show();
    ConfigForm *form = panel.form();
    auto *list = form->findChild<QListWidget *>(QStringLiteral("sections"));
    form->setFieldText("optim.lr", "2");
    QVERIFY2(form->warningFor("optim.lr").contains("1e-4 to 5e-3"), qPrintable(form->warningFor("optim.lr")));
    auto *lrWarning = form->findChild<QLabel *>(QStringLiteral("warning:optim.lr"));
    QVERIFY(lrWarning && lrWarning->isVisible() && lrWarning->text().contains("0.1"));
    QVERIFY(form->isValid());
    QVERIFY(panel.canQueue());
    QCOMPARE(list->item(0)->text(), QStringLiteral("Training ⚠"));
    QSignalSpy queued(&panel, &RunFormPanel::launchRequested);
    panel.requestQueue();
    QCOMPARE(queued.count(), 1);  // a warning does not stop the queue

    form->setFieldText("join.branches", "12");
    QVERIFY2(form->warningFor("join.branches").contains("2 to 4"), qPrintable(form->warningFor("join.branches")));
    QVERIFY(form->problemFor("join.branches").isEmpty());
    QCOMPARE(form->warnings().size(), 2);
    form->setFieldText("join.branches", "128");
    QVERIFY(!form->problemFor("join.branches").isEmpty());
    QVERIFY2(form->warningFor("join.branches").isEmpty(), "the error says more than a warning");

    form->setFieldText("optim.lr", "0.001");
    form->setFieldText("join.branches", "2");
    QVERIFY(form->warnings().isEmpty());
    QVERIFY(!lrWarning->isVisible());
    QCOMPARE(list->item(0)->text(), QStringLiteral("Training"));
    QVERIFY(form->isValid());
}

void TstFormSections::costFollowsTheModel()
{
    ConfigForm form;
    train::RunConfig demo = train::demoRun();
    form.setConfig(demo);
    QCOMPARE(form.costText(), expectedCost(demo.model));
    const QString demoText = form.costText();
    form.setFieldText("depth", "8");
    demo.model.depth = 8;
    QCOMPARE(form.costText(), expectedCost(demo.model));
    QVERIFY(form.costText() != demoText);
    // A second config: a gated joining model of another size.
    train::RunConfig other = *train::runPresetByName("cifar-fold2");
    other.model.gate.kind = model::GateKind::Cde;
    form.setConfig(other);
    QCOMPARE(form.costText(), expectedCost(other.model));
    // 224/16 ViT-Ti: timm's 5,717,416 parameters and 1.26 GMACs (the "1.3 GFLOPs" of DeiT's table).
    train::RunConfig ti;
    form.setConfig(ti);
    QCOMPARE(model::totalParams(model::closedFormCost(ti.model)), 5717416);
    QVERIFY2(form.costText().contains("1.25") && form.costText().contains("GMACs (2.5"), qPrintable(form.costText()));
    form.setFieldText("patch_size", "0");
    QVERIFY2(form.costText().contains("—"), qPrintable(form.costText()));
}

void TstFormSections::lambdaPreviewIsTheTrainersSchedule()
{
    ConfigForm form;
    train::RunConfig c = train::demoRun();
    form.setConfig(c);
    auto *preview = form.findChild<widgets::JoinPreview *>();
    QVERIFY(preview);
    QVERIFY(preview->isHidden());  // one branch: no joining
    for (const auto &[key, value] : std::vector<std::pair<QString, QString>>{{"join.branches", "2"},
                                                                            {"join.schedule", "cosine"},
                                                                            {"join.warmup_steps", "1000"},
                                                                            {"join.adjust_steps", "1000"},
                                                                            {"join.stage", "C"}})
        form.setFieldText(key, value);
    QVERIFY(!preview->isHidden());
    // The demo: 20000 images / 64 per step = 312 steps per epoch, 10 epochs.
    QCOMPARE(preview->totalSteps(), 3120);
    const model::JoinSchedule schedule(form.config().model.join.schedule, 3120);
    QCOMPARE(schedule.startStep(), 1560);
    QVERIFY(preview->steps().size() > 200);
    for (int i = 0; i < preview->steps().size(); ++i)
        QCOMPARE(preview->lambdas()[i], schedule.lambda(std::int64_t(preview->steps()[i])));
    for (double at : {0.0, 1560.0, 2054.0, 2560.0, 3120.0}) {  // before, start, warm-up, joined, the end
        const int i = int(preview->steps().indexOf(at));
        QVERIFY2(i >= 0, qPrintable(QString::number(at)));
        QCOMPARE(preview->lambdas()[i], schedule.lambda(std::int64_t(at)));
    }
    // The cosine shape by hand, 494 of 1000 warm-up steps in: (1 − cos πt)/2.
    const double t = 494.0 / 1000.0;
    QVERIFY(std::abs(preview->lambdas()[preview->steps().indexOf(2054.0)] - 0.5 * (1.0 - std::cos(M_PI * t))) < 1e-12);
    QCOMPARE(preview->lambdas()[preview->steps().indexOf(1560.0)], 0.0);
    QCOMPARE(preview->lambdas()[preview->steps().indexOf(2560.0)], 1.0);
    QVERIFY2(preview->caption().contains("3120 steps (312 per epoch)"), qPrintable(preview->caption()));
    QVERIFY2(preview->caption().contains("ends during the adjustment"), qPrintable(preview->caption()));
    // The batch size changes the steps; a folder's count comes from the engine.
    form.setFieldText("train.batch_size", "128");
    QCOMPARE(preview->totalSteps(), 1560);
    form.setFieldText("data.name", "folder");
    QCOMPARE(preview->totalSteps(), 0);
    QVERIFY(preview->caption().contains("once the engine has read the data set"));
    form.setTrainImages(12800);
    QCOMPARE(preview->totalSteps(), 1000);
}

// The "…" of init.from and data.path open the window's own dialogs (filedialogs.h) and set the field.
void TstFormSections::browseSetsThePath()
{
    QTemporaryDir dir;
    const QString checkpoint = dir.filePath(QStringLiteral("teacher.pt"));
    QFile file(checkpoint);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not read");
    file.close();
    ConfigForm form;
    form.setConfig(train::demoRun());
    form.resize(kDockWidth, 600);
    form.show();
    auto *browse = form.findChild<QToolButton *>(QStringLiteral("browse:init.from"));
    QVERIFY(browse);
    QVERIFY(!form.findChild<QToolButton *>(QStringLiteral("browse:optim.lr")));
    bool safe = false;
    answerFileDialog(checkpoint, &safe);
    browse->click();
    QVERIFY(safe);
    QCOMPARE(qobject_cast<QLineEdit *>(form.editorFor("init.from"))->text(), checkpoint);
    QCOMPARE(QString::fromStdString(form.config().train.initFrom), checkpoint);

    form.setFieldText("data.name", "cifar10");
    auto *folder = form.findChild<QToolButton *>(QStringLiteral("browse:data.path"));
    QVERIFY(folder);
    safe = false;
    answerFileDialog(dir.path(), &safe);
    folder->click();
    QVERIFY(safe);
    QCOMPARE(QString::fromStdString(form.config().train.data.path), dir.path());
}

// Each keystroke validates, warns, recomputes the cost and redraws λ(t): still well within a keystroke.
void TstFormSections::editsStayInteractive()
{
    ConfigForm form;
    form.setConfig(*train::runPresetByName("cifar-fold2"));
    form.resize(kDockWidth, 700);
    form.show();
    form.showSection(int(std::find(config::fieldGroups().begin(), config::fieldGroups().end(), config::FieldGroup::Folds)
                         - config::fieldGroups().begin()));
    QVERIFY(form.findChild<widgets::JoinPreview *>()->isVisible());  // on show: each edit redraws it
    constexpr int kEdits = 40;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < kEdits; ++i)
        form.setFieldText("optim.lr", i % 2 ? QStringLiteral("2") : QStringLiteral("0.001"));
    const double perEdit = double(timer.nsecsElapsed()) / 1e6 / kEdits;
    qInfo("one edit of a joining config: %.2f ms (validation, warnings, cost, λ preview)", perEdit);
    QVERIFY2(perEdit < 50.0, qPrintable(QString::number(perEdit)));
}

// The form in a 360 px dock with a warning on show and the λ preview (GATEFOLD_SCREENSHOTS=DIR).
void TstFormSections::screenshotNarrowDock()
{
    RunFormPanel panel;
    panel.loadPreset(QStringLiteral("cifar-fold2"));
    panel.resize(kDockWidth, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ConfigForm *form = panel.form();
    form->setFieldText("join.branches", "12");
    form->setFieldText("join.schedule", "cosine");
    form->setFieldText("join.stage", "C");
    form->setFieldText("join.warmup_steps", "2000");
    form->setFieldText("join.adjust_steps", "1000");
    form->setFieldText("optim.lr", "2");
    auto *list = form->findChild<QListWidget *>(QStringLiteral("sections"));
    const int folds = int(std::find(config::fieldGroups().begin(), config::fieldGroups().end(),
                                    config::FieldGroup::Folds) - config::fieldGroups().begin());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(folds)).center());
    QCOMPARE(list->currentRow(), folds);
    auto *preview = form->findChild<widgets::JoinPreview *>();
    QVERIFY(preview->isVisible());
    QVERIFY(form->findChild<QLabel *>(QStringLiteral("warning:join.branches"))->isVisible());
    QTest::qWait(50);
    test::screenshot(&panel, QStringLiteral("form-sections.png"));
}

GATEFOLD_TEST_MAIN(TstFormSections)
#include "tst_formsections.moc"
