// Sweeps as things in the run browser (issue 20): the Sweep column names each run's sweep, the sweep
// filter shows one sweep (or the runs of none), the filter field takes a run query over settings and
// metrics (a bad one said in red in place, the table left unfiltered), and "Select best k…" selects
// the k best runs the filters leave in one action. A real SQLite store, sweeps made through its API.

#include "testmain.h"
#ifndef Q_MOC_RUN
#include "clirun.h"
#include "screenshot.h"

#include "widgets/bestrunsdialog.h"
#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"
#include "widgets/runfilterbar.h"
#include "widgets/runtablemodel.h"

#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace sweepbrowser {

// Seven runs: four of sweep "lr-grid" (gate cde or none, four learning rates), one of sweep "depth",
// two of none. val/top1 first and last value (best: the higher), val/loss last.
struct Planned {
    const char *name;
    int sweep;  // 0 none, 1 lr-grid, 2 depth
    const char *gate;
    double lr;
    double top1First, top1Last, loss;  // top1Last < 0: no metrics
};
const Planned kRuns[] = {
    {"lr 1e-3 cde", 1, "cde", 1e-3, 0.93, 0.91, 0.3},
    {"lr 3e-3 none", 1, "none", 3e-3, 0.94, 0.85, 0.5},
    {"lr 1e-2 cde", 1, "cde", 1e-2, 0.90, 0.95, 0.2},
    {"lr 3e-2 none", 1, "none", 3e-2, 0.55, 0.60, 0.9},
    {"depth 8 cde", 2, "cde", 1e-3, 0.98, 0.99, 0.1},
    {"demo", 0, "cde", 1e-3, 0.96, 0.97, 0.15},
    {"queued cde", 0, "cde", 1e-3, 0, -1, 0},
};

QTableView *runTable(MainWindow &window)
{
    for (auto *t : window.findChildren<QTableView *>())
        if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model()); proxy && proxy->sourceModel() == window.runModel())
            return t;
    return nullptr;
}

// The ids of the runs the table shows, ascending.
QList<qint64> shown(QTableView *table)
{
    QList<qint64> ids;
    for (int r = 0; r < table->model()->rowCount(); ++r)
        ids << table->model()->index(r, 0).data(RunTableModel::RunIdRole).toLongLong();
    std::sort(ids.begin(), ids.end());
    return ids;
}

QList<qint64> sorted(QList<qint64> ids)
{
    std::sort(ids.begin(), ids.end());
    return ids;
}

void chooseSweep(QComboBox *box, const QString &text)
{
    const int at = box->findText(text);
    QVERIFY2(at >= 0, qPrintable(text));
    box->setCurrentIndex(at);
}

} // namespace sweepbrowser

using namespace sweepbrowser;

class TstSweepBrowser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sweepColumnShowsNames();
    void sweepFilter();
    void queryFilterAndItsErrorInPlace();
    void selectBestKInOneAction();
    void cliListsTheSameRuns();

private:
    QString storePath() const { return m_dir.filePath("sweeps/runs.sqlite"); }
    QTemporaryDir m_dir;
    QList<qint64> m_ids;  // kRuns' ids in order
    qint64 m_grid = 0, m_depth = 0;
};

void TstSweepBrowser::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().remove(QStringLiteral("runs"));  // "Select best k" starts from its defaults
    QVERIFY(m_dir.isValid());
    QString error;
    auto store = store::RunStore::open(storePath(), &error);
    QVERIFY2(store, qPrintable(error));
    m_grid = store->createSweep(QStringLiteral("lr-grid"), R"({"optim.lr": [0.001, 0.003, 0.01, 0.03]})").value_or(0);
    m_depth = store->createSweep(QStringLiteral("depth"), R"({"depth": [8]})").value_or(0);
    QVERIFY(m_grid > 0 && m_depth > 0);
    for (const Planned &p : kRuns) {
        store::NewRun run;
        run.name = QString::fromLatin1(p.name);
        run.configJson = QStringLiteral(R"({"gate": {"kind": "%1"}, "optim": {"lr": %2}})")
                             .arg(QLatin1String(p.gate))
                             .arg(p.lr, 0, 'g', 6)
                             .toUtf8();
        run.sweepId = p.sweep == 1 ? m_grid : p.sweep == 2 ? m_depth : 0;
        const auto id = store->createRun(run);
        QVERIFY2(id, qPrintable(store->lastError()));
        m_ids << *id;
        if (p.top1Last >= 0)
            QVERIFY(store->addMetrics(*id, {{"val/top1", 10, 1, 0, p.top1First}, {"val/top1", 20, 2, 0, p.top1Last},
                                            {"val/loss", 20, 2, 0, p.loss}}));
    }
}

void TstSweepBrowser::sweepColumnShowsNames()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), storePath());
    QVERIFY2(controller.isOpen(), qPrintable(controller.error()));
    MainWindow window(&controller);
    RunTableModel *model = window.runModel();
    QCOMPARE(model->headerData(RunTableModel::Sweep, Qt::Horizontal).toString(), QStringLiteral("Sweep"));
    QCOMPARE(model->columnKey(RunTableModel::Sweep), QStringLiteral("sweep"));
    const auto sweepOf = [&](int i) { return model->index(model->rowOf(m_ids[i]), RunTableModel::Sweep).data().toString(); };
    QCOMPARE(sweepOf(0), QStringLiteral("lr-grid"));
    QCOMPARE(sweepOf(3), QStringLiteral("lr-grid"));
    QCOMPARE(sweepOf(4), QStringLiteral("depth"));
    QCOMPARE(sweepOf(5), QString());
    QCOMPARE(model->sweepName(987), QStringLiteral("#987"));  // a sweep the store does not know
    // The column is shown, and a choosable column like the others (the header's menu hides it by its key).
    QTableView *table = runTable(window);
    QVERIFY(table);
    QVERIFY(!table->horizontalHeader()->isSectionHidden(RunTableModel::Sweep));
    QCOMPARE(table->horizontalHeader()->visualIndex(RunTableModel::Sweep),
             table->horizontalHeader()->visualIndex(RunTableModel::Name) + 1);
    QCOMPARE(model->columnOf(QStringLiteral("sweep")), int(RunTableModel::Sweep));
}

void TstSweepBrowser::sweepFilter()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), storePath());
    MainWindow window(&controller);
    QTableView *table = runTable(window);
    auto *box = window.findChild<QComboBox *>(QStringLiteral("sweepFilter"));
    QVERIFY(box);
    QCOMPARE(box->count(), 4);
    QCOMPARE(box->itemText(0), QStringLiteral("All runs"));
    QCOMPARE(box->itemText(3), QStringLiteral("No sweep"));
    QCOMPARE(shown(table).size(), 7);
    chooseSweep(box, QStringLiteral("Sweep lr-grid (#%1)").arg(m_grid));
    QCOMPARE(shown(table), m_ids.mid(0, 4));
    chooseSweep(box, QStringLiteral("Sweep depth (#%1)").arg(m_depth));
    QCOMPARE(shown(table), QList<qint64>{m_ids[4]});
    chooseSweep(box, QStringLiteral("No sweep"));
    QCOMPARE(shown(table), m_ids.mid(5, 2));
    // Words still filter within the sweep.
    chooseSweep(box, QStringLiteral("Sweep lr-grid (#%1)").arg(m_grid));
    auto *field = window.findChild<QLineEdit *>(QStringLiteral("runFilter"));
    QVERIFY(field);
    QTest::keyClicks(field, QStringLiteral("none"));
    QCOMPARE(shown(table), (QList<qint64>{m_ids[1], m_ids[3]}));
    field->clear();
    chooseSweep(box, QStringLiteral("All runs"));
    QCOMPARE(shown(table).size(), 7);
}

void TstSweepBrowser::queryFilterAndItsErrorInPlace()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), storePath());
    MainWindow window(&controller);
    window.resize(1400, 860);
    window.show();
    QTableView *table = runTable(window);
    auto *field = window.findChild<QLineEdit *>(QStringLiteral("runFilter"));
    auto *problem = window.findChild<QLabel *>(QStringLiteral("queryProblem"));
    auto *box = window.findChild<QComboBox *>(QStringLiteral("sweepFilter"));
    QVERIFY(field && problem && box);
    QTest::keyClicks(field, QStringLiteral("gate.kind = cde and val/top1 > 0.9"));
    // Last values: 0.91, 0.95, 0.99, 0.97 (the queued run has none, the others are not cde).
    QCOMPARE(shown(table), (QList<qint64>{m_ids[0], m_ids[2], m_ids[4], m_ids[5]}));
    QVERIFY(problem->isHidden());
    chooseSweep(box, QStringLiteral("Sweep lr-grid (#%1)").arg(m_grid));
    QCOMPARE(shown(table), (QList<qint64>{m_ids[0], m_ids[2]}));
    field->setText(QStringLiteral("best(val/loss) <= 0.3 or name ~ \"3e-2\""));
    QCOMPARE(shown(table), (QList<qint64>{m_ids[0], m_ids[2], m_ids[3]}));
    field->setText(QStringLiteral("not (gate.kind = cde) and optim.lr >= 1e-2"));
    QCOMPARE(shown(table), QList<qint64>{m_ids[3]});
    if (!test::screenshotDir().isEmpty()) {  // with the settings the query reads as columns
        window.runModel()->setExtraColumns({"config:gate.kind", "config:optim.lr", "metric:val/loss:last"});
        for (int c : {int(RunTableModel::Progress), int(RunTableModel::Device), int(RunTableModel::Processes)})
            table->horizontalHeader()->setSectionHidden(c, true);
        field->setText(QStringLiteral("best(val/top1) > 0.9 and optim.lr <= 1e-2"));
        table->resizeColumnsToContents();
        QApplication::processEvents();
        test::screenshot(&window, QStringLiteral("sweep-browser.png"));
        field->clear();
    }
    // A bad query (or one half typed): said in red under the field with where and what was expected;
    // no run holds its text, so nothing is filtered (the rows and the selection stay), the sweep
    // filter still holds.
    table->selectRow(1);
    const QList<qint64> selectedBefore = window.selectedRuns();
    field->setText(QStringLiteral("val/top1 >> 0.9"));
    QCOMPARE(shown(table), m_ids.mid(0, 4));
    QCOMPARE(window.selectedRuns(), selectedBefore);
    QVERIFY(problem->text().startsWith(QStringLiteral("Query not applied")));
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("at 11: expected a value after '>'")), qPrintable(problem->text()));
    QVERIFY(problem->styleSheet().contains(QStringLiteral("color")));
    if (!test::screenshotDir().isEmpty()) {
        QApplication::processEvents();
        test::screenshot(&window, QStringLiteral("sweep-browser-query-error.png"));
    }
    field->setText(QStringLiteral("(gate.kind = none"));
    QVERIFY(problem->text().contains(QStringLiteral("expected ')' to close the '(' at 1")));
    // A run's name holding '=' and spaces (as a sweep names its runs) is no query but is found as words.
    box->setCurrentIndex(0);  // all runs
    QVERIFY(controller.store()->setName(m_ids[5], QStringLiteral("demo optim.lr=0.001 seed=1")));
    window.runModel()->refresh();
    field->setText(QStringLiteral("optim.lr=0.001 seed=1"));
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("Looked for as words")), qPrintable(problem->text()));
    QCOMPARE(shown(table), QList<qint64>{m_ids[5]});
    QVERIFY(controller.store()->setName(m_ids[5], QStringLiteral("demo")));
    window.runModel()->refresh();
    chooseSweep(box, QStringLiteral("Sweep lr-grid (#%1)").arg(m_grid));
    field->setText(QStringLiteral("gate.kind = none"));
    QVERIFY(problem->isHidden());
    QCOMPARE(shown(table), (QList<qint64>{m_ids[1], m_ids[3]}));
}

// Hand-checked: in lr-grid, best val/top1 is 0.93, 0.94, 0.95, 0.60 → the best 2 are runs 3 and 2;
// by last value (0.91, 0.85, 0.95, 0.60) runs 3 and 1; by val/loss (lower is better: 0.3, 0.5, 0.2,
// 0.9) runs 3 and 1. Runs the filters hide are never chosen.
void TstSweepBrowser::selectBestKInOneAction()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), storePath());
    MainWindow window(&controller);
    window.show();
    auto *bar = window.findChild<RunFilterBar *>();
    auto *box = window.findChild<QComboBox *>(QStringLiteral("sweepFilter"));
    QVERIFY(bar && box);
    chooseSweep(box, QStringLiteral("Sweep lr-grid (#%1)").arg(m_grid));
    // The one action, answered in its dialog as a user would.
    const auto selectBest = [&](int k, const QString &metric, bool best) {
        bool answered = false;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<BestRunsDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->findChild<QSpinBox *>(QStringLiteral("bestK"))->setValue(k);
            dialog->findChild<QComboBox *>(QStringLiteral("bestMetric"))->setCurrentText(metric);
            dialog->findChild<QComboBox *>(QStringLiteral("bestValue"))->setCurrentIndex(best ? 0 : 1);
            answered = true;
            dialog->accept();
        });
        bar->selectBestAction()->trigger();
        QVERIFY(answered);
    };
    selectBest(2, QStringLiteral("val/top1"), true);
    QCOMPARE(sorted(window.selectedRuns()), sorted({m_ids[2], m_ids[1]}));
    selectBest(2, QStringLiteral("val/top1"), false);
    QCOMPARE(sorted(window.selectedRuns()), sorted({m_ids[2], m_ids[0]}));
    selectBest(2, QStringLiteral("val/loss"), true);
    QCOMPARE(sorted(window.selectedRuns()), sorted({m_ids[2], m_ids[0]}));
    // k and the metric are remembered for the next time.
    BestRunsDialog again(4);
    QCOMPARE(again.k(), 2);
    QCOMPARE(again.metric(), QStringLiteral("val/loss"));
    // Under a query: only the runs it leaves (two), however many are asked for.
    auto *field = window.findChild<QLineEdit *>(QStringLiteral("runFilter"));
    field->setText(QStringLiteral("gate.kind = none"));
    selectBest(3, QStringLiteral("val/top1"), true);
    QCOMPARE(sorted(window.selectedRuns()), sorted({m_ids[1], m_ids[3]}));
    // All runs, best 3 by val/top1: 0.99 (depth), 0.97 (demo), 0.95 (lr 1e-2 cde); the queued one has none.
    field->clear();
    chooseSweep(box, QStringLiteral("All runs"));
    selectBest(3, QStringLiteral("val/top1"), true);
    QCOMPARE(sorted(window.selectedRuns()), sorted({m_ids[4], m_ids[5], m_ids[2]}));
    QCOMPARE(bar->selectBest(10, QStringLiteral("val/top1"), true).size(), 6);  // all but the queued run
}

// `gatefold-cli runs list --where` reads the same query with the same parser: the same runs as the
// window shows; a bad query exits 2 with the position and a caret under it.
void TstSweepBrowser::cliListsTheSameRuns()
{
    const auto listed = [&](const QString &where) {
        const test::CliRun r = test::runCli({"runs", "list", "--store", storePath(), "--json", "--where", where});
        QList<qint64> ids;
        for (const QString &line : r.out.split('\n', Qt::SkipEmptyParts))
            ids << QJsonDocument::fromJson(line.toUtf8()).object().value("id").toInteger();
        std::sort(ids.begin(), ids.end());
        return r.exitCode == 0 ? ids : QList<qint64>{-r.exitCode};
    };
    QCOMPARE(listed("gate.kind = cde and val/top1 > 0.9"), (QList<qint64>{m_ids[0], m_ids[2], m_ids[4], m_ids[5]}));
    QCOMPARE(listed(QStringLiteral("sweep = lr-grid and (best(val/loss) <= 0.3 or name ~ \"3e-2\")")),
             (QList<qint64>{m_ids[0], m_ids[2], m_ids[3]}));
    QCOMPARE(listed("not (gate.kind = cde) and optim.lr >= 1e-2"), QList<qint64>{m_ids[3]});
    const test::CliRun plain = test::runCli({"runs", "list", "--store", storePath(), "--where", "status = finished"});
    QCOMPARE(plain.exitCode, 0);
    QVERIFY2(plain.out.contains("match --where status = finished"), qPrintable(plain.out));
    const test::CliRun bad = test::runCli({"runs", "list", "--store", storePath(), "--where", "val/top1 >> 0.9"});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(bad.err, QStringLiteral("error: --where at 11: expected a value after '>' (a number, a word or \"quoted "
                                     "text\"), found '>'\n  val/top1 >> 0.9\n            ^\n"));
    QVERIFY(bad.out.isEmpty());
    // A long bad query: the message shows 60 characters either side of the position, the caret under it.
    const QString longQuery = QString("id = 1 or ").repeated(30) + QStringLiteral("id >> 2 or ") + QString("id = 1 or ").repeated(30) + "id = 3";
    const test::CliRun cut = test::runCli({"runs", "list", "--store", storePath(), "--where", longQuery});
    QCOMPARE(cut.exitCode, 2);
    const QStringList lines = cut.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines[1].startsWith(QStringLiteral("  …")) && lines[1].endsWith(QStringLiteral("…")), qPrintable(lines[1]));
    QVERIFY2(lines[1].size() <= 2 + 1 + 120 + 1, qPrintable(lines[1]));
    QCOMPARE(lines[2].indexOf(QLatin1Char('^')), lines[1].indexOf(QStringLiteral(">>")) + 1);  // under the second '>'
}

GATEFOLD_TEST_MAIN(TstSweepBrowser)
#include "tst_sweepbrowser.moc"
