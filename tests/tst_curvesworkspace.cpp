// The curves workspace (issue 20) through the real window: panels added, removed and remembered per
// store; the crosshair's read-out at an x; fit after a zoom (button and double-click); the legend
// beside the data, never on it; top-1 in percent as the tables write it; "no data" named in place;
// the CSV export against the drawn numbers; runs grouped all-but-seed or by settings into one
// mean ± std band per group; and the 2-point val/top1 series ending at its true value.

#include "testmain.h"
#ifndef Q_MOC_RUN
#include "screenshot.h"
#include "widgets/curvepanel.h"
#include "widgets/curveplot.h"
#include "widgets/curvesworkspace.h"
#include "widgets/mainwindow.h"
#include "widgets/qcp.h"
#include "widgets/runcontroller.h"
#include "widgets/smoothing.h"

#include "store/runstore.h"
#include "tables/tablewriters.h"

#include <QtTest/QtTest>

#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSlider>
#include <QToolButton>

#include <cmath>
#include <memory>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace curvesws {

qint64 addRun(store::RunStore &store, const QString &name, const char *configJson = "{}")
{
    store::NewRun run;
    run.name = name;
    run.configJson = configJson;
    return store.createRun(run).value_or(0);
}

// `series` as (step, value) points of `key`.
bool addSeries(store::RunStore &store, qint64 id, const char *key, const std::vector<std::pair<qint64, double>> &points)
{
    std::vector<store::MetricPoint> batch;
    for (const auto &[step, value] : points)
        batch.push_back({QString::fromLatin1(key), step, double(step) / 10.0, 1000.0 + double(step), value});
    return store.addMetrics(id, batch);
}

void moveMouseTo(QCustomPlot *plot, double x)
{
    const QPointF at(plot->xAxis->coordToPixel(x), plot->axisRect()->center().y());
    QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
}

void trigger(QToolButton *button, const QString &text)
{
    QMenu *menu = button->menu();
    Q_EMIT menu->aboutToShow();
    for (QAction *action : menu->actions())
        if (action->text() == text) {
            action->trigger();
            return;
        }
    QFAIL(qPrintable(QStringLiteral("no menu entry '%1'").arg(text)));
}

// The graph that draws a run's smoothed line (graphs come in pairs per run: raw, smoothed).
QCPGraph *smoothGraph(CurvePlot *plot, qint64 runId)
{
    for (int g = 0; g < plot->plot()->graphCount(); ++g)
        if (plot->plot()->graph(g)->name() == plot->label(runId))
            return plot->plot()->graph(g);
    return nullptr;
}

// The legend's entries (its grid counts empty cells too when it wraps).
int legendEntries(QCustomPlot *plot)
{
    int n = 0;
    for (int i = 0; i < plot->legend->elementCount(); ++i)
        n += plot->legend->elementAt(i) ? 1 : 0;
    return n;
}

} // namespace curvesws

using namespace curvesws;

class TstCurvesWorkspace : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void panelsAreRememberedPerStore();
    void crosshairReadsEveryRunAtX();
    void fitRestoresTheRangeAfterAZoom();
    void legendStaysOutOfTheData();
    void top1InPercentAndTwoPointsEndAtTheirValue();
    void runWithoutTheMetricIsNamed();
    void csvHoldsTheDrawnNumbers();
    void groupsBySettingsIntoBands();

private:
    QTemporaryDir m_dir;
};

void TstCurvesWorkspace::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

// Two stores keep different panels; removing one is remembered too.
void TstCurvesWorkspace::panelsAreRememberedPerStore()
{
    const QString a = m_dir.filePath("layout-a/runs.sqlite"), b = m_dir.filePath("layout-b/runs.sqlite");
    {
        RunController ca(m_dir.filePath("no-engine"), a), cb(m_dir.filePath("no-engine"), b);
        MainWindow wa(&ca), wb(&cb);
        CurvesWorkspace *ws = wa.curvesWorkspace();
        QCOMPARE(ws->metrics(), QStringList{QStringLiteral("val/top1")});  // the default panel
        QVERIFY(!ws->panel(0)->removeButton()->isEnabled());               // the last panel stays
        QTest::mouseClick(ws->addPanelButton(), Qt::LeftButton);
        QCOMPARE(ws->panelCount(), 2);
        QCOMPARE(ws->panel(1)->metric(), QStringLiteral("val/loss"));  // the first known metric not shown
        ws->panel(1)->metricBox()->setCurrentText(QStringLiteral("train/loss"));
        QTest::mouseClick(wb.curvesWorkspace()->addPanelButton(), Qt::LeftButton);
        QTest::mouseClick(wb.curvesWorkspace()->addPanelButton(), Qt::LeftButton);
        QCOMPARE(wb.curvesWorkspace()->panelCount(), 3);
        // The grouping is remembered per store too: a by optim.lr, b none (the default is all but seed).
        ws->setGrouping(CurvesWorkspace::Grouping::BySettings, {QStringLiteral("optim.lr")});
        wb.curvesWorkspace()->setGrouping(CurvesWorkspace::Grouping::None);
    }
    {
        RunController ca(m_dir.filePath("no-engine"), a), cb(m_dir.filePath("no-engine"), b);
        MainWindow wa(&ca), wb(&cb);
        QCOMPARE(wa.curvesWorkspace()->grouping(), CurvesWorkspace::Grouping::BySettings);
        QCOMPARE(wa.curvesWorkspace()->groupKeys(), QStringList{QStringLiteral("optim.lr")});
        QCOMPARE(wb.curvesWorkspace()->grouping(), CurvesWorkspace::Grouping::None);
        wa.curvesWorkspace()->setGrouping(CurvesWorkspace::Grouping::AllButSeed);
    }
    {
        RunController ca(m_dir.filePath("no-engine"), a), cb(m_dir.filePath("no-engine"), b);
        MainWindow wa(&ca), wb(&cb);
        QCOMPARE(wa.curvesWorkspace()->metrics(), (QStringList{"val/top1", "train/loss"}));
        QCOMPARE(wb.curvesWorkspace()->metrics(), (QStringList{"val/top1", "val/loss", "train/loss"}));
        QTest::mouseClick(wa.curvesWorkspace()->panel(0)->removeButton(), Qt::LeftButton);
        QCOMPARE(wa.curvesWorkspace()->metrics(), QStringList{QStringLiteral("train/loss")});
        QCOMPARE(wa.curves(), wa.curvesWorkspace()->plot(0));
    }
    RunController ca(m_dir.filePath("no-engine"), a);
    MainWindow wa(&ca);
    QCOMPARE(wa.curvesWorkspace()->metrics(), QStringList{QStringLiteral("train/loss")});
}

// The pointer at x = 15: each run's value at its last point at or before 15, in the label.
void TstCurvesWorkspace::crosshairReadsEveryRunAtX()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("crosshair/runs.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 r1 = addRun(store, QStringLiteral("one"), R"({"optim": {"lr": 0.001}})");
    const qint64 r2 = addRun(store, QStringLiteral("two"), R"({"optim": {"lr": 0.003}})");
    QVERIFY(addSeries(store, r1, "train/loss", {{0, 3.0}, {10, 2.0}, {20, 1.0}}));
    QVERIFY(addSeries(store, r2, "train/loss", {{0, 5.0}, {10, 4.5}, {30, 4.0}}));
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CurvesWorkspace *ws = window.curvesWorkspace();
    QCOMPARE(ws->smoothingValue()->text(), QStringLiteral("0.60"));
    ws->smoothingSlider()->setValue(0);  // drawn as measured: the read-out is the stored value
    QCOMPARE(ws->smoothingValue()->text(), QStringLiteral("0.00"));
    window.setMetric(QStringLiteral("train/loss"));
    window.selectRuns({r1, r2});
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(r2), size_t(3));
    plot->plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(plot->readoutText(), QString());
    moveMouseTo(plot->plot(), 15);
    const QStringList lines = plot->readoutText().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines[0].startsWith(QLatin1String("step = 15")), qPrintable(lines[0]));
    QCOMPARE(lines[1], plot->label(r1) + QStringLiteral(": 2"));
    QCOMPARE(lines[2], plot->label(r2) + QStringLiteral(": 4.5"));
    QVERIFY(plot->label(r1).contains(QLatin1String("optim.lr=0.001")));
    const auto rows = plot->readout(29.5);
    QCOMPARE(rows.size(), size_t(2));
    QCOMPARE(rows[0].x, 20.0);
    QCOMPARE(rows[0].value, 1.0);
    QCOMPARE(rows[1].x, 10.0);
    QCOMPARE(rows[1].value, 4.5);
    QCOMPARE(plot->readout(-1).size(), size_t(0));  // before every point: nothing to read
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(plot->plot(), &leave);
    QCOMPARE(plot->readoutText(), QString());
}

void TstCurvesWorkspace::fitRestoresTheRangeAfterAZoom()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("fit/runs.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 id = addRun(store, QStringLiteral("fit"));
    QVERIFY(addSeries(store, id, "train/loss", {{0, 3.0}, {50, 2.0}, {100, 1.0}}));
    MainWindow window(&controller);
    window.show();
    window.setMetric(QStringLiteral("train/loss"));
    window.selectRun(id);
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(id), size_t(3));
    QCustomPlot *qcp = plot->plot();
    const QCPRange x = qcp->xAxis->range(), y = qcp->yAxis->range();
    QCOMPARE(x.lower, 0.0);
    QCOMPARE(x.upper, 100.0);
    qcp->xAxis->setRange(40, 45);
    qcp->yAxis->setRange(1.9, 2.1);
    QTest::mouseClick(window.curvesWorkspace()->panel(0)->fitButton(), Qt::LeftButton);
    QCOMPARE(qcp->xAxis->range(), x);
    QCOMPARE(qcp->yAxis->range(), y);
    qcp->xAxis->setRange(10, 20);
    const QPointF at = qcp->axisRect()->center();
    QMouseEvent dbl(QEvent::MouseButtonDblClick, at, qcp->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(qcp, &dbl);
    QCOMPARE(qcp->xAxis->range(), x);
}

// The legend lies in its own row below the axes: its rectangle and the axis rectangle do not meet.
void TstCurvesWorkspace::legendStaysOutOfTheData()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("legend/runs.sqlite"));
    store::RunStore &store = *controller.store();
    QList<qint64> ids;
    for (int i = 0; i < 4; ++i) {
        const QByteArray config = QStringLiteral(R"({"optim": {"lr": 0.00%1}})").arg(i + 1).toUtf8();
        ids << addRun(store, QStringLiteral("legend %1").arg(i), config.constData());
        QVERIFY(addSeries(store, ids.last(), "train/loss", {{0, 3.0 + i}, {10, 2.0 + i}, {20, 1.0 + i}}));
    }
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setMetric(QStringLiteral("train/loss"));
    window.selectRuns(ids);
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(ids.last()), size_t(3));
    QCustomPlot *qcp = plot->plot();
    qcp->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(qcp->legend->visible());
    QCOMPARE(legendEntries(qcp), 4);
    const QRect legend = qcp->legend->outerRect(), axes = qcp->axisRect()->outerRect();
    QVERIFY2(legend.height() > 0 && !legend.intersects(axes),
             qPrintable(QStringLiteral("legend %1,%2 %3x%4 axes %5,%6 %7x%8")
                            .arg(legend.x()).arg(legend.y()).arg(legend.width()).arg(legend.height())
                            .arg(axes.x()).arg(axes.y()).arg(axes.width()).arg(axes.height())));
    QVERIFY(legend.top() >= axes.bottom());
    // Past 16 entries the legend is left out (the crosshair names the runs), and leaves the axes the
    // whole width: a hidden legend kept its cell and squeezed 50 runs' axes to 50 px.
    CurvePlot many;
    many.resize(1000, 500);
    many.show();
    QVERIFY(QTest::qWaitForWindowExposed(&many));
    many.beginUpdate();
    for (int r = 1; r <= 30; ++r)
        many.setRun(r, QStringLiteral("run %1 with a long name to fill the legend").arg(r), {0, 1}, {1.0, double(r)});
    many.endUpdate();
    many.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(!many.plot()->legend->visible());
    QVERIFY2(many.plot()->axisRect()->width() > 800, qPrintable(QString::number(many.plot()->axisRect()->width())));
}

// Issue 20's regressions: the axis showed fractions where the table shows percent, and the 2-point
// val/top1 series ended at 0.159 for a run whose value is 0.170.
void TstCurvesWorkspace::top1InPercentAndTwoPointsEndAtTheirValue()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("percent/runs.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 id = addRun(store, QStringLiteral("two evaluations"));
    QVERIFY(addSeries(store, id, "val/top1", {{10, 0.12}, {20, 0.17}}));
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setMetric(QStringLiteral("val/top1"));
    window.selectRun(id);
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(id), size_t(2));
    QCustomPlot *qcp = plot->plot();
    QCOMPARE(qcp->yAxis->label(), QStringLiteral("val/top1 (%)"));
    QCOMPARE(plot->valueScale(), 100.0);
    QVERIFY2(qcp->yAxis->range().lower < 12.0 && qcp->yAxis->range().upper > 17.0 && qcp->yAxis->range().upper < 20.0,
             qPrintable(QStringLiteral("%1 … %2").arg(qcp->yAxis->range().lower).arg(qcp->yAxis->range().upper)));
    QCPGraph *line = smoothGraph(plot, id);
    QVERIFY(line);
    QCOMPARE(line->dataCount(), 2);
    QVERIFY(std::fabs((line->data()->constEnd() - 1)->value - 17.0) < 1e-9);  // 0.17 as percent, unsmoothed
    QVERIFY(std::fabs(line->data()->constBegin()->value - 12.0) < 1e-9);
    QCOMPARE(line->scatterStyle().shape(), QCPScatterStyle::ssDisc);  // measured points are marked
    qcp->replot(QCustomPlot::rpImmediateRefresh);
    moveMouseTo(qcp, 20);
    QVERIFY2(plot->readoutText().endsWith(QLatin1String(": 17.00 %")), qPrintable(plot->readoutText()));
    moveMouseTo(qcp, 15);
    QVERIFY2(plot->readoutText().endsWith(QLatin1String(": 12.00 %")), qPrintable(plot->readoutText()));
    // train/loss is no fraction: no percent.
    window.setMetric(QStringLiteral("train/loss"));
    QCOMPARE(qcp->yAxis->label(), QStringLiteral("train/loss"));
    QCOMPARE(plot->valueScale(), 1.0);
}

void TstCurvesWorkspace::runWithoutTheMetricIsNamed()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("nodata/runs.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 with = addRun(store, QStringLiteral("evaluated"), R"({"optim": {"lr": 0.001}})");
    const qint64 without = addRun(store, QStringLiteral("never evaluated"), R"({"optim": {"lr": 0.003}})");
    QVERIFY(addSeries(store, with, "val/top1", {{10, 0.5}}));
    QVERIFY(addSeries(store, without, "train/loss", {{10, 2.0}}));
    MainWindow window(&controller);
    window.show();
    window.setMetric(QStringLiteral("val/top1"));
    window.selectRuns({with, without});
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(with), size_t(1));
    QCOMPARE(plot->missingText(), QStringLiteral("no data for this run: %1 never evaluated").arg(without));
    window.setMetric(QStringLiteral("train/loss"));
    QCOMPARE(plot->missingText(), QStringLiteral("no data for this run: %1 evaluated").arg(with));
    window.selectRun(with);
    window.setMetric(QStringLiteral("val/top1"));
    QCOMPARE(plot->missingText(), QString());
    // Nothing selected: the panel says how to get curves (no empty axes kept from the runs before).
    window.selectRuns({});
    QTRY_VERIFY(plot->missingText().startsWith(QStringLiteral("Select runs in the browser")));
    QCOMPARE(plot->plot()->xAxis->range().upper, 1.0);
}

// The exported CSV holds what is drawn: each run's points, raw and smoothed, and each band's mean, low, high.
void TstCurvesWorkspace::csvHoldsTheDrawnNumbers()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("csv/runs.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 a = addRun(store, QStringLiteral("a"), R"({"train": {"seed": 0}})");
    const qint64 b = addRun(store, QStringLiteral("b"), R"({"train": {"seed": 1}})");
    // 17 points each (more than kSparsePoints: smoothed); a: 4, 2, 2, …; b: 2, 1, 1, …
    std::vector<std::pair<qint64, double>> pointsA{{0, 4.0}}, pointsB{{0, 2.0}};
    for (qint64 step = 10; step <= 160; step += 10) {
        pointsA.push_back({step, 2.0});
        pointsB.push_back({step, 1.0});
    }
    QVERIFY(addSeries(store, a, "train/loss", pointsA));
    QVERIFY(addSeries(store, b, "train/loss", pointsB));
    MainWindow window(&controller);
    window.show();
    window.curvesWorkspace()->smoothingSlider()->setValue(50);
    window.setMetric(QStringLiteral("train/loss"));
    window.selectRuns({a, b});
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(b), size_t(17));
    QVERIFY(!plot->measuredPoints());
    QCOMPARE(plot->bands().size(), size_t(1));  // all but seed (the default): one group of two seeds
    const QString path = m_dir.filePath("csv/curves.csv");
    QString error;
    QVERIFY2(plot->save(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QCOMPARE(text, plot->csv());
    const auto rows = tables::parseCsv(text);
    QVERIFY(rows);
    QCOMPARE(rows->size(), size_t(1 + 17 + 17 + 17));
    QCOMPARE((*rows)[0], (QStringList{"series", "step", "raw", "smoothed", "band_mean", "band_low", "band_high", "band_spread",
                                      "band_n"}));
    // Run a: EMA 0.5 debiased: s1 = 4, s2 = (0.25·4 + 0.5·2) / 0.75 = 8/3.
    const auto smoothA = debiasedEma({4.0, 2.0}, 0.5);
    QVERIFY(std::fabs(smoothA[1] - 8.0 / 3.0) < 1e-12);
    QCOMPARE((*rows)[1], (QStringList{plot->label(a), "0", "4", "4", "", "", "", "", ""}));
    QCOMPARE((*rows)[2][0], plot->label(a));
    QCOMPARE((*rows)[2][1], QStringLiteral("10"));
    QCOMPARE((*rows)[2][2], QStringLiteral("2"));
    QCOMPARE((*rows)[2][3].toDouble(), smoothA[1]);  // written exactly (shortest round trip)
    QCOMPARE((*rows)[18][0], plot->label(b));
    QCOMPARE((*rows)[18][2], QStringLiteral("2"));
    // The band: step 0 mean 3, std √2; step 10 mean 1.5, std √0.5.
    QCOMPARE((*rows)[35][0], plot->bands()[0].label);
    QCOMPARE((*rows)[35][1], QStringLiteral("0"));
    QCOMPARE((*rows)[35][4], QStringLiteral("3"));
    QVERIFY(std::fabs((*rows)[35][5].toDouble() - (3 - std::sqrt(2.0))) < 1e-12);
    QVERIFY(std::fabs((*rows)[35][6].toDouble() - (3 + std::sqrt(2.0))) < 1e-12);
    QCOMPARE((*rows)[35][7], QStringLiteral("std"));  // ± the sample std (the default), over 2 runs
    QCOMPARE((*rows)[35][8], QStringLiteral("2"));
    QCOMPARE((*rows)[36][4], QStringLiteral("1.5"));
    QVERIFY(std::fabs((*rows)[36][6].toDouble() - (1.5 + std::sqrt(0.5))) < 1e-12);
}

// A 2-lr × 2-seed sweep: four lines ungrouped; "All but seed" gives two bands with the hand-computed
// means and sample stds, members faint and out of the legend; grouping by the seed splits the other way.
void TstCurvesWorkspace::groupsBySettingsIntoBands()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("groups/runs.sqlite"));
    store::RunStore &store = *controller.store();
    const char *configs[] = {R"({"optim": {"lr": 0.001}, "train": {"seed": 0}})", R"({"optim": {"lr": 0.001}, "train": {"seed": 1}})",
                             R"({"optim": {"lr": 0.003}, "train": {"seed": 0}})", R"({"optim": {"lr": 0.003}, "train": {"seed": 1}})"};
    const double first[] = {0.10, 0.30, 0.50, 0.70}, second[] = {0.20, 0.40, 0.60, 0.90};
    QList<qint64> ids;
    for (int i = 0; i < 4; ++i) {
        ids << addRun(store, QStringLiteral("sweep %1").arg(i), configs[i]);
        QVERIFY(addSeries(store, ids.last(), "val/top1", {{10, first[i]}, {20, second[i]}}));
    }
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    window.setMetric(QStringLiteral("val/top1"));
    window.selectRuns(ids);
    CurvesWorkspace *ws = window.curvesWorkspace();
    CurvePlot *plot = window.curves();
    QTRY_COMPARE(plot->pointCount(ids.last()), size_t(2));
    trigger(ws->groupButton(), QStringLiteral("None"));
    QCOMPARE(ws->grouping(), CurvesWorkspace::Grouping::None);
    QVERIFY(!plot->hasBand());
    QCOMPARE(legendEntries(plot->plot()), 4);
    // The legend names the settings that tell the runs apart, the most discriminative first, the seed last.
    QVERIFY2(plot->label(ids[0]).endsWith(QLatin1String("(optim.lr=0.001, train.seed=0)")), qPrintable(plot->label(ids[0])));
    trigger(ws->groupButton(), QStringLiteral("All but seed"));
    QCOMPARE(ws->groupButton()->text(), QStringLiteral("Group by: all but seed"));
    QVERIFY(ws->groupButton()->width()
            >= ws->groupButton()->fontMetrics().horizontalAdvance(ws->groupButton()->text()) + 32);  // arrow beside it
    const auto &bands = plot->bands();
    QCOMPARE(bands.size(), size_t(2));
    QCOMPARE(legendEntries(plot->plot()), 2);  // the bands; the members are faint, unnamed
    QVERIFY2(bands[0].label.startsWith(QLatin1String("optim.lr=0.001")), qPrintable(bands[0].label));
    QVERIFY2(bands[1].label.startsWith(QLatin1String("optim.lr=0.003")), qPrintable(bands[1].label));
    QCOMPARE(bands[0].x, (std::vector<double>{10, 20}));
    auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
    QVERIFY(near(bands[0].mean[0], 0.20) && near(bands[0].mean[1], 0.30));  // (0.1 + 0.3) / 2, (0.2 + 0.4) / 2
    QVERIFY(near(bands[1].mean[0], 0.60) && near(bands[1].mean[1], 0.75));
    QVERIFY(near(bands[0].high[0] - bands[0].mean[0], std::sqrt(0.02)));  // sample std of 0.1, 0.3
    QVERIFY(near(bands[1].mean[1] - bands[1].low[1], std::sqrt(0.045)));  // of 0.6, 0.9
    QVERIFY(bands[0].colour != bands[1].colour);
    // Drawn in percent, as the axis says.
    QVERIFY(near((bands[1].meanGraph->data()->constEnd() - 1)->value, 75.0));
    plot->plot()->replot(QCustomPlot::rpImmediateRefresh);
    moveMouseTo(plot->plot(), 20);
    QVERIFY2(plot->readoutText().contains(bands[1].label + QStringLiteral(": 75.00 %")), qPrintable(plot->readoutText()));
    moveMouseTo(plot->plot(), 15);  // between the evaluations: each group's value at step 10
    QVERIFY2(plot->readoutText().contains(bands[0].label + QStringLiteral(": 20.00 %")), qPrintable(plot->readoutText()));
    test::screenshot(ws, QStringLiteral("curves-crosshair.png"));
    trigger(ws->groupButton(), QStringLiteral("train.seed"));
    QCOMPARE(ws->grouping(), CurvesWorkspace::Grouping::BySettings);
    QCOMPARE(ws->groupKeys(), QStringList{QStringLiteral("train.seed")});
    QCOMPARE(plot->bands().size(), size_t(2));
    QVERIFY(near(plot->bands()[0].mean[0], 0.30));  // seed 0: (0.1 + 0.5) / 2
    QVERIFY(near(plot->bands()[1].mean[1], 0.65));  // seed 1: (0.4 + 0.9) / 2
    trigger(ws->groupButton(), QStringLiteral("optim.lr"));  // both keys: four groups of one, no band
    QCOMPARE(ws->groupKeys(), (QStringList{"train.seed", "optim.lr"}));
    QVERIFY(!plot->hasBand());
    QCOMPARE(legendEntries(plot->plot()), 4);
}

GATEFOLD_TEST_MAIN(TstCurvesWorkspace)
#include "tst_curvesworkspace.moc"
