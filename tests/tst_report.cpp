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

#include "report/embeddingtiles.h"
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
    // 5 filters of 4 × 4 × 3 (patch 4), 2 components; a 2 × 2 grid of positions, one of them a zero embedding.
    r.embeddingFilters.filters = 5;
    r.embeddingFilters.channels = 3;
    r.embeddingFilters.components = matrix(2, 48, [&](int, int) { return awkward(k++); });
    r.embeddingFilters.variance = {2.5, 1.0 / 3.0};
    r.embeddingFilters.ratio = {0.75, 0.1};
    r.positionSimilarity = matrix(4, 4, [](int a, int b) {
        return a == 3 || b == 3 ? std::nan("") : a == b ? 1.0 : -0.25 * (a + b) / 3.0;
    });
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
    void readsTheFormerFormat();
    void refusesDamage_data();
    void refusesDamage();
    void fileErrorsNameTheFile();
    void fileListOfAnyVersion();
    void csvTablesHoldTheHistory();
    void everyTableBelongsToAPage();
    void oneListOfViews();
    void embeddingTables();
    void filterTilesRgbAndGrey();
    void similarityTileIsTheRow();
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

// A report written before the embedding views (format /2: the same keys, less two views) still reads.
void TstReport::readsTheFormerFormat()
{
    const InspectReport original = minimalReport();
    QByteArray json = report::reportJson(original, {});
    json.replace(QByteArray("\"format\":\"") + report::kReportFormat + '"', "\"format\":\"gatefold-inspect/2\"");
    QVERIFY(json.contains("gatefold-inspect/2"));
    QString error;
    const auto back = report::readReportJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY2(test::reportDifference(original, *back).isEmpty(), qPrintable(test::reportDifference(original, *back)));
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
                                   << "its format is 'gatefold-inspect/1', this Gatefold reads gatefold-inspect/3";
    QTest::newRow("newer version") << changedJson("format", QStringLiteral("gatefold-inspect/4"))
                                   << "its format is 'gatefold-inspect/4'";
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
    QTest::newRow("filters not centred") << changedJson("embedding_filters/centred", false)
                                         << "embedding_filters.centred: false";
    QTest::newRow("filter row short") << changedJson("embedding_filters/components/1", QJsonArray{0.5})
                                      << "embedding_filters.components[1]: holds 1 item(s); expected 48";
    QTest::newRow("more components than filters") << changedJson("embedding_filters/filters", 2)
                                                  << "embedding_filters.components: holds 2 components; there are 1 to 1";
    QTest::newRow("filter channels") << changedJson("embedding_filters/channels", 100000)
                                     << "embedding_filters.channels: 100000 is outside [1, 4096]";
    QTest::newRow("variance count") << changedJson("embedding_filters/variance/1", QJsonValue::Undefined)
                                    << "embedding_filters.variance: holds 1 item(s); expected 2";
    QTest::newRow("negative variance") << changedJson("embedding_filters/variance/0", -1.0)
                                       << "embedding_filters.variance[0]: -1 is outside [0, inf]";
    QTest::newRow("ratio above 1") << changedJson("embedding_filters/ratio/0", 1.5)
                                   << "embedding_filters.ratio[0]: 1.5 is outside [0, 1";
    QTest::newRow("cosine above 1") << changedJson("position_similarity/1/2", 1.5)
                                    << "position_similarity[1][2]: 1.5 is not a cosine similarity";
    QTest::newRow("similarity rows") << changedJson("position_similarity/3", QJsonValue::Undefined)
                                     << "position_similarity: holds 3 item(s); expected 4";
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
                                 "cka.csv", "codebook_history.csv", "branch_history.csv",
                                 "embedding_filters.csv", "embedding_variance.csv", "position_similarity.csv"}));
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
    QCOMPARE(names("filters"), (QStringList{"embedding_filters.csv", "embedding_variance.csv"}));
    QCOMPARE(names("positions"), (QStringList{"position_similarity.csv"}));
    QVERIFY(names("nothing").isEmpty());
}

void TstReport::oneListOfViews()
{
    QCOMPARE(report::viewNames(),
             (QStringList{"attention", "rollout", "distance", "codebook", "branches", "weights", "cka", "filters",
                          "positions"}));
    QCOMPARE(report::pageNames(),
             (QStringList{"attention", "distance", "codebook", "branches", "cka", "filters", "positions"}));
    for (const QString &view : report::viewNames())
        QVERIFY(report::pageNames().contains(report::pageOf(view)));
    QCOMPARE(report::pageOf(QStringLiteral("rollout")), QStringLiteral("attention"));
    QCOMPARE(report::pageOf(QStringLiteral("weights")), QStringLiteral("branches"));
    QCOMPARE(report::pageOf(QStringLiteral("nothing")), QString());
}

void TstReport::embeddingTables()
{
    const auto tables = report::csvTables(fullReport());
    const auto table = [&](const char *file) {
        const auto t = std::find_if(tables.begin(), tables.end(), [&](const auto &x) { return x.file == QLatin1String(file); });
        return t == tables.end() ? QList<QByteArray>() : t->bytes.split('\n');
    };
    const auto values = table("embedding_filters.csv");
    QCOMPARE(values.at(0), QByteArray("component,channel,row,col,value"));
    QCOMPARE(values.size(), 1 + 2 * 48 + 1);
    // Component 1, value 19 = channel 1 (16 values a channel), row 0, col 3.
    QVERIFY(values.at(1 + 48 + 19).startsWith("1,1,0,3,"));
    const auto variance = table("embedding_variance.csv");
    QCOMPARE(variance.at(0), QByteArray("component,explained_variance,explained_variance_ratio"));
    QCOMPARE(variance.at(1), QByteArray("0,2.5,0.75"));
    QCOMPARE(variance.at(2), QByteArray("1,0.3333333333333333,0.1"));
    const auto positions = table("position_similarity.csv");
    QCOMPARE(positions.at(0), QByteArray("row,col,other_row,other_col,cosine"));
    QCOMPARE(positions.size(), 1 + 16 + 1);
    QCOMPARE(positions.at(1 + 0 * 4 + 0), QByteArray("0,0,0,0,1"));
    QCOMPARE(positions.at(1 + 1 * 4 + 2), QByteArray("0,1,1,0,-0.25"));  // position 1 = (0, 1), 2 = (1, 0)
    QCOMPARE(positions.at(1 + 3 * 4 + 0), QByteArray("1,1,0,0,nan"));
}

void TstReport::filterTilesRgbAndGrey()
{
    // Patch 2. One channel: a grey tile, min-max scaled (−2 → black, 6 → white, 2 → mid).
    report::EmbeddingFilters grey;
    grey.filters = 3;
    grey.channels = 1;
    grey.components = Matrix{1, 4, {-2.0, 2.0, 6.0, 0.0}};
    const auto g = report::filterTile(grey, 2, 0);
    QCOMPARE(g.width, 2);
    QCOMPARE(g.height, 2);
    QCOMPARE(g.rgb, (std::vector<std::uint8_t>{0, 0, 0, 128, 128, 128, 255, 255, 255, 64, 64, 64}));
    // Three channels: R, G, B from channels 0, 1, 2 at each pixel, scaled over the whole tile.
    report::EmbeddingFilters rgb;
    rgb.filters = 3;
    rgb.channels = 3;
    rgb.components = Matrix{1, 12, {0, 0, 0, 0, /*G*/ 1, 0, 0, 0, /*B*/ 0, 0, 0, -1}};
    const auto c = report::filterTile(rgb, 2, 0);
    QCOMPARE(c.width, 2);
    QCOMPARE(c.rgb.size(), size_t(12));
    QCOMPARE(int(c.rgb[0]), 128);  // R of (0, 0): 0 on [−1, 1]
    QCOMPARE(int(c.rgb[1]), 255);  // G of (0, 0): the highest
    QCOMPARE(int(c.rgb[11]), 0);   // B of (1, 1): the lowest
    // Two channels: grey squares side by side; a component out of range gives nothing.
    rgb.channels = 2;
    rgb.components = Matrix{1, 8, {0, 1, 2, 3, 4, 5, 6, 7}};
    const auto two = report::filterTile(rgb, 2, 0);
    QCOMPARE(two.width, 4);
    QCOMPARE(int(two.rgb[(0 * 4 + 2) * 3]), 146);  // channel 1's (0, 0): 4 of [0, 7]
    QVERIFY(report::filterTile(rgb, 2, 1).rgb.empty());
    QVERIFY(report::filterTile(rgb, 3, 0).rgb.empty());  // the wrong patch size for the values
}

void TstReport::similarityTileIsTheRow()
{
    const Matrix s = matrix(6, 6, [](int a, int b) { return a * 10 + b; });
    const Matrix tile = report::similarityTile(s, 2, 3, 4);
    QCOMPARE(tile.rows, 2);
    QCOMPARE(tile.cols, 3);
    QCOMPARE(tile.values, (std::vector<double>{40, 41, 42, 43, 44, 45}));
    QVERIFY(report::similarityTile(s, 2, 2, 0).empty());
    QVERIFY(report::similarityTile(s, 2, 3, 6).empty());
}

QTEST_MAIN(TstReport)
#include "tst_report.moc"
