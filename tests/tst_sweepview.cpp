// The sweep view (issue 20) on a real SQLite store: a 3 lr × 2 seed sweep and a
// run that never measured val/top1. The varied settings are found (lr, then
// the seed), the scatter's points sit at the runs' metric values exactly (in
// percent) with the mean of each lr's seeds, the lr axis is logarithmic; the
// parallel coordinates' lines are coloured in the metric's order, the mouse
// over one names its run and a click says which run — and in the window
// selects it while the view keeps the sweep. The run without the metric is
// named, not drawn; the CSV behind the view is exact; one run, or runs that
// vary nothing, get a sentence in place of the plots.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these
#include <QtTest/QtTest>

#include "screenshot.h"

#include "widgets/appsettings.h"
#include "widgets/mainwindow.h"
#include "widgets/parallelcoordinates.h"
#include "widgets/plotstyle.h"
#include "widgets/qcp.h"
#include "widgets/runcontroller.h"
#include "widgets/sweepscatterplots.h"
#include "widgets/sweepview.h"

#include "store/runstore.h"

#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolTip>

#include <algorithm>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace sweepviewtest {

struct SweepRunSpec {
    const char *lr;
    int seed;
    double best, last;  // val/top1 at the first and the second evaluation (best = the higher)
};

// 3 learning rates × 2 seeds; the first evaluation is each run's best.
const SweepRunSpec kSweep[] = {{"0.0001", 0, 0.52, 0.50}, {"0.0001", 1, 0.55, 0.54}, {"0.001", 0, 0.71, 0.70},
                               {"0.001", 1, 0.69, 0.66}, {"0.01", 0, 0.63, 0.61},  {"0.01", 1, 0.60, 0.58}};

qint64 addSweepRun(store::RunStore &store, const QString &name, const QByteArray &config)
{
    store::NewRun run;
    run.name = name;
    run.configJson = config;
    return store.createRun(run).value_or(0);
}

// The sweep's runs (ids in kSweep's order) and, last, the run without val/top1.
QList<qint64> makeSweep(store::RunStore &store)
{
    QList<qint64> ids;
    for (const SweepRunSpec &r : kSweep) {
        const QByteArray config = QStringLiteral(R"({"optim": {"lr": %1}, "train": {"seed": %2}, "depth": 4})")
                                      .arg(QLatin1String(r.lr))
                                      .arg(r.seed)
                                      .toUtf8();
        const qint64 id = addSweepRun(store, QStringLiteral("lr %1 s%2").arg(QLatin1String(r.lr)).arg(r.seed), config);
        store.addMetrics(id, {{"val/top1", 10, 1, 0, r.best}, {"val/top1", 20, 2, 0, r.last}});
        ids << id;
    }
    const qint64 waiting = addSweepRun(store, QStringLiteral("not evaluated"),
                                       R"({"optim": {"lr": 0.001}, "train": {"seed": 2}, "depth": 4})");
    store.addMetrics(waiting, {{"train/loss", 5, 0.5, 0, 2.3}});
    ids << waiting;
    return ids;
}

} // namespace sweepviewtest

using namespace sweepviewtest;

class TstSweepView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void scattersShowTheMetricAgainstEachSetting();
    void bestValuesAndAnotherMetric();
    void parallelCoordinatesColourByTheMetric();
    void hoverNamesTheRunAndClickSaysWhich();
    void csvIsTheTableBehindTheView();
    void sentencesInPlaceOfThePlots();
    void theWindowSelectsTheClickedRun();
    void manyRunsAreReadInOneQuery();
    void settingsThatApplyToSomeRunsOnly();
    void tooManyCombinationsGetOneMeanPerValue();
    void darkTheme();
    void logUniformAxisIsLogarithmic();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::RunStore> m_store;
    QList<qint64> m_ids;
};

void TstSweepView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    m_store = store::RunStore::open(m_dir.filePath("sweep.sqlite"), &error);
    QVERIFY2(m_store, qPrintable(error));
    m_ids = makeSweep(*m_store);
    QCOMPARE(m_ids.size(), 7);
}

void TstSweepView::scattersShowTheMetricAgainstEachSetting()
{
    SweepView view(m_store.get());
    view.resize(1200, 420);
    view.setRuns(m_ids);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY2(view.isAvailable(), qPrintable(view.reason()));
    QCOMPARE(view.table()->varied(), (QStringList{"optim.lr", "train.seed"}));  // depth is the same for all
    // The seed has no scatter of its own: its repeats are the points around each mean.
    QCOMPARE(view.scatterPlots()->keys(), QStringList{"optim.lr"});
    QCPAxisRect *rect = view.scatterPlots()->rect(QStringLiteral("optim.lr"));
    QVERIFY(rect);
    QCOMPARE(rect->axis(QCPAxis::atBottom)->scaleType(), QCPAxis::stLogarithmic);  // 1e-4 … 1e-2: two decades
    QCOMPARE(view.table()->axes()[0].kind(), SweepAxis::Kind::Log);
    QCOMPARE(view.table()->axes()[1].kind(), SweepAxis::Kind::Linear);  // seeds 0, 1
    QCOMPARE(rect->axis(QCPAxis::atLeft)->label(), QStringLiteral("val/top1 (last, %)"));

    // A point per measured run at (lr, last val/top1 in percent), exactly; ordered by lr, then by run.
    std::vector<std::pair<double, double>> expected;
    for (const SweepRunSpec &r : kSweep)
        expected.push_back({QByteArray(r.lr).toDouble(), 100.0 * r.last});
    std::stable_sort(expected.begin(), expected.end(), [](auto a, auto b) { return a.first < b.first; });
    const auto points = view.scatterPlots()->points(QStringLiteral("optim.lr"))->data();
    QCOMPARE(points->size(), 6);
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(points->at(i)->key, expected[size_t(i)].first);
        QCOMPARE(points->at(i)->value, expected[size_t(i)].second);
    }
    // The mean of each lr's two seeds.
    const auto means = view.scatterPlots()->means(QStringLiteral("optim.lr"))->data();
    QCOMPARE(means->size(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(means->at(i)->key, expected[size_t(2 * i)].first);
        QCOMPARE(means->at(i)->value, (expected[size_t(2 * i)].second + expected[size_t(2 * i + 1)].second) / 2.0);
    }
    QVERIFY(!view.scatterPlots()->meansPerValue());
    QCOMPARE(view.scatterPlots()->caption(), QStringLiteral("● a run   ▬ the mean over the seeds of each setting combination"));
    // The run without val/top1: named above the plots, drawn nowhere.
    QCOMPARE(view.missingText(), QStringLiteral("no val/top1: %1 not evaluated").arg(m_ids.last()));
    QCOMPARE(view.parallelCoordinates()->lineCount(), 6);
    QVERIFY(!view.parallelCoordinates()->line(m_ids.last()));
    test::screenshot(&view, QStringLiteral("sweep-view-test.png"));
}

void TstSweepView::bestValuesAndAnotherMetric()
{
    SweepView view(m_store.get());
    view.setRuns(m_ids);
    view.setReduction(SweepTable::Reduction::Best);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto points = view.scatterPlots()->points(QStringLiteral("optim.lr"))->data();
    std::vector<double> values, expected;
    for (int i = 0; i < points->size(); ++i)
        values.push_back(points->at(i)->value);
    for (const SweepRunSpec &r : kSweep)
        expected.push_back(100.0 * r.best);
    std::sort(values.begin(), values.end());
    std::sort(expected.begin(), expected.end());
    QCOMPARE(values, expected);
    QCOMPARE(view.table()->metricLabel(), QStringLiteral("val/top1 (best, %)"));
    // Only one run has train/loss: nothing to plot, said so; the others are named as lacking it.
    view.setMetric(QStringLiteral("train/loss"));
    QVERIFY(!view.isAvailable());
    QVERIFY2(view.reason().startsWith(QStringLiteral("Fewer than two of the 7 selected runs have train/loss")),
             qPrintable(view.reason()));
    QVERIFY2(view.missingText().startsWith(QStringLiteral("no train/loss: %1 lr 0.0001 s0").arg(m_ids[0])),
             qPrintable(view.missingText()));
}

void TstSweepView::parallelCoordinatesColourByTheMetric()
{
    SweepView view(m_store.get());
    view.resize(1200, 420);
    view.setRuns(m_ids);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ParallelCoordinates *pc = view.parallelCoordinates();
    // Runs by their last val/top1, ascending: viridis goes dark to light, so their lines' lightness rises.
    std::vector<std::pair<double, qint64>> byMetric;
    for (int i = 0; i < 6; ++i)
        byMetric.push_back({kSweep[i].last, m_ids[i]});
    std::sort(byMetric.begin(), byMetric.end());
    const QCPRange range(100.0 * byMetric.front().first, 100.0 * byMetric.back().first);
    QCOMPARE(pc->colourScale()->dataRange().lower, range.lower);
    QCOMPARE(pc->colourScale()->dataRange().upper, range.upper);
    QCPColorGradient viridis = plotstyle::viridis();
    double lastLightness = -1;
    for (const auto &[value, id] : byMetric) {
        const QColor c = pc->lineColour(id);
        QCOMPARE(c.rgb(), viridis.color(100.0 * value, range));
        const double lightness = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
        QVERIFY2(lightness > lastLightness, qPrintable(QStringLiteral("run %1").arg(id)));
        lastLightness = lightness;
    }
    // Each line crosses the lr axis at the lr's place (log: 1e-3 halfway), the metric's axis at its value.
    const QCPGraph *line = pc->line(m_ids[2]);  // lr 0.001, the best last value
    QCOMPARE(line->data()->at(0)->value, 0.5);
    QCOMPARE(line->data()->at(2)->value, 1.0);
}

void TstSweepView::hoverNamesTheRunAndClickSaysWhich()
{
    SweepView view(m_store.get());
    view.resize(1200, 420);
    view.setRuns(m_ids);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ParallelCoordinates *pc = view.parallelCoordinates();
    const qint64 run = m_ids[4];  // lr 0.01, seed 0
    const QPointF where = pc->pointOf(run, 2);  // where it crosses the metric's axis: no other line there
    QTest::mouseMove(pc->plot(), where.toPoint());
    QTRY_VERIFY2(pc->hoverText().startsWith(QStringLiteral("%1 lr 0.01 s0\n").arg(run)), qPrintable(pc->hoverText()));
    QVERIFY2(pc->hoverText().contains(QStringLiteral("optim.lr = 0.01")), qPrintable(pc->hoverText()));
    QVERIFY2(pc->hoverText().contains(QStringLiteral("val/top1 (last, %): 61.00 %")), qPrintable(pc->hoverText()));
    QCOMPARE(QToolTip::text(), pc->hoverText());  // in a tooltip
    QCOMPARE(view.hoverText(), QString(pc->hoverText()).replace('\n', QStringLiteral(" · ")));  // and the status line
    QSignalSpy activated(&view, &SweepView::runActivated);
    QTest::mouseClick(pc->plot(), Qt::LeftButton, {}, where.toPoint());
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.first().first().toLongLong(), run);
    QCOMPARE(pc->highlighted(), run);
    QCOMPARE(view.scatterPlots()->highlighted(), run);  // its point ringed in the scatters too
    QApplication::processEvents();  // the queued replot
    test::screenshot(&view, QStringLiteral("sweep-view-clicked.png"));
    // Away from every line: nothing named, no click.
    QTest::mouseMove(pc->plot(), QPoint(2, 2));
    QTRY_VERIFY(pc->hoverText().isEmpty());
    QVERIFY(view.hoverText().isEmpty());
    QTest::mouseClick(pc->plot(), Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(activated.size(), 1);
    // A scatter point names its run as well.
    SweepScatterPlots *scatter = view.scatterPlots();
    const auto *points = scatter->points(QStringLiteral("optim.lr"));
    const QPointF dot = points->coordsToPixels(points->data()->at(0)->key, points->data()->at(0)->value);
    QCOMPARE(scatter->runAt(dot), m_ids[0]);  // lr 1e-4, seed 0: 50 %
}

void TstSweepView::csvIsTheTableBehindTheView()
{
    SweepView view(m_store.get());
    view.setRuns(m_ids);
    view.refresh();
    const QString expected = QStringLiteral(
        "run,name,optim.lr,train.seed,val/top1 (last)\r\n"
        "%1,lr 0.0001 s0,0.0001,0,0.5\r\n"
        "%2,lr 0.0001 s1,0.0001,1,0.54\r\n"
        "%3,lr 0.001 s0,0.001,0,0.7\r\n"
        "%4,lr 0.001 s1,0.001,1,0.66\r\n"
        "%5,lr 0.01 s0,0.01,0,0.61\r\n"
        "%6,lr 0.01 s1,0.01,1,0.58\r\n"
        "%7,not evaluated,0.001,2,\r\n")
        .arg(m_ids[0]).arg(m_ids[1]).arg(m_ids[2]).arg(m_ids[3]).arg(m_ids[4]).arg(m_ids[5]).arg(m_ids[6]);
    QCOMPARE(QString::fromUtf8(view.table()->csv()), expected);
    QString error;
    const QString csv = m_dir.filePath("sweep.csv");
    QVERIFY2(view.exportCsv(csv, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), expected);
    // The picture, in each format; PNG at twice the size (for print).
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (const char *suffix : {"png", "svg", "pdf"}) {
        const QString path = m_dir.filePath(QStringLiteral("sweep.") + QLatin1String(suffix));
        QVERIFY2(view.exportPicture(path, &error), qPrintable(error));
        QVERIFY2(QFileInfo(path).size() > 1000, suffix);
    }
    const QImage png(m_dir.filePath("sweep.png"));
    QCOMPARE(png.width(), 2 * (view.scatterPlots()->width() + view.parallelCoordinates()->width()));
}

void TstSweepView::sentencesInPlaceOfThePlots()
{
    SweepView view(m_store.get());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setRuns({m_ids[0]});
    QVERIFY(!view.isAvailable());
    QCOMPARE(view.reason(), QStringLiteral("Select two or more runs to see a sweep — filter the runs by their sweep and "
                                           "select them all — and this view plots val/top1 against each setting they vary."));
    QString error;
    QVERIFY(!view.exportPicture(m_dir.filePath("none.png"), &error));
    QCOMPARE(error, view.reason());
    QVERIFY(!QFileInfo::exists(m_dir.filePath("none.png")));
    // Two runs of one configuration (a copy of the first run): nothing varied.
    const auto first = m_store->run(m_ids[0]);
    const qint64 copy = addSweepRun(*m_store, QStringLiteral("copy"), first->configJson);
    m_store->addMetrics(copy, {{"val/top1", 20, 2, 0, 0.51}});
    view.setRuns({m_ids[0], copy});
    QCOMPARE(view.reason(), QStringLiteral("The 2 selected runs vary no setting: they are one experiment. Compare shows "
                                           "them side by side."));
    QVERIFY(view.missingText().isEmpty());
    m_store->deleteRun(copy);
    view.setRuns(m_ids);
    view.setMetric(QString());
    QCOMPARE(view.reason(), QStringLiteral("Type or choose the metric to plot against the settings (val/top1, val/loss, …)."));
    view.setMetric(QStringLiteral("val/top1"));
    QVERIFY(view.isAvailable());
    QVERIFY(view.reason().isEmpty());
}

void TstSweepView::theWindowSelectsTheClickedRun()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("window.sqlite"));
    const QList<qint64> ids = makeSweep(*controller.store());
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SweepView *view = window.sweepView();
    QVERIFY(view);
    auto *tabs = qobject_cast<QTabWidget *>(view->parentWidget()->parentWidget());
    QVERIFY(tabs);
    tabs->setCurrentWidget(view);
    window.selectRuns(ids);
    QTRY_VERIFY(view->isAvailable());
    QCOMPARE(view->table()->runs().size(), size_t(7));
    ParallelCoordinates *pc = view->parallelCoordinates();
    const qint64 run = ids[2];
    QTest::mouseClick(pc->plot(), Qt::LeftButton, {}, pc->pointOf(run, 2).toPoint());
    QCOMPARE(window.selectedRuns(), QList<qint64>{run});  // selected in the browser: curves, Compare follow
    QCOMPARE(view->table()->runs().size(), size_t(7));     // the view keeps the sweep, the run marked
    QVERIFY(view->isAvailable());
    QCOMPARE(pc->highlighted(), run);
    QCOMPARE(view->scatterPlots()->highlighted(), run);
    // Another selection is read as it is.
    window.selectRuns({ids[0], ids[1]});
    QCOMPARE(view->table()->runs().size(), size_t(2));
    QCOMPARE(pc->highlighted(), qint64(-1));
    QCOMPARE(view->scatterPlots()->highlighted(), qint64(-1));
}

// Past 32 runs the records come from one query of the store: the same table.
void TstSweepView::manyRunsAreReadInOneQuery()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("many.sqlite"), &error);
    QVERIFY2(store, qPrintable(error));
    QList<qint64> ids;
    for (int i = 0; i < 40; ++i) {
        const qint64 id = addSweepRun(*store, QStringLiteral("run %1").arg(i),
                                      QStringLiteral(R"({"optim": {"lr": %1}, "train": {"seed": %2}})")
                                          .arg(QString::number(1e-4 * (1 + i % 4)))
                                          .arg(i / 4)
                                          .toUtf8());
        store->addMetrics(id, {{"val/top1", 10, 1, 0, 0.01 * i}});
        if (i != 7)  // one run of the store not selected
            ids << id;
    }
    const SweepTable table = SweepTable::read(*store, ids, QStringLiteral("val/top1"), SweepTable::Reduction::Last);
    QCOMPARE(table.runs().size(), size_t(39));
    QCOMPARE(table.varied(), (QStringList{"optim.lr", "train.seed"}));
    for (const SweepRun &run : table.runs()) {
        const int i = run.name.mid(4).toInt();
        QVERIFY(i != 7);
        QCOMPARE(run.id, ids[i < 7 ? i : i - 1]);
        QCOMPARE(run.value, 0.01 * i);
        QCOMPARE(run.settings.text(QStringLiteral("optim.lr")), QString::number(1e-4 * (1 + i % 4)));
    }
    QCOMPARE(table.axes()[0].kind(), SweepAxis::Kind::Linear);  // 1e-4 … 4e-4: less than two decades
}

// gate.codebook_size means something for the CDE runs only: a numeric axis on which the ungated runs
// sit below, at "—"; gate.kind is text: categories in order. In the CSV a setting that does not apply is empty.
void TstSweepView::settingsThatApplyToSomeRunsOnly()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("gates.sqlite"), &error);
    QVERIFY2(store, qPrintable(error));
    QList<qint64> ids;
    const char *configs[] = {R"({"gate": {"kind": "none"}, "train": {"seed": 0}})",
                             R"({"gate": {"kind": "none"}, "train": {"seed": 1}})",
                             R"({"gate": {"kind": "cde", "codebook_size": 128}, "train": {"seed": 0}})",
                             R"({"gate": {"kind": "cde", "codebook_size": 256}, "train": {"seed": 0}})"};
    for (int i = 0; i < 4; ++i) {
        ids << addSweepRun(*store, QStringLiteral("g%1").arg(i), configs[i]);
        store->addMetrics(ids.last(), {{"val/top1", 10, 1, 0, 0.5 + 0.1 * i}});
    }
    const SweepTable table = SweepTable::read(*store, ids, QStringLiteral("val/top1"), SweepTable::Reduction::Last);
    QCOMPARE(table.varied(), (QStringList{"gate.kind", "gate.codebook_size", "train.seed"}));
    const SweepAxis &kind = table.axes()[0];
    QCOMPARE(kind.kind(), SweepAxis::Kind::Categorical);
    QCOMPARE(kind.categories(), (QStringList{"cde", "none"}));
    const SweepAxis &codebook = table.axes()[1];
    QCOMPARE(codebook.kind(), SweepAxis::Kind::Linear);  // 128 … 256: less than two decades
    QVERIFY(codebook.hasMissing());
    QCOMPARE(codebook.normalised(table.runs()[0].settings), SweepAxis::missingPlace());
    QCOMPARE(codebook.normalised(table.runs()[2].settings), 0.0);
    QCOMPARE(codebook.normalised(table.runs()[3].settings), 1.0);
    QCOMPARE(codebook.ticks().back().text, QStringLiteral("—"));
    double x = 0;
    QVERIFY(!codebook.position(table.runs()[0].settings, &x));  // not drawn in that scatter
    QVERIFY(kind.position(table.runs()[0].settings, &x));
    QCOMPARE(x, 1.0);
    const QStringList lines = QString::fromUtf8(table.csv()).split(QStringLiteral("\r\n"));
    QCOMPARE(lines[0], QStringLiteral("run,name,gate.kind,gate.codebook_size,train.seed,val/top1 (last)"));
    QCOMPARE(lines[1], QStringLiteral("%1,g0,none,,0,0.5").arg(ids[0]));
    QCOMPARE(lines[4], QStringLiteral("%1,g3,cde,256,0,0.8").arg(ids[3]));
}

// 2 learning rates × 10 weight decays: 10 combinations at each lr, too many bars to read; each lr's bar
// is then the mean of all its runs, and the caption says so.
void TstSweepView::tooManyCombinationsGetOneMeanPerValue()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("wide.sqlite"), &error);
    QVERIFY2(store, qPrintable(error));
    QList<qint64> ids;
    double sums[2] = {0, 0};
    for (int i = 0; i < 20; ++i) {
        const QByteArray config = QStringLiteral(R"({"optim": {"lr": %1, "weight_decay": %2}})")
                                      .arg(i % 2 ? QStringLiteral("0.01") : QStringLiteral("0.001"))
                                      .arg(0.01 * (i / 2))
                                      .toUtf8();
        ids << addSweepRun(*store, QStringLiteral("w%1").arg(i), config);
        store->addMetrics(ids.last(), {{"val/top1", 10, 1, 0, 0.3 + 0.02 * i}});
    }
    SweepView view(store.get());
    view.resize(1000, 400);
    view.setRuns(ids);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.scatterPlots()->meansPerValue());
    QVERIFY(view.scatterPlots()->caption().contains(QStringLiteral("the mean of all runs at that value")));
    const auto points = view.scatterPlots()->points(QStringLiteral("optim.lr"))->data();
    for (int i = 0; i < points->size(); ++i)  // the same values, in the order the bars sum them
        sums[points->at(i)->key > 0.005 ? 1 : 0] += points->at(i)->value;
    const auto means = view.scatterPlots()->means(QStringLiteral("optim.lr"))->data();
    QCOMPARE(means->size(), 2);
    QCOMPARE(means->at(0)->key, 0.001);
    QCOMPARE(means->at(0)->value, sums[0] / 10.0);
    QCOMPARE(means->at(1)->key, 0.01);
    QCOMPARE(means->at(1)->value, sums[1] / 10.0);
    // Each lr's mean is what its runs' values say: runs 0, 2, … 18 at 1e-3 (30, 34, … 66 %).
    QCOMPARE(qRound(means->at(0)->value * 100), 4800);
}

// The plots follow the window's palette: the dark theme's background, text and bars.
void TstSweepView::darkTheme()
{
    SweepView view(m_store.get());
    view.resize(1200, 420);
    view.setRuns(m_ids);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    applyTheme(QStringLiteral("dark"));
    QApplication::processEvents();
    const QColor base(0x1e, 0x1e, 0x1e), text(0xe0, 0xe0, 0xe0);
    QCOMPARE(view.palette().color(QPalette::Base), base);
    for (QCustomPlot *plot : {view.scatterPlots()->plot(), view.parallelCoordinates()->plot()}) {
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(plot->grab().toImage().pixelColor(2, 2).rgb(), base.rgb());
    }
    QCPAxisRect *rect = view.scatterPlots()->rect(QStringLiteral("optim.lr"));
    QCOMPARE(rect->axis(QCPAxis::atBottom)->tickLabelColor(), text);
    QCOMPARE(view.scatterPlots()->means(QStringLiteral("optim.lr"))->scatterStyle().pen().color(), text);
    QCPItemText *title = nullptr;
    QCustomPlot *pc = view.parallelCoordinates()->plot();
    for (int i = 0; i < pc->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(pc->item(i)); t && t->text() == QLatin1String("optim.lr"))
            title = t;
    QVERIFY(title);
    QCOMPARE(title->color(), text);
    // The worst run's line stays visible on the dark base: its colour is viridis from 0.3 up, not the
    // near-black purple of viridis' bottom.
    const QColor worst = plotstyle::viridisOn(view.palette()).color(0, QCPRange(0, 1));
    QCOMPARE(worst.rgb(), QColor::fromRgb(plotstyle::viridis().color(0.3, QCPRange(0, 1))).rgb());
    QVERIFY2(worst.lightness() > QColor(0x44, 0x01, 0x54).lightness() + 20, qPrintable(worst.name()));
    QCOMPARE(plotstyle::viridisOn(QPalette(Qt::white)).color(0, QCPRange(0, 1)), plotstyle::viridis().color(0, QCPRange(0, 1)));
    test::screenshot(&view, QStringLiteral("sweep-view-dark.png"));
    applyTheme(QStringLiteral("light"));
    QApplication::processEvents();
    QCOMPARE(view.scatterPlots()->means(QStringLiteral("optim.lr"))->scatterStyle().pen().color(),
             view.palette().color(QPalette::Text));
}

// Issue 21: lr drawn from a log-uniform range over 1e-3 … 1e-2 by a random search spans under two
// decades, yet its axis is logarithmic — the sweep's recorded grid says how it was drawn; the same
// runs outside any sweep get a linear axis (the span alone decides).
void TstSweepView::logUniformAxisIsLogarithmic()
{
    const auto sweepId = m_store->createSweep(
        QStringLiteral("random lr"), R"({"method": "random", "runs": 4, "seeds": [0],
            "grid": {"optim.lr": {"log_uniform": [0.001, 0.01]}, "optim.weight_decay": {"uniform": [0.01, 0.5]}}})");
    QVERIFY(sweepId);
    const double lrs[] = {0.0012, 0.0025, 0.004, 0.0091};
    const double decays[] = {0.02, 0.3, 0.11, 0.45};
    QList<qint64> inSweep, alone;
    for (int i = 0; i < 4; ++i) {
        const QByteArray config = QStringLiteral(R"({"optim": {"lr": %1, "weight_decay": %2}})")
                                      .arg(lrs[i])
                                      .arg(decays[i])
                                      .toUtf8();
        for (qint64 sweep : {*sweepId, qint64(0)}) {
            store::NewRun run;
            run.name = QStringLiteral("lr %1").arg(lrs[i]);
            run.configJson = config;
            run.sweepId = sweep;
            const qint64 id = m_store->createRun(run).value_or(0);
            QVERIFY(id > 0);
            m_store->addMetrics(id, {{"val/top1", 10, 1, 0, 0.5 + 0.01 * i}});
            (sweep ? inSweep : alone) << id;
        }
    }
    SweepView view(m_store.get());
    view.resize(1000, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setRuns(inSweep);
    QVERIFY2(view.isAvailable(), qPrintable(view.reason()));
    const QStringList varied = view.table()->varied();
    const auto axisOf = [&view, &varied](const char *key) { return view.table()->axes()[size_t(varied.indexOf(key))]; };
    QVERIFY(varied.contains("optim.lr") && varied.contains("optim.weight_decay"));
    QCOMPARE(axisOf("optim.lr").kind(), SweepAxis::Kind::Log);
    QCOMPARE(axisOf("optim.weight_decay").kind(), SweepAxis::Kind::Linear);  // uniform: 0.02 … 0.45 stays linear
    QCOMPARE(view.scatterPlots()->rect(QStringLiteral("optim.lr"))->axis(QCPAxis::atBottom)->scaleType(),
             QCPAxis::stLogarithmic);
    test::screenshot(&view, QStringLiteral("sweep-view-log-uniform.png"));
    view.setRuns(alone);
    QVERIFY2(view.isAvailable(), qPrintable(view.reason()));
    QCOMPARE(view.table()->axes()[size_t(view.table()->varied().indexOf("optim.lr"))].kind(), SweepAxis::Kind::Linear);
    QCOMPARE(view.scatterPlots()->rect(QStringLiteral("optim.lr"))->axis(QCPAxis::atBottom)->scaleType(),
             QCPAxis::stLinear);
}

GATEFOLD_TEST_MAIN(TstSweepView)
#include "tst_sweepview.moc"
