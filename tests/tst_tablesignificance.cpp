#include <QtTest/QtTest>

#include "config/fieldtable.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"
#include "store/runstore.h"
#include "tables/computedtable.h"
#include "tables/tablesignificance.h"
#include "tables/tablewriters.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>

// Significance in tables (issue 21): each row of seeds gets the 95 % interval of its mean; against a
// baseline row every other row's metric cells are tested (paired by seed where both rows hold the same
// seeds, Welch otherwise) and marked in LaTeX when significantly better or worse; CSV carries the
// numbers. The expected numbers come from tests/tablesignificance_reference.py (mpmath, textbook
// formulas), not from the code under test. `gatefold-cli table` as a child process; a real store.

using namespace gatefold;
using namespace gatefold::tables;

namespace {

const QString kCli = QStringLiteral(GATEFOLD_CLI_PATH);

class NoTimer : public CostTimer
{
public:
    TimedCost latencyMs(const QByteArray &, bool) override { return TimedCost::failed(QStringLiteral("not timed")); }
    TimedCost throughput(const QByteArray &, bool) override { return TimedCost::failed(QStringLiteral("not timed")); }
};

QByteArray vitConfig(const char *lr, qint64 seed)
{
    train::RunConfig c = *train::runPresetByName("cde-t2-vit");
    std::string why;
    if (!config::applyAssignment(c, std::string("optim.lr=") + lr, &why))
        qFatal("bad assignment: %s", why.c_str());
    c.train.seed = std::uint64_t(seed);
    return train::runConfigToJson(c);
}

// The rows of the reference script: a row per learning rate, its runs' final val/top1 by seed.
struct Row {
    const char *name;
    const char *lr;
    std::vector<std::pair<qint64, double>> seeds;
};
const std::vector<Row> kRows = {
    {"base", "0.001", {{0, 0.70}, {1, 0.72}, {2, 0.71}}},
    {"paired", "0.002", {{0, 0.75}, {1, 0.78}, {2, 0.76}}},
    {"welch", "0.003", {{0, 0.69}, {1, 0.74}, {2, 0.71}, {3, 0.73}}},
    {"worse", "0.004", {{0, 0.60}, {1, 0.63}, {2, 0.61}}},
    {"two", "0.005", {{0, 0.74}, {1, 0.77}}},
    {"single", "0.006", {{0, 0.80}}},
};

void fillStore(store::RunStore &s)
{
    for (const Row &row : kRows)
        for (const auto &[seed, top1] : row.seeds) {
            store::NewRun n;
            n.name = QString::fromLatin1(row.name);
            n.configJson = vitConfig(row.lr, seed);
            n.seed = seed;
            const qint64 id = s.createRun(n).value();
            if (!s.addMetrics(id, {{QStringLiteral("val/top1"), 100, 1.0, 0.0, top1}}))
                qFatal("addMetrics failed");
            s.setStatus(id, store::RunStatus::Running);
            s.setStatus(id, store::RunStatus::Finished);
        }
}

struct CliResult {
    int exitCode = -1;
    QString out, err;
};

CliResult runCli(const QStringList &args)
{
    QProcess p;
    p.start(kCli, args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
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

// The CSV record of the row named `name`, as header → field.
std::map<QString, QString> csvRow(const std::vector<QStringList> &records, const QString &name)
{
    std::map<QString, QString> out;
    for (size_t r = 1; r < records.size(); ++r)
        if (records[r].value(0) == name)
            for (int c = 0; c < records[0].size(); ++c)
                out[records[0][c]] = records[r].value(c);
    return out;
}

double number(const std::map<QString, QString> &row, const QString &key)
{
    const auto it = row.find(key);
    bool ok = false;
    const double v = it == row.end() ? std::nan("") : it->second.toDouble(&ok);
    return ok ? v : std::nan("");
}

#include "tst_tablesignificance_main.inc"

} // namespace

class tst_tablesignificance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void csvCarriesTheTests();
    void csvIntervalsWithCi95();
    void latexMarksCompile();
    void fewRunsWarned();
    void badOptionsRefused();
    void defaultOutputUnchanged();
    void specRoundTrip();
    void pooledRowTestedAndSaysSo();

private:
    QStringList tableArgs(const QStringList &more) const
    {
        return QStringList{"table", "--store", m_storePath, "--all", "--columns", "name,runs,metric:val/top1:last"} + more;
    }
    QTemporaryDir m_dir;
    QString m_storePath;
};

void tst_tablesignificance::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_storePath = m_dir.filePath(QStringLiteral("runs.sqlite"));
    {
        QString error;
        auto s = store::RunStore::open(m_storePath, &error);
        QVERIFY2(s, qPrintable(error));
        fillStore(*s);
    }
    // GATEFOLD_TABLESIG_STORE=FILE keeps a copy (to run another build's `table` on the same store).
    if (const QByteArray keep = qgetenv("GATEFOLD_TABLESIG_STORE"); !keep.isEmpty())
        QVERIFY(QFile::copy(m_storePath, QString::fromLocal8Bit(keep)));
}

// Each row against "base" by seed, every number from the reference script within 1e-9 (percent points).
void tst_tablesignificance::csvCarriesTheTests()
{
    const CliResult r = runCli(tableArgs({"--format", "csv", "--baseline", "base"}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto records = parseCsv(r.out);
    QVERIFY(records && records->size() == 7);
    const QString h = QStringLiteral("val/top1 (last, %)");
    QStringList expectedHeader = {"Run", "Runs", h, h + " std"};
    for (const char *k : {"n", "ci_low", "ci_high", "diff", "diff_ci_low", "diff_ci_high", "t", "df", "p", "test", "verdict"})
        expectedHeader << h + ' ' + QLatin1String(k);
    QCOMPARE(records->front(), expectedHeader);
    struct Expected {
        const char *row, *test, *verdict;
        double diff, lo, hi, t, df, p, ciLow, ciHigh;
    };
    const Expected expected[] = {
        {"paired", "paired", "better", 5.3333333333333333, 3.8991157567501787, 6.767550909916488, 16.0, 2,
         0.0038835098164954704, 72.538750299736572, 80.127916366930095},
        {"welch", "welch", "not significant", 0.75, -2.6087451160196427, 4.1087451160196427, 0.6, 4.3661060802069858,
         0.57826826049513812, 68.221692141069302, 75.278307858930698},
        {"worse", "paired", "worse", -9.6666666666666667, -11.100884243249821, -8.232449090083512, -29.0, 2,
         0.0011869440384785614, 57.538750299736572, 65.127916366930095},
        {"two", "welch", "not significant", 4.5, -7.4941573931007659, 16.494157393100766, 2.7997695757721482,
         1.3039348710990502, 0.16906640981247962, 56.440692895737943, 94.559307104262057},
    };
    for (const Expected &e : expected) {
        const auto row = csvRow(*records, QString::fromLatin1(e.row));
        QVERIFY2(!row.empty(), e.row);
        QCOMPARE(row.at(h + " test"), QString::fromLatin1(e.test));
        QCOMPARE(row.at(h + " verdict"), QString::fromLatin1(e.verdict));
        const std::pair<const char *, double> numbers[] = {{" diff", e.diff}, {" diff_ci_low", e.lo}, {" diff_ci_high", e.hi},
                                                           {" t", e.t}, {" df", e.df}, {" p", e.p},
                                                           {" ci_low", e.ciLow}, {" ci_high", e.ciHigh}};
        for (const auto &[key, want] : numbers) {
            const double got = number(row, h + QLatin1String(key));
            QVERIFY2(std::fabs(got - want) <= 1e-9, qPrintable(QStringLiteral("%1%2: %3, expected %4")
                                                                   .arg(e.row, key).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
    }
    // The baseline row is marked as such; one run: no test ("—"), the difference of the means still given.
    const auto base = csvRow(*records, QStringLiteral("base"));
    QCOMPARE(base.at(h + " verdict"), QStringLiteral("baseline"));
    QCOMPARE(base.at(h + " p"), QString());
    QVERIFY(std::fabs(number(base, h + " ci_low") - 68.515862288249669) <= 1e-9);
    const auto single = csvRow(*records, QStringLiteral("single"));
    QCOMPARE(single.at(h + " verdict"), QStringLiteral("untested"));
    QCOMPARE(single.at(h + " p"), QStringLiteral("—"));
    QCOMPARE(single.at(h + " t"), QStringLiteral("—"));
    QCOMPARE(single.at(h + " ci_low"), QString());
    QCOMPARE(single.at(h + " n"), QStringLiteral("1"));
    QVERIFY(std::fabs(number(single, h + " diff") - 9.0) <= 1e-9);
    // A stricter alpha: the paired row (p = 0.0039) is no longer significant, the worse one (p = 0.0012) still is.
    const CliResult strict = runCli(tableArgs({"--format", "csv", "--baseline", "base", "--alpha", "0.002"}));
    QVERIFY2(strict.exitCode == 0, qPrintable(strict.err));
    const auto strictRecords = parseCsv(strict.out);
    QVERIFY(strictRecords);
    QCOMPARE(csvRow(*strictRecords, "paired").at(h + " verdict"), QStringLiteral("not significant"));
    QCOMPARE(csvRow(*strictRecords, "worse").at(h + " verdict"), QStringLiteral("worse"));
}

// ± 95 % CI: the cells show the interval's half-width, the CSV its ends; no test columns without a baseline.
void tst_tablesignificance::csvIntervalsWithCi95()
{
    const CliResult r = runCli(tableArgs({"--format", "csv", "--spread", "ci95"}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto records = parseCsv(r.out);
    QVERIFY(records && records->size() == 7);
    const QString h = QStringLiteral("val/top1 (last, %)");
    QCOMPARE(records->front(), (QStringList{"Run", "Runs", h, h + " std", h + " n", h + " ci_low", h + " ci_high"}));
    const auto paired = csvRow(*records, "paired");
    QVERIFY(std::fabs(number(paired, h + " ci_low") - 72.538750299736572) <= 1e-9);
    QVERIFY(std::fabs(number(paired, h + " ci_high") - 80.127916366930095) <= 1e-9);

    NoTimer timer;
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    QVERIFY2(s, qPrintable(error));
    TableSpec spec;
    spec.columns = *columnsFromText(QStringLiteral("name,metric:val/top1:last"), nullptr);
    spec.spread = Spread::Ci95;
    std::vector<qint64> ids;
    for (qint64 i = 1; i <= 16; ++i)
        ids.push_back(i);
    const auto t = computeTable(*s, ids, spec, timer, &error);
    QVERIFY2(t, qPrintable(error));
    // paired: mean 76.33, half-width (80.1279 − 72.5388) / 2 = 3.79; the std would be 1.53.
    QCOMPARE(cellText(t->rows[1].cells[1], t->columns[1], t->spread), QStringLiteral("76.33 ± 3.79"));
    QCOMPARE(cellText(t->rows[1].cells[1], t->columns[1]), QStringLiteral("76.33 ± 1.53"));
    QVERIFY(writeLatex(*t).contains(QStringLiteral("76.33 $\\pm$ 3.79")));
    QVERIFY(writeLatex(*t).contains(QStringLiteral("half-width of the 95\\,\\% confidence interval")));
}

// Marks on the significant cells only, the baseline named, the footnote with the test and alpha; it compiles.
void tst_tablesignificance::latexMarksCompile()
{
    const CliResult r = runCli(tableArgs({"--baseline", "base", "--spread", "ci95"}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.split('\n');
    auto line = [&](const QString &start) {
        for (const QString &l : lines)
            if (l.trimmed().startsWith(start))
                return l;
        return QString();
    };
    QVERIFY(r.out.startsWith(QStringLiteral("% needs \\usepackage{booktabs} and \\usepackage{amssymb}")));
    QVERIFY2(line("paired &").contains(QStringLiteral("$^{\\blacktriangle}$")), qPrintable(line("paired &")));
    QVERIFY2(line("worse &").contains(QStringLiteral("$^{\\blacktriangledown}$")), qPrintable(line("worse &")));
    for (const char *plain : {"welch &", "two &", "single &", "base\\,(baseline) &"}) {
        QVERIFY2(!line(plain).isEmpty(), plain);
        QVERIFY2(!line(plain).contains(QStringLiteral("blacktriangle")), qPrintable(line(plain)));
    }
    // Fewer than three runs: the few-runs mark, on "two" and "single" alone.
    QVERIFY(line("two &").contains(QStringLiteral("$^{\\ast}$")));
    QVERIFY(line("single &").contains(QStringLiteral("$^{\\ast}$")));
    QVERIFY(!line("paired &").contains(QStringLiteral("$^{\\ast}$")));
    QVERIFY(r.out.contains(QStringLiteral("significantly better/worse than the baseline, base, at $\\alpha = 0.05$: "
                                          "two-sided Welch's $t$-test over the runs' values, paired by seed")));
    QVERIFY(r.out.contains(QStringLiteral("fewer than 3 runs")));
    if (QStandardPaths::findExecutable(QStringLiteral("pdflatex")).isEmpty())
        QSKIP("pdflatex is not installed");
    QTemporaryDir dir;
    const QString doc = QStringLiteral("\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{amssymb}\n"
                                       "\\begin{document}\n%1\\end{document}\n").arg(r.out);
    const QString log = compileLatex(doc, dir.path());
    QVERIFY2(log.isEmpty(), qPrintable(log));
}

// Rows of one or two runs: a note on stderr; the summary of the tests too.
void tst_tablesignificance::fewRunsWarned()
{
    const CliResult r = runCli(tableArgs({"--format", "csv", "--baseline", "paired"}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("note: the row 'two' has 2 runs (fewer than 3): its interval and test are weak")),
             qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("note: the row 'single' has one run: no interval and no test")));
    QVERIFY(!r.err.contains(QStringLiteral("'welch' has")));
    // Against "paired": base and welch worse, two not significant; single (one run) untested, and so is
    // worse: worse − paired is −15 points on every seed, a difference without spread has no t.
    QVERIFY2(r.err.contains(QStringLiteral("baseline 'paired' (alpha 0.05): 0 cell(s) significantly better, 2 worse, "
                                           "1 not significant, 2 untested")),
             qPrintable(r.err));
    // Without statistics asked for, no notes.
    const CliResult plain = runCli(tableArgs({"--format", "csv"}));
    QCOMPARE(plain.err, QString());
}

void tst_tablesignificance::badOptionsRefused()
{
    const CliResult none = runCli(tableArgs({"--baseline", "vit"}));
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains(QStringLiteral("baseline 'vit' names no row; the rows are 'base', 'paired', 'welch', "
                                              "'worse', 'two', 'single'")), qPrintable(none.err));
    QCOMPARE(none.out, QString());
    const CliResult several = runCli(tableArgs({"--baseline", "e"}));  // base, paired, welch, worse, single
    QCOMPARE(several.exitCode, 2);
    QVERIFY2(several.err.contains(QStringLiteral("baseline 'e' names 5 rows; name one of")), qPrintable(several.err));
    for (const char *alpha : {"0", "1", "1.5", "-0.1", "abc"}) {
        const CliResult bad = runCli(tableArgs({"--baseline", "base", "--alpha", alpha}));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--alpha: '%1' is not a number between 0 and 1").arg(alpha)), qPrintable(bad.err));
    }
    const CliResult alone = runCli(tableArgs({"--alpha", "0.01"}));
    QCOMPARE(alone.exitCode, 2);
    QVERIFY(alone.err.contains(QStringLiteral("--alpha needs a baseline row")));
    const CliResult spread = runCli(tableArgs({"--spread", "sem"}));
    QCOMPARE(spread.exitCode, 2);
    QVERIFY(spread.err.contains(QStringLiteral("--spread: 'sem' is not std or ci95")));
    // A preset's rows are labelled by their fixed texts, placeholders ("—") left out.
    const CliResult preset = runCli({"table", "--store", m_storePath, "--all", "--preset", "cde-table2", "--baseline", "xyz"});
    QCOMPARE(preset.exitCode, 2);
    QVERIFY2(preset.err.contains(QStringLiteral("the rows are 'ViT (baseline)', 'CDE-Soft / width / 512 / 4', ")), qPrintable(preset.err));
    // The whole label wins over a part of another ("two" is in no other label; "base" is whole).
    QCOMPARE(runCli(tableArgs({"--baseline", "BASE", "--format", "csv"})).exitCode, 0);
}

// Without --baseline and --spread ci95 the output is what main wrote before (a39e0e4, same store, same commands).
void tst_tablesignificance::defaultOutputUnchanged()
{
    const CliResult csv = runCli(tableArgs({"--format", "csv"}));
    QCOMPARE(csv.exitCode, 0);
    QCOMPARE(csv.out, QString::fromUtf8(kMainCsv));
    const CliResult latex = runCli(tableArgs({}));
    QCOMPARE(latex.exitCode, 0);
    QCOMPARE(latex.out, QString::fromUtf8(kMainLatex));
    const CliResult preset = runCli({"table", "--store", m_storePath, "--all", "--preset", "cde-table2", "--format", "csv"});
    QCOMPARE(preset.exitCode, 0);
    QCOMPARE(preset.out, QString::fromUtf8(kMainPresetCsv));
    const CliResult presetLatex = runCli({"table", "--store", m_storePath, "--all", "--preset", "cde-table2"});
    QCOMPARE(presetLatex.exitCode, 0);
    QCOMPARE(presetLatex.out, QString::fromUtf8(kMainPresetLatex));
    QCOMPARE(presetLatex.err, QString::fromUtf8(kMainPresetErr));
}

// spread, baseline and alpha in the spec's JSON, and only when not the defaults.
void tst_tablesignificance::specRoundTrip()
{
    TableSpec spec;
    spec.columns = *columnsFromText(QStringLiteral("name,metric:val/top1:last"), nullptr);
    const QByteArray plain = specToJson(spec);
    QVERIFY(!plain.contains("spread") && !plain.contains("baseline") && !plain.contains("alpha"));
    spec.spread = Spread::Ci95;
    spec.baseline = QStringLiteral("base");
    spec.alpha = 0.01;
    QStringList errors;
    const auto back = specFromJson(specToJson(spec), &errors);
    QVERIFY2(back, qPrintable(errors.join("; ")));
    QCOMPARE(int(back->spread), int(Spread::Ci95));
    QCOMPARE(back->baseline, QStringLiteral("base"));
    QCOMPARE(back->alpha, 0.01);
    QByteArray bad = specToJson(spec);
    bad.replace("\"alpha\": 0.01", "\"alpha\": 2");
    QVERIFY(!specFromJson(bad, &errors));
    QVERIFY2(errors.join(' ').contains(QStringLiteral("alpha must be between 0 and 1")), qPrintable(errors.join("; ")));
    bad = specToJson(spec);
    bad.replace("\"ci95\"", "\"sd\"");
    QVERIFY(!specFromJson(bad, &errors));
    QVERIFY(errors.join(' ').contains(QStringLiteral("'sd' is not std or ci95")));
    // A spec's baseline naming no row: computeTable says which rows there are.
    NoTimer timer;
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    QVERIFY2(s, qPrintable(error));
    spec.baseline = QStringLiteral("nope");
    QVERIFY(!computeTable(*s, {1, 2, 3}, spec, timer, &error));
    QVERIFY2(error.contains(QStringLiteral("names no row; the rows are 'base'")), qPrintable(error));
}

// A preset-like row pooling runs of five learning rates keeps its † and is tested as one group (Welch:
// 13 runs against 3), its note says so; a base row of seeds is the baseline. The LaTeX compiles.
void tst_tablesignificance::pooledRowTestedAndSaysSo()
{
    NoTimer timer;
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    QVERIFY2(s, qPrintable(error));
    TableSpec spec;
    spec.columns = *columnsFromText(QStringLiteral("text:0,metric:val/top1:last"), nullptr);
    spec.rows = {{QString(), {QStringLiteral("ViT lr 0.001")}, QJsonObject{{"optim.lr", 0.001}}},
                 {QString(), {QStringLiteral("ViT, other rates")}, QJsonObject{}}};
    spec.baseline = QStringLiteral("lr 0.001");
    std::vector<qint64> ids;
    for (qint64 i = 1; i <= 16; ++i)
        ids.push_back(i);
    const auto t = computeTable(*s, ids, spec, timer, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->baselineRow, 0);
    QVERIFY(t->rows[1].pooled());
    QCOMPARE(t->rows[1].cells[1].n, 13);
    QVERIFY(t->rows[1].cells[1].test && !t->rows[1].cells[1].test->paired);
    QVERIFY(t->rows[1].cells[1].verdict != Verdict::Untested);
    const QString latex = writeLatex(*t);
    QVERIFY2(latex.contains(QStringLiteral("$^{\\dagger}$\\,mean over 13 runs that differ in optim.lr, not only in the seed; "
                                           "not ranked for the best; tested against the baseline as one group.")),
             qPrintable(latex));
    QVERIFY(latex.contains(QStringLiteral("ViT lr 0.001\\,(baseline) &")));
    if (QStandardPaths::findExecutable(QStringLiteral("pdflatex")).isEmpty())
        QSKIP("pdflatex is not installed");
    QTemporaryDir dir;
    const QString log = compileLatex(latexDocument(*t), dir.path());
    QVERIFY2(log.isEmpty(), qPrintable(log));
}

QTEST_GUILESS_MAIN(tst_tablesignificance)
#include "tst_tablesignificance.moc"
