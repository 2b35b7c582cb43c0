// Truthful comparisons (issue 20), driven through the real widgets on real
// SQLite stores: Compare with runs as rows (the best of each metric bold and
// tinted, "—" for what a run has not measured, "only differences" in
// settingcomparison's order — settings that do not apply and bookkeeping left
// out — four runs fitting a 1000 px view either way round); Groups by several
// settings or all but seed, counting only runs that have the metric; the table
// builder's preview marking a row that pools runs differing in more than the
// seed. With $GATEFOLD_SCREENSHOTS set, pictures of the three are saved there.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these
#include "screenshot.h"
#include <QtTest/QtTest>

#include "config/fieldtable.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"
#include "store/runstore.h"
#include "widgets/compareview.h"
#include "widgets/groupview.h"
#include "widgets/tablebuilder.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTemporaryDir>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace comparegroups {

QByteArray runConfigOf(const char *preset, qint64 seed, const std::vector<std::string> &assignments)
{
    train::RunConfig c = *train::runPresetByName(preset);
    for (const auto &a : assignments) {
        std::string why;
        if (!config::applyAssignment(c, a, &why))
            qFatal("bad assignment %s: %s", a.c_str(), why.c_str());
    }
    c.train.seed = std::uint64_t(seed);
    return train::runConfigToJson(c);
}

// A finished run with val/top1 (and val/loss = 1 − top1) series; empty `top1` and `status`: a run that never measured.
qint64 addRun(store::RunStore &s, const QString &name, const QByteArray &json, qint64 seed, const std::vector<double> &top1,
              store::RunStatus status = store::RunStatus::Finished)
{
    store::NewRun n;
    n.name = name;
    n.configJson = json;
    n.seed = seed;
    const qint64 id = s.createRun(n).value();
    std::vector<store::MetricPoint> points;
    for (size_t i = 0; i < top1.size(); ++i) {
        points.push_back({QStringLiteral("val/top1"), qint64(i + 1) * 100, double(i + 1), 0.0, top1[i]});
        points.push_back({QStringLiteral("val/loss"), qint64(i + 1) * 100, double(i + 1), 0.0, 1.0 - top1[i]});
    }
    if (!points.empty() && !s.addMetrics(id, points))
        qFatal("addMetrics failed");
    if (status != store::RunStatus::Queued) {
        s.setStatus(id, store::RunStatus::Running);
        s.setStatus(id, status, status == store::RunStatus::Failed ? QStringLiteral("stopped") : QString());
    }
    return id;
}

QStringList horizontalHeaders(QTableWidget *t)
{
    QStringList out;
    for (int c = 0; c < t->columnCount(); ++c)
        out << t->horizontalHeaderItem(c)->text();
    return out;
}

int rowWith(QTableWidget *t, int column, const QString &text)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, column) && t->item(r, column)->text() == text)
            return r;
    return -1;
}

} // namespace comparegroups

using namespace comparegroups;

class TstCompareGroups : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void compareRunsAsRows();
    void groupsBySeveralKeysAndAllButSeed();
    void previewMarksAPooledRow();

private:
    QTemporaryDir m_dir;
};

void TstCompareGroups::compareRunsAsRows()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath(QStringLiteral("compare/runs.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    const QString longName = QStringLiteral("a sweep over the learning rate and the data size, run ");
    // lr splits 2/2, the data size 3/1, the seed 2/2 (last); the codebook size means nothing to these
    // ungated runs and threads are bookkeeping: neither is a difference.
    const std::vector<qint64> ids = {
        addRun(*store, longName + "one", runConfigOf("demo", 0, {"optim.lr=0.001", "data.train_size=256", "gate.codebook_size=64"}), 0, {0.50, 0.61}),
        addRun(*store, longName + "two", runConfigOf("demo", 1, {"optim.lr=0.001", "data.train_size=256", "compute.threads=3"}), 1, {0.55, 0.72}),
        addRun(*store, longName + "three", runConfigOf("demo", 0, {"optim.lr=0.003", "data.train_size=256"}), 0, {0.40, 0.58}),
        addRun(*store, longName + "four", runConfigOf("demo", 1, {"optim.lr=0.003", "data.train_size=512"}), 1, {},
               store::RunStatus::Queued),
    };
    CompareView view(store.get());
    view.resize(1000, 360);
    view.show();
    view.setRuns(QList<qint64>(ids.begin(), ids.end()));
    QTableWidget *t = view.table();
    QVERIFY(!view.runsAsColumns());
    QCOMPARE(t->rowCount(), 4);
    const QStringList headers = horizontalHeaders(t);
    QCOMPARE(headers.front(), QStringLiteral("val top-1 (last)"));
    // Only differences, most telling first, the seed last; nothing that does not apply or is bookkeeping.
    const int settings = int(headers.indexOf(QStringLiteral("processes"))) + 1;
    QCOMPARE(headers.mid(settings), (QStringList{"optim.lr", "data.train_size", "train.seed"}));
    // The runs in the vertical header: in view while the metrics and settings scroll.
    QTableWidgetItem *two = t->verticalHeaderItem(1);
    QCOMPARE(two->toolTip(), QStringLiteral("%1 %2two").arg(ids[1]).arg(longName));
    QVERIFY2(two->text().startsWith(QStringLiteral("%1 a sweep").arg(ids[1])) && two->text().endsWith(QChar(0x2026)),
             qPrintable(two->text()));  // elided, the full name in the tooltip
    // The best of each metric: highest top-1 (run two), lowest loss (run two); "—" for the queued run.
    const int last = int(headers.indexOf(QStringLiteral("val top-1 (last)")));
    const int loss = int(headers.indexOf(QStringLiteral("val loss (last)")));
    QCOMPARE(t->item(1, last)->text(), QStringLiteral("72.00 %"));
    QVERIFY(t->item(1, last)->font().bold());
    QVERIFY(!t->item(0, last)->font().bold() && !t->item(2, last)->font().bold());
    QVERIFY(t->item(1, last)->background().color().alpha() > 0);
    QVERIFY(t->item(1, loss)->font().bold());
    QCOMPARE(t->item(1, loss)->text(), QStringLiteral("0.28"));
    QVERIFY(!t->item(0, loss)->font().bold());
    QCOMPARE(t->item(3, last)->text(), QStringLiteral("—"));
    QVERIFY(!t->item(3, last)->font().bold());
    // Four runs in a 1000 px view: the names elided at kMaxRunWidth, the names and the five metrics in sight.
    QTRY_VERIFY(t->verticalHeader()->width() > 50);  // laid out
    QVERIFY2(t->verticalHeader()->width() <= CompareView::kMaxRunWidth, qPrintable(QString::number(t->verticalHeader()->width())));
    QVERIFY(t->fontMetrics().horizontalAdvance(two->toolTip()) > t->verticalHeader()->width());
    QVERIFY2(t->verticalHeader()->fontMetrics().horizontalAdvance(two->text()) <= t->verticalHeader()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(t->verticalHeader()->fontMetrics().horizontalAdvance(two->text()))
                            .arg(t->verticalHeader()->width())));
    for (int c = 0; c < t->columnCount(); ++c)
        QVERIFY(t->columnWidth(c) <= CompareView::kMaxRunWidth);
    QVERIFY2(t->columnViewportPosition(4) + t->columnWidth(4) <= t->viewport()->width(),
             qPrintable(QStringLiteral("%1 + %2 > %3").arg(t->columnViewportPosition(4)).arg(t->columnWidth(4)).arg(t->viewport()->width())));
    gatefold::test::screenshot(&view, QStringLiteral("compare-rows.png"));

    // Turned round: a column per run, all four in sight, full names in the header tooltips.
    view.setRunsAsColumns(true);
    QCoreApplication::processEvents();  // the headers' geometry, laid out again
    QCOMPARE(t->columnCount(), 4);
    QVERIFY(t->verticalHeader()->width() > 50);
    QCOMPARE(t->horizontalHeaderItem(2)->toolTip(), QStringLiteral("%1 %2three").arg(ids[2]).arg(longName));
    QVERIFY2(t->columnViewportPosition(3) + t->columnWidth(3) <= t->viewport()->width(),
             qPrintable(QStringLiteral("%1 + %2 > %3").arg(t->columnViewportPosition(3)).arg(t->columnWidth(3)).arg(t->viewport()->width())));
    QCOMPARE(t->verticalHeaderItem(0)->text(), QStringLiteral("val top-1 (last)"));
    QVERIFY(t->item(0, 1)->font().bold());
    // Every setting: the differing ones first, in the same order, and the rest after them.
    view.setOnlyDifferences(false);
    QStringList rows;
    for (int r = 0; r < t->rowCount(); ++r)
        rows << t->verticalHeaderItem(r)->text();
    const int lr = int(rows.indexOf(QStringLiteral("optim.lr")));
    QCOMPARE(rows.mid(lr, 3), (QStringList{"optim.lr", "data.train_size", "train.seed"}));
    QVERIFY(rows.indexOf(QStringLiteral("compute.threads")) > lr + 2);
    const int codebook = int(rows.indexOf(QStringLiteral("gate.codebook_size")));
    QVERIFY(codebook > lr + 2);
    QCOMPARE(t->item(codebook, 0)->text(), QStringLiteral("—"));  // does not apply to an ungated run
}

void TstCompareGroups::groupsBySeveralKeysAndAllButSeed()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath(QStringLiteral("groups/runs.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    // 2 lr × 2 seeds, one with other threads (bookkeeping); a queued and a failed run that never measured.
    addRun(*store, "a", runConfigOf("demo", 0, {"optim.lr=0.001"}), 0, {0.80});
    addRun(*store, "b", runConfigOf("demo", 1, {"optim.lr=0.001", "compute.threads=3"}), 1, {0.60});
    addRun(*store, "c", runConfigOf("demo", 0, {"optim.lr=0.003"}), 0, {0.50});
    addRun(*store, "d", runConfigOf("demo", 1, {"optim.lr=0.003"}), 1, {0.40});
    addRun(*store, "queued", runConfigOf("demo", 2, {"optim.lr=0.001"}), 2, {}, store::RunStatus::Queued);
    addRun(*store, "failed", runConfigOf("demo", 3, {"optim.lr=0.003", "data.train_size=512"}), 3, {}, store::RunStatus::Failed);
    GroupView groups(store.get());
    groups.resize(900, 320);
    groups.show();
    groups.setAllButSeed(true);
    QTableWidget *g = groups.table();
    QCOMPARE(g->rowCount(), 2);
    QCOMPARE(horizontalHeaders(g), (QStringList{"optim.lr", "Runs", "Best val/top1 (%)", "Last val/top1 (%)", "95 % CI (best)",
                                                "Δ vs baseline (95 % CI)", "p", "Test", "vs baseline", "Also differ in"}));
    const int alsoDiffer = g->columnCount() - 1;
    const int low = rowWith(g, 0, QStringLiteral("0.001"));
    const int high = rowWith(g, 0, QStringLiteral("0.003"));
    QVERIFY(low >= 0 && high >= 0);
    QCOMPARE(g->item(low, 1)->text(), QStringLiteral("2"));
    QCOMPARE(g->item(high, 1)->text(), QStringLiteral("2"));
    QCOMPARE(g->item(low, 2)->text(), QStringLiteral("70.00 ± 14.14"));
    QCOMPARE(g->item(high, 3)->text(), QStringLiteral("45.00 ± 7.07"));
    QCOMPARE(g->item(low, alsoDiffer)->text(), QString());
    QCOMPARE(groups.note(), QStringLiteral("2 runs without val/top1 not counted."));
    QVERIFY(!groups.keyList()->isEnabled());

    // Several keys from the list: lr and seed, one run a row.
    groups.setKeys({QStringLiteral("optim.lr")});
    QVERIFY(groups.keyList()->isEnabled());
    QListWidgetItem *seed = nullptr;
    for (int i = 0; i < groups.keyList()->count(); ++i)
        if (groups.keyList()->item(i)->text() == QLatin1String("train.seed"))
            seed = groups.keyList()->item(i);
    QVERIFY(seed);
    QCOMPARE(groups.keyList()->item(0)->text(), QStringLiteral("optim.lr"));  // the most telling first
    seed->setCheckState(Qt::Checked);
    QCOMPARE(groups.keys(), (QStringList{"optim.lr", "train.seed"}));
    QCOMPARE(g->rowCount(), 4);
    QCOMPARE(horizontalHeaders(g).mid(0, 3), (QStringList{"optim.lr", "train.seed", "Runs"}));
    for (int r = 0; r < 4; ++r)
        QCOMPARE(g->item(r, 2)->text(), QStringLiteral("1"));
    gatefold::test::screenshot(&groups, QStringLiteral("groups-keys.png"));

    // By the seed alone, each row mixes two learning rates: said in the row, tinted.
    groups.setKeys({QStringLiteral("train.seed")});
    QCOMPARE(g->rowCount(), 2);
    QCOMPARE(g->item(0, 1)->text(), QStringLiteral("2"));
    QCOMPARE(g->item(0, alsoDiffer)->text(), QStringLiteral("optim.lr"));
    QVERIFY(g->item(0, alsoDiffer)->background().color().alpha() > 0);
    QVERIFY(g->item(0, 1)->toolTip().contains(QStringLiteral("optim.lr")));
}

void TstCompareGroups::previewMarksAPooledRow()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath(QStringLiteral("table/runs.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    QList<qint64> ids;
    const char *settings[5][2] = {{"optim.lr=0.001", "data.train_size=256"}, {"optim.lr=0.003", "data.train_size=256"},
                                  {"optim.lr=0.01", "data.train_size=512"}, {"optim.lr=0.03", "data.train_size=512"},
                                  {"optim.lr=0.1", "data.train_size=1024"}};
    const double best[5] = {0.05, 0.08, 0.12, 0.31, 0.48};
    for (int i = 0; i < 5; ++i)
        ids << addRun(*store, QStringLiteral("cde-t2-soft-width"), runConfigOf("cde-t2-soft-width", i, {settings[i][0], settings[i][1]}),
                      i, {best[i]});
    ids << addRun(*store, QStringLiteral("cde-t2-vit"), runConfigOf("cde-t2-vit", 0, {}), 0, {0.15});
    ids << addRun(*store, QStringLiteral("cde-t2-vit"), runConfigOf("cde-t2-vit", 1, {}), 1, {0.17});
    TableBuilder builder(store.get(), ids, QStringLiteral(GATEFOLD_CLI_PATH));
    builder.resize(1100, 640);
    builder.show();
    QVERIFY(builder.applyPreset(QStringLiteral("cde-table2")));
    QVERIFY2(builder.table(), qPrintable(builder.problem()));
    QStandardItemModel *m = builder.previewModel();
    const int top1 = m->columnCount() - 1;
    QCOMPARE(m->item(1, 0)->text(), QStringLiteral("CDE-Soft"));
    QCOMPARE(m->item(1, top1)->text(), QStringLiteral("20.8 ± 18.3 †"));
    QVERIFY(!m->item(1, top1)->font().bold());
    QVERIFY(m->item(1, top1)->background().color().alpha() > 0);
    const QString tip = m->item(1, top1)->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("5 runs")) && tip.contains(QStringLiteral("optim.lr")) &&
                 tip.contains(QStringLiteral("data.train_size")),
             qPrintable(tip));
    QCOMPARE(m->item(0, top1)->text(), QStringLiteral("16.0 ± 1.4"));  // the ViT's two seeds: as before, and the best
    QVERIFY(m->item(0, top1)->font().bold());
    QVERIFY(builder.latex().contains(QStringLiteral("$^{\\dagger}$\\,mean over 5 runs that differ in")));
    bool said = false;  // the line under the preview
    for (const QLabel *label : builder.findChildren<QLabel *>())
        said = said || label->text().contains(QStringLiteral("runs differing in more than the seed; never bold"));
    QVERIFY(said);
    gatefold::test::screenshot(&builder, QStringLiteral("table-pooled.png"));
}

GATEFOLD_TEST_MAIN(TstCompareGroups)
#include "tst_comparegroups.moc"
