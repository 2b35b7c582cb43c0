// core/report on its own (no LibTorch): an analysis report written as
// report.json and read back by the one reader is the same report, every
// number exact (NaN, ±infinity, subnormals, the largest double, pixels,
// history), and a report.json that is not whole is refused with where and
// what — truncated, empty, another format or version, a key missing, unknown
// or of the wrong type, numbers the report's shape rules out. The CSV tables
// and the one list of view names.

#include <QtTest/QtTest>

#include <algorithm>

#include "reportequal.h"

#include "report/reportcsv.h"
#include "report/reportjson.h"
#include "report/reportreader.h"
#include "report/reportviews.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <functional>
#include <limits>

using namespace gatefold;
using report::InspectReport;
using report::Matrix;

namespace {

// rows × cols values from a generator of (r, c).
Matrix matrix(int rows, int cols, const std::function<double(int, int)> &value)
{
    Matrix m{rows, cols, {}};
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m.values.push_back(value(r, c));
    return m;
}

// Doubles that a writer or reader could get wrong: not short decimals, the edges of the type, NaN and infinities.
double awkward(int i)
{
    const double values[] = {0.1,
                             1.0 / 3.0,
                             -2.5e-7,
                             5e-324,  // the smallest subnormal
                             std::numeric_limits<double>::max(),
                             0.30000000000000004,
                             std::nan(""),
                             std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(),
                             123456789.123456789,
                             -0.0,
                             1e21};
    return values[size_t(i) % (sizeof values / sizeof values[0])];
}

report::BranchLayer branchLayer(int block, int n, bool features, bool weights)
{
    report::BranchLayer layer;
    layer.block = block;
    const auto cosine = [&](double base) { return matrix(n, n, [&](int r, int c) { return r == c ? 1.0 : base / (1 + r + c); }); };
    if (features) {
        layer.attentionFeatures = cosine(0.3 + block);
        layer.mlpFeatures = cosine(-0.2);
    }
    if (weights) {
        layer.qk = cosine(0.11);
        layer.vo = cosine(1.0 / 7.0);
        layer.fc1 = cosine(std::nan(""));
        layer.fc2 = cosine(0.999999999999);
    }
    return layer;
}

// 2 layers, 3 heads, 2 branches, 3 images of 8 × 6 px, a 2 × 2 patch grid; every view and both histories.
InspectReport fullReport()
{
    InspectReport r;
    r.runId = 12;
    r.runName = QStringLiteral("ab \"quoted\" \\ ünïcödé 中文\n\ttab");
    r.checkpoint = QStringLiteral("epoch:3");
    r.checkpointFile = QStringLiteral("/store/runs/12/step-48.pt");
    r.step = 48;
    r.epoch = 3.0000000000000004;
    r.device = QStringLiteral("cpu");
    r.seconds = 0.123456789;
    r.imageSize = 8;
    r.patchSize = 4;
    r.gridHeight = r.gridWidth = 2;
    r.classToken = false;
    r.layers = 2;
    r.heads = 3;
    r.branches = 2;
    r.classNames = {QStringLiteral("disk"), QStringLiteral("ring, \"odd\""), QString()};
    for (int i = 0; i < 3; ++i) {
        report::InspectedImage im;
        im.width = 8;
        im.height = 6;
        for (int p = 0; p < 8 * 6 * 3; ++p)
            im.rgb.push_back(std::uint8_t((p * 37 + i * 101) % 256));
        im.label = i == 2 ? -1 : i;
        im.className = i == 2 ? QString() : r.classNames.at(i);
        im.source = i == 2 ? QStringLiteral("/photos/a,b.png") : QStringLiteral("val #%1").arg(i);
        im.predicted = (i + 1) % 3;
        im.confidence = i == 1 ? 1.0 : 0.3333333333333333 + i * 1e-17;
        r.images.push_back(im);
    }
    int k = 0;
    const auto map = [&] { return matrix(2, 2, [&](int, int) { return awkward(k++); }); };
    for (int i = 0; i < 2 * 3 * 3; ++i)
        r.attention.push_back(map());
    for (int i = 0; i < 2 * 2 * 3 * 3; ++i)
        r.branchAttention.push_back(map());
    for (int i = 0; i < 3; ++i)
        r.rollout.push_back(map());
    r.rolloutFusion = QStringLiteral("max");
    r.discardRatio = 0.9;
    r.meanDistance = matrix(2, 3, [](int l, int h) { return l * 1.5 + h / 3.0; });
    report::CodebookLayer cb;
    cb.block = 1;
    cb.usage = {0.5, 0.25, 0.125, 0.125, 0.0};
    cb.perplexity = 3.3635856610148585;
    cb.deadCodes = 1;
    cb.meanEntropy = std::nan("");
    cb.meanGateNorm = 0.7071067811865476;
    for (int i = 0; i < 3; ++i)
        cb.codeMaps.push_back(matrix(2, 2, [i](int y, int x) { return double((y * 2 + x + i) % 4); }));
    cb.topImages = {{{0, 2}, {1, 1}}, {{2, 4}}, {}, {{1, 3}, {0, 1}, {2, 1}}, {}};
    r.codebook.push_back(cb);
    r.branchLayers = {branchLayer(0, 2, true, true), branchLayer(1, 2, false, true)};
    r.cka = matrix(2, 5, [](int a, int b) { return a == b ? 1.0 : (a + b) % 3 == 0 ? std::nan("") : 0.5 / (a + b); });
    r.ckaAgainst = QStringLiteral("run 7 (best)");
    r.usageHistory.push_back({16, 1.0, {{1, {0.2, 0.2, 0.2, 0.2, 0.2}}}});
    r.usageHistory.push_back({32, 2.0000000000000004, {{0, {1.0}}, {1, {0.1, 0.0, 0.3, 0.6, 0.0}}}});
    r.branchHistory.push_back({16, 1.0, {branchLayer(0, 2, true, true), branchLayer(1, 2, true, false)}});
    r.skipped[QStringLiteral("weights")] = QStringLiteral("failed: out of memory on cuda");
    return r;
}

InspectReport minimalReport()
{
    InspectReport r;
    r.runId = 1;
    r.checkpoint = QStringLiteral("best");
    r.imageSize = 16;
    r.patchSize = 16;
    r.gridHeight = r.gridWidth = 1;
    r.layers = 1;
    r.heads = 1;
    report::InspectedImage im;
    im.width = im.height = 1;
    im.rgb = {1, 2, 3};
    r.images.push_back(im);
    r.skipped[QStringLiteral("codebook")] = QStringLiteral("the model has no CDE gates (gate.kind = none)");
    return r;
}

// `value` with the item at `path` (object keys and array indices) replaced by `to`, or removed when `to` is
// undefined.
QJsonValue changed(const QJsonValue &value, QStringList path, const QJsonValue &to)
{
    if (path.isEmpty())
        return to;
    const QString step = path.takeFirst();
    if (value.isArray()) {
        QJsonArray a = value.toArray();
        const int i = step.toInt();
        if (path.isEmpty() && to.isUndefined())
            a.removeAt(i);
        else
            a[i] = changed(a.at(i), path, to);
        return a;
    }
    QJsonObject o = value.toObject();
    if (path.isEmpty() && to.isUndefined())
        o.remove(step);
    else
        o[step] = changed(o.value(step), path, to);
    return o;
}

QByteArray changedJson(const QString &path, const QJsonValue &to)
{
    const QJsonObject root = QJsonDocument::fromJson(report::reportJson(fullReport(), {QStringLiteral("report.json")})).object();
    return QJsonDocument(changed(root, path.split(QLatin1Char('/')), to).toObject()).toJson(QJsonDocument::Compact);
}

} // namespace

class TstReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripIsExact();
    void roundTripOfAReportWithoutViews();
    void refusesDamage_data();
    void refusesDamage();
    void fileErrorsNameTheFile();
    void fileListOfAnyVersion();
    void csvTablesHoldTheHistory();
    void everyTableBelongsToAPage();
    void oneListOfViews();
};

void TstReport::roundTripIsExact()
{
    const InspectReport original = fullReport();
    const QStringList files{QStringLiteral("images.csv"), QStringLiteral("attention/layers_image_000.png"),
                            QStringLiteral("report.json")};
    const QByteArray json = report::reportJson(original, files);
    QString error;
    QStringList listed;
    const auto back = report::readReportJson(json, &error, &listed);
    QVERIFY2(back, qPrintable(error));
    const QString difference = test::reportDifference(original, *back);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QCOMPARE(listed, files);
    // Written again, the same bytes: nothing was lost or changed on the way.
    QCOMPARE(report::reportJson(*back, listed), json);
    // NaN as null, infinities as texts, doubles in their shortest exact form.
    QVERIFY(json.contains("null"));
    QVERIFY(json.contains("\"inf\"") && json.contains("\"-inf\""));
    QVERIFY2(json.contains("0.30000000000000004") && json.contains("5e-324"), json.left(400).constData());
    QVERIFY(json.contains(QByteArray("\"format\":\"") + report::kReportFormat + '"'));
}

void TstReport::roundTripOfAReportWithoutViews()
{
    const InspectReport original = minimalReport();
    QString error;
    const auto back = report::readReportJson(report::reportJson(original, {}), &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY2(test::reportDifference(original, *back).isEmpty(), qPrintable(test::reportDifference(original, *back)));
    QVERIFY(back->attention.empty() && back->codebook.empty() && back->usageHistory.empty());
}

void TstReport::refusesDamage_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray whole = report::reportJson(fullReport(), {QStringLiteral("report.json")});
    QTest::newRow("truncated") << whole.left(whole.size() / 2) << "it is not JSON (line 1";
    QTest::newRow("empty") << QByteArray("\n") << "it is empty";
    QTest::newRow("a list") << QByteArray("[1, 2]") << "it holds no JSON object";
    QTest::newRow("older version") << changedJson("format", QStringLiteral("gatefold-inspect/1"))
                                   << "its format is 'gatefold-inspect/1', this Gatefold reads gatefold-inspect/2";
    QTest::newRow("newer version") << changedJson("format", QStringLiteral("gatefold-inspect/3"))
                                   << "its format is 'gatefold-inspect/3'";
    QTest::newRow("other format") << changedJson("format", QStringLiteral("mlflow/1"))
                                  << "not a Gatefold analysis report";
    QTest::newRow("no format") << changedJson("format", QJsonValue::Undefined) << "its format is nothing";
    QTest::newRow("format a number") << changedJson("format", 2) << "its format is a number";
    QTest::newRow("unknown key") << changedJson("colour", 1) << "colour: not a key of this format";
    QTest::newRow("missing key") << changedJson("images", QJsonValue::Undefined) << "images: missing";
    QTest::newRow("run id a text") << changedJson("run/id", QStringLiteral("12"))
                                   << "run.id: expected a whole number, found a text";
    QTest::newRow("layers not whole") << changedJson("model/layers", 2.5) << "model.layers: expected a whole number, found 2.5";
    QTest::newRow("heads zero") << changedJson("model/heads", 0) << "model.heads: 0 is outside [1, 65536]";
    QTest::newRow("class token a number") << changedJson("model/class_token", 1)
                                          << "model.class_token: expected true or false, found a number";
    QTest::newRow("confidence a text") << changedJson("images/0/confidence", QStringLiteral("high"))
                                       << "images[0].confidence: expected a number, found a text";
    QTest::newRow("confidence above 1") << changedJson("images/1/confidence", 1.5)
                                        << "images[1].confidence: 1.5 is outside [0, 1]";
    QTest::newRow("label out of range") << changedJson("images/0/label", 3) << "images[0].label: 3 is outside [-1, 2]";
    QTest::newRow("image index") << changedJson("images/1/index", 0) << "images[1].index: 0 is outside [1, 1]";
    QTest::newRow("pixels short") << changedJson("images/0/rgb", QStringLiteral("AAEC"))
                                  << "images[0].rgb: holds 3 bytes; a 8×6 RGB image has 144";
    QTest::newRow("pixels not base64") << changedJson("images/0/rgb", QStringLiteral("not base64!"))
                                       << "images[0].rgb: is not base64";
    QTest::newRow("attention row short") << changedJson("attention/1/2/0/1", QJsonArray{0.5})
                                         << "attention[1][2][0][1]: holds 1 item(s); expected 2";
    QTest::newRow("attention layers") << changedJson("attention/1", QJsonValue::Undefined)
                                      << "attention: holds 1 item(s); expected 2";
    QTest::newRow("attention value a text") << changedJson("attention/0/0/0/0/0", QStringLiteral("x"))
                                            << "attention[0][0][0][0][0]: expected a number, found a text";
    QTest::newRow("rollout fusion") << changedJson("rollout/fusion", QStringLiteral("median"))
                                    << "rollout.fusion: 'median' is not a head fusion";
    QTest::newRow("negative distance") << changedJson("mean_distance/1/2", -1.0) << "mean_distance[5]: a distance below 0";
    QTest::newRow("code beyond the codebook") << changedJson("codebook/0/code_maps/2/1/0", 5)
                                              << "codebook[0].code_maps[2][1][0]: 5 is outside [0, 4]";
    QTest::newRow("top image beyond the images") << changedJson("codebook/0/top_images/1/0", QJsonArray{3, 4})
                                                 << "codebook[0].top_images[1][0]: 3 is outside [0, 2]";
    QTest::newRow("dead codes") << changedJson("codebook/0/dead_codes", 6) << "codebook[0].dead_codes: 6 is outside [0, 5]";
    QTest::newRow("block beyond the model") << changedJson("branches/1/block", 2) << "branches[1].block: 2 is outside [0, 1]";
    QTest::newRow("branch matrix size") << changedJson("branches/0/qk", QJsonArray{QJsonArray{1.0}})
                                        << "branches[0].qk: holds 1 item(s); expected 2";
    QTest::newRow("cka rows") << changedJson("cka/matrix/1", QJsonValue::Undefined) << "cka.matrix: holds 1 item(s); expected 2";
    QTest::newRow("history usage above 1") << changedJson("history/codebook_usage/0/blocks/0/usage/2", 2.0)
                                           << "history.codebook_usage[0].blocks[0].usage[2]: 2 is outside [0, 1";
    QTest::newRow("history step negative") << changedJson("history/branches/0/step", -4)
                                           << "history.branches[0].step: -4 is outside [0, ";
    QTest::newRow("unknown skipped view") << changedJson("skipped/colour", QStringLiteral("x"))
                                          << "skipped.colour: not a key of this format";
    QTest::newRow("file outside the folder") << changedJson("files/0", QStringLiteral("../../etc/passwd"))
                                             << "files[0]: '../../etc/passwd' is not a path inside the report's folder";
}

void TstReport::refusesDamage()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QString error;
    QVERIFY(!report::readReportJson(json, &error));
    QVERIFY2(error.contains(expected), qPrintable(QStringLiteral("%1\n  expected: %2").arg(error, expected)));
}

void TstReport::fileErrorsNameTheFile()
{
    QTemporaryDir dir;
    QString error;
    const QString missing = dir.filePath(QStringLiteral("report.json"));
    QVERIFY(!report::readReportFile(missing, &error));
    QVERIFY2(error.contains(missing) && error.contains(QStringLiteral("cannot be read"))
                 && error.contains(QStringLiteral("gatefold-cli analyze")),
             qPrintable(error));
    QFile file(missing);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray json = report::reportJson(fullReport(), {});
    file.write(json.left(json.size() - 40));
    file.close();
    QVERIFY(!report::readReportFile(missing, &error));
    QVERIFY2(error.contains(missing) && error.contains(QStringLiteral("not JSON")), qPrintable(error));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(json);
    file.close();
    const auto back = report::readReportFile(missing, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->runId, qint64(12));
}

void TstReport::fileListOfAnyVersion()
{
    // A previous report is cleared by its own list, whatever its version; only paths inside the folder.
    const QByteArray older = R"({"format": "gatefold-inspect/1", "files": ["images.csv", "/etc/passwd",
                                  "../x", "attention/a.png", 3]})";
    QCOMPARE(report::reportFileList(older), (QStringList{"images.csv", "attention/a.png"}));
    QCOMPARE(report::reportFileList(R"({"format": "other/1", "files": ["a.csv"]})"), QStringList());
    QCOMPARE(report::reportFileList("not json"), QStringList());
}

void TstReport::csvTablesHoldTheHistory()
{
    const auto tables = report::csvTables(fullReport());
    QStringList names;
    for (const auto &t : tables)
        names << t.file;
    QCOMPARE(names, (QStringList{"images.csv", "attention.csv", "rollout.csv", "mean_distance.csv",
                                 "codebook_summary.csv", "codebook_usage.csv", "code_maps.csv",
                                 "codebook_top_images.csv", "branch_similarity.csv", "weight_similarity.csv",
                                 "cka.csv", "codebook_history.csv", "branch_history.csv"}));
    const QList<QByteArray> usage = tables[11].bytes.split('\n');
    QCOMPARE(usage.at(0), QByteArray("step,epoch,block,code,usage"));
    QCOMPARE(usage.size(), 1 + 5 + 1 + 5 + 1);  // + the empty last
    QCOMPARE(usage.at(7), QByteArray("32,2.0000000000000004,1,0,0.1"));
    const QList<QByteArray> branches = tables[12].bytes.split('\n');
    QCOMPARE(branches.at(0), QByteArray("step,epoch,block,module,i,j,value"));
    // Block 0: attention, mlp, qk, vo, fc1, fc2; block 1: attention, mlp — 2 × 2 each.
    QCOMPARE(branches.size(), 1 + 8 * 4 + 1);
    QCOMPARE(branches.at(1), QByteArray("16,1,0,attention,0,0,1"));
    QVERIFY(tables[10].bytes.contains("\n0,1,nan\n") || tables[10].bytes.contains("\n1,2,nan\n"));
}

void TstReport::everyTableBelongsToAPage()
{
    // The window's "Export CSV…" writes a page's tables: together the pages write every table the CLI
    // writes, each page its own (images.csv with the pages whose tables index images), same bytes.
    const auto report = fullReport();
    const auto all = report::csvTables(report);
    QStringList covered;
    for (const QString &page : report::pageNames())
        for (const auto &table : report::pageCsvTables(report, page)) {
            if (!covered.contains(table.file))
                covered << table.file;
            const auto same = std::find_if(all.begin(), all.end(), [&](const auto &t) { return t.file == table.file; });
            QVERIFY(same != all.end());
            QCOMPARE(table.bytes, same->bytes);
        }
    QCOMPARE(covered.size(), int(all.size()));
    const auto names = [&](const char *page) {
        QStringList files;
        for (const auto &table : report::pageCsvTables(report, QLatin1String(page)))
            files << table.file;
        return files;
    };
    QCOMPARE(names("attention"), (QStringList{"images.csv", "attention.csv", "rollout.csv"}));
    QCOMPARE(names("distance"), (QStringList{"mean_distance.csv"}));
    QCOMPARE(names("codebook"), (QStringList{"images.csv", "codebook_summary.csv", "codebook_usage.csv",
                                             "code_maps.csv", "codebook_top_images.csv", "codebook_history.csv"}));
    QCOMPARE(names("branches"), (QStringList{"branch_similarity.csv", "weight_similarity.csv", "branch_history.csv"}));
    QCOMPARE(names("cka"), (QStringList{"cka.csv"}));
    QVERIFY(names("nothing").isEmpty());
}

void TstReport::oneListOfViews()
{
    QCOMPARE(report::viewNames(),
             (QStringList{"attention", "rollout", "distance", "codebook", "branches", "weights", "cka"}));
    QCOMPARE(report::pageNames(), (QStringList{"attention", "distance", "codebook", "branches", "cka"}));
    for (const QString &view : report::viewNames())
        QVERIFY(report::pageNames().contains(report::pageOf(view)));
    QCOMPARE(report::pageOf(QStringLiteral("rollout")), QStringLiteral("attention"));
    QCOMPARE(report::pageOf(QStringLiteral("weights")), QStringLiteral("branches"));
    QCOMPARE(report::pageOf(QStringLiteral("nothing")), QString());
}

QTEST_MAIN(TstReport)
#include "tst_report.moc"
