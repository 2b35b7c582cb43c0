#include <QtTest/QtTest>

#include "config/fieldtable.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"
#include "store/runstore.h"
#include "tables/computedtable.h"
#include "tables/tablepresets.h"
#include "tables/tablewriters.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>

// Tables that do not lie (issue 20): a row pooling runs that differ in more than
// the seed says so — n and the settings, never bold, a footnote in LaTeX, two
// columns in CSV — while rows of seeds keep their output; a row's numbers are
// over the runs that have the metric (queued and failed runs are not counted).
// Qt Core only: a real SQLite store written through the store's API.

using namespace gatefold;
using namespace gatefold::tables;

namespace {

// No latency or throughput column here: nothing to time.
class NoTimer : public CostTimer
{
public:
    TimedCost latencyMs(const QByteArray &, bool) override { return TimedCost::failed(QStringLiteral("not timed")); }
    TimedCost throughput(const QByteArray &, bool) override { return TimedCost::failed(QStringLiteral("not timed")); }
};

QByteArray presetConfig(const char *preset, qint64 seed, const std::vector<std::string> &assignments = {})
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

// A run with a val/top1 series (none: a queued or failed run that never measured).
qint64 addRun(store::RunStore &s, const QByteArray &config, qint64 seed, const std::vector<double> &top1,
              store::RunStatus status = store::RunStatus::Finished)
{
    store::NewRun n;
    n.name = QStringLiteral("run");
    n.configJson = config;
    n.seed = seed;
    const qint64 id = s.createRun(n).value();
    std::vector<store::MetricPoint> points;
    for (size_t i = 0; i < top1.size(); ++i)
        points.push_back({QStringLiteral("val/top1"), qint64(i + 1) * 100, double(i + 1), 0.0, top1[i]});
    if (!points.empty() && !s.addMetrics(id, points))
        qFatal("addMetrics failed");
    if (status != store::RunStatus::Queued) {
        s.setStatus(id, store::RunStatus::Running);
        s.setStatus(id, status, status == store::RunStatus::Failed ? QStringLiteral("boom") : QString());
    }
    return id;
}

double sampleStd(const std::vector<double> &v)
{
    double mean = 0;
    for (double x : v)
        mean += x / double(v.size());
    double ss = 0;
    for (double x : v)
        ss += (x - mean) * (x - mean);
    return std::sqrt(ss / double(v.size() - 1));
}

int columnOf(const ComputedTable &t, const QString &source)
{
    for (size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].source == source)
            return int(c);
    return -1;
}

// pdflatex on `document` in `dir`; empty when it compiled, else its log's tail.
QString compileLatex(const QString &document, const QString &dir)
{
    QFile tex(dir + QStringLiteral("/table.tex"));
    if (!tex.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write table.tex");
    tex.write(document.toUtf8());
    tex.close();
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral("pdflatex"), {"-interaction=nonstopmode", "-halt-on-error", "table.tex"});
    if (!p.waitForFinished(120000))
        return QStringLiteral("pdflatex did not finish");
    if (p.exitCode() != 0 || !QFileInfo(dir + QStringLiteral("/table.pdf")).size())
        return QString::fromUtf8(p.readAllStandardOutput()).right(1500);
    return QString();
}

} // namespace

class tst_tablehonesty : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The regression: 5 runs of one preset row with different learning rates and data
    // sizes were one bold "20.8 ± 17.1". Now n = 5, the two settings named, not bold, a footnote.
    void presetRowPoolingDifferentRunsSaysSo()
    {
        QString error;
        auto s = store::RunStore::open(m_dir.filePath(QStringLiteral("pooled.sqlite")), &error);
        QVERIFY2(s, qPrintable(error));
        const std::vector<double> best = {0.05, 0.08, 0.12, 0.31, 0.48};
        const char *settings[5][2] = {{"optim.lr=0.001", "data.train_size=256"}, {"optim.lr=0.003", "data.train_size=256"},
                                      {"optim.lr=0.01", "data.train_size=512"}, {"optim.lr=0.03", "data.train_size=512"},
                                      {"optim.lr=0.1", "data.train_size=1024"}};
        std::vector<qint64> ids;
        for (int i = 0; i < 5; ++i)
            ids.push_back(addRun(*s, presetConfig("cde-t2-soft-width", i, {settings[i][0], settings[i][1]}), i,
                                 {best[size_t(i)] / 2, best[size_t(i)]}));
        // A ViT row of two seeds only, one of them run with other threads (bookkeeping: no difference).
        ids.push_back(addRun(*s, presetConfig("cde-t2-vit", 0), 0, {0.10, 0.15}));
        ids.push_back(addRun(*s, presetConfig("cde-t2-vit", 1, {"compute.threads=3"}), 1, {0.10, 0.17}));
        NoTimer timer;
        const auto t = computeTable(*s, ids, tablePresetByName(QStringLiteral("cde-table2"))->spec, timer, &error);
        QVERIFY2(t, qPrintable(error));
        const int top1 = columnOf(*t, QStringLiteral("metric:val/top1"));
        QVERIFY(top1 >= 0);
        const TableRow &vit = t->rows[0];
        const TableRow &soft = t->rows[1];
        QCOMPARE(soft.runIds.size(), size_t(5));
        QCOMPARE(soft.counted, 5);
        QVERIFY(soft.pooled());
        QCOMPARE(QSet<QString>(soft.pooledKeys.begin(), soft.pooledKeys.end()),
                 (QSet<QString>{QStringLiteral("optim.lr"), QStringLiteral("data.train_size")}));
        QCOMPARE(soft.cells[size_t(top1)].n, 5);
        QVERIFY(std::abs(soft.cells[size_t(top1)].mean - 0.208) < 1e-12);
        QVERIFY(std::abs(soft.cells[size_t(top1)].std - sampleStd(best)) < 1e-12);
        // The highest mean of the table, yet not bold: it is no experiment's number.
        QVERIFY(soft.cells[size_t(top1)].mean > vit.cells[size_t(top1)].mean);
        for (const TableCell &cell : soft.cells)
            QVERIFY(!cell.bold);
        QVERIFY(!vit.pooled());
        QCOMPARE(vit.counted, 2);
        QVERIFY(vit.cells[size_t(top1)].bold);
        QCOMPARE(t->pooledRows(), 1);
        const QString note = pooledNote(soft);
        QVERIFY2(note.startsWith(QStringLiteral("mean over 5 runs that differ in ")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("optim.lr")) && note.contains(QStringLiteral("data.train_size")), qPrintable(note));

        const QString latex = writeLatex(*t);
        QVERIFY2(latex.contains(QStringLiteral("20.8 $\\pm$ 18.3$^{\\dagger}$ \\\\")), qPrintable(latex));
        QVERIFY2(latex.contains(QStringLiteral("\\textbf{16.0 $\\pm$ 1.4} \\\\")), qPrintable(latex));
        QVERIFY2(latex.contains(QStringLiteral("{\\footnotesize $^{\\dagger}$\\,mean over 5 runs that differ in ")),
                 qPrintable(latex));
        QVERIFY2(latex.contains(QStringLiteral("data.train\\_size")), qPrintable(latex));
        QCOMPARE(latex.count(QStringLiteral("\\dagger")), 2);  // the cell and its note

        const auto csv = parseCsv(writeCsv(*t));
        QVERIFY(csv);
        const QStringList header = csv->front();
        QCOMPARE(header.mid(header.size() - 2), (QStringList{"n", "pooled across (not only the seed)"}));
        const QStringList softLine = (*csv)[2];
        QCOMPARE(softLine[softLine.size() - 2], QStringLiteral("5"));
        QCOMPARE([&] { const QStringList k = softLine.back().split(QStringLiteral("; ")); return QSet<QString>(k.begin(), k.end()); }(),
                 (QSet<QString>{QStringLiteral("optim.lr"), QStringLiteral("data.train_size")}));
        QCOMPARE((*csv)[1][softLine.size() - 2], QStringLiteral("2"));   // the ViT row: its n, nothing pooled
        QCOMPARE((*csv)[1].back(), QString());

        if (QStandardPaths::findExecutable(QStringLiteral("pdflatex")).isEmpty())
            QSKIP("pdflatex is not installed (apt-get install texlive-latex-base texlive-latex-recommended)");
        QTemporaryDir tex;
        const QString log = compileLatex(latexDocument(*t), tex.path());
        QVERIFY2(log.isEmpty(), qPrintable(log));
    }

    // Seeds only: today's output, byte for byte the same layout (no mark, no note, no extra CSV columns),
    // the best bold; a setting group (Grouping::Key) pooling other settings is flagged too.
    void seedsOnlyRowsKeepTheirOutput()
    {
        QString error;
        auto s = store::RunStore::open(m_dir.filePath(QStringLiteral("seeds.sqlite")), &error);
        QVERIFY2(s, qPrintable(error));
        const qint64 a = addRun(*s, presetConfig("cde-t2-soft-width", 0), 0, {0.70});
        const qint64 b = addRun(*s, presetConfig("cde-t2-soft-width", 1), 1, {0.74});
        const qint64 v = addRun(*s, presetConfig("cde-t2-vit", 0), 0, {0.65});
        NoTimer timer;
        const auto t = computeTable(*s, {a, b, v}, tablePresetByName(QStringLiteral("cde-table2"))->spec, timer, &error);
        QVERIFY2(t, qPrintable(error));
        const int top1 = columnOf(*t, QStringLiteral("metric:val/top1"));
        QCOMPARE(t->pooledRows(), 0);
        QCOMPARE(t->rows[1].counted, 2);
        QVERIFY(t->rows[1].cells[size_t(top1)].bold);
        QCOMPARE(cellText(t->rows[1].cells[size_t(top1)], t->columns[size_t(top1)]), QStringLiteral("72.0 ± 2.8"));
        const QString latex = writeLatex(*t);
        QVERIFY(latex.contains(QStringLiteral("\\textbf{72.0 $\\pm$ 2.8} \\\\")));
        QVERIFY(!latex.contains(QStringLiteral("dagger")) && !latex.contains(QStringLiteral("footnotesize")));
        QVERIFY(latex.endsWith(QStringLiteral("    \\bottomrule\n  \\end{tabular}\n\\end{table}\n")));
        const auto csv = parseCsv(writeCsv(*t));
        QVERIFY(csv);
        QCOMPARE(csv->front().size(), qsizetype(t->columns.size() + 1));  // + the top-1 std column
        QVERIFY(!csv->front().contains(QStringLiteral("n")));

        // Grouped by the gate: the two CDE seeds and a CDE run at another lr share "gate.kind=cde".
        const qint64 c = addRun(*s, presetConfig("cde-t2-soft-width", 2, {"optim.lr=0.01"}), 2, {0.30});
        TableSpec byGate;
        byGate.grouping = TableSpec::Grouping::Key;
        byGate.groupKey = QStringLiteral("gate.kind");
        ColumnSpec name, metric;
        name.source = QStringLiteral("name");
        metric.source = QStringLiteral("metric:val/top1");
        metric.best = Best::Max;
        byGate.columns = {name, metric};
        const auto g = computeTable(*s, {a, b, c, v}, byGate, timer, &error);
        QVERIFY2(g, qPrintable(error));
        QCOMPARE(g->rows.size(), size_t(2));
        QCOMPARE(g->rows[0].pooledKeys, QStringList{QStringLiteral("optim.lr")});
        QCOMPARE(g->rows[0].counted, 3);
        QVERIFY(!g->rows[0].cells[1].bold);
        QVERIFY(!g->rows[1].pooled());
        QVERIFY(g->rows[1].cells[1].bold);  // the ViT: the best of the rows that are one experiment
    }

    // A row's n is over the runs that have the metric: a queued run at another learning rate and a
    // failed one at another data size are neither counted nor make the row pooled.
    void runsWithoutTheMetricAreNotCounted()
    {
        QString error;
        auto s = store::RunStore::open(m_dir.filePath(QStringLiteral("queued.sqlite")), &error);
        QVERIFY2(s, qPrintable(error));
        const qint64 a = addRun(*s, presetConfig("cde-t2-soft-width", 0), 0, {0.70});
        const qint64 b = addRun(*s, presetConfig("cde-t2-soft-width", 1), 1, {0.74});
        const qint64 q = addRun(*s, presetConfig("cde-t2-soft-width", 2, {"optim.lr=0.01"}), 2, {}, store::RunStatus::Queued);
        const qint64 f = addRun(*s, presetConfig("cde-t2-soft-width", 3, {"data.train_size=512"}), 3, {},
                                store::RunStatus::Failed);
        TableSpec spec = tablePresetByName(QStringLiteral("cde-table2"))->spec;
        ColumnSpec runs, seeds;
        runs.source = QStringLiteral("runs");
        seeds.source = QStringLiteral("seeds");
        spec.columns.push_back(runs);
        spec.columns.push_back(seeds);
        NoTimer timer;
        const auto t = computeTable(*s, {a, b, q, f}, spec, timer, &error);
        QVERIFY2(t, qPrintable(error));
        const TableRow &soft = t->rows[1];
        QCOMPARE(soft.runIds.size(), size_t(4));  // the preset row matched all four
        QCOMPARE(soft.counted, 2);
        QVERIFY(!soft.pooled());
        const int top1 = columnOf(*t, QStringLiteral("metric:val/top1"));
        QCOMPARE(soft.cells[size_t(top1)].n, 2);
        QVERIFY(soft.cells[size_t(top1)].bold);
        QCOMPARE(soft.cells[size_t(columnOf(*t, QStringLiteral("runs")))].mean, 2.0);
        QCOMPARE(soft.cells[size_t(columnOf(*t, QStringLiteral("seeds")))].text, QStringLiteral("0, 1"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(tst_tablehonesty)
#include "tst_tablehonesty.moc"
