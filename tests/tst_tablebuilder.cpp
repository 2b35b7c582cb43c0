// The table builder dialog (offscreen) on a store the test writes: the
// preview's cells and bold best, adding, formatting and moving columns,
// grouping by a setting, a paper preset's headers and sections, saving
// LaTeX/CSV/spec and loading a spec back, and a bad spec refused. Latency
// and throughput are timed by a real gatefold-cli child while the dialog's
// event loop keeps turning ("measuring…", then the numbers); without an
// engine the cells say why. With $GATEFOLD_SCREENSHOTS set, pictures of the
// dialog are saved there.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "screenshot.h"
#include <QtTest/QtTest>

#include "store/runstore.h"
#include "tables/tablewriters.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"
#include "widgets/tablebuilder.h"

#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFont>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTimer>
#endif

using namespace gatefold;

using gatefold::test::screenshot;

namespace {

const QString kTableEngine = QStringLiteral(GATEFOLD_CLI_PATH);

QByteArray configWith(const std::vector<std::string> &assignments, qint64 seed)
{
    train::RunConfig c = train::demoRun();
    for (const auto &a : assignments) {
        std::string why;
        if (!config::applyAssignment(c, a, &why))
            qFatal("bad assignment %s", a.c_str());
    }
    c.train.seed = std::uint64_t(seed);
    return train::runConfigToJson(c);
}

qint64 addRun(store::RunStore &s, const QString &name, const QByteArray &config, qint64 seed, const std::vector<double> &top1)
{
    store::NewRun n;
    n.name = name;
    n.configJson = config;
    n.seed = seed;
    const qint64 id = s.createRun(n).value();
    std::vector<store::MetricPoint> points;
    for (size_t i = 0; i < top1.size(); ++i)
        points.push_back({QStringLiteral("val/top1"), qint64(i + 1) * 100, double(i + 1), 0.0, top1[i]});
    points.push_back({QStringLiteral("val/loss"), 100, 1.0, 0.0, 1.0 - top1.back()});
    s.addMetrics(id, points);
    return id;
}

} // namespace

class TstTableBuilder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void previewShowsGroupsAndBold();
    void columnsAddFormatMove();
    void presetAndFiles();
    void latencyTimedByTheEngine();
    void latencyWithoutAnEngineSaysWhy();
    void significanceAgainstABaseline();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<store::RunStore> m_store;
    QList<qint64> m_ids;
};

void TstTableBuilder::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    m_store = store::RunStore::open(m_dir.filePath(QStringLiteral("runs.sqlite")), &error);
    QVERIFY2(m_store, qPrintable(error));
    m_ids << addRun(*m_store, "vit seed=0", configWith({}, 0), 0, {0.6, 0.80});
    m_ids << addRun(*m_store, "vit seed=1", configWith({}, 1), 1, {0.6, 0.84});
    m_ids << addRun(*m_store, "cde_soft & 100%", configWith({"gate.kind=cde", "gate.codebook_size=64"}, 0), 0, {0.7, 0.90});
    m_ids << addRun(*m_store, "cde_soft & 100%", configWith({"gate.kind=cde", "gate.codebook_size=64"}, 1), 1, {0.7, 0.86});
}

void TstTableBuilder::previewShowsGroupsAndBold()
{
    widgets::TableBuilder b(m_store.get(), m_ids, kTableEngine);
    b.show();
    QVERIFY(b.problem().isEmpty());
    QStandardItemModel *m = b.previewModel();
    QCOMPARE(m->rowCount(), 2);
    QCOMPARE(m->columnCount(), 4);  // name, runs, val/top1 best, val/top1 last
    QCOMPARE(m->horizontalHeaderItem(2)->text(), QStringLiteral("val/top1 (best, %)"));
    QCOMPARE(m->item(0, 0)->text(), QStringLiteral("vit"));
    QCOMPARE(m->item(0, 1)->text(), QStringLiteral("2"));
    QCOMPARE(m->item(0, 2)->text(), QStringLiteral("82.00 ± 2.83"));  // sample std of 0.80, 0.84
    QCOMPARE(m->item(1, 2)->text(), QStringLiteral("88.00 ± 2.83"));
    QVERIFY(m->item(1, 2)->font().bold());
    QVERIFY(!m->item(0, 2)->font().bold());
    QVERIFY(b.latex().contains(QStringLiteral("cde\\_soft \\& 100\\% & 2 & \\textbf{88.00 $\\pm$ 2.83}")));
    screenshot(&b, QStringLiteral("tablebuilder-default.png"));
}

void TstTableBuilder::columnsAddFormatMove()
{
    widgets::TableBuilder b(m_store.get(), m_ids, kTableEngine);
    b.show();
    QStringList problems;
    b.addColumn(tables::columnsFromText(QStringLiteral("config:gate.kind"), &problems)->front());
    b.addColumn(tables::columnsFromText(QStringLiteral("params"), &problems)->front());
    QCOMPARE(b.previewModel()->columnCount(), 6);
    QCOMPARE(b.previewModel()->item(1, 4)->text(), QStringLiteral("cde"));
    // The selected column (params) through the format widgets: no scale change, 0 decimals, thousands.
    auto *decimals = b.findChild<QSpinBox *>(QStringLiteral("decimals"));
    QVERIFY(decimals);
    decimals->setValue(3);
    QCOMPARE(b.spec().columns.back().format.decimals, 3);
    const QString params = b.previewModel()->item(0, 5)->text();
    QVERIFY2(QRegularExpression(QStringLiteral("^0\\.\\d{3}$")).match(params).hasMatch(), qPrintable(params));  // M params, 3 decimals
    // Move gate.kind to the front.
    b.moveColumn(4, 3);
    b.moveColumn(3, 2);
    b.moveColumn(2, 1);
    b.moveColumn(1, 0);
    QCOMPARE(b.previewModel()->horizontalHeaderItem(0)->text(), QStringLiteral("gate.kind"));
    QCOMPARE(b.previewModel()->item(0, 0)->text(), QStringLiteral("none"));
    QVERIFY(b.latex().contains(QStringLiteral("gate.kind & Run & Runs")));
    // Group by a setting.
    auto *grouping = b.findChild<QComboBox *>(QStringLiteral("grouping"));
    auto *groupKey = b.findChild<QComboBox *>(QStringLiteral("groupKey"));
    QVERIFY(grouping && groupKey);
    grouping->setCurrentIndex(1);  // each run
    QCOMPARE(b.previewModel()->rowCount(), 4);
    grouping->setCurrentIndex(2);  // a setting
    groupKey->setCurrentText(QStringLiteral("gate.kind"));
    QCOMPARE(b.spec().groupKey, QStringLiteral("gate.kind"));
    QCOMPARE(b.previewModel()->rowCount(), 2);
    QCOMPARE(b.previewModel()->item(1, 1)->text(), QStringLiteral("gate.kind=cde"));
    screenshot(&b, QStringLiteral("tablebuilder-columns.png"));
    // Picking a loss suggests its lowest value.
    auto *metric = b.findChild<QComboBox *>(QStringLiteral("addMetric"));
    auto *stat = b.findChild<QComboBox *>(QStringLiteral("metricStat"));
    QVERIFY(metric && stat);
    metric->setCurrentText(QStringLiteral("val/loss"));
    QCOMPARE(stat->currentData().toString(), QStringLiteral("min"));
    metric->setCurrentText(QStringLiteral("val/top1"));
    QCOMPARE(stat->currentData().toString(), QStringLiteral("max"));
}

void TstTableBuilder::presetAndFiles()
{
    widgets::TableBuilder b(m_store.get(), m_ids, kTableEngine);
    b.show();
    QVERIFY(b.applyPreset(QStringLiteral("join-table6")));
    QStandardItemModel *m = b.previewModel();
    QCOMPARE(m->columnCount(), 5);  // the section, then the paper's four
    QCOMPARE(m->horizontalHeaderItem(1)->text(), QStringLiteral("Method"));
    QCOMPARE(m->horizontalHeaderItem(4)->text(), QStringLiteral("Top-1 (%)"));
    QCOMPARE(m->rowCount(), 9);
    QCOMPARE(m->item(3, 0)->text(), QStringLiteral("Block-2"));
    QVERIFY(b.latex().contains(QStringLiteral("\\multicolumn{4}{l}{\\textit{Block-3}}")));
    screenshot(&b, QStringLiteral("tablebuilder-preset.png"));
    auto *tabs = b.findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(1);
    auto *latexView = b.findChild<QPlainTextEdit *>();
    QVERIFY(latexView);
    QCOMPARE(latexView->toPlainText(), b.latex());
    screenshot(&b, QStringLiteral("tablebuilder-latex.png"));

    QVERIFY(b.applyPreset(QStringLiteral("cde-table2")));
    QCOMPARE(b.previewModel()->horizontalHeaderItem(3)->text(), QStringLiteral("top-k"));
    // The demo-shaped ViT runs fill the baseline row.
    QCOMPARE(b.previewModel()->item(0, 6)->text(), QStringLiteral("82.0 ± 2.8"));

    QString error;
    const QString tex = m_dir.filePath(QStringLiteral("t.tex"));
    const QString csv = m_dir.filePath(QStringLiteral("t.csv"));
    const QString spec = m_dir.filePath(QStringLiteral("t.json"));
    QVERIFY2(b.saveLatex(tex, &error), qPrintable(error));
    QVERIFY2(b.saveCsv(csv, &error), qPrintable(error));
    QVERIFY2(b.saveSpec(spec, &error), qPrintable(error));
    QFile f(tex);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), b.latex());
    QVERIFY(!b.saveLatex(QStringLiteral("/nonexistent-dir/t.tex"), &error));
    QVERIFY(error.contains(QStringLiteral("/nonexistent-dir/t.tex")));

    widgets::TableBuilder other(m_store.get(), m_ids, kTableEngine);
    QVERIFY2(other.loadSpec(spec, &error), qPrintable(error));
    QCOMPARE(other.latex(), b.latex());
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile badFile(bad);
    QVERIFY(badFile.open(QIODevice::WriteOnly));
    badFile.write(R"({"columns": [{"source": "nope"}]})");
    badFile.close();
    const QString before = other.latex();
    QVERIFY(!other.loadSpec(bad, &error));
    QVERIFY2(error.contains(QStringLiteral("unknown source")), qPrintable(error));
    QCOMPARE(other.latex(), before);  // the refused spec changed nothing
}

void TstTableBuilder::latencyTimedByTheEngine()
{
    widgets::TableBuilder b(m_store.get(), m_ids, kTableEngine);
    b.show();
    QStringList problems;
    b.addColumn(tables::columnsFromText(QStringLiteral("latency"), &problems)->front());
    // At once, without waiting for anything: the cells say the engine measures them.
    QStandardItemModel *m = b.previewModel();
    QCOMPARE(m->columnCount(), 5);
    QCOMPARE(m->item(0, 4)->text(), QStringLiteral("measuring…"));
    QCOMPARE(m->item(1, 4)->text(), QStringLiteral("measuring…"));
    QVERIFY(b.table()->rows[0].cells[4].pending);
    QVERIFY(b.latex().contains(QStringLiteral("--")));  // a table saved now has no number there yet
    screenshot(&b, QStringLiteral("tablebuilder-measuring.png"));

    // The window's event loop keeps turning while a gatefold-cli child times the two architectures: a
    // 10 ms timer fires all along, never held up for long.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, longestGap = 0;
    int ticks = 0, ticksWhileMeasuring = 0;
    QTimer tick;
    connect(&tick, &QTimer::timeout, this, [&] {
        longestGap = std::max(longestGap, clock.elapsed() - last);
        last = clock.elapsed();
        ++ticks;
        ticksWhileMeasuring += b.isMeasuring() ? 1 : 0;
    });
    tick.start(10);
    QTRY_VERIFY_WITH_TIMEOUT(b.table() && b.table()->pendingCells() == 0, 120000);
    tick.stop();
    QVERIFY2(ticksWhileMeasuring >= 10, qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticksWhileMeasuring).arg(clock.elapsed())));
    QVERIFY2(longestGap < 1000, qPrintable(QStringLiteral("the event loop stood still for %1 ms").arg(longestGap)));

    // The numbers, each of its architecture (the seeds of one share one measurement), the lower in bold.
    const auto &rows = b.table()->rows;
    for (int r : {0, 1}) {
        const auto &cell = rows[size_t(r)].cells[4];
        QVERIFY(!cell.missing && cell.problem.isEmpty());
        QVERIFY2(cell.mean > 0.01 && cell.mean < 2000.0, qPrintable(QString::number(cell.mean)));
        QCOMPARE(cell.std, 0.0);
        QCOMPARE(m->item(r, 4)->text().toDouble(), QString::number(cell.mean, 'f', 2).toDouble());
    }
    QVERIFY(m->item(0, 4)->font().bold() != m->item(1, 4)->font().bold());
    QTRY_VERIFY(!b.isMeasuring());
    screenshot(&b, QStringLiteral("tablebuilder-latency.png"));
    // Asked again (another column order), the numbers are known: nothing is timed twice.
    b.moveColumn(4, 3);
    QCOMPARE(b.table()->pendingCells(), 0);
    QVERIFY(!b.isMeasuring());
}

void TstTableBuilder::latencyWithoutAnEngineSaysWhy()
{
    const QString missing = m_dir.filePath(QStringLiteral("no-such-gatefold-cli"));
    widgets::TableBuilder b(m_store.get(), m_ids, missing);
    b.show();
    QStringList problems;
    b.addColumn(tables::columnsFromText(QStringLiteral("throughput"), &problems)->front());
    QCOMPARE(b.previewModel()->item(0, 4)->text(), QStringLiteral("measuring…"));
    QTRY_VERIFY_WITH_TIMEOUT(!b.table()->rows[0].cells[4].problem.isEmpty(), 20000);
    const QString shown = b.previewModel()->item(0, 4)->text();
    QVERIFY2(shown.contains(missing) && shown.contains(QStringLiteral("could not be started")), qPrintable(shown));
    QCOMPARE(b.previewModel()->item(0, 4)->toolTip(), b.table()->rows[0].cells[4].problem);
    // The other columns are there as ever; the table can still be saved, the cell empty.
    QCOMPARE(b.previewModel()->item(0, 2)->text(), QStringLiteral("82.00 ± 2.83"));
    QVERIFY(b.latex().contains(QStringLiteral("--")));
}


// Issue 21 through the dialog's own widgets: the baseline chooser lists the rows, a row of the same
// seeds 5.33 points better is marked ▲ with the difference and p in its tooltip (numbers as
// tests/tablesignificance_reference.py's "paired" row), a one-run row is tinted and untested, alpha
// and the spread change the preview, the LaTeX and CSV carry the marks and numbers.
void TstTableBuilder::significanceAgainstABaseline()
{
    QString error;
    auto s = store::RunStore::open(m_dir.filePath(QStringLiteral("significance.sqlite")), &error);
    QVERIFY2(s, qPrintable(error));
    const double vit[] = {0.70, 0.72, 0.71}, cde[] = {0.75, 0.78, 0.76};
    QList<qint64> ids;
    for (int seed = 0; seed < 3; ++seed) {
        ids << addRun(*s, QStringLiteral("vit"), configWith({}, seed), seed, {0.5, vit[seed]});
        ids << addRun(*s, QStringLiteral("cde"), configWith({"gate.kind=cde", "gate.codebook_size=64"}, seed), seed,
                      {0.5, cde[seed]});
    }
    ids << addRun(*s, QStringLiteral("one"), configWith({"gate.kind=cde", "gate.codebook_size=32"}, 0), 0, {0.5, 0.9});
    widgets::TableBuilder b(s.get(), ids, kTableEngine);
    b.show();
    auto *baseline = b.findChild<QComboBox *>(QStringLiteral("baseline"));
    auto *spread = b.findChild<QComboBox *>(QStringLiteral("spread"));
    auto *alpha = b.findChild<QDoubleSpinBox *>(QStringLiteral("alpha"));
    QVERIFY(baseline && spread && alpha);
    QCOMPARE(baseline->count(), 4);  // None, then the rows
    QCOMPARE(baseline->itemText(1), QStringLiteral("vit"));
    QCOMPARE(baseline->itemText(3), QStringLiteral("one"));
    QVERIFY(!alpha->isEnabled());
    QStandardItemModel *m = b.previewModel();
    QVERIFY(!m->item(1, 3)->text().contains(QStringLiteral("▲")));  // no baseline, no marks

    baseline->setCurrentIndex(1);
    QCOMPARE(b.spec().baseline, QStringLiteral("vit"));
    QVERIFY(alpha->isEnabled());
    QVERIFY(b.problem().isEmpty());
    QCOMPARE(m->item(1, 3)->text(), QStringLiteral("76.33 ± 1.53 ▲"));
    const QString tip = m->item(1, 3)->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("Significantly better than the baseline: difference 5.33 (95 % CI 3.90 to 6.77), "
                                         "p = 0.00388 at α = 0.05; paired t-test by seed (t = 16, df = 2).")),
             qPrintable(tip));
    QVERIFY(m->item(0, 3)->toolTip().contains(QStringLiteral("The baseline row")));
    QCOMPARE(m->item(0, 1)->background().color(), QColor(60, 130, 220, 60));  // the whole baseline row tinted
    QVERIFY(!m->item(0, 3)->text().contains(QStringLiteral("▲")));
    // One run: no test, no mark, tinted, why in the tooltip.
    QCOMPARE(m->item(2, 3)->text(), QStringLiteral("90.00"));
    QVERIFY(m->item(2, 3)->toolTip().contains(QStringLiteral("One run: no interval and no test.")));
    QVERIFY(m->item(2, 3)->toolTip().contains(QStringLiteral("Not tested against the baseline")));
    QCOMPARE(m->item(2, 3)->background().color(), QColor(240, 200, 40, 90));
    QVERIFY(m->item(1, 3)->background() == QBrush());  // three runs: no tint
    QVERIFY(b.latex().contains(QStringLiteral("76.33 $\\pm$ 1.53$^{\\blacktriangle}$")));
    QVERIFY(b.latex().contains(QStringLiteral("than the baseline, vit, at $\\alpha = 0.05$")));
    QVERIFY(b.csv().contains(QStringLiteral(",paired,better")));
    screenshot(&b, QStringLiteral("tablebuilder-significance.png"));

    // A stricter alpha: p = 0.0039 is no longer significant.
    alpha->setValue(0.001);
    QCOMPARE(b.spec().alpha, 0.001);
    QCOMPARE(m->item(1, 3)->text(), QStringLiteral("76.33 ± 1.53"));
    QVERIFY(m->item(1, 3)->toolTip().contains(QStringLiteral("Not significantly different")));
    // ± the 95 % interval: (80.1279 − 72.5388) / 2 = 3.79.
    spread->setCurrentIndex(1);
    QCOMPARE(b.spec().spread, tables::Spread::Ci95);
    QCOMPARE(m->item(1, 3)->text(), QStringLiteral("76.33 ± 3.79"));
    // The spec keeps the choices; loaded into another dialog, the chooser shows them.
    const QString specPath = m_dir.filePath(QStringLiteral("significance.json"));
    QVERIFY2(b.saveSpec(specPath, &error), qPrintable(error));
    widgets::TableBuilder other(s.get(), ids, kTableEngine);
    QVERIFY2(other.loadSpec(specPath, &error), qPrintable(error));
    QCOMPARE(other.findChild<QComboBox *>(QStringLiteral("baseline"))->currentText(), QStringLiteral("vit"));
    QCOMPARE(other.findChild<QDoubleSpinBox *>(QStringLiteral("alpha"))->value(), 0.001);
    QCOMPARE(other.findChild<QComboBox *>(QStringLiteral("spread"))->currentIndex(), 1);
    // Rows by each run: "vit" names three rows now; the chooser says so, the preview says why, None still works.
    b.findChild<QComboBox *>(QStringLiteral("grouping"))->setCurrentIndex(1);
    QVERIFY2(b.problem().contains(QStringLiteral("baseline 'vit' names 3 rows")), qPrintable(b.problem()));
    QCOMPARE(baseline->currentText(), QStringLiteral("vit (no such row)"));
    baseline->setCurrentIndex(0);
    QVERIFY(b.problem().isEmpty());
    QCOMPARE(b.previewModel()->rowCount(), 7);
    b.findChild<QComboBox *>(QStringLiteral("grouping"))->setCurrentIndex(0);
    // None again: no tests.
    baseline->setCurrentIndex(0);
    QVERIFY(b.spec().baseline.isEmpty());
    QVERIFY(!alpha->isEnabled());
    QVERIFY(!b.csv().contains(QStringLiteral("verdict")));
}

GATEFOLD_TEST_MAIN(TstTableBuilder)
#include "tst_tablebuilder.moc"
