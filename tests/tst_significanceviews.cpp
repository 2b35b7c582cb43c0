// Significance where the window groups runs by seed (issue 21), through the real widgets on real SQLite
// stores: the Groups tab's 95 % interval of the mean and, against a baseline group chosen in its combo
// (remembered per store), the difference, its interval, p and the test — paired by seed on a group worked
// by hand (3 seeds each), Welch for a group of other seeds — marked by α; a warning at n = 2 and no p at
// n = 1; its CSV copy; Compare's groups over seeds; the curves' band as the 95 % interval of the mean
// (half-width t(0.975, n−1)·s/√n read back from the exported CSV) and the choice remembered per store.
// With $GATEFOLD_SCREENSHOTS set, pictures of the Groups tab and the curves are saved there.

#include "testmain.h"
#ifndef Q_MOC_RUN
#include "screenshot.h"
#include <QtTest/QtTest>

#include "config/fieldtable.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"
#include "store/runstore.h"
#include "tables/tablewriters.h"
#include "widgets/compareseedgroups.h"
#include "widgets/compareview.h"
#include "widgets/curveplot.h"
#include "widgets/curvesworkspace.h"
#include "widgets/groupview.h"
#include "widgets/mainwindow.h"
#include "widgets/qcp.h"
#include "widgets/runcontroller.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cmath>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace sigviews {

QByteArray configOf(qint64 seed, const char *lr)
{
    train::RunConfig c = *train::runPresetByName("demo");
    std::string why;
    if (!config::applyAssignment(c, std::string("optim.lr=") + lr, &why))
        qFatal("bad assignment: %s", why.c_str());
    c.train.seed = std::uint64_t(seed);
    return train::runConfigToJson(c);
}

// A finished run with one val/top1 value (its best and its last) and val/loss = 1 − top1.
qint64 addRun(store::RunStore &s, const char *lr, qint64 seed, double top1)
{
    store::NewRun n;
    n.name = QStringLiteral("lr %1 seed %2").arg(QString::fromLatin1(lr)).arg(seed);
    n.configJson = configOf(seed, lr);
    n.seed = seed;
    const qint64 id = s.createRun(n).value();
    if (!s.addMetrics(id, {{QStringLiteral("val/top1"), 100, 1.0, 0.0, top1}, {QStringLiteral("val/loss"), 100, 1.0, 0.0, 1.0 - top1}}))
        qFatal("addMetrics failed");
    s.setStatus(id, store::RunStatus::Running);
    s.setStatus(id, store::RunStatus::Finished);
    return id;
}

// The store the Groups tests read: A (lr 0.001) and B (0.003) on seeds 0, 1, 2; C (0.01) on seeds 3, 4, 5;
// D (0.03) one seed; E (0.1) two seeds.
void fillStore(store::RunStore &s)
{
    const double a[] = {0.70, 0.72, 0.74}, b[] = {0.73, 0.76, 0.76}, c[] = {0.60, 0.62, 0.67};
    for (int i = 0; i < 3; ++i) {
        addRun(s, "0.001", i, a[i]);
        addRun(s, "0.003", i, b[i]);
        addRun(s, "0.01", 3 + i, c[i]);
    }
    addRun(s, "0.03", 0, 0.50);
    addRun(s, "0.1", 0, 0.55);
    addRun(s, "0.1", 1, 0.57);
}

int rowOf(QTableWidget *t, const QString &lr)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->text() == lr)
            return r;
    return -1;
}

QString cell(GroupView &g, const QString &lr, const QString &header)
{
    const int r = rowOf(g.table(), lr), c = g.column(header);
    return r < 0 || c < 0 || !g.table()->item(r, c) ? QStringLiteral("<none>") : g.table()->item(r, c)->text();
}

QTableWidgetItem *item(GroupView &g, const QString &lr, const QString &header)
{
    return g.table()->item(rowOf(g.table(), lr), g.column(header));
}

bool near(double a, double b, double tolerance)
{
    return std::fabs(a - b) <= tolerance;
}

} // namespace sigviews

using namespace sigviews;

class TstSignificanceViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void groupsTestAgainstABaseline();
    void baselineIsRememberedPerStore();
    void compareSumsUpGroupsOverSeeds();
    void curvesBandAsTheMeansInterval();

private:
    QTemporaryDir m_dir;
};

void TstSignificanceViews::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TstSignificanceViews::groupsTestAgainstABaseline()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath(QStringLiteral("groups/runs.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    fillStore(*store);
    GroupView groups(store.get());
    groups.resize(1300, 300);
    groups.show();
    groups.setAllButSeed(true);
    QTableWidget *t = groups.table();
    QCOMPARE(t->rowCount(), 5);
    const QString ci = QStringLiteral("95 % CI (best)"), diff = QStringLiteral("Δ vs baseline (95 % CI)"),
                  p = QStringLiteral("p"), test = QStringLiteral("Test"), verdict = QStringLiteral("vs baseline");
    // A: mean 72, s = 2, half-width t(0.975, 2)·2/√3 = 4.302653·1.154701 = 4.968 → [67.03, 76.97].
    QCOMPARE(cell(groups, "0.001", ci), QStringLiteral("[67.03, 76.97]"));
    QCOMPARE(cell(groups, "0.001", p), QString());  // no baseline yet: no test
    // The baseline from the combo, by the group's name.
    const int index = groups.baselineBox()->findText(QStringLiteral("optim.lr=0.001"));
    QVERIFY(index > 0);
    groups.baselineBox()->setCurrentIndex(index);
    QCOMPARE(groups.baseline(), QStringLiteral("optim.lr=0.001"));
    QCOMPARE(cell(groups, "0.001", verdict), QStringLiteral("baseline"));
    // B − A paired by seed: d = 3, 4, 2 points; mean 3, s_d = 1, t = 3/(1/√3) = 5.196, df 2,
    // p = 1 − t/√(t² + 2) = 0.035099 (df 2 closed form); half-width 4.302653/√3 = 2.484 → [0.52, 5.48].
    QCOMPARE(cell(groups, "0.003", diff), QStringLiteral("+3.00 [0.52, 5.48]"));
    QCOMPARE(cell(groups, "0.003", test), QStringLiteral("paired by seed (df 2)"));
    QVERIFY2(near(cell(groups, "0.003", p).toDouble(), 0.035099, 5e-5), qPrintable(cell(groups, "0.003", p)));
    QVERIFY(near(item(groups, "0.003", p)->data(Qt::UserRole).toDouble(), 0.0350987186, 1e-8));
    QCOMPARE(cell(groups, "0.003", verdict), QStringLiteral("better"));
    QVERIFY(item(groups, "0.003", verdict)->background().color().green() > item(groups, "0.003", verdict)->background().color().red());
    // C − A, other seeds: Welch. Means 63 and 72, variances 13 and 4 (points²): t = −9/√(17/3) = −3.7808,
    // df = (17/3)² / ((13/3)²/2 + (4/3)²/2) = 3.1243; p = 0.030211 (the t density integrated numerically).
    QCOMPARE(cell(groups, "0.01", test), QStringLiteral("Welch (df 3.12)"));
    QVERIFY(cell(groups, "0.01", diff).startsWith(QStringLiteral("-9.00 [")));
    QVERIFY2(near(cell(groups, "0.01", p).toDouble(), 0.030211, 5e-5), qPrintable(cell(groups, "0.01", p)));
    QCOMPARE(cell(groups, "0.01", verdict), QStringLiteral("worse"));
    QVERIFY(item(groups, "0.01", verdict)->background().color().red() > item(groups, "0.01", verdict)->background().color().green());
    // One seed: no interval, no p, and the tooltip says why; a warning on its runs.
    QCOMPARE(cell(groups, "0.03", ci), QStringLiteral("—"));
    QCOMPARE(cell(groups, "0.03", p), QStringLiteral("—"));
    QVERIFY2(item(groups, "0.03", p)->toolTip().contains(QStringLiteral("no p-value")), qPrintable(item(groups, "0.03", p)->toolTip()));
    QCOMPARE(cell(groups, "0.03", verdict), QStringLiteral("—"));
    // Two seeds: tested (Welch: seeds 0, 1 against 0, 1, 2), warned: icon, tint and tooltip.
    QTableWidgetItem *runs = item(groups, "0.1", QStringLiteral("Runs"));
    QCOMPARE(runs->text(), QStringLiteral("2"));
    QVERIFY(!runs->icon().isNull());
    QVERIFY(runs->background().color().alpha() > 0);
    QVERIFY2(runs->toolTip().contains(QStringLiteral("only 2 seeds: the interval is wide and the test weak")), qPrintable(runs->toolTip()));
    QVERIFY(item(groups, "0.001", QStringLiteral("Runs"))->icon().isNull());  // three seeds: no warning
    QVERIFY(cell(groups, "0.1", test).startsWith(QStringLiteral("Welch")));
    // α 0.01: B's p = 0.035 is no longer significant, C's 0.030 neither.
    groups.alphaBox()->setValue(0.01);
    QCOMPARE(cell(groups, "0.003", verdict), QStringLiteral("not significant"));
    QCOMPARE(cell(groups, "0.01", verdict), QStringLiteral("not significant"));
    QCOMPARE(item(groups, "0.003", verdict)->background().color().alpha(), 0);
    groups.alphaBox()->setValue(0.05);
    // The CSV carries the numbers in full precision (fractions as stored).
    const auto rows = tables::parseCsv(groups.csv());
    QVERIFY(rows);
    QCOMPARE(rows->size(), size_t(6));
    const QStringList header = (*rows)[0];
    auto field = [&](const QString &group, const char *column) {
        for (size_t r = 1; r < rows->size(); ++r)
            if ((*rows)[r][0] == group)
                return (*rows)[r][int(header.indexOf(QString::fromLatin1(column)))];
        return QStringLiteral("<none>");
    };
    QVERIFY(near(field("optim.lr=0.003", "p").toDouble(), 0.0350987186, 1e-8));
    QVERIFY(near(field("optim.lr=0.003", "difference").toDouble(), 0.03, 1e-12));
    QVERIFY(near(field("optim.lr=0.003", "difference_low").toDouble(), 0.03 - 0.0248413771, 1e-8));
    QCOMPARE(field("optim.lr=0.003", "test"), QStringLiteral("paired"));
    QCOMPARE(field("optim.lr=0.003", "verdict"), QStringLiteral("better"));
    QCOMPARE(field("optim.lr=0.003", "baseline"), QStringLiteral("optim.lr=0.001"));
    QVERIFY(near(field("optim.lr=0.001", "ci_low").toDouble(), 0.72 - 0.0496827542, 1e-8));
    QCOMPARE(field("optim.lr=0.01", "test"), QStringLiteral("welch"));
    QVERIFY(near(field("optim.lr=0.01", "df").toDouble(), 3.1243243243, 1e-8));
    QVERIFY(near(field("optim.lr=0.01", "p").toDouble(), 0.030210865, 1e-7));
    QCOMPARE(field("optim.lr=0.03", "p"), QString());
    QCOMPARE(field("optim.lr=0.1", "warning"), QStringLiteral("only 2 seeds: the interval is wide and the test weak"));
    QCOMPARE(field("optim.lr=0.1", "seeds"), QStringLiteral("0 1"));
    // Lower is better for a loss: B's loss is 0.03 lower — better, green; C's 0.09 higher — worse.
    groups.setMetric(QStringLiteral("val/loss"));
    QCOMPARE(cell(groups, "0.003", diff), QStringLiteral("-0.0300 [-0.0548, -0.0052]"));
    QVERIFY(near(item(groups, "0.003", p)->data(Qt::UserRole).toDouble(), 0.0350987186, 1e-8));
    QCOMPARE(cell(groups, "0.003", verdict), QStringLiteral("better"));
    QCOMPARE(cell(groups, "0.01", verdict), QStringLiteral("worse"));
    groups.setMetric(QStringLiteral("val/top1"));
    QCoreApplication::processEvents();  // the bar laid out again for the baseline combo's new items
    test::screenshot(&groups, QStringLiteral("groups-baseline.png"));
}

void TstSignificanceViews::baselineIsRememberedPerStore()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath(QStringLiteral("remember/runs.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    fillStore(*store);
    QSettings().remove(QStringLiteral("groups/storeOne"));  // left by an earlier run of this test
    QSettings().remove(QStringLiteral("groups/storeTwo"));
    {
        GroupView groups(store.get());
        groups.restore(QStringLiteral("groups/storeOne"));
        groups.setAllButSeed(true);
        QCOMPARE(groups.baseline(), QString());
        groups.baselineBox()->setCurrentIndex(groups.baselineBox()->findText(QStringLiteral("optim.lr=0.003")));
        groups.alphaBox()->setValue(0.1);
    }
    GroupView again(store.get());
    again.restore(QStringLiteral("groups/storeOne"));
    again.setAllButSeed(true);
    QCOMPARE(again.baseline(), QStringLiteral("optim.lr=0.003"));
    QCOMPARE(again.baselineBox()->currentText(), QStringLiteral("optim.lr=0.003"));
    QCOMPARE(again.alpha(), 0.1);
    QCOMPARE(cell(again, "0.003", QStringLiteral("vs baseline")), QStringLiteral("baseline"));
    QCOMPARE(cell(again, "0.001", QStringLiteral("vs baseline")), QStringLiteral("worse"));  // −3 points, p 0.035 < 0.1
    // The context menu's "Use as baseline" on C's row.
    bool found = false;
    QTimer::singleShot(0, this, [&found] {
        if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
            for (QAction *action : menu->actions())
                if (action->text() == QLatin1String("Use as baseline")) {
                    found = true;
                    action->trigger();
                }
            menu->close();
        }
    });
    const QRect rect = again.table()->visualItemRect(item(again, "0.01", QStringLiteral("Runs")));
    Q_EMIT again.table()->customContextMenuRequested(rect.center());
    QVERIFY(found);
    QCOMPARE(again.baseline(), QStringLiteral("optim.lr=0.01"));
    QCOMPARE(cell(again, "0.01", QStringLiteral("vs baseline")), QStringLiteral("baseline"));
    // Grouped by the seed alone, each group mixes learning rates: not one experiment, no test, and why.
    again.setKeys({QStringLiteral("train.seed")});
    again.setBaseline(QStringLiteral("train.seed=1"));
    const int seed0 = rowOf(again.table(), QStringLiteral("0"));
    QVERIFY(seed0 >= 0);
    QTableWidgetItem *mixedP = again.table()->item(seed0, again.column(QStringLiteral("p")));
    QCOMPARE(mixedP->text(), QStringLiteral("—"));
    QVERIFY2(mixedP->toolTip().contains(QStringLiteral("more than the seed")), qPrintable(mixedP->toolTip()));
    GroupView other(store.get());
    other.restore(QStringLiteral("groups/storeTwo"));  // another store: nothing chosen there
    QCOMPARE(other.baseline(), QString());
    QCOMPARE(other.alpha(), 0.05);
}

void TstSignificanceViews::compareSumsUpGroupsOverSeeds()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath(QStringLiteral("compare/runs.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    QList<qint64> ids;
    const double a[] = {0.70, 0.72, 0.74}, b[] = {0.73, 0.76, 0.76};
    for (int i = 0; i < 3; ++i)
        ids << addRun(*store, "0.001", i, a[i]);
    for (int i = 0; i < 3; ++i)
        ids << addRun(*store, "0.003", i, b[i]);
    CompareView view(store.get());
    view.resize(1000, 500);
    view.show();
    view.setRuns({ids[0], ids[3]});  // one run each: nothing to sum up
    QVERIFY(!view.seedGroups()->applies());
    QVERIFY(!view.seedGroups()->isVisible());
    view.setRuns(ids);
    CompareSeedGroups *groups = view.seedGroups();
    QVERIFY(groups->applies());
    QVERIFY(groups->isVisible());
    QTableWidget *t = groups->table();
    QCOMPARE(t->rowCount(), 2);
    QCOMPARE(t->item(0, 0)->text(), QStringLiteral("optim.lr=0.001"));
    QCOMPARE(t->item(0, 3)->text(), QStringLiteral("[67.03, 76.97]"));
    QCOMPARE(t->item(0, 7)->text(), QStringLiteral("baseline"));
    QCOMPARE(t->item(1, 4)->text(), QStringLiteral("+3.00 [0.52, 5.48]"));
    QVERIFY(near(t->item(1, 5)->text().toDouble(), 0.035099, 5e-5));
    QCOMPARE(t->item(1, 6)->text(), QStringLiteral("paired by seed (df 2)"));
    QCOMPARE(t->item(1, 7)->text(), QStringLiteral("better"));
    QCoreApplication::processEvents();  // the layouts take the baseline chooser's width
    test::screenshot(&view, QStringLiteral("compare-seed-groups.png"));
    // The other group as baseline: the first is now tested against it (the sign turns), and the choice
    // stays when the selection changes and comes back.
    QCOMPARE(groups->baselineBox()->count(), 2);
    groups->baselineBox()->setCurrentIndex(1);
    Q_EMIT groups->baselineBox()->activated(1);
    QCOMPARE(t->item(1, 7)->text(), QStringLiteral("baseline"));
    QCOMPARE(t->item(0, 4)->text(), QStringLiteral("-3.00 [-5.48, -0.52]"));
    QCOMPARE(t->item(0, 7)->text(), QStringLiteral("worse"));
    view.setRuns({ids[0], ids[3]});
    view.setRuns(ids);
    QCOMPARE(groups->baselineBox()->currentText(), QStringLiteral("optim.lr=0.003"));
    QCOMPARE(t->item(0, 7)->text(), QStringLiteral("worse"));
}

void TstSignificanceViews::curvesBandAsTheMeansInterval()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("curves/runs.sqlite"));
    store::RunStore &store = *controller.store();
    // Three seeds of lr 0.001 (val/top1 at steps 10, 20), two of lr 0.003, one of lr 0.01.
    const char *lrs[] = {"0.001", "0.001", "0.001", "0.003", "0.003", "0.01"};
    const double first[] = {0.10, 0.20, 0.40, 0.50, 0.60, 0.30}, second[] = {0.30, 0.40, 0.80, 0.70, 0.90, 0.50};
    QList<qint64> ids;
    for (int i = 0; i < 6; ++i) {
        store::NewRun n;
        n.name = QStringLiteral("run %1").arg(i);
        n.configJson = configOf(i, lrs[i]);
        ids << store.createRun(n).value();
        QVERIFY(store.addMetrics(ids.last(), {{QStringLiteral("val/top1"), 10, 1.0, 0.0, first[i]},
                                              {QStringLiteral("val/top1"), 20, 2.0, 0.0, second[i]}}));
    }
    const QString key = QStringLiteral("curves/%1/panels").arg(QString::fromLatin1(store.path().toUtf8().toHex()));
    QSettings().remove(key + QStringLiteral("Band"));
    {
        MainWindow window(&controller);
        window.resize(1400, 900);
        window.show();
        window.setMetric(QStringLiteral("val/top1"));
        window.selectRuns(ids);
        CurvesWorkspace *ws = window.curvesWorkspace();
        CurvePlot *plot = window.curves();
        QTRY_COMPARE(plot->pointCount(ids.last()), size_t(2));
        QVERIFY(!ws->bandInterval());  // ± std by default
        QCOMPARE(plot->bands().size(), size_t(2));  // the one-run group draws no band
        ws->bandBox()->setCurrentIndex(1);
        QVERIFY(ws->bandInterval());
        const auto &bands = plot->bands();
        QCOMPARE(bands.size(), size_t(2));
        QVERIFY2(bands[0].label.endsWith(QStringLiteral("mean, 95 % CI, n=3")), qPrintable(bands[0].label));
        QVERIFY2(bands[1].label.endsWith(QStringLiteral("n=2 (very wide: only 2 runs)")), qPrintable(bands[1].label));
        const QString path = m_dir.filePath(QStringLiteral("curves/band.csv"));
        QString error;
        QVERIFY2(plot->save(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto rows = tables::parseCsv(QString::fromUtf8(file.readAll()));
        QVERIFY(rows);
        const QStringList header = (*rows)[0];
        QCOMPARE(header.mid(4), (QStringList{"band_mean", "band_low", "band_high", "band_spread", "band_n"}));
        // The lr 0.001 band at step 20: 0.3, 0.4, 0.8 → mean 0.5, s = √0.07; half-width t(0.975, 2)·s/√3
        // with t(0.975, 2) = 4.302652729749464 (Student-t tables) = 0.657275.
        // At step 10: 0.1, 0.2, 0.4 → mean 0.23333, s = √(0.0233333).
        const double t2 = 4.302652729749464;
        int checked = 0;
        for (size_t r = 1; r < rows->size(); ++r) {
            const QStringList &row = (*rows)[r];
            if (row[0] != bands[0].label)
                continue;
            QCOMPARE(row[7], QStringLiteral("ci95"));
            QCOMPARE(row[8], QStringLiteral("3"));
            const double mean = row[1] == QLatin1String("20") ? 0.5 : 0.7 / 3.0;
            const double s = row[1] == QLatin1String("20") ? std::sqrt(0.07) : std::sqrt(0.07 / 3.0);
            QVERIFY(near(row[4].toDouble(), mean, 1e-12));
            QVERIFY2(near(row[6].toDouble() - row[4].toDouble(), t2 * s / std::sqrt(3.0), 1e-9), qPrintable(row.join(',')));
            QVERIFY(near(row[4].toDouble() - row[5].toDouble(), t2 * s / std::sqrt(3.0), 1e-9));
            ++checked;
        }
        QCOMPARE(checked, 2);
        // Two runs: t(0.975, 1) = 12.706204736; 0.5, 0.6 at step 10: s = √0.005.
        QVERIFY(near(bands[1].high[0] - bands[1].mean[0], 12.706204736174707 * std::sqrt(0.005) / std::sqrt(2.0), 1e-9));
        // The read-out names the spread and its edges; n = 2 says it is very wide.
        plot->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QPointF at(plot->plot()->xAxis->coordToPixel(20), plot->plot()->axisRect()->center().y());
        QMouseEvent move(QEvent::MouseMove, at, plot->plot()->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(plot->plot(), &move);
        QVERIFY2(plot->readoutText().contains(QStringLiteral("mean, 95 % CI, n=3: 50.00 % [%1 %, %2 %]")
                                                  .arg(100 * (0.5 - t2 * std::sqrt(0.07 / 3.0)), 0, 'f', 2)
                                                  .arg(100 * (0.5 + t2 * std::sqrt(0.07 / 3.0)), 0, 'f', 2)),
                 qPrintable(plot->readoutText()));
        QVERIFY2(plot->readoutText().contains(QStringLiteral("very wide: only 2 runs")), qPrintable(plot->readoutText()));
        test::screenshot(ws, QStringLiteral("curves-ci-band.png"));
    }
    // Remembered for this store.
    QCOMPARE(QSettings().value(key + QStringLiteral("Band")).toString(), QStringLiteral("ci95"));
    MainWindow again(&controller);
    QVERIFY(again.curvesWorkspace()->bandInterval());
}

GATEFOLD_TEST_MAIN(TstSignificanceViews)
#include "tst_significanceviews.moc"
