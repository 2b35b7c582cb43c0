// The attention and codebook views on hand-built reports (known numbers):
// the map under the large picture is the report's (or the mean over heads,
// or the rollout), a parallel model's branch maps are reachable, the picture
// blends the right colours (viridis endpoints at a map's min and max), the
// codebook histogram holds the usage sorted or by index, clicking a patch
// picks its code and lists the images that use it, CSVs parse back to the
// report's numbers, pictures export as PNG/SVG/PDF, and a view the report
// skipped says why. The panel has a real `gatefold-cli analyze` child compute
// a CDE run's checkpoint (trained here by a gatefold-cli child) and fills the
// views from its report.json, history included; a run without a checkpoint,
// an engine killed mid-way, a missing engine and an engine that writes
// another report version are each said in place; selecting another run or
// asking again mid-computation stops the child and never shows its answer.
// Pictures go to $GATEFOLD_SCREENSHOTS when set.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "screenshot.h"
#include "pagecsv.h"
#include "readcsv.h"
#include "tinyrun.h"

#include "widgets/attentionview.h"
#include "widgets/branchsimilarityview.h"
#include "widgets/qcp.h"
#include "widgets/codebookview.h"
#include "widgets/embeddingfiltersview.h"
#include "widgets/positionsimilarityview.h"
#include "widgets/inspectpanel.h"
#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"
#include "widgets/runtablemodel.h"
#include "widgets/mapimage.h"

#include "report/inspectreport.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QTabWidget>
#include <QTableView>

#include <signal.h>
#include <sys/types.h>
#endif

using namespace gatefold;
using report::Matrix;

using gatefold::test::readCsv;
using gatefold::test::verifyCliTables;
using gatefold::test::screenshotDir;

namespace {

const QString kPanelEngine = QStringLiteral(GATEFOLD_CLI_PATH);

// A store with a run of `config` trained for real by a gatefold-cli child; its id.
qint64 trainedRun(const QString &storePath, const train::RunConfig &config, const QString &name)
{
    QString error;
    qint64 id = 0;
    {
        auto store = store::RunStore::open(storePath, &error);
        if (!store)
            qFatal("%s", qPrintable(error));
        store::NewRun run;
        run.name = name;
        run.configJson = train::runConfigToJson(config);
        id = *store->createRun(run);
    }
    QProcess engine;
    engine.start(kPanelEngine, {QStringLiteral("train"), QStringLiteral("--run"), QString::number(id),
                           QStringLiteral("--store"), storePath});
    if (!engine.waitForFinished(120000) || engine.exitCode() != 0)
        qFatal("training run %lld failed: %s", id, engine.readAllStandardError().constData());
    return id;
}

// 2 layers, 2 heads, 2 branches, 3 images of 16 px, a 4 × 4 patch grid; every
// map distinct: value = layer*1000 + branch*100 + head*10 + image + cell/100.
std::shared_ptr<report::InspectReport> makeReport()
{
    auto r = std::make_shared<report::InspectReport>();
    r->runId = 7;
    r->runName = QStringLiteral("toy");
    r->imageSize = 16;
    r->patchSize = 4;
    r->gridHeight = r->gridWidth = 4;
    r->layers = 2;
    r->heads = 2;
    r->branches = 2;
    r->classNames = {QStringLiteral("disk"), QStringLiteral("ring")};
    for (int i = 0; i < 3; ++i) {
        report::InspectedImage im;
        im.width = im.height = 16;
        im.rgb.assign(16 * 16 * 3, std::uint8_t(40 * i));
        im.label = i % 2;
        im.className = r->classNames.at(i % 2);
        im.source = QStringLiteral("val #%1").arg(i);
        im.predicted = 0;
        im.confidence = 0.75;
        r->images.push_back(im);
    }
    const auto map = [](double base) {
        Matrix m{4, 4, {}};
        for (int c = 0; c < 16; ++c)
            m.values.push_back(base + c / 100.0);
        return m;
    };
    for (int l = 0; l < 2; ++l)
        for (int i = 0; i < 3; ++i)
            for (int h = 0; h < 2; ++h)
                r->attention.push_back(map(l * 1000 + 900 + h * 10 + i));
    for (int l = 0; l < 2; ++l)
        for (int b = 0; b < 2; ++b)
            for (int i = 0; i < 3; ++i)
                for (int h = 0; h < 2; ++h)
                    r->branchAttention.push_back(map(l * 1000 + b * 100 + h * 10 + i));
    for (int i = 0; i < 3; ++i)
        r->rollout.push_back(map(5000 + i));
    // One gated block, K = 5: code 3 most used, code 4 dead.
    report::CodebookLayer cb;
    cb.block = 1;
    cb.usage = {0.2, 0.1, 0.05, 0.65, 0.0};
    cb.perplexity = 2.5;
    cb.deadCodes = 1;
    cb.meanEntropy = 0.125;
    cb.meanGateNorm = 0.5;
    for (int i = 0; i < 3; ++i) {
        Matrix codes{4, 4, std::vector<double>(16, 3.0)};
        codes.values[0] = 0;  // the top-left patch of every image uses code 0
        if (i == 2)
            codes.values[5] = 1;
        cb.codeMaps.push_back(codes);
    }
    cb.topImages = {{{0, 1}, {1, 1}, {2, 1}}, {{2, 1}}, {}, {{0, 15}, {1, 15}, {2, 14}}, {}};
    r->codebook.push_back(cb);
    return r;
}

} // namespace

class TstInspectPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void viridisEndpoints();
    void heatOverlayScalesToTheMap();
    void attentionShowsTheChosenMap();
    void attentionCsvAndPictures();
    void attentionSaysWhyWhenSkipped();
    void codebookHistogramAndStats();
    void codebookClickPicksACode();
    void codebookCsv();
    void codebookSaysWhyWithoutGates();
    void panelComputesARealRun();
    void panelScrubsThroughJoining();
    void panelDropsAnAnswerAboutAnotherRun();
    void panelSaysWhenTheEngineFails();
    void windowInspectFollowsTheSelection();

private:
    QString twoRunStore();

    QTemporaryDir m_dir;
    QString m_twoRuns;  // a store with two trained runs, made once
    qint64 m_first = 0, m_second = 0;
};

void TstInspectPanel::viridisEndpoints()
{
    // matplotlib's viridis: #440154 at 0, #fde725 at 1 (±1 per channel for rounding).
    const QColor low = widgets::mapimage::viridis(0.0), high = widgets::mapimage::viridis(1.0);
    QVERIFY(std::abs(low.red() - 0x44) <= 1 && std::abs(low.green() - 0x01) <= 1 && std::abs(low.blue() - 0x54) <= 1);
    QVERIFY(std::abs(high.red() - 0xfd) <= 1 && std::abs(high.green() - 0xe7) <= 1 && std::abs(high.blue() - 0x25) <= 1);
    QCOMPARE(widgets::mapimage::viridis(-3.0), low);
    QCOMPARE(widgets::mapimage::viridis(7.0), high);
    QVERIFY(widgets::mapimage::codeColor(0) != widgets::mapimage::codeColor(1));
}

void TstInspectPanel::heatOverlayScalesToTheMap()
{
    // A 2 × 2 map over a 40 × 40 black image, alpha 1: the corners take the colours of the min and max.
    QImage base(40, 40, QImage::Format_RGB32);
    base.fill(Qt::black);
    const Matrix m{2, 2, {1.0, 2.0, 3.0, 9.0}};
    const QImage out = widgets::mapimage::heatOverlay(base, m, 1.0);
    QCOMPARE(out.size(), base.size());
    QCOMPARE(out.pixelColor(0, 0), widgets::mapimage::viridis(0.0));
    QCOMPARE(out.pixelColor(39, 39), widgets::mapimage::viridis(1.0));
    // alpha 0 leaves the image.
    QCOMPARE(widgets::mapimage::heatOverlay(base, m, 0.0).pixelColor(20, 20), QColor(Qt::black));
    // Code overlay: each patch its code's colour.
    const QImage codes = widgets::mapimage::codeOverlay(base, Matrix{1, 2, {3.0, 8.0}}, 1.0);
    QCOMPARE(codes.pixelColor(5, 5).rgb(), widgets::mapimage::codeColor(3).rgb());
    QCOMPARE(codes.pixelColor(35, 5).rgb(), widgets::mapimage::codeColor(8).rgb());
}

void TstInspectPanel::attentionShowsTheChosenMap()
{
    widgets::AttentionView view;
    view.resize(1000, 520);
    view.setReport(makeReport());
    // Default: the last layer, mean over heads, joined, first image.
    Matrix shown = view.currentMap();
    QCOMPARE(shown.rows, 4);
    QCOMPARE(shown.values.size(), size_t(16));
    QVERIFY(qAbs(shown.at(0, 0) - (1000 + 900 + 5 + 0)) < 1e-9);  // mean of heads 0 and 1: +0, +10
    view.setSelection(2, 0, 1, -1, false);                          // image 2, layer 0, head 1, joined
    shown = view.currentMap();
    QCOMPARE(shown.at(3, 3), 900 + 10 + 2 + 15 / 100.0);
    view.setSelection(1, 1, 0, 1, false);  // image 1, layer 1, head 0, branch 1
    QCOMPARE(view.currentMap().at(0, 1), 1000 + 100 + 0 + 1 + 0.01);
    view.setSelection(2, 1, 0, -1, true);  // rollout of image 2
    QCOMPARE(view.currentMap().at(0, 0), 5002.0);
    view.setSelection(0, 1, -1, 0, false);
    if (!screenshotDir().isEmpty()) {
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.grab().save(screenshotDir() + QStringLiteral("/attention-view.png")));
    }
}

void TstInspectPanel::attentionCsvAndPictures()
{
    widgets::AttentionView view;
    view.resize(900, 500);
    const auto report = makeReport();
    view.setReport(report);
    const QString csv = m_dir.filePath(QStringLiteral("attention-tables"));
    QString error;
    QStringList written;
    QVERIFY2(view.exportCsv(csv, &error, &written), qPrintable(error));
    verifyCliTables(csv, written, *report, {"images.csv", "attention.csv", "rollout.csv"});
    const auto rows = readCsv(csv + QStringLiteral("/attention.csv"));
    QCOMPARE(rows.first(), QStringList({"layer", "head", "branch", "image", "row", "col", "value"}));
    // joined 2*3*2 maps + branches 2*2*3*2, 16 cells each; 0-based, branch -1 the block's map.
    QCOMPARE(rows.size() - 1, (12 + 24) * 16);
    bool found = false;
    for (const auto &row : rows)
        if (row.value(0) == "1" && row.value(1) == "0" && row.value(2) == "1" && row.value(3) == "2"
            && row.value(4) == "1" && row.value(5) == "3") {
            QCOMPARE(row.value(6).toDouble(), 1000 + 100 + 0 + 2 + 7 / 100.0);
            found = true;
        }
    QVERIFY(found);
    QCOMPARE(readCsv(csv + QStringLiteral("/rollout.csv")).size() - 1, 3 * 16);
    for (const char *suffix : {"png", "svg", "pdf"}) {
        const QString path = m_dir.filePath(QStringLiteral("attention.") + QLatin1String(suffix));
        QVERIFY2(view.exportPicture(path, &error), qPrintable(error));
        QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(QStringLiteral("%1: %2 bytes").arg(path).arg(QFileInfo(path).size())));
    }
    QVERIFY(!view.exportPicture(m_dir.filePath(QStringLiteral("attention.gif")), &error));
    QVERIFY2(error.contains(QStringLiteral(".png")), qPrintable(error));
    // A folder that cannot be made: said, nothing written.
    QVERIFY(!view.exportCsv(QStringLiteral("/proc/gatefold-no-such/dir"), &error));
    QVERIFY2(error.contains(QStringLiteral("/proc/gatefold-no-such/dir")), qPrintable(error));
    // A folder holding a file where a table goes: that table is named, the store is not touched.
    const QString blocked = m_dir.filePath(QStringLiteral("blocked"));
    QVERIFY(QDir().mkpath(blocked + QStringLiteral("/rollout.csv")));
    QVERIFY(!view.exportCsv(blocked, &error));
    QVERIFY2(error.contains(QStringLiteral("rollout.csv")), qPrintable(error));
}

void TstInspectPanel::attentionSaysWhyWhenSkipped()
{
    auto report = makeReport();
    report->attention.clear();
    report->branchAttention.clear();
    report->skipped[QStringLiteral("attention")] = QStringLiteral("out of memory on cuda");
    widgets::AttentionView view;
    view.setReport(report);
    view.show();
    bool said = false;
    for (const QLabel *label : view.findChildren<QLabel *>())
        said = said || (label->isVisible() && label->text().contains(QStringLiteral("out of memory on cuda")));
    QVERIFY(said);
}

void TstInspectPanel::codebookHistogramAndStats()
{
    widgets::CodebookView view;
    view.resize(900, 640);
    view.setReport(makeReport());
    // Sorted by usage: codes 3, 0, 1, 2, 4.
    QCOMPARE(view.barCodes(), (std::vector<int>{3, 0, 1, 2, 4}));
    QCOMPARE(view.barValues(), (std::vector<double>{0.65, 0.2, 0.1, 0.05, 0.0}));
    QVERIFY2(view.statsText().contains(QStringLiteral("perplexity 2.50")) && view.statsText().contains(QStringLiteral("dead codes 1"))
                 && view.statsText().contains(QStringLiteral("K = 5")),
             qPrintable(view.statsText()));
    // By index.
    auto *order = view.findChildren<QComboBox *>().at(1);
    order->setCurrentIndex(1);
    QCOMPARE(view.barCodes(), (std::vector<int>{0, 1, 2, 3, 4}));
    QCOMPARE(view.barValues(), (std::vector<double>{0.2, 0.1, 0.05, 0.65, 0.0}));
}

void TstInspectPanel::codebookClickPicksACode()
{
    widgets::CodebookView view;
    view.resize(900, 640);
    view.setReport(makeReport());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QLabel *picture = view.patchPicture();
    const QSizeF size = picture->pixmap().deviceIndependentSize();
    const QPoint origin(int((picture->width() - size.width()) / 2), int((picture->height() - size.height()) / 2));
    // Top-left patch: code 0; a middle patch: code 3.
    const QPoint topLeft = origin + QPoint(int(size.width() / 8), int(size.height() / 8));
    const QPoint middle = origin + QPoint(int(size.width() * 5 / 8), int(size.height() * 5 / 8));
    QCOMPARE(view.codeAt(topLeft), 0);
    QCOMPARE(view.codeAt(middle), 3);
    QCOMPARE(view.codeAt(QPoint(-5, -5)), -1);
    QTest::mouseClick(picture, Qt::LeftButton, {}, topLeft);
    QCOMPARE(view.code(), 0);
    QCOMPARE(view.topImageCount(), 3);  // all three images use code 0
    QTest::mouseClick(picture, Qt::LeftButton, {}, middle);
    QCOMPARE(view.code(), 3);
    QCOMPARE(view.topImageCount(), 3);
    view.setCode(1);
    QCOMPARE(view.topImageCount(), 1);
    view.setCode(3);
    QCoreApplication::processEvents();  // lay out the listed images before the picture
    if (!screenshotDir().isEmpty())
        QVERIFY(view.grab().save(screenshotDir() + QStringLiteral("/codebook-view.png")));
    view.setCode(99);  // not a code: none picked
    QCOMPARE(view.code(), -1);
}

void TstInspectPanel::codebookCsv()
{
    widgets::CodebookView view;
    const auto report = makeReport();
    view.setReport(report);
    const QString csv = m_dir.filePath(QStringLiteral("codebook-tables"));
    QString error;
    QStringList written;
    QVERIFY2(view.exportCsv(csv, &error, &written), qPrintable(error));
    verifyCliTables(csv, written, *report,
                    {"images.csv", "codebook_summary.csv", "codebook_usage.csv", "code_maps.csv",
                     "codebook_top_images.csv"});
    const auto usage = readCsv(csv + QStringLiteral("/codebook_usage.csv"));
    QCOMPARE(usage.first(), QStringList({"block", "code", "usage"}));
    QCOMPARE(usage.size() - 1, 5);
    QCOMPARE(usage.at(4), QStringList({"1", "3", "0.65"}));  // the shortest text that reads back
    const auto maps = readCsv(csv + QStringLiteral("/code_maps.csv"));
    QCOMPARE(maps.first(), QStringList({"block", "image", "row", "col", "code"}));
    QCOMPARE(maps.size() - 1, 3 * 16);
    QCOMPARE(maps.at(1 + 16 * 2 + 5), QStringList({"1", "2", "1", "1", "1"}));
}

void TstInspectPanel::codebookSaysWhyWithoutGates()
{
    auto report = makeReport();
    report->codebook.clear();
    report->skipped[QStringLiteral("codebook")] = QStringLiteral("the model has no CDE gates");
    widgets::CodebookView view;
    view.setReport(report);
    view.show();
    bool said = false;
    for (const QLabel *label : view.findChildren<QLabel *>())
        said = said || (label->isVisible() && label->text().contains(QStringLiteral("no CDE gates")));
    QVERIFY(said);
    QString error;
    QVERIFY(!view.exportCsv(m_dir.filePath(QStringLiteral("none")), &error));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("none"))));
}

void TstInspectPanel::panelComputesARealRun()
{
    const QString storePath = m_dir.filePath(QStringLiteral("panel.sqlite"));
    qint64 trained = 0, fresh = 0;
    {
        QString error;
        auto store = store::RunStore::open(storePath, &error);
        QVERIFY2(store, qPrintable(error));
        auto config = tinyRun(1);
        std::string why;
        for (const char *kv : {"gate.kind=cde", "gate.codebook_size=6"})
            QVERIFY2(config::applyAssignment(config, kv, &why), why.c_str());
        store::NewRun run;
        run.name = QStringLiteral("gated");
        run.configJson = train::runConfigToJson(config);
        trained = *store->createRun(run);
        run.name = QStringLiteral("never trained");
        fresh = *store->createRun(run);
    }
    QProcess engine;
    engine.start(QStringLiteral(GATEFOLD_CLI_PATH),
                 {QStringLiteral("train"), QStringLiteral("--run"), QString::number(trained), QStringLiteral("--store"),
                  storePath});
    QVERIFY(engine.waitForFinished(120000));
    QCOMPARE(engine.exitCode(), 0);

    widgets::InspectPanel panel(kPanelEngine, storePath);
    panel.resize(1100, 700);
    panel.show();
    QSignalSpy computed(&panel, &widgets::InspectPanel::computed);
    panel.setRuns({fresh});
    QVERIFY(panel.compute());
    QVERIFY(computed.wait(60000));
    QCOMPARE(computed.last().at(0).toBool(), false);
    QVERIFY2(panel.statusText().contains(QStringLiteral("checkpoint")), qPrintable(panel.statusText()));

    panel.setRuns({trained});
    QVERIFY(panel.compute());
    QVERIFY(panel.isComputing());
    QVERIFY(computed.wait(60000));
    QVERIFY2(computed.last().at(0).toBool(), qPrintable(panel.statusText()));
    const auto report = panel.report();
    QVERIFY(report);
    QCOMPARE(report->runId, trained);
    QCOMPARE(int(report->images.size()), 8);
    // tinyRun: 16 px, patch 4 → 4 × 4 patches; 2 blocks, 2 heads; a gate in every block.
    const report::Matrix shown = panel.attentionView()->currentMap();
    QCOMPARE(shown.rows, 4);
    QCOMPARE(shown.cols, 4);
    QCOMPARE(int(report->codebook.size()), 2);
    QCOMPARE(panel.codebookView()->barValues().size(), size_t(6));
    double sum = 0;
    for (double v : panel.codebookView()->barValues())
        sum += v;
    QVERIFY(qAbs(sum - 1.0) < 1e-6);
    QVERIFY2(panel.statusText().contains(QStringLiteral("best checkpoint")), qPrintable(panel.statusText()));
    QVERIFY2(panel.statusText().contains(QStringLiteral("single-branch")), qPrintable(panel.statusText()));
    // What the run recorded at its evaluation came with the report (report.json's history): the codebook
    // view's training slider walks it.
    QCOMPARE(int(report->usageHistory.size()), 1);
    QCOMPARE(int(report->usageHistory.front().usage.size()), 2);  // both gated blocks
    QVERIFY(report->branchHistory.empty());
    QVERIFY(!report->images.front().rgb.empty());  // the pixels too: the views overlay the images
    panel.setCurrentView(QStringLiteral("codebook"));
    QString error;
    QStringList written;
    QVERIFY2(panel.exportCsv(m_dir.filePath(QStringLiteral("panel-codebook")), &error, &written), qPrintable(error));
    verifyCliTables(m_dir.filePath(QStringLiteral("panel-codebook")), written, *report,
                    {"images.csv", "codebook_summary.csv", "codebook_usage.csv", "code_maps.csv",
                     "codebook_top_images.csv", "codebook_history.csv"});
    QVERIFY2(panel.exportPicture(m_dir.filePath(QStringLiteral("panel-codebook.svg")), &error), qPrintable(error));
    if (!screenshotDir().isEmpty())
        QVERIFY(panel.grab().save(screenshotDir() + QStringLiteral("/inspect-panel.png")));
    // The ViT paper's Fig. 7 views (issue #19): d 32 filters of 4 × 4 × 3 → the first 28 components; 4 × 4 positions.
    QVERIFY(panel.filtersView()->isAvailable());
    QCOMPARE(panel.filtersView()->tileCount(), 28);
    QCOMPARE(panel.filtersView()->tileImage(0).size(), QSize(4, 4));
    QVERIFY(panel.positionsView()->isAvailable());
    QCOMPARE(panel.positionsView()->tileCount(), 16);
    QVERIFY(qAbs(panel.positionsView()->tileValues(5).at(1, 1) - 1.0) < 1e-6);  // position 5 = (1, 1): itself
    for (const char *page : {"filters", "positions"}) {
        panel.setCurrentView(QLatin1String(page));
        const QString picture = m_dir.filePath(QStringLiteral("panel-%1.pdf").arg(QLatin1String(page)));
        QVERIFY2(panel.exportPicture(picture, &error), qPrintable(error));
        QVERIFY(QFileInfo(picture).size() > 1000);
        if (!screenshotDir().isEmpty())
            QVERIFY(panel.grab().save(screenshotDir() + QStringLiteral("/inspect-%1.png").arg(QLatin1String(page))));
    }
}

void TstInspectPanel::panelScrubsThroughJoining()
{
    // A two-branch run trained 2 epochs records two branches/similarity
    // snapshots; the Branches tab's slider shows each one's numbers, and its
    // right end the checkpoint's.
    const QString storePath = m_dir.filePath(QStringLiteral("join.sqlite"));
    const qint64 id = trainedRun(storePath, withSettings(tinyRun(2), {"join.branches=2", "train.keep_every=1"}),
                                 QStringLiteral("two branches"));
    QString error;
    auto store = store::RunStore::open(storePath, &error);
    QVERIFY2(store, qPrintable(error));
    // The engine's snapshots as the store holds them (core/store/README.md), read here on their own.
    const auto snapshots = store->snapshots(id, QStringLiteral("branches/similarity"));
    QCOMPARE(int(snapshots.size()), 2);

    widgets::InspectPanel panel(kPanelEngine, storePath);
    panel.resize(1100, 700);
    panel.show();
    QSignalSpy computed(&panel, &widgets::InspectPanel::computed);
    panel.setRuns({id});
    QVERIFY(panel.compute());
    QVERIFY(computed.wait(60000));
    QVERIFY2(computed.last().at(0).toBool(), qPrintable(panel.statusText()));
    QCOMPARE(panel.branchSteps(), 2);
    const auto history = panel.report()->branchHistory;  // through report.json
    QCOMPARE(int(history.front().layers.size()), 2);  // tinyRun: 2 blocks
    QCOMPARE(history.front().layers.front().fc1.rows, 2);
    for (size_t i = 0; i < history.size(); ++i) {
        QCOMPARE(history[i].step, snapshots[i].step);
        const QJsonArray fc1 = QJsonDocument::fromJson(snapshots[i].dataJson).object().value("fc1").toArray().at(0).toArray();
        QCOMPARE(fc1.size(), qsizetype(4));
        for (int k = 0; k < 4; ++k)
            QCOMPARE(history[i].layers.front().fc1.values[size_t(k)], fc1.at(k).toDouble());
    }
    auto *view = panel.branchView();
    const auto cellsOf = [&](int row, int column) {
        std::vector<double> out;
        QCPColorMap *map = view->heatmap(row, column);
        for (int i = 0; map && i < 2; ++i)
            for (int j = 0; j < 2; ++j)
                out.push_back(map->data()->cell(j, i));
        return out;
    };
    // Right end: the checkpoint on the inspected images.
    const auto &checkpoint = panel.report()->branchLayers.at(1).mlpFeatures;
    QCOMPARE(cellsOf(1, 1), checkpoint.values);
    // The first evaluation, then the second (the same weights as the best/last checkpoint at its step).
    panel.setBranchStep(0);
    QCOMPARE(cellsOf(1, 1), history.front().layers.at(1).mlpFeatures.values);
    QCOMPARE(cellsOf(0, 0), history.front().layers.at(0).attentionFeatures.values);
    view->setQuantity(widgets::BranchSimilarityView::Quantity::Weights);
    QCOMPARE(cellsOf(0, 2), history.front().layers.at(0).fc1.values);
    panel.setBranchStep(1);
    QCOMPARE(cellsOf(0, 2), history.back().layers.at(0).fc1.values);
    // The checkpoint's weights are those of the evaluation at its step (weight similarity needs no images).
    panel.setBranchStep(2);
    const auto same = std::find_if(history.begin(), history.end(),
                                   [&](const report::BranchStep &s) { return s.step == panel.report()->step; });
    QVERIFY(same != history.end());
    for (size_t i = 0; i < 4; ++i)
        QVERIFY(qAbs(cellsOf(0, 2)[i] - same->layers.at(0).fc1.values[i]) < 1e-6);

    // train.keep_every = 1 kept both epochs' checkpoints: epoch 1 holds the first evaluation's weights.
    QStringList kept;
    for (const auto &a : store->artifacts(id))
        kept << a.kind;
    QVERIFY2(kept.contains(QStringLiteral("checkpoint/epoch-1")) && kept.contains(QStringLiteral("checkpoint/epoch-2")),
             qPrintable(kept.join(QLatin1Char(' '))));
    // The epoch-1 record names its own immutable step file, and the file is there.
    const auto epochOne = store->artifacts(id, QStringLiteral("checkpoint/epoch-1"));
    QCOMPARE(epochOne.size(), size_t(1));
    const QString epochFile = QFileInfo(epochOne.front().path).fileName();  // recorded relative to the store
    QVERIFY2(epochFile.startsWith(QStringLiteral("step-"))
                 && QFileInfo::exists(store->runDirectory(id) + QLatin1Char('/') + epochFile),
             qPrintable(epochOne.front().path));
    panel.setCheckpointEpochs({1, 2});
    panel.setCheckpoint(QStringLiteral("epoch:1"));
    QVERIFY(panel.compute());
    QVERIFY(computed.wait(60000));
    QVERIFY2(computed.last().at(0).toBool(), qPrintable(panel.statusText()));
    QCOMPARE(panel.report()->step, history.front().step);
    QCOMPARE(panel.report()->checkpoint, QStringLiteral("epoch:1"));
    panel.setBranchStep(panel.branchSteps());
    for (size_t i = 0; i < 4; ++i)
        QVERIFY(qAbs(cellsOf(0, 2)[i] - history.front().layers.at(0).fc1.values[i]) < 1e-6);
}

QString TstInspectPanel::twoRunStore()
{
    if (m_twoRuns.isEmpty()) {
        const QString path = m_dir.filePath(QStringLiteral("two.sqlite"));
        m_first = trainedRun(path, tinyRun(1), QStringLiteral("first"));
        m_second = trainedRun(path, withSettings(tinyRun(1), {"train.seed=5"}), QStringLiteral("second"));
        m_twoRuns = path;
    }
    return m_twoRuns;
}

void TstInspectPanel::panelDropsAnAnswerAboutAnotherRun()
{
    widgets::InspectPanel panel(kPanelEngine, twoRunStore());
    const qint64 first = m_first, second = m_second;
    panel.resize(1100, 700);
    panel.show();
    QSignalSpy computed(&panel, &widgets::InspectPanel::computed);

    // The first run is being computed when the second is selected: its engine is stopped, nothing of it is shown.
    panel.setRuns({first});
    QVERIFY(panel.compute());
    QTRY_VERIFY_WITH_TIMEOUT(panel.engineProcessId() != 0, 10000);
    const qint64 firstEngine = panel.engineProcessId();
    panel.setRuns({second});
    QVERIFY(!panel.isComputing());
    QVERIFY(::kill(pid_t(firstEngine), 0) != 0);  // gone (killed and reaped)
    QVERIFY(!panel.report());
    QVERIFY(panel.statusText().isEmpty());
    QVERIFY(panel.compute());
    QVERIFY(computed.wait(60000));
    QVERIFY2(computed.last().at(0).toBool(), qPrintable(panel.statusText()));
    QCOMPARE(panel.report()->runId, second);
    QCOMPARE(panel.report()->runName, QStringLiteral("second"));
    QVERIFY2(panel.statusText().startsWith(QStringLiteral("Run %1 'second'").arg(second)), qPrintable(panel.statusText()));

    // Asked again while it computes (another checkpoint): the older engine is stopped, one answer comes.
    computed.clear();
    panel.setCheckpoint(QStringLiteral("best"));
    QVERIFY(panel.compute());
    QTRY_VERIFY_WITH_TIMEOUT(panel.engineProcessId() != 0, 10000);
    const qint64 older = panel.engineProcessId();
    panel.setCheckpointEpochs({});
    panel.setCheckpoint(QStringLiteral("last"));
    QVERIFY(panel.compute());
    QVERIFY(::kill(pid_t(older), 0) != 0);
    QVERIFY(computed.wait(60000));
    QTest::qWait(500);  // nothing more arrives
    QCOMPARE(computed.size(), 1);
    QCOMPARE(panel.report()->checkpoint, QStringLiteral("last"));
    QCOMPARE(panel.report()->runId, second);
    // Selecting the same first run again keeps what is shown.
    panel.setRuns({second, first});
    QVERIFY(panel.report());
}

// Issue 20's regression: after selecting another run, Inspect kept showing the previous run's report
// under the new run's number. In the window, a click on another run clears Inspect and, Inspect being
// in view, recomputes it for that run; a run added to the store meanwhile changes neither.
void TstInspectPanel::windowInspectFollowsTheSelection()
{
    const QString path = twoRunStore();
    const qint64 first = m_first, second = m_second;
    widgets::RunController controller(kPanelEngine, path);
    widgets::MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    widgets::InspectPanel *panel = window.inspectPanel();
    QSignalSpy computed(panel, &widgets::InspectPanel::computed);
    window.selectRun(first);
    // The Inspect tab brought into view with a run selected computes it (no Ctrl+I needed).
    auto *tabs = qobject_cast<QTabWidget *>(panel->parentWidget()->parentWidget());
    QVERIFY(tabs);
    QVERIFY(!panel->isComputing());
    tabs->setCurrentWidget(panel);
    QVERIFY(panel->isComputing());
    QVERIFY(computed.wait(60000));
    QVERIFY2(computed.last().at(0).toBool(), qPrintable(panel->statusText()));
    QCOMPARE(panel->report()->runId, first);

    // A click on the second run's row, as a researcher selects it.
    auto *table = window.findChild<QTableView *>(QStringLiteral("runTable"));
    QVERIFY(table);
    QModelIndex target;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        if (table->model()->index(row, 0).data(widgets::RunTableModel::RunIdRole).toLongLong() == second)
            target = table->model()->index(row, 1);
    QVERIFY(target.isValid());
    computed.clear();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(target).center());
    QCOMPARE(window.selectedRuns(), QList<qint64>{second});
    QVERIFY2(!panel->report(), "the first run's report is still shown under the second run");
    QVERIFY(!panel->statusText().contains(QStringLiteral("'first'")));
    // No view shows anything of the first run: each says nothing is inspected, no visible text names it.
    for (const auto *view : panel->findChildren<widgets::InspectView *>()) {
        QVERIFY2(!view->isAvailable(), view->metaObject()->className());
        QVERIFY2(!view->message().isEmpty(), view->metaObject()->className());  // "Nothing inspected yet." or the like
    }
    const QRegularExpression firstRun(QStringLiteral("\\b[Rr]un %1\\b|'first'").arg(first));
    for (const auto *label : panel->findChildren<QLabel *>())
        QVERIFY2(!label->isVisibleTo(panel) || !firstRun.match(label->text()).hasMatch(), qPrintable(label->text()));
    QVERIFY(panel->isComputing());  // recomputed for the run selected now
    QVERIFY(computed.wait(60000));
    QVERIFY2(computed.last().at(0).toBool(), qPrintable(panel->statusText()));
    QCOMPARE(panel->report()->runId, second);
    QVERIFY2(panel->statusText().startsWith(QStringLiteral("Run %1 'second'").arg(second)), qPrintable(panel->statusText()));

    // A run queued into the store meanwhile (the browser refreshes, rows move): the selection and the
    // report stay with the second run.
    store::NewRun added;
    added.name = QStringLiteral("queued later");
    added.configJson = train::runConfigToJson(tinyRun(1));
    QVERIFY(controller.store()->createRun(added));
    QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 3, 10000);
    QTest::qWait(300);
    QCOMPARE(window.selectedRuns(), QList<qint64>{second});
    QVERIFY(panel->report() && panel->report()->runId == second);
    QVERIFY(!panel->isComputing());
}

void TstInspectPanel::panelSaysWhenTheEngineFails()
{
    const QString store = twoRunStore();
    const qint64 first = m_first;
    // Killed mid-way: said in place, nothing shown.
    {
        widgets::InspectPanel panel(kPanelEngine, store);
        QSignalSpy computed(&panel, &widgets::InspectPanel::computed);
        panel.setRuns({first});
        QVERIFY(panel.compute());
        QTRY_VERIFY_WITH_TIMEOUT(panel.engineProcessId() != 0, 10000);
        QCOMPARE(::kill(pid_t(panel.engineProcessId()), SIGKILL), 0);
        QVERIFY(computed.wait(20000));
        QCOMPARE(computed.last().at(0).toBool(), false);
        QVERIFY2(panel.statusText().contains(QStringLiteral("stopped before it finished")), qPrintable(panel.statusText()));
        QVERIFY(!panel.report());
    }
    // No engine at that path.
    {
        const QString missing = m_dir.filePath(QStringLiteral("no-such-gatefold-cli"));
        widgets::InspectPanel panel(missing, store);
        QSignalSpy computed(&panel, &widgets::InspectPanel::computed);
        panel.setRuns({first});
        QVERIFY(panel.compute());
        QVERIFY(computed.wait(20000));
        QCOMPARE(computed.last().at(0).toBool(), false);
        QVERIFY2(panel.statusText().contains(missing) && panel.statusText().contains(QStringLiteral("could not be started")),
                 qPrintable(panel.statusText()));
    }
    // An engine of another version, whose report.json this window does not read: refused, said in place.
    {
        const QString older = m_dir.filePath(QStringLiteral("older-gatefold-cli"));
        QFile script(older);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\n"
                     "# writes a report.json of format gatefold-inspect/1 into --out, as an older engine did\n"
                     "while [ $# -gt 0 ]; do [ \"$1\" = --out ] && out=$2; shift; done\n"
                     "mkdir -p \"$out\" && printf '{\"format\": \"gatefold-inspect/1\", \"files\": [\"report.json\"]}\\n' "
                     "> \"$out/report.json\"\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        widgets::InspectPanel panel(older, store);
        QSignalSpy computed(&panel, &widgets::InspectPanel::computed);
        panel.setRuns({first});
        QVERIFY(panel.compute());
        QVERIFY(computed.wait(20000));
        QCOMPARE(computed.last().at(0).toBool(), false);
        QVERIFY2(panel.statusText().contains(QStringLiteral("'gatefold-inspect/1'"))
                     && panel.statusText().contains(QStringLiteral("Compute it again")),
                 qPrintable(panel.statusText()));
        QVERIFY(!panel.report());
    }
}

GATEFOLD_TEST_MAIN(TstInspectPanel)
#include "tst_inspectpanel.moc"
