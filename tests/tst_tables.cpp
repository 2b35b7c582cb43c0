// core/tables on a store the test writes itself (runs with seeds and metrics
// it chooses): aggregation over seeds (mean ± sample std, n − 1), grouping,
// bold best, number formats, LaTeX escaping of hostile names and settings,
// CSV quoting round trip, the spec's JSON form, the paper presets' headers and
// rows, costs against core/model, pdflatex on generated tables, and
// `gatefold-cli table` as a child process.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "clirun.h"
#include "configsamples.h"
#include "model/costmodel.h"
#include "model/fold.h"
#include "store/runstore.h"
#include "tables/computedtable.h"
#include "tables/tablepresets.h"
#include "tables/tablewriters.h"
#include "config/paperpresets.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"
#include "tables/timingline.h"
#include "timing/inprocesstimer.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>
#endif

using namespace gatefold;
using namespace gatefold::tables;

using Result = gatefold::test::CliRun;
using gatefold::test::runCli;

namespace {

// The table as the engine computes it: latency and throughput timed in this process (core/timing).
std::optional<ComputedTable> tableOf(store::RunStore &store, const std::vector<qint64> &runIds, const TableSpec &spec,
                                     QString *error)
{
    timing::InProcessTimer timer;
    return computeTable(store, runIds, spec, timer, error);
}


const QString kHostile = QStringLiteral("a_b & 100% $x$ #1 {y} ~z ^w \\v <p> |q|");
const QString kHostileEscaped = QStringLiteral(
    "a\\_b \\& 100\\% \\$x\\$ \\#1 \\{y\\} \\textasciitilde{}z \\textasciicircum{}w \\textbackslash{}v "
    "\\textless{}p\\textgreater{} \\textbar{}q\\textbar{}");

QByteArray configWith(const std::vector<std::string> &assignments, qint64 seed)
{
    train::RunConfig c = train::demoRun();
    for (const auto &a : assignments) {
        std::string why;
        if (!config::applyAssignment(c, a, &why))
            qFatal("bad assignment %s: %s", a.c_str(), why.c_str());
    }
    c.train.seed = std::uint64_t(seed);
    return train::runConfigToJson(c);
}

qint64 addRun(store::RunStore &s, const QString &name, const QByteArray &config, qint64 seed,
              const std::vector<double> &top1, const std::vector<double> &loss = {})
{
    store::NewRun n;
    n.name = name;
    n.configJson = config;
    n.seed = seed;
    const qint64 id = s.createRun(n).value();
    std::vector<store::MetricPoint> points;
    for (size_t i = 0; i < top1.size(); ++i)
        points.push_back({QStringLiteral("val/top1"), qint64(i + 1) * 100, double(i + 1), 0.0, top1[i]});
    for (size_t i = 0; i < loss.size(); ++i)
        points.push_back({QStringLiteral("val/loss"), qint64(i + 1) * 100, double(i + 1), 0.0, loss[i]});
    if (!s.addMetrics(id, points))
        qFatal("addMetrics failed");
    return id;
}

// Names runs `ids` `name` with SQL of its own, around the store's checks (a name a store written by an
// older Gatefold may hold).
bool renameAround(const QString &path, const std::vector<qint64> &ids, const QString &name)
{
    bool ok = false;
    const QString connection = QStringLiteral("rename-around");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        ok = db.open();
        for (const qint64 id : ids) {
            QSqlQuery q(db);
            q.prepare(QStringLiteral("UPDATE runs SET name = ? WHERE id = ?"));
            q.addBindValue(name);
            q.addBindValue(id);
            ok = ok && q.exec();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

ColumnSpec col(const QString &source, const QString &stat = QStringLiteral("last"), Best best = Best::None)
{
    ColumnSpec c;
    c.source = source;
    c.stat = stat;
    c.best = best;
    c.format.decimals = 4;
    return c;
}


QByteArray sha(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

// Runs pdflatex on `document` in its own directory; empty when it compiled, else its log's tail.
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
    const QString log = QString::fromUtf8(p.readAllStandardOutput());
    if (p.exitCode() != 0 || !QFileInfo(dir + QStringLiteral("/table.pdf")).size())
        return log.right(1500);
    return QString();
}

} // namespace

class TstTables : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void seedGroupsMeanAndSampleStd();
    void groupByKeyAndNone();
    void architectureKeyIsTheModelsSettings();
    void boldBestPerColumn();
    void numberFormats_data();
    void numberFormats();
    void latexEscape_data();
    void latexEscape();
    void latexLayout();
    void hostileNamesEscapedAndCompiled();
    void csvField_data();
    void csvField();
    void csvRoundTrip();
    void specJsonRoundTripAndErrors();
    void presetsHeaders_data();
    void presetsHeaders();
    void presetRowsFilledFromPaperRuns();
    void latencyMeasured();
    void cliWritesTables();
    void cliRefusesBadInput();
    void cliMeasuresModels();

private:
    QTemporaryDir m_dir;
    QString m_storePath;
    std::vector<qint64> m_base, m_cde;
    qint64 m_hostile = 0;
    QByteArray m_baseConfig, m_cdeConfig;
};

void TstTables::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_storePath = m_dir.filePath(QStringLiteral("runs.sqlite"));
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    QVERIFY2(s, qPrintable(error));
    // Three seeds of the demo: val/top1 best 0.80, 0.84, 0.82 (mean 0.82, sample std 0.02), last 0.78, 0.83, 0.82.
    m_base.push_back(addRun(*s, "base seed=0", configWith({}, 0), 0, {0.50, 0.80, 0.78}, {1.2, 0.9, 0.95}));
    m_base.push_back(addRun(*s, "base seed=1", configWith({}, 1), 1, {0.60, 0.84, 0.83}, {1.1, 0.7, 0.75}));
    m_base.push_back(addRun(*s, "base seed=2", configWith({}, 2), 2, {0.40, 0.82, 0.82}, {1.3, 0.8, 0.8}));
    // Two seeds of a CDE run: best 0.85, 0.87 (mean 0.86, sample std √2·0.01).
    m_cdeConfig = configWith({"gate.kind=cde", "gate.codebook_size=64"}, 0);
    m_cde.push_back(addRun(*s, "cde", m_cdeConfig, 0, {0.70, 0.85}, {0.6, 0.5}));
    m_cde.push_back(addRun(*s, "cde", configWith({"gate.kind=cde", "gate.codebook_size=64"}, 1), 1, {0.71, 0.87}, {0.65, 0.55}));
    // A hostile name and setting (data.path is free text).
    m_hostile = addRun(*s, kHostile, configWith({"data.path=" + kHostile.toStdString()}, 0), 0, {0.5});
    m_baseConfig = configWith({}, 0);
}

void TstTables::seedGroupsMeanAndSampleStd()
{
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    TableSpec spec;  // Grouping::Seed is the default
    spec.columns = {col("name"), col("runs"), col("seeds"), col("metric:val/top1", "max"), col("metric:val/top1", "last"),
                    col("metric:val/top1", "min"), col("metric:val/top1", "mean"), col("metric:val/top1", "@2")};
    std::vector<qint64> ids = m_base;
    ids.insert(ids.end(), m_cde.begin(), m_cde.end());
    ids.push_back(m_hostile);
    const auto t = tableOf(*s, ids, spec, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->rows.size(), size_t(3));
    const TableRow &base = t->rows[0];
    QCOMPARE(base.cells[0].text, QStringLiteral("base"));  // " seed=N" dropped from the group's name
    QCOMPARE(base.cells[1].mean, 3.0);
    QCOMPARE(base.cells[2].text, QStringLiteral("0, 1, 2"));
    const double tol = 1e-12;
    QVERIFY(std::abs(base.cells[3].mean - 0.82) < tol);
    QVERIFY(std::abs(base.cells[3].std - 0.02) < tol);                  // sample std (n − 1)
    QVERIFY(std::abs(base.cells[4].mean - 0.81) < tol);
    QVERIFY(std::abs(base.cells[4].std - std::sqrt(0.0007)) < tol);
    QVERIFY(std::abs(base.cells[5].mean - 0.5) < tol);                  // min of each: 0.5, 0.6, 0.4
    QVERIFY(std::abs(base.cells[6].mean - (2.08 / 3 + 2.27 / 3 + 2.04 / 3) / 3) < tol);  // mean of each run's points
    QVERIFY(std::abs(base.cells[7].mean - 0.82) < tol);                 // at epoch 2: 0.80, 0.84, 0.82
    QCOMPARE(base.cells[3].n, 3);
    const TableRow &cde = t->rows[1];
    QCOMPARE(cde.runIds.size(), size_t(2));
    QVERIFY(std::abs(cde.cells[3].mean - 0.86) < tol);
    QVERIFY(std::abs(cde.cells[3].std - std::sqrt(2.0) * 0.01) < tol);
    QVERIFY(std::abs(cde.cells[7].mean - 0.86) < tol);
    const TableRow &hostile = t->rows[2];
    QCOMPARE(hostile.cells[3].n, 1);
    QCOMPARE(hostile.cells[3].std, 0.0);
    QCOMPARE(hostile.cells[7].mean, 0.5);  // only epoch 1 recorded: the last value at or before epoch 2
}

void TstTables::architectureKeyIsTheModelsSettings()
{
    // Runs of one architecture share one cost and one measurement: every setting the field table
    // calls the training's leaves the key alone, every model setting changes it.
    const train::RunConfig base;
    const QByteArray key = architectureKey(train::runConfigToJson(base));
    int model = 0, training = 0;
    for (const config::Field &field : config::fields()) {
        train::RunConfig changed = base;
        QVERIFY2(field.set(changed, test::otherValue(field), nullptr), field.key.c_str());
        const bool same = architectureKey(train::runConfigToJson(changed)) == key;
        QVERIFY2(same == !field.model, field.key.c_str());
        ++(field.model ? model : training);
    }
    QVERIFY(model > 20 && training > 20);
    // A key the table does not know (a later version's) is kept: it may be the model's.
    QJsonObject extra = QJsonDocument::fromJson(train::runConfigToJson(base)).object();
    extra.insert("future_model_setting", 3);
    QVERIFY(architectureKey(QJsonDocument(extra).toJson()) != key);
}

void TstTables::groupByKeyAndNone()
{
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    TableSpec spec;
    spec.grouping = TableSpec::Grouping::Key;
    spec.groupKey = QStringLiteral("gate.kind");
    spec.columns = {col("name"), col("runs"), col("metric:val/top1", "max")};
    std::vector<qint64> ids = m_base;
    ids.insert(ids.end(), m_cde.begin(), m_cde.end());
    ids.push_back(m_hostile);
    auto t = tableOf(*s, ids, spec, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->rows.size(), size_t(2));
    QCOMPARE(t->rows[0].cells[0].text, QStringLiteral("gate.kind=none"));
    QCOMPARE(t->rows[0].cells[1].mean, 4.0);
    QVERIFY(std::abs(t->rows[0].cells[2].mean - (0.80 + 0.84 + 0.82 + 0.5) / 4) < 1e-12);
    QCOMPARE(t->rows[1].cells[0].text, QStringLiteral("gate.kind=cde"));

    spec.grouping = TableSpec::Grouping::None;
    t = tableOf(*s, ids, spec, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->rows.size(), size_t(6));
    QCOMPARE(t->rows[1].cells[0].text, QStringLiteral("base seed=1"));

    spec.grouping = TableSpec::Grouping::Key;
    spec.groupKey = QStringLiteral("no.such.key");
    QVERIFY(!tableOf(*s, ids, spec, &error));
    QVERIFY2(error.contains(QStringLiteral("no.such.key")), qPrintable(error));
    QVERIFY(!tableOf(*s, {424242}, TableSpec{{}, {}, TableSpec::Grouping::Seed, {}, {col("name")}, {}, -1, true}, &error));
    QVERIFY2(error.contains(QStringLiteral("no run 424242")), qPrintable(error));
}

void TstTables::boldBestPerColumn()
{
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    TableSpec spec;
    ColumnSpec top = col("metric:val/top1", "max", Best::Max);
    top.format.decimals = 2;
    top.format.style = NumberFormat::Style::Percent;
    ColumnSpec loss = col("metric:val/loss", "min", Best::Min);
    loss.format.decimals = 2;
    spec.columns = {col("name"), top, loss};
    std::vector<qint64> ids = m_base;
    ids.insert(ids.end(), m_cde.begin(), m_cde.end());
    const auto t = tableOf(*s, ids, spec, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->rows.size(), size_t(2));
    QVERIFY(!t->rows[0].cells[1].bold);
    QVERIFY(t->rows[1].cells[1].bold);  // 86.00 beats 82.00
    QVERIFY(t->rows[1].cells[2].bold);  // loss min: cde 0.5, 0.55 → 0.525 < base 0.9, 0.7, 0.8 → 0.8
    QVERIFY(!t->rows[0].cells[2].bold);
    const QString latex = writeLatex(*t);
    QVERIFY2(latex.contains(QStringLiteral("\\textbf{86.00 $\\pm$ 1.41}")), qPrintable(latex));
    QVERIFY2(latex.contains(QStringLiteral("82.00 $\\pm$ 2.00 &")), qPrintable(latex));

    // Ties as printed are all bold: 0.8 vs 0.804 both show 0.80 at two decimals.
    auto s2 = store::RunStore::open(m_dir.filePath(QStringLiteral("ties.sqlite")), &error);
    const qint64 a = addRun(*s2, "a", configWith({}, 0), 0, {0.8});
    const qint64 b = addRun(*s2, "b", configWith({"depth=3"}, 0), 0, {0.804});
    const qint64 c = addRun(*s2, "c", configWith({"depth=2"}, 0), 0, {0.79});
    ColumnSpec plain = col("metric:val/top1", "last", Best::Max);
    plain.format.decimals = 2;
    TableSpec ties;
    ties.columns = {col("name"), plain};
    auto tt = tableOf(*s2, {a, b, c}, ties, &error);
    QVERIFY2(tt, qPrintable(error));
    QVERIFY(tt->rows[0].cells[1].bold);
    QVERIFY(tt->rows[1].cells[1].bold);
    QVERIFY(!tt->rows[2].cells[1].bold);
    // Sorting by that column, ascending.
    ties.sortColumn = 1;
    ties.sortDescending = false;
    tt = tableOf(*s2, {a, b, c}, ties, &error);
    QCOMPARE(tt->rows[0].cells[0].text, QStringLiteral("c"));
    QCOMPARE(tt->rows[2].cells[0].text, QStringLiteral("b"));
}

void TstTables::numberFormats_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("style");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<bool>("thousands");
    QTest::addColumn<bool>("sign");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QString>("plain");
    QTest::addColumn<QString>("latex");
    const int fixed = int(NumberFormat::Style::Fixed), pct = int(NumberFormat::Style::Percent),
              sci = int(NumberFormat::Style::Scientific);
    QTest::newRow("fixed 2") << 1234.5678 << fixed << 2 << false << false << 1.0 << "1234.57" << "1234.57";
    QTest::newRow("fixed 0 down") << 2.4 << fixed << 0 << false << false << 1.0 << "2" << "2";
    QTest::newRow("fixed 0 up") << 2.6 << fixed << 0 << false << false << 1.0 << "3" << "3";
    QTest::newRow("thousands") << 1234567.891 << fixed << 2 << true << false << 1.0 << "1,234,567.89" << "1,234,567.89";
    QTest::newRow("thousands int") << 3037642.0 << fixed << 0 << true << false << 1.0 << "3,037,642" << "3,037,642";
    QTest::newRow("percent") << 0.937 << pct << 2 << false << false << 1.0 << "93.70" << "93.70";
    QTest::newRow("percent sign") << 0.937 << pct << 1 << false << true << 1.0 << "93.7%" << "93.7\\%";
    QTest::newRow("scientific") << 0.000123 << sci << 2 << false << false << 1.0 << "1.23e-04" << "$1.23\\times10^{-4}$";
    QTest::newRow("scientific big") << 5717416.0 << sci << 3 << false << false << 1.0 << "5.717e+06" << "$5.717\\times10^{6}$";
    QTest::newRow("millions") << 3037642.0 << fixed << 2 << false << false << 1e-6 << "3.04" << "3.04";
    QTest::newRow("no negative zero") << -0.001 << fixed << 2 << false << false << 1.0 << "0.00" << "0.00";
    QTest::newRow("negative") << -1.5 << fixed << 1 << false << false << 1.0 << "-1.5" << "-1.5";
    QTest::newRow("nan") << std::nan("") << fixed << 2 << false << false << 1.0 << "nan" << "nan";
}

void TstTables::numberFormats()
{
    QFETCH(double, value);
    QFETCH(int, style);
    QFETCH(int, decimals);
    QFETCH(bool, thousands);
    QFETCH(bool, sign);
    QFETCH(double, scale);
    QFETCH(QString, plain);
    QFETCH(QString, latex);
    NumberFormat f;
    f.style = NumberFormat::Style(style);
    f.decimals = decimals;
    f.thousands = thousands;
    f.percentSign = sign;
    f.scale = scale;
    QCOMPARE(formatNumber(value, f), plain);
    // The LaTeX form through a one-cell table.
    ComputedTable t;
    ColumnSpec c;
    c.source = QStringLiteral("params");
    c.format = f;
    t.columns = {c};
    t.headers = {QStringLiteral("x")};
    TableRow row;
    TableCell cell;
    cell.numeric = true;
    cell.mean = value;
    cell.n = 1;
    row.cells = {cell};
    t.rows = {row};
    const QString out = writeLatex(t);
    QVERIFY2(out.contains(QStringLiteral("\n    ") + latex + QStringLiteral(" \\\\\n")), qPrintable(out));
}

void TstTables::latexEscape_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("underscore") << "a_b" << "a\\_b";
    QTest::newRow("ampersand") << "&" << "\\&";
    QTest::newRow("percent") << "100%" << "100\\%";
    QTest::newRow("dollar") << "$x$" << "\\$x\\$";
    QTest::newRow("hash") << "#1" << "\\#1";
    QTest::newRow("braces") << "{y}" << "\\{y\\}";
    QTest::newRow("tilde") << "~z" << "\\textasciitilde{}z";
    QTest::newRow("caret") << "^w" << "\\textasciicircum{}w";
    QTest::newRow("backslash") << "\\v" << "\\textbackslash{}v";
    QTest::newRow("backslash then brace") << "\\{" << "\\textbackslash{}\\{";
    QTest::newRow("less greater bar") << "<|>" << "\\textless{}\\textbar{}\\textgreater{}";
    QTest::newRow("newline") << "a\nb" << "a b";
    QTest::newRow("greek") << "λ = 1" << "\\ensuremath{\\lambda} = 1";
    QTest::newRow("plain") << "ViT-6-R (6 x 2)" << "ViT-6-R (6 x 2)";
    QTest::newRow("hostile") << kHostile << kHostileEscaped;
}

void TstTables::latexEscape()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(tables::latexEscape(in), out);
}

void TstTables::latexLayout()
{
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    TableSpec spec;
    spec.caption = QStringLiteral("Top-1 over 3 seeds");
    spec.label = QStringLiteral("tab:seeds");
    ColumnSpec top = col("metric:val/top1", "max", Best::Max);
    top.format.style = NumberFormat::Style::Percent;
    top.format.decimals = 1;
    top.header = QStringLiteral("Top-1 (%)");
    spec.columns = {col("name"), col("config:gate.kind"), top};
    std::vector<qint64> ids = m_base;
    ids.insert(ids.end(), m_cde.begin(), m_cde.end());
    const auto t = tableOf(*s, ids, spec, &error);
    QVERIFY2(t, qPrintable(error));
    const QString expected = QStringLiteral(
        "\\begin{table}[t]\n"
        "  \\centering\n"
        "  \\caption{Top-1 over 3 seeds}\n"
        "  \\label{tab:seeds}\n"
        "  \\begin{tabular}{llr}\n"
        "    \\toprule\n"
        "    Run & gate.kind & Top-1 (\\%) \\\\\n"
        "    \\midrule\n"
        "    base & none & 82.0 $\\pm$ 2.0 \\\\\n"
        "    cde & cde & \\textbf{86.0 $\\pm$ 1.4} \\\\\n"
        "    \\bottomrule\n"
        "  \\end{tabular}\n"
        "\\end{table}\n");
    QCOMPARE(writeLatex(*t), expected);
}

void TstTables::hostileNamesEscapedAndCompiled()
{
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    TableSpec spec;
    spec.caption = kHostile;
    spec.label = QStringLiteral("tab:hostile");
    ColumnSpec sci = col("metric:val/top1", "max");
    sci.format.style = NumberFormat::Style::Scientific;
    spec.columns = {col("name"), col("config:data.path"), col("metric:val/top1", "max", Best::Max), sci, col("params")};
    spec.columns[4].format.thousands = true;
    spec.columns[4].format.decimals = 0;
    std::vector<qint64> ids = {m_hostile, m_base[0], m_base[1]};
    const auto t = tableOf(*s, ids, spec, &error);
    QVERIFY2(t, qPrintable(error));
    const QString latex = writeLatex(*t);
    QVERIFY2(latex.contains(QStringLiteral("    ") + kHostileEscaped + QStringLiteral(" & ") + kHostileEscaped + QStringLiteral(" & ")),
             qPrintable(latex));
    QVERIFY(latex.contains(QStringLiteral("\\caption{") + kHostileEscaped + '}'));
    QVERIFY(!latex.contains(kHostile));
    // The params column agrees with core/model's closed form of the run's config.
    train::RunConfig demo = train::demoRun();
    const auto params = model::totalParams(model::closedFormCost(demo.model));
    QCOMPARE(t->rows[1].cells[4].mean, double(params));

    // Sections, missing cells and Greek text: paper presets over the same store (rows without runs show "--").
    const auto preset = tablePresetByName(QStringLiteral("join-table6"));
    QVERIFY(preset);
    const auto t6 = tableOf(*s, ids, preset->spec, &error);
    QVERIFY2(t6, qPrintable(error));
    const QString latex6 = writeLatex(*t6);
    QVERIFY2(latex6.contains(QStringLiteral("\\multicolumn{4}{l}{\\textit{Block-2}} \\\\")), qPrintable(latex6));
    QVERIFY(latex6.contains(QStringLiteral("ViT-3-R & -- & -- & -- \\\\")));
    // Ordered by Top-1 (descending), rows move within their section only.
    TableSpec sorted = preset->spec;
    sorted.sortColumn = 3;
    const auto t6s = tableOf(*s, ids, sorted, &error);
    QVERIFY2(t6s, qPrintable(error));
    QStringList order;
    for (const TableRow &row : t6s->rows)
        order << row.section + ':' + row.cells[0].text;
    QCOMPARE(order, (QStringList{"Block-1:ViT-6-2", "Block-1:ViT-4-3", "Block-1:ViT-3-4", "Block-2:ViT-4", "Block-2:ViT-6",
                                 "Block-2:ViT-3", "Block-3:ViT-6-R", "Block-3:ViT-4-R", "Block-3:ViT-3-R"}));
    const auto t5 = tableOf(*s, ids, tablePresetByName(QStringLiteral("join-table5"))->spec, &error);
    QVERIFY2(t5, qPrintable(error));
    QVERIFY(writeLatex(*t5).contains(QStringLiteral("no joining (\\ensuremath{\\lambda} = 0)")));

    if (QStandardPaths::findExecutable(QStringLiteral("pdflatex")).isEmpty())
        QSKIP("pdflatex is not installed (apt-get install texlive-latex-base texlive-latex-recommended, or "
              "scripts/setup-deps.sh): the generated LaTeX was checked as text only");
    for (const ComputedTable *table : {&*t, &*t6, &*t5}) {
        QTemporaryDir dir;
        const QString problem = compileLatex(latexDocument(*table), dir.path());
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
}

void TstTables::csvField_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("plain") << "abc" << "abc";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("comma") << "a,b" << "\"a,b\"";
    QTest::newRow("quote") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "a\nb" << "\"a\nb\"";
    QTest::newRow("cr") << "a\rb" << "\"a\rb\"";
    QTest::newRow("latex specials stay") << kHostile << kHostile;
}

void TstTables::csvField()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(tables::csvField(in), out);
    const auto parsed = parseCsv(tables::csvField(in) + QStringLiteral("\r\n"));
    QVERIFY(parsed);
    QCOMPARE(parsed->size(), size_t(1));
    QCOMPARE(parsed->front(), QStringList{in});
}

void TstTables::csvRoundTrip()
{
    QString error;
    auto s = store::RunStore::open(m_dir.filePath(QStringLiteral("csv.sqlite")), &error);
    const QString nasty = QStringLiteral("x, \"quoted\"\nsecond line ") + kHostile;
    const qint64 a = addRun(*s, QStringLiteral("nasty"), configWith({}, 0), 0, {0.8});
    const qint64 b = addRun(*s, QStringLiteral("nasty"), configWith({}, 1), 1, {0.9});
    // The store refuses a line break in a name now; one written before it did is still quoted whole.
    QVERIFY(renameAround(s->path(), {a, b}, nasty));
    const qint64 c = addRun(*s, QStringLiteral("plain"), configWith({"depth=2"}, 0), 0, {0.7});
    TableSpec spec;
    ColumnSpec top = col("metric:val/top1", "max");
    top.header = QStringLiteral("Top-1, best");
    spec.columns = {col("name"), col("runs"), top};
    const auto t = tableOf(*s, {a, b, c}, spec, &error);
    QVERIFY2(t, qPrintable(error));
    const QString csv = writeCsv(*t);
    QVERIFY(csv.endsWith(QStringLiteral("\r\n")));
    const auto records = parseCsv(csv);
    QVERIFY(records);
    QCOMPARE(records->size(), size_t(3));
    QCOMPARE((*records)[0], (QStringList{"Run", "Runs", "Top-1, best", "Top-1, best std"}));
    QCOMPARE((*records)[1], (QStringList{nasty, "2", "0.8500", "0.0707"}));
    QCOMPARE((*records)[2], (QStringList{"plain", "1", "0.7000", ""}));
    QVERIFY(!parseCsv(QStringLiteral("\"open")));
}

void TstTables::specJsonRoundTripAndErrors()
{
    TableSpec spec;
    spec.caption = kHostile;
    spec.label = QStringLiteral("tab:x");
    spec.grouping = TableSpec::Grouping::Key;
    spec.groupKey = QStringLiteral("gate.kind");
    spec.sortColumn = 1;
    spec.sortDescending = false;
    ColumnSpec a = col("metric:val/top1", "@5", Best::Min);
    a.header = QStringLiteral("Top-1 at 5");
    a.format.style = NumberFormat::Style::Scientific;
    a.format.decimals = 3;
    a.format.thousands = true;
    a.format.scale = 1e-3;
    a.showStd = false;
    ColumnSpec b = col("latency");
    b.deployed = false;
    b.format.percentSign = true;
    spec.columns = {col("name"), a, b};
    spec.rows.push_back({QStringLiteral("S"), {QStringLiteral("t")}, QJsonObject{{"depth", 6}}});
    QStringList errors;
    const auto back = specFromJson(specToJson(spec), &errors);
    QVERIFY2(back, qPrintable(errors.join('\n')));
    QCOMPARE(back->caption, spec.caption);
    QCOMPARE(back->label, spec.label);
    QCOMPARE(int(back->grouping), int(TableSpec::Grouping::Key));
    QCOMPARE(back->groupKey, spec.groupKey);
    QCOMPARE(back->sortColumn, 1);
    QCOMPARE(back->sortDescending, false);
    QCOMPARE(back->columns.size(), size_t(3));
    const ColumnSpec &a2 = back->columns[1];
    QCOMPARE(a2.source, a.source);
    QCOMPARE(a2.stat, a.stat);
    QCOMPARE(a2.header, a.header);
    QCOMPARE(int(a2.format.style), int(a.format.style));
    QCOMPARE(a2.format.decimals, 3);
    QCOMPARE(a2.format.thousands, true);
    QCOMPARE(a2.format.scale, 1e-3);
    QCOMPARE(int(a2.best), int(Best::Min));
    QCOMPARE(a2.showStd, false);
    QCOMPARE(back->columns[2].deployed, false);
    QCOMPARE(back->columns[2].format.percentSign, true);
    QCOMPARE(back->rows.size(), size_t(1));
    QCOMPARE(back->rows[0].match.value("depth").toInt(), 6);
    QCOMPARE(back->rows[0].section, QStringLiteral("S"));
    QCOMPARE(specToJson(*back), specToJson(spec));

    QVERIFY(!specFromJson("{\"columns\": [\n{\"source\": \"name\"},\n", &errors));
    QVERIFY2(errors.join(' ').contains(QStringLiteral("line 3")), qPrintable(errors.join('\n')));
    QVERIFY(!specFromJson(R"({"columns": [{"source": "wat"}, {"source": "metric:val/top1", "stat": "best"},
                                          {"source": "params", "format": "roman", "best": "up"}], "colour": 1})",
                          &errors));
    const QString all = errors.join('\n');
    for (const char *needle : {"unknown source", "unknown statistic 'best'", "format 'roman'", "best 'up'", "unknown key 'colour'"})
        QVERIFY2(all.contains(QLatin1String(needle)), qPrintable(all));
    QVERIFY(!specFromJson(R"({"columns": []})", &errors));
    QVERIFY(errors.join(' ').contains(QStringLiteral("no columns")));
}

void TstTables::presetsHeaders_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("headers");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QStringList>("sections");
    QTest::newRow("cde-table2") << "cde-table2"
                                << QStringList{"Model", "Mode", "K", "top-k", "Params (M)", "GFLOPs", "Top-1 (%)"} << 6
                                << QStringList{};
    QTest::newRow("cde-table3") << "cde-table3"
                                << QStringList{"Variant", "Mode", "Share", "K", "top-k", "GFLOPs", "Top-1 (%)"} << 5
                                << QStringList{};
    QTest::newRow("join-table1") << "join-table1"
                                 << QStringList{"Methods", "#parameters (M)", "FLOPs (G)", "Throughput on CPU (img/s)",
                                                "Latency on CPU (ms)", "Accuracy Top-1 (%)"}
                                 << 4 << QStringList{};
    QTest::newRow("join-table5") << "join-table5"
                                 << QStringList{"Lambda sche. func.", "Div. reg.", "Top-1 (%) ViT-6-R"} << 10
                                 << QStringList{};
    QTest::newRow("join-table6") << "join-table6" << QStringList{"Method", "#Param. (M)", "FLOPs (G)", "Top-1 (%)"} << 9
                                 << QStringList{"Block-1", "Block-2", "Block-3"};
    QTest::newRow("join-distill") << "join-distill" << QStringList{"Method", "#Param. (M)", "FLOPs (G)", "Top-1 (%)"}
                                  << 3 << QStringList{"Teacher", "Student"};
}

void TstTables::presetsHeaders()
{
    QFETCH(QString, name);
    QFETCH(QStringList, headers);
    QFETCH(int, rows);
    QFETCH(QStringList, sections);
    const auto p = tablePresetByName(name);
    QVERIFY(p);
    QStringList got;
    for (const ColumnSpec &c : p->spec.columns)
        got << headerOf(c);
    QCOMPARE(got, headers);
    QCOMPARE(int(p->spec.rows.size()), rows);
    QCOMPARE(p->rowPresets.size(), rows);
    QStringList gotSections;
    for (const RowSpec &r : p->spec.rows)
        if (!r.section.isEmpty() && !gotSections.contains(r.section))
            gotSections << r.section;
    QCOMPARE(gotSections, sections);
    // Every row names a paper run preset, and that preset's own config matches its row and no earlier one.
    for (int i = 0; i < rows; ++i) {
        const auto config = train::runPresetByName(p->rowPresets[i].toStdString());
        QVERIFY2(config, qPrintable(p->rowPresets[i]));
        const QJsonObject flat = QJsonDocument::fromJson(train::runConfigToJson(*config)).object();
        int first = -1;
        for (int j = 0; j < rows && first < 0; ++j) {
            bool all = true;
            const QJsonObject &m = p->spec.rows[size_t(j)].match;
            for (auto it = m.begin(); it != m.end(); ++it)
                all = all && flat.value(it.key()) == it.value();
            if (all)
                first = j;
        }
        QVERIFY2(first == i, qPrintable(QStringLiteral("%1 matches row %2").arg(p->rowPresets[i]).arg(first)));
    }
    QVERIFY(validateSpec(p->spec).isEmpty());
}

void TstTables::presetRowsFilledFromPaperRuns()
{
    QString error;
    auto s = store::RunStore::open(m_dir.filePath(QStringLiteral("paper.sqlite")), &error);
    auto presetConfig = [](const char *name, qint64 seed) {
        train::RunConfig c = *train::runPresetByName(name);
        c.train.seed = std::uint64_t(seed);
        c.train.epochs = 3;  // a setting no table preset changes: still the same row
        c.model.join.schedule.warmupSteps = 50;  // the joining's timing is the run's budget, not its row
        c.model.join.schedule.adjustSteps = 70;
        return c;
    };
    const qint64 soft0 = addRun(*s, "cde-t2-soft-width", train::runConfigToJson(presetConfig("cde-t2-soft-width", 0)), 0, {0.6, 0.70});
    const qint64 soft1 = addRun(*s, "cde-t2-soft-width", train::runConfigToJson(presetConfig("cde-t2-soft-width", 1)), 1, {0.6, 0.74});
    const qint64 vit = addRun(*s, "cde-t2-vit", train::runConfigToJson(presetConfig("cde-t2-vit", 0)), 0, {0.65});
    const qint64 r6 = addRun(*s, "join-t1-r6", train::runConfigToJson(presetConfig("join-t1-r6", 0)), 0, {0.5});
    const auto t2 = tableOf(*s, {soft0, soft1, vit, r6}, tablePresetByName(QStringLiteral("cde-table2"))->spec, &error);
    QVERIFY2(t2, qPrintable(error));
    QCOMPARE(t2->rows.size(), size_t(6));
    QCOMPARE(t2->rows[0].runIds, (std::vector<qint64>{vit}));
    QCOMPARE(t2->rows[1].runIds, (std::vector<qint64>{soft0, soft1}));
    QVERIFY(t2->rows[2].runIds.empty());
    QVERIFY(t2->rows[2].cells[6].missing);
    QCOMPARE(t2->rows[1].cells[0].text, QStringLiteral("CDE-Soft"));
    QVERIFY(std::abs(t2->rows[1].cells[6].mean - 0.72) < 1e-12);
    QVERIFY(std::abs(t2->rows[1].cells[6].std - std::sqrt(0.0008)) < 1e-12);
    QVERIFY(t2->rows[1].cells[6].bold);
    const auto softCost = model::closedFormCost(presetConfig("cde-t2-soft-width", 0).model);
    QCOMPARE(t2->rows[1].cells[4].mean, double(model::totalParams(softCost)));
    QVERIFY(std::abs(t2->rows[1].cells[5].mean - 2.0 * double(model::totalMacs(softCost)) / 1e9) < 1e-12);
    QVERIFY(writeLatex(*t2).contains(QStringLiteral("CDE-Soft & width & 512 & 4 & ")));
    // Costs of one architecture's seeds have no spread to show; the metric has.
    QCOMPARE(cellText(t2->rows[1].cells[4], t2->columns[4]), formatNumber(t2->rows[1].cells[4].mean, t2->columns[4].format));
    QCOMPARE(cellText(t2->rows[1].cells[6], t2->columns[6]), QStringLiteral("72.0 ± 2.8"));

    // Joining Table 1 costs the 6 x 2 run in its folded form: the deploy config's closed form.
    const auto t1 = tableOf(*s, {r6}, tablePresetByName(QStringLiteral("join-table1"))->spec, &error);
    QVERIFY2(t1, qPrintable(error));
    QCOMPARE(t1->rows[1].runIds, (std::vector<qint64>{r6}));
    const auto trained = presetConfig("join-t1-r6", 0).model;
    const auto folded = model::closedFormCost(model::deployConfig(trained, false));
    QCOMPARE(t1->rows[1].cells[1].mean, double(model::totalParams(folded)));
    QVERIFY(t1->rows[1].cells[1].mean < double(model::totalParams(model::closedFormCost(trained))));
    QVERIFY(t1->rows[1].cells[3].mean > 0);  // throughput measured
    QVERIFY(t1->rows[1].cells[4].mean > 0);  // latency measured
}

void TstTables::latencyMeasured()
{
    QString error;
    auto s = store::RunStore::open(m_storePath, &error);
    TableSpec spec;
    ColumnSpec plain = col("latency");
    spec.columns = {col("name"), plain};
    const auto t = tableOf(*s, m_base, spec, &error);
    QVERIFY2(t, qPrintable(error));
    const double ms = t->rows[0].cells[1].mean;
    // One architecture is timed once for all its seeds: no timing noise shows as a spread.
    QCOMPARE(t->rows[0].cells[1].n, 3);
    QVERIFY(t->rows[0].cells[1].std == 0.0);  // exactly: QCOMPARE would accept 1e-17
    QVERIFY(!cellText(t->rows[0].cells[1], t->columns[1]).contains(QStringLiteral("±")));
    // The demo ViT (32 px, 4 blocks of width 96) takes about a millisecond on one core; bounds that catch a unit slip.
    QVERIFY2(ms > 0.01 && ms < 2000.0, qPrintable(QString::number(ms)));

    // Throughput at batch 32 of the same architecture: images per second, bounded the same way, best at its highest.
    QStringList problems;
    spec.columns = *columnsFromText(QStringLiteral("name,throughput"), &problems);
    QCOMPARE(headerOf(spec.columns[1]), QStringLiteral("Throughput (img/s)"));
    QCOMPARE(int(spec.columns[1].best), int(Best::Max));
    const auto tp = tableOf(*s, m_base, spec, &error);
    QVERIFY2(tp, qPrintable(error));
    const double ips = tp->rows[0].cells[1].mean;
    QVERIFY2(ips > 1.0 && ips < 1e7, qPrintable(QString::number(ips)));
    QCOMPARE(tp->rows[0].cells[1].std, 0.0);
}

void TstTables::cliWritesTables()
{
    Result r = runCli({"table", "--store", m_storePath, "--runs", QStringLiteral("%1-%2").arg(m_base.front()).arg(m_cde.back()),
                       "--format", "csv", "--columns", "name,runs,metric:val/top1:max"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto records = parseCsv(r.out);
    QVERIFY(records);
    QCOMPARE(records->size(), size_t(3));
    QCOMPARE((*records)[0], (QStringList{"Run", "Runs", "val/top1 (best, %)", "val/top1 (best, %) std"}));
    QCOMPARE((*records)[1], (QStringList{"base", "3", "82.00", "2.00"}));
    QCOMPARE((*records)[2], (QStringList{"cde", "2", "86.00", "1.41"}));

    const QString out = m_dir.filePath(QStringLiteral("t.tex"));
    const QString specOut = m_dir.filePath(QStringLiteral("spec.json"));
    r = runCli({"table", "--store", m_storePath, "--all", "--group-by", "gate.kind", "--columns", "name,config:data.path,metric:val/top1:max",
                "--caption", kHostile, "--label", "tab:cli", "--out", out, "--save-spec", specOut});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("2 rows, 3 columns from 6 runs")));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString tex = QString::fromUtf8(f.readAll());
    QVERIFY(tex.contains(QStringLiteral("\\caption{") + kHostileEscaped + '}'));
    QVERIFY(tex.contains(QStringLiteral("gate.kind=none & ")));
    QVERIFY(tex.contains(QStringLiteral("\\toprule")) && tex.contains(QStringLiteral("\\bottomrule")));
    // The saved spec gives the same table back.
    r = runCli({"table", "--store", m_storePath, "--all", "--spec", specOut});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(r.out, tex);
    // A paper preset over the whole store.
    r = runCli({"table", "--store", m_storePath, "--all", "--preset", "join-table6", "--format", "csv"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("section,Method,#Param. (M),FLOPs (G),Top-1 (%),Top-1 (%) std\r\nBlock-1,ViT-6-2,")), qPrintable(r.out));
    r = runCli({"table", "--list-presets"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("join-table5")));
}

void TstTables::cliRefusesBadInput()
{
    const QByteArray before = sha(m_storePath);
    QVERIFY(!before.isEmpty());
    struct Case {
        QStringList args;
        int exit;
        const char *needle;
    };
    const QString missingStore = m_dir.filePath(QStringLiteral("nope.sqlite"));
    const std::vector<Case> cases = {
        {{"--runs", "424242"}, 2, "no run 424242"},
        {{"--runs", "1", "--all"}, 2, "exactly one of"},
        {{"--runs", "x"}, 2, "'x' is not a run id"},
        {{"--runs", "1", "--preset", "nope"}, 2, "unknown table preset 'nope'"},
        {{"--runs", "1", "--columns", "name,bogus"}, 2, "unknown source"},
        {{"--runs", "1", "--columns", "metric:val/top1:best"}, 2, "unknown statistic 'best'"},
        {{"--runs", "1", "--format", "html"}, 2, "'html' is not latex or csv"},
        {{"--runs", "1", "--spec", m_dir.filePath(QStringLiteral("missing.json"))}, 2, "missing.json' does not exist"},
        {{"--runs", "1", "--out", QStringLiteral("/nonexistent-dir/t.tex")}, 1, "cannot write /nonexistent-dir/t.tex"},
        {{"--sweep", "77"}, 2, "no sweep 77"},
    };
    for (const Case &c : cases) {
        const Result r = runCli(QStringList{"table", "--store", m_storePath} + c.args);
        QVERIFY2(r.exitCode == c.exit, qPrintable(c.args.join(' ') + QStringLiteral(": exit %1: ").arg(r.exitCode) + r.err));
        QVERIFY2(r.err.contains(QLatin1String(c.needle)), qPrintable(c.args.join(' ') + ": " + r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    }
    const Result r = runCli({"table", "--store", missingStore, "--all"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QStringLiteral("there is no run store")));
    QVERIFY(!QFileInfo::exists(missingStore));
    QCOMPARE(sha(m_storePath), before);
}

void TstTables::cliMeasuresModels()
{
    // `gatefold-cli cost --measure` (the window's table builder asks it): one JSON line per config file, in
    // order, each with what was asked or why it cannot be timed; exit 1 when one could not be.
    const auto write = [&](const char *name, const QByteArray &bytes) {
        QFile f(m_dir.filePath(QLatin1String(name)));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", name);
        return f.fileName();
    };
    const QString base = write("base.json", m_baseConfig);
    const QString joined = write("joined.json", configWith({"join.branches=2", "join.schedule=linear"}, 0));
    const QString broken = write("broken.json", "{\"embed_dim\": ");
    Result r = runCli({"cost", "--measure", "latency,throughput", "--json", base, joined, broken});
    QCOMPARE(r.exitCode, 1);
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    std::vector<TimingLine> answers;
    for (const QString &line : lines) {
        QString error;
        const auto answer = timingLineFromJson(line.toUtf8(), &error);
        QVERIFY2(answer, qPrintable(error + ": " + line));
        answers.push_back(*answer);
    }
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(answers[size_t(i)].index, i);
        QVERIFY(answers[size_t(i)].deployed);
        QVERIFY2(answers[size_t(i)].error.isEmpty(), qPrintable(answers[size_t(i)].error));
        QVERIFY(*answers[size_t(i)].latencyMs > 0.01 && *answers[size_t(i)].latencyMs < 2000.0);
        QVERIFY(*answers[size_t(i)].throughput > 1.0);
    }
    QCOMPARE(answers[1].config, joined);
    QVERIFY2(answers[2].error.contains(QStringLiteral("cannot be read")), qPrintable(answers[2].error));
    QVERIFY(!answers[2].latencyMs && !answers[2].throughput);

    // Latency alone, the joining run as trained (two branches): no throughput asked, none given.
    r = runCli({"cost", "--measure", "latency", "--as-trained", "--json", joined});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto trained = timingLineFromJson(r.out.trimmed().toUtf8(), nullptr);
    QVERIFY(trained && trained->latencyMs && !trained->throughput && !trained->deployed);
    // As text, for a person.
    r = runCli({"cost", "--measure", "throughput", base});
    QVERIFY2(r.exitCode == 0 && r.out.contains(QStringLiteral("images/s")), qPrintable(r.out + r.err));
    // Bad options: nothing timed.
    r = runCli({"cost", "--measure", "speed", base});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'speed' is not a measure")), qPrintable(r.err));
    r = runCli({"cost", "--measure", "latency"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("give the run config files")), qPrintable(r.err));
    r = runCli({"cost", base});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("go with --measure")), qPrintable(r.err));
}

GATEFOLD_TEST_MAIN(TstTables)
#include "tst_tables.moc"
