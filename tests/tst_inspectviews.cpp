// The "see inside" views (issue #7) on reports built by hand, offscreen:
// branch similarity (features and weights of a 3-block, 4-branch model), CKA
// (12 × 12) and mean attention distance (12 layers × 3 heads). The heatmaps
// and graphs hold exactly the report's numbers, hovering names the cell under
// the mouse, the toggles switch data and colour scale, CSV reads back to the
// same doubles, PNG/SVG/PDF are written at a sensible size, a skipped view
// shows its reason, and the plots follow the dark theme. With
// GATEFOLD_SCREENSHOTS=/dir each view is also saved there, light and dark.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "screenshot.h"
#include "pagecsv.h"
#include "readcsv.h"
#include "widgets/appsettings.h"
#include "widgets/attentiondistanceview.h"
#include "widgets/branchsimilarityview.h"
#include "widgets/ckaview.h"
#include "widgets/embeddingfiltersview.h"
#include "widgets/mapimage.h"
#include "widgets/positionsimilarityview.h"
#include "widgets/qcp.h"

#include "report/inspectreport.h"

#include <QtTest/QtTest>

#include <QAbstractButton>
#include <QLabel>

#include <cmath>
#endif

using namespace gatefold;
using namespace gatefold::widgets;
using report::InspectReport;
using report::Matrix;

using gatefold::test::readCsv;
using gatefold::test::verifyCliTables;
using gatefold::test::screenshotDir;

namespace {

Matrix matrix(int rows, int cols, const std::function<double(int, int)> &f)
{
    Matrix m;
    m.rows = rows;
    m.cols = cols;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            m.values.push_back(f(i, j));
    return m;
}

// A symmetric similarity with 1 on the diagonal and digits down to the last bit; distinct per block and module.
Matrix similarity(int n, int block, int module)
{
    return matrix(n, n, [=](int i, int j) {
        return i == j ? 1.0 : std::cos(0.3 * (block + 1) + 0.7 * module + 0.11 * (i + j) + 0.013 * i * j);
    });
}

std::shared_ptr<InspectReport> baseReport()
{
    auto r = std::make_shared<InspectReport>();
    r->runId = 7;
    r->runName = QStringLiteral("join-4");
    r->checkpoint = QStringLiteral("best");
    r->imageSize = 224;
    r->patchSize = 16;
    r->gridHeight = 14;
    r->gridWidth = 14;
    r->layers = 12;
    r->heads = 3;
    return r;
}

std::shared_ptr<InspectReport> branchReport(int blocks = 3, int n = 4)
{
    auto r = baseReport();
    r->branches = n;
    r->layers = blocks;
    for (int b = 0; b < blocks; ++b) {
        report::BranchLayer layer;
        layer.block = b;
        layer.attentionFeatures = similarity(n, b, 0);
        layer.mlpFeatures = similarity(n, b, 1);
        layer.qk = similarity(n, b, 2);
        layer.vo = similarity(n, b, 3);
        layer.fc1 = similarity(n, b, 4);
        layer.fc2 = similarity(n, b, 5);
        r->branchLayers.push_back(layer);
    }
    return r;
}

std::shared_ptr<InspectReport> ckaReport(int layers = 12)
{
    auto r = baseReport();
    r->cka = matrix(layers, layers, [](int i, int j) {
        return std::exp(-std::abs(i - j) / 3.0) * (0.9 + 0.1 * std::sin(1.0 + i + 2 * j));
    });
    r->ckaAgainst = QStringLiteral("run 9 (last)");
    return r;
}

std::shared_ptr<InspectReport> distanceReport(int layers = 12, int heads = 3)
{
    auto r = baseReport();
    r->layers = layers;
    r->heads = heads;
    // Early layers: some heads local, some global; later all global (the ViT paper's picture).
    r->meanDistance = matrix(layers, heads, [=](int l, int h) {
        const double spread = 90.0 * (1.0 - double(l) / layers);
        return 110.0 + std::sqrt(2.0) * l - spread * std::cos(1.7 * h + 0.3);
    });
    return r;
}

// A mouse move over `plot` at `pos` (no button), as the window system sends it.
void moveMouse(QCustomPlot *plot, const QPointF &pos)
{
    QMouseEvent event(QEvent::MouseMove, pos, plot->mapToGlobal(pos), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &event);
}

QPointF cellCentre(QCPColorMap *map, int i, int j)
{
    return QPointF(map->keyAxis()->coordToPixel(j + 1), map->valueAxis()->coordToPixel(i + 1));
}

// QCPColorGradient looks colours up in a table of a few hundred levels: equal within a step of it.
bool near(QRgb actual, const QColor &expected)
{
    const QColor a = QColor::fromRgb(actual);
    return std::abs(a.red() - expected.red()) <= 3 && std::abs(a.green() - expected.green()) <= 3
        && std::abs(a.blue() - expected.blue()) <= 3;
}

} // namespace

class TstInspectViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void branchHeatmapsHoldTheReport();
    void branchTogglesSwitchDataAndScale();
    void branchHoverNamesTheCell();
    void branchValuesPrintedUpToEight();
    void branchCsvReadsBack();
    void branchSkippedShowsReason();
    void ckaHoldsTheMatrix();
    void ckaHoverAndDiagonal();
    void ckaCsvReadsBack();
    void oneLayerIsDrawn();
    void distanceScatter();
    void distanceHoverAndCsv();
    void skippedAndMissingViews();
    void imagesExport_data();
    void imagesExport();
    void darkTheme();
    void filtersViewShowsGreyTiles();
    void positionsViewShowsIdentityTiles();
    void embeddingViewsSayWhy();

private:
    QTemporaryDir m_dir;
};

void TstInspectViews::initTestCase()
{
    QVERIFY(m_dir.isValid());
    applyTheme(QStringLiteral("light"));
}

void TstInspectViews::branchHeatmapsHoldTheReport()
{
    const auto report = branchReport();
    BranchSimilarityView view;
    view.setReport(report);
    QVERIFY(view.isAvailable());
    QCOMPARE(view.blockCount(), 3);
    QCOMPARE(view.columnCount(), 2);  // features: attention, FFN
    for (int b = 0; b < 3; ++b) {
        const Matrix *matrices[] = {&report->branchLayers[b].attentionFeatures, &report->branchLayers[b].mlpFeatures};
        for (int c = 0; c < 2; ++c) {
            QCPColorMap *map = view.heatmap(b, c);
            QVERIFY(map);
            QCOMPARE(map->data()->keySize(), 4);
            QCOMPARE(map->data()->valueSize(), 4);
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j)
                    QCOMPARE(map->data()->cell(j, i), matrices[c]->at(i, j));  // exact: the report's doubles
        }
    }
    // One colour scale for all: [-1, 1] by default, every map on it.
    QCOMPARE(view.colourScale()->dataRange(), QCPRange(-1, 1));
    QCOMPARE(view.heatmap(2, 1)->dataRange(), QCPRange(-1, 1));
}

void TstInspectViews::branchTogglesSwitchDataAndScale()
{
    const auto report = branchReport();
    BranchSimilarityView view;
    view.setReport(report);
    // The buttons, as a user clicks them.
    auto *weights = view.findChild<QAbstractButton *>(QStringLiteral("weightsButton"));
    auto *unit = view.findChild<QAbstractButton *>(QStringLiteral("unitButton"));
    QVERIFY(weights && unit);
    weights->click();
    QCOMPARE(view.quantity(), BranchSimilarityView::Quantity::Weights);
    QCOMPARE(view.columnCount(), 4);
    for (int b = 0; b < 3; ++b) {
        const auto &layer = report->branchLayers[b];
        const Matrix *matrices[] = {&layer.qk, &layer.vo, &layer.fc1, &layer.fc2};
        for (int c = 0; c < 4; ++c)
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j)
                    QCOMPARE(view.heatmap(b, c)->data()->cell(j, i), matrices[c]->at(i, j));
    }
    unit->click();
    QCOMPARE(view.scale(), BranchSimilarityView::Scale::Unit);
    QCOMPARE(view.colourScale()->dataRange(), QCPRange(0, 1));
    for (int c = 0; c < 4; ++c)
        QCOMPARE(view.heatmap(1, c)->dataRange(), QCPRange(0, 1));
    // Diverging for [-1, 1] (white at 0), viridis for [0, 1] (yellow at 1).
    QCPColorGradient gradient = view.colourScale()->gradient();
    QVERIFY(near(gradient.color(1.0, QCPRange(0, 1)), QColor(0xfd, 0xe7, 0x25)));
    view.findChild<QAbstractButton *>(QStringLiteral("featuresButton"))->click();
    view.findChild<QAbstractButton *>(QStringLiteral("signedButton"))->click();
    QCOMPARE(view.columnCount(), 2);
    QCOMPARE(view.heatmap(0, 1)->data()->cell(2, 1), report->branchLayers[0].mlpFeatures.at(1, 2));
    gradient = view.colourScale()->gradient();
    QVERIFY(near(gradient.color(0.0, QCPRange(-1, 1)), QColor(0xf7, 0xf7, 0xf7)));
    QCOMPARE(view.heatmap(0, 0)->dataRange(), QCPRange(-1, 1));
}

void TstInspectViews::branchHoverNamesTheCell()
{
    const auto report = branchReport();
    BranchSimilarityView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setReport(report);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);  // laid out: pixels of cells are known
    struct Probe {
        int block, column, i, j;
        const char *module;
    };
    for (const Probe &p : {Probe{0, 0, 0, 0, "attention"}, Probe{1, 1, 0, 2, "FFN"}, Probe{2, 1, 3, 1, "FFN"},
                           Probe{2, 0, 2, 3, "attention"}}) {
        QCPColorMap *map = view.heatmap(p.block, p.column);
        moveMouse(view.plot(), cellCentre(map, p.i, p.j));
        const double value = p.column == 0 ? report->branchLayers[p.block].attentionFeatures.at(p.i, p.j)
                                           : report->branchLayers[p.block].mlpFeatures.at(p.i, p.j);
        const QString expected = QStringLiteral("block %1, %2, branch %3 vs %4: %5")
                                     .arg(p.block + 1)
                                     .arg(QLatin1String(p.module))
                                     .arg(p.i + 1)
                                     .arg(p.j + 1)
                                     .arg(QString::number(value, 'f', 4));
        QCOMPARE(view.hoverText(), expected);
        QCOMPARE(view.findChild<QLabel *>(QStringLiteral("status"))->text(), expected);
    }
    // Near the edge of a cell still names it; off the maps names nothing.
    QCPColorMap *map = view.heatmap(1, 0);
    const QPointF corner = cellCentre(map, 3, 3) + QPointF(0.4, 0.4) * (cellCentre(map, 1, 1) - cellCentre(map, 0, 0)).x();
    moveMouse(view.plot(), corner);
    QVERIFY2(view.hoverText().contains(QStringLiteral("branch 4 vs 4")), qPrintable(view.hoverText()));
    moveMouse(view.plot(), QPointF(1, 1));
    QCOMPARE(view.hoverText(), QString());
    // Weights: the same for Q·Kᵀ.
    view.setQuantity(BranchSimilarityView::Quantity::Weights);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    moveMouse(view.plot(), cellCentre(view.heatmap(0, 0), 1, 0));
    QCOMPARE(view.hoverText(), QStringLiteral("block 1, Q·Kᵀ, branch 2 vs 1: %1")
                                   .arg(QString::number(report->branchLayers[0].qk.at(1, 0), 'f', 4)));
}

void TstInspectViews::branchValuesPrintedUpToEight()
{
    BranchSimilarityView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setReport(branchReport(2, 8));
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(view.plot()->itemCount(), 2 * 2 * 64);  // one label per cell
    auto *label = qobject_cast<QCPItemText *>(view.plot()->item(0));
    QVERIFY(label);
    QCOMPARE(label->text(), QStringLiteral("1.00"));
    // Labels contrast with their cell: black on the white-ish diagonal of the diverging scale? The diagonal is 1.0: dark red, white text.
    QCOMPARE(label->color(), QColor(Qt::white));
    view.setReport(branchReport(2, 9));
    QCOMPARE(view.plot()->itemCount(), 0);
    QVERIFY(view.heatmap(1, 1));
    QCOMPARE(view.heatmap(1, 1)->data()->keySize(), 9);
}

void TstInspectViews::branchCsvReadsBack()
{
    // Both quantities' tables, whichever the toggle shows: the CLI's layout (0-based, module names as
    // report.json has them), every bit back.
    const auto report = branchReport();
    BranchSimilarityView view;
    view.setReport(report);
    for (auto quantity : {BranchSimilarityView::Quantity::Features, BranchSimilarityView::Quantity::Weights}) {
        view.setQuantity(quantity);
        const QString dir = m_dir.filePath(quantity == BranchSimilarityView::Quantity::Features ? "features" : "weights");
        QString error;
        QStringList written;
        QVERIFY2(view.exportCsv(dir, &error, &written), qPrintable(error));
        verifyCliTables(dir, written, *report, {"branch_similarity.csv", "weight_similarity.csv"});
        for (const QString &file : written) {
            const auto rows = readCsv(dir + QLatin1Char('/') + file);
            const QStringList modules = file == QLatin1String("branch_similarity.csv")
                ? QStringList{QStringLiteral("attention"), QStringLiteral("mlp")}
                : QStringList{QStringLiteral("qk"), QStringLiteral("vo"), QStringLiteral("fc1"), QStringLiteral("fc2")};
            QCOMPARE(rows.size(), 1 + 3 * modules.size() * 16);
            QCOMPARE(rows[0], QStringList({"block", "module", "i", "j", "value"}));
            for (int k = 1; k < rows.size(); ++k) {
                const QStringList &row = rows[k];
                QCOMPARE(row.size(), 5);
                const int block = row[0].toInt(), i = row[2].toInt(), j = row[3].toInt();
                const auto &layer = report->branchLayers[block];
                const Matrix *m = nullptr;
                const QString &module = row[1];
                if (module == "attention") m = &layer.attentionFeatures;
                else if (module == "mlp") m = &layer.mlpFeatures;
                else if (module == "qk") m = &layer.qk;
                else if (module == "vo") m = &layer.vo;
                else if (module == "fc1") m = &layer.fc1;
                else if (module == "fc2") m = &layer.fc2;
                QVERIFY2(m && modules.contains(module), qPrintable(module));
                bool ok = false;
                QCOMPARE(row[4].toDouble(&ok), m->at(i, j));  // every bit back
                QVERIFY(ok);
            }
        }
    }
}

void TstInspectViews::branchSkippedShowsReason()
{
    auto report = baseReport();
    report->skipped[QStringLiteral("branches")] = QStringLiteral("the model has no parallel blocks");
    report->skipped[QStringLiteral("weights")] = QStringLiteral("the model has no parallel blocks");
    BranchSimilarityView view;
    view.setReport(report);
    QVERIFY(!view.isAvailable());
    QCOMPARE(view.message(), QStringLiteral("Not available: the model has no parallel blocks"));
    QCOMPARE(view.findChild<QLabel *>(QStringLiteral("message"))->text(), view.message());
    QString error;
    QVERIFY(!view.exportCsv(m_dir.filePath("none"), &error));
    QCOMPARE(error, view.message());
    QVERIFY(!QFileInfo::exists(m_dir.filePath("none")));
    QVERIFY(!view.exportPicture(m_dir.filePath("none.png"), &error));
    QVERIFY(!QFile::exists(m_dir.filePath("none.png")));
    // Features there, weights skipped on their own: the toggle shows each state.
    auto partial = branchReport();
    for (auto &layer : partial->branchLayers)
        layer.qk = layer.vo = layer.fc1 = layer.fc2 = Matrix();
    partial->skipped[QStringLiteral("weights")] = QStringLiteral("the checkpoint holds no branch weights");
    view.setReport(partial);
    QVERIFY(view.isAvailable());
    view.setQuantity(BranchSimilarityView::Quantity::Weights);
    QVERIFY(!view.isAvailable());
    QVERIFY(view.message().contains(QStringLiteral("the checkpoint holds no branch weights")));
    // A block without branches among parallel ones gets no row of empty axes.
    auto mixed = branchReport();
    mixed->branchLayers[1].attentionFeatures = mixed->branchLayers[1].mlpFeatures = Matrix();
    view.setReport(mixed);
    view.setQuantity(BranchSimilarityView::Quantity::Features);
    QCOMPARE(view.blockCount(), 2);
    QVERIFY(!view.heatmap(1, 0));
    QCOMPARE(view.heatmap(2, 1)->data()->cell(0, 1), mixed->branchLayers[2].mlpFeatures.at(1, 0));
    view.setQuantity(BranchSimilarityView::Quantity::Weights);
    QCOMPARE(view.blockCount(), 3);
    // Not skipped yet empty: still says so rather than drawing nothing.
    partial->skipped.clear();
    view.setReport(partial);
    QVERIFY(!view.isAvailable());
    QVERIFY(view.message().startsWith(QStringLiteral("Not available:")));
    view.setReport(nullptr);
    QVERIFY(!view.isAvailable());
}

void TstInspectViews::ckaHoldsTheMatrix()
{
    const auto report = ckaReport();
    CkaView view;
    view.setReport(report);
    QVERIFY(view.isAvailable());
    QCPColorMap *map = view.heatmap();
    QVERIFY(map);
    QCOMPARE(map->data()->keySize(), 12);
    QCOMPARE(map->data()->valueSize(), 12);
    for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j)
            QCOMPARE(map->data()->cell(j, i), report->cka.at(i, j));
    QCOMPARE(map->dataRange(), QCPRange(0, 1));
    // Not square (a deeper other run): rows this run, columns the other.
    auto wide = baseReport();
    wide->cka = matrix(4, 6, [](int i, int j) { return 0.1 * i + 0.01 * j; });
    view.setReport(wide);
    QCOMPARE(view.heatmap()->data()->keySize(), 6);
    QCOMPARE(view.heatmap()->data()->valueSize(), 4);
    QCOMPARE(view.heatmap()->data()->cell(5, 3), 0.35);
}

void TstInspectViews::ckaHoverAndDiagonal()
{
    const auto report = ckaReport();
    CkaView view;
    view.resize(700, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setReport(report);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    for (auto [i, j] : {std::pair{0, 0}, std::pair{4, 9}, std::pair{11, 2}}) {
        moveMouse(view.plot(), cellCentre(view.heatmap(), i, j));
        QCOMPARE(view.hoverText(), QStringLiteral("layer %1 of run 7 (best) vs layer %2 of run 9 (last): %3")
                                       .arg(i + 1)
                                       .arg(j + 1)
                                       .arg(QString::number(report->cka.at(i, j), 'f', 4)));
    }
    // The diagonal listed under the map, every layer ("layer: value" unbroken), and outlined on it.
    const QString diagonal = view.diagonalText();
    for (int i = 0; i < 12; ++i)
        QVERIFY2(diagonal.contains(QStringLiteral("%1:\u00a0%2").arg(i + 1).arg(QString::number(report->cka.at(i, i), 'f', 3))),
                 qPrintable(diagonal));
    int outlines = 0;
    for (int k = 0; k < view.plot()->itemCount(); ++k)
        if (auto *rect = qobject_cast<QCPItemRect *>(view.plot()->item(k))) {
            ++outlines;
            QCOMPARE(rect->topLeft->coords(), QPointF(outlines - 0.5, outlines - 0.5));
        }
    QCOMPARE(outlines, 12);
}

void TstInspectViews::ckaCsvReadsBack()
{
    const auto report = ckaReport();
    CkaView view;
    view.setReport(report);
    const QString dir = m_dir.filePath(QStringLiteral("cka"));
    QString error;
    QStringList written;
    QVERIFY2(view.exportCsv(dir, &error, &written), qPrintable(error));
    verifyCliTables(dir, written, *report, {"cka.csv"});
    const auto rows = readCsv(dir + QStringLiteral("/cka.csv"));
    QCOMPARE(rows.size(), 1 + 12 * 12);
    QCOMPARE(rows[0], QStringList({"layer", "other_layer", "value"}));
    for (int k = 1; k < rows.size(); ++k) {
        const int i = rows[k][0].toInt(), j = rows[k][1].toInt();
        QCOMPARE(i * 12 + j, k - 1);  // row by row, 0-based
        QCOMPARE(rows[k][2].toDouble(), report->cka.at(i, j));
    }
}

void TstInspectViews::oneLayerIsDrawn()
{
    // A 1-block model: a 1 × 1 CKA map still fills its square (QCPColorMap spans cell centres, so one
    // cell would have no width).
    auto report = baseReport();
    report->cka = matrix(1, 1, [](int, int) { return 1.0; });
    CkaView view;
    view.resize(500, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setReport(report);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(view.heatmap()->data()->cell(0, 0), 1.0);
    const QImage image = view.plot()->grab().toImage();
    const QRect rect = view.plot()->axisRect()->rect();
    const double dpr = image.devicePixelRatio();
    for (const QPoint &p : {rect.topLeft() + QPoint(12, 12), rect.bottomRight() - QPoint(12, 12),
                            QPoint(rect.center().x(), rect.top() + rect.height() / 4)})
        QVERIFY2(near(image.pixelColor(p * dpr).rgb(), QColor(0xfd, 0xe7, 0x25)), qPrintable(image.pixelColor(p * dpr).name()));
    moveMouse(view.plot(), QPointF(view.plot()->axisRect()->rect().topLeft() + QPoint(12, 12)));
    QVERIFY2(view.hoverText().startsWith(QStringLiteral("layer 1 of run 7 (best) vs layer 1")), qPrintable(view.hoverText()));
}

void TstInspectViews::distanceScatter()
{
    const auto report = distanceReport();
    AttentionDistanceView view;
    view.setReport(report);
    QVERIFY(view.isAvailable());
    for (int h = 0; h < 3; ++h) {
        QCPGraph *graph = view.headGraph(h);
        QVERIFY(graph);
        QCOMPARE(graph->name(), QStringLiteral("head %1").arg(h + 1));
        QCOMPARE(graph->lineStyle(), QCPGraph::lsNone);
        QCOMPARE(graph->dataCount(), 12);
        for (int l = 0; l < 12; ++l) {
            QCOMPARE(graph->data()->at(l)->key, double(l + 1));  // blocks from 1
            QCOMPARE(graph->data()->at(l)->value, report->meanDistance.at(l, h));
        }
    }
    QVERIFY(!view.headGraph(3));
    QCPGraph *mean = view.meanGraph();
    QVERIFY(mean);
    QCOMPARE(mean->dataCount(), 12);
    for (int l = 0; l < 12; ++l)
        QCOMPARE(mean->data()->at(l)->value,
                 (report->meanDistance.at(l, 0) + report->meanDistance.at(l, 1) + report->meanDistance.at(l, 2)) / 3);
    // 14 × 14 patches of 16 px: the farthest patch centres are 16·13·√2 px apart.
    QCOMPARE(view.maximumDistance(), 16 * std::hypot(13.0, 13.0));
    QCOMPARE(view.plot()->yAxis->range().lower, 0.0);
    QCOMPARE(view.plot()->yAxis->range().upper, 16 * std::hypot(13.0, 13.0));
    QCOMPARE(view.plot()->xAxis->range(), QCPRange(0.5, 12.5));
    QCOMPARE(view.plot()->legend->itemCount(), 4);
    // The mean line follows the theme's text colour.
    QCOMPARE(mean->pen().color(), view.palette().color(QPalette::Text));
}

void TstInspectViews::distanceHoverAndCsv()
{
    const auto report = distanceReport();
    AttentionDistanceView view;
    view.resize(800, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setReport(report);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    // On a marker (the heads are far apart in block 1).
    QCPGraph *head = view.headGraph(2);
    moveMouse(view.plot(), head->coordsToPixels(1, report->meanDistance.at(0, 2)) + QPointF(2, -1));
    QCOMPARE(view.hoverText(),
             QStringLiteral("block 1, head 3: %1 px").arg(QString::number(report->meanDistance.at(0, 2), 'f', 2)));
    moveMouse(view.plot(), QPointF(2, 2));
    QCOMPARE(view.hoverText(), QString());

    const QString dir = m_dir.filePath(QStringLiteral("distance"));
    QString error;
    QStringList written;
    QVERIFY2(view.exportCsv(dir, &error, &written), qPrintable(error));
    verifyCliTables(dir, written, *report, {"mean_distance.csv"});
    const auto rows = readCsv(dir + QStringLiteral("/mean_distance.csv"));
    QCOMPARE(rows.size(), 1 + 12 * 3);
    QCOMPARE(rows[0], QStringList({"layer", "head", "distance_px"}));
    for (int k = 1; k < rows.size(); ++k) {
        const int l = rows[k][0].toInt(), h = rows[k][1].toInt();
        QCOMPARE(l * 3 + h, k - 1);
        QCOMPARE(rows[k][2].toDouble(), report->meanDistance.at(l, h));
    }
}

void TstInspectViews::skippedAndMissingViews()
{
    auto report = baseReport();
    report->skipped[QStringLiteral("cka")] = QStringLiteral("run 9 has no checkpoint 'best'");
    report->skipped[QStringLiteral("distance")] = QStringLiteral("the model has no class token");
    CkaView cka;
    cka.setReport(report);
    QVERIFY(!cka.isAvailable());
    QCOMPARE(cka.message(), QStringLiteral("Not available: run 9 has no checkpoint 'best'"));
    QString error;
    QVERIFY(!cka.exportCsv(m_dir.filePath("cka-none.csv"), &error));
    QCOMPARE(error, cka.message());
    AttentionDistanceView distance;
    distance.setReport(report);
    QVERIFY(!distance.isAvailable());
    QCOMPARE(distance.message(), QStringLiteral("Not available: the model has no class token"));
    QCOMPARE(distance.findChild<QLabel *>(QStringLiteral("message"))->text(), distance.message());
    QVERIFY(!distance.exportPicture(m_dir.filePath("distance-none.png"), &error));
    // Nothing skipped and nothing there (not asked for): said as much.
    report->skipped.clear();
    cka.setReport(report);
    distance.setReport(report);
    QVERIFY(cka.message().startsWith(QStringLiteral("Not available:")));
    QVERIFY(distance.message().startsWith(QStringLiteral("Not available:")));
    // And back: a report with the data shows it.
    cka.setReport(ckaReport());
    distance.setReport(distanceReport());
    QVERIFY(cka.isAvailable());
    QVERIFY(distance.isAvailable());
}

void TstInspectViews::imagesExport_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("suffix");
    for (const char *view : {"branches", "cka", "distance"})
        for (const char *suffix : {"png", "svg", "pdf"})
            QTest::addRow("%s.%s", view, suffix) << view << suffix;
}

void TstInspectViews::imagesExport()
{
    QFETCH(QString, view);
    QFETCH(QString, suffix);
    BranchSimilarityView branches;
    CkaView cka;
    AttentionDistanceView distance;
    branches.setReport(branchReport());
    cka.setReport(ckaReport());
    distance.setReport(distanceReport());
    QWidget *widget = view == "branches" ? static_cast<QWidget *>(&branches)
        : view == "cka"                  ? static_cast<QWidget *>(&cka)
                                         : static_cast<QWidget *>(&distance);
    widget->resize(900, 640);
    widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(widget));
    auto save = [&](const QString &path, QString *error) {
        return view == "branches" ? branches.exportPicture(path, error)
            : view == "cka"       ? cka.exportPicture(path, error)
                                  : distance.exportPicture(path, error);
    };
    const QString path = m_dir.filePath(QStringLiteral("%1.%2").arg(view, suffix));
    QString error;
    QVERIFY2(save(path, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 1000);
    if (suffix == "png") {
        const QImage image(path);
        QVERIFY(!image.isNull());
        // Twice the on-screen size: the whole widget's width, and for the branch grid every block's height.
        QVERIFY2(image.width() >= 2 * 800 && image.width() <= 2 * 1000, qPrintable(QString::number(image.width())));
        if (view == "branches")
            QVERIFY2(image.height() >= 2 * 3 * 150, qPrintable(QString::number(image.height())));
        else
            QVERIFY2(image.height() >= 2 * 380 && image.height() <= 2 * 700, qPrintable(QString::number(image.height())));
        // Not blank: the heatmaps' colours are there (some pixel far from the white background).
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7) {
                const QColor c = image.pixelColor(x, y);
                coloured += std::abs(c.red() - c.blue()) > 60 ? 1 : 0;
            }
        QVERIFY(coloured > 50);
    } else if (suffix == "svg") {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("<svg"));
    } else {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
    }
    QVERIFY(!save(m_dir.filePath("x.bmp"), &error));
    QVERIFY2(error.contains(".png, .svg or .pdf"), qPrintable(error));
}

void TstInspectViews::darkTheme()
{
    struct Shot {
        QWidget *widget;
        QCustomPlot *plot;
        QString name;
    };
    BranchSimilarityView branches, manyBlocks, eightBranches;
    CkaView cka;
    AttentionDistanceView distance, twelveHeads;
    branches.setReport(branchReport());
    manyBlocks.setReport(branchReport(12, 2));
    manyBlocks.setQuantity(BranchSimilarityView::Quantity::Weights);
    eightBranches.setReport(branchReport(2, 8));
    eightBranches.setScale(BranchSimilarityView::Scale::Unit);
    cka.setReport(ckaReport());
    distance.setReport(distanceReport());
    twelveHeads.setReport(distanceReport(24, 12));
    const std::vector<Shot> shots = {{&branches, branches.plot(), "branches"},
                                     {&manyBlocks, manyBlocks.plot(), "branches-12-blocks-weights"},
                                     {&eightBranches, eightBranches.plot(), "branches-8-unit"},
                                     {&cka, cka.plot(), "cka"},
                                     {&distance, distance.plot(), "distance"},
                                     {&twelveHeads, twelveHeads.plot(), "distance-24x12"}};
    const QString dir = screenshotDir();
    for (const Shot &shot : shots) {
        shot.widget->resize(900, 640);
        shot.widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(shot.widget));
    }
    auto grabAll = [&](const QString &theme) {
        QApplication::processEvents();
        for (const Shot &shot : shots) {
            shot.plot->replot(QCustomPlot::rpImmediateRefresh);
            if (!dir.isEmpty())
                QVERIFY(shot.widget->grab().save(QStringLiteral("%1/%2-%3.png").arg(dir, shot.name, theme)));
        }
    };
    grabAll(QStringLiteral("light"));
    if (!dir.isEmpty()) {  // the exports too, to look at
        QString error;
        QVERIFY(branches.exportPicture(dir + "/export-branches.png", &error));
        QVERIFY(branches.exportPicture(dir + "/export-branches.svg", &error));
        QVERIFY(branches.exportPicture(dir + "/export-branches.pdf", &error));
        QVERIFY(manyBlocks.exportPicture(dir + "/export-branches-12.png", &error));
        QVERIFY(cka.exportPicture(dir + "/export-cka.png", &error));
        QVERIFY(distance.exportPicture(dir + "/export-distance.png", &error));
    }

    applyTheme(QStringLiteral("dark"));
    QApplication::processEvents();
    const QColor base(0x1e, 0x1e, 0x1e), text(0xe0, 0xe0, 0xe0);
    for (const Shot &shot : shots) {
        QCOMPARE(shot.widget->palette().color(QPalette::Base), base);
        shot.plot->replot(QCustomPlot::rpImmediateRefresh);
        // The plot's background is the theme's, in a corner away from any data.
        const QImage image = shot.plot->grab().toImage();
        QCOMPARE(image.pixelColor(2, 2).rgb(), base.rgb());
        QCOMPARE(shot.plot->axisRect()->axis(QCPAxis::atBottom)->tickLabelColor(), text);
    }
    QCOMPARE(distance.meanGraph()->pen().color(), text);
    grabAll(QStringLiteral("dark"));
    applyTheme(QStringLiteral("light"));
    QApplication::processEvents();
    QCOMPARE(distance.meanGraph()->pen().color(), branches.palette().color(QPalette::Text));
}

namespace {

// A 1-channel model, patch 2, 5 filters: 2 components; a 2 × 3 grid whose position embeddings are one-hot.
std::shared_ptr<InspectReport> embeddingReport()
{
    auto r = std::make_shared<InspectReport>();
    r->runId = 19;
    r->checkpoint = QStringLiteral("best");
    r->imageSize = 6;
    r->patchSize = 2;
    r->gridHeight = 2;
    r->gridWidth = 3;
    r->layers = 1;
    r->heads = 1;
    r->embeddingFilters.filters = 5;
    r->embeddingFilters.channels = 1;
    r->embeddingFilters.components = Matrix{2, 4, {-2.0, 2.0, 6.0, 0.0, 0.5, -0.5, 0.5, -0.5}};
    r->embeddingFilters.variance = {3.0, 1.0};
    r->embeddingFilters.ratio = {0.75, 0.25};
    r->positionSimilarity = Matrix{6, 6, {}};
    for (int a = 0; a < 6; ++a)
        for (int b = 0; b < 6; ++b)
            r->positionSimilarity.values.push_back(a == b ? 1.0 : 0.0);
    return r;
}

} // namespace

void TstInspectViews::filtersViewShowsGreyTiles()
{
    EmbeddingFiltersView view;
    view.setReport(embeddingReport());
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.isAvailable());
    QCOMPARE(view.tileCount(), 2);
    const QImage tile = view.tileImage(0);
    QCOMPARE(tile.size(), QSize(2, 2));
    // One channel: grey, min-max scaled over the tile (−2 black, 6 white).
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x) {
            const QColor c = tile.pixelColor(x, y);
            QVERIFY(c.red() == c.green() && c.green() == c.blue());
        }
    QCOMPARE(tile.pixelColor(0, 0), QColor(0, 0, 0));
    QCOMPARE(tile.pixelColor(0, 1), QColor(255, 255, 255));
    QCOMPARE(view.caption(0), QStringLiteral("PC 1: 75.0 %"));
    QCOMPARE(view.caption(1), QStringLiteral("PC 2: 25.0 %"));
    QString error;
    QStringList written;
    const QString dir = m_dir.filePath(QStringLiteral("filters-csv"));
    QVERIFY2(view.exportCsv(dir, &error, &written), qPrintable(error));
    verifyCliTables(dir, written, *view.report(), {"embedding_filters.csv", "embedding_variance.csv"});
    for (const char *suffix : {"png", "svg", "pdf"}) {
        const QString path = m_dir.filePath(QStringLiteral("filters.%1").arg(QLatin1String(suffix)));
        QVERIFY2(view.exportPicture(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 500);
    }
    test::screenshot(&view, QStringLiteral("embedding-filters-view.png"));
}

void TstInspectViews::positionsViewShowsIdentityTiles()
{
    PositionSimilarityView view;
    view.setReport(embeddingReport());
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.isAvailable());
    QCOMPARE(view.tileCount(), 6);
    const QColor one = mapimage::viridis(1.0), zero = mapimage::viridis(0.5);  // the shared scale [−1, 1]
    for (int p = 0; p < 6; ++p) {
        const Matrix values = view.tileValues(p);
        QCOMPARE(values.rows, 2);
        QCOMPARE(values.cols, 3);
        const QImage image = view.tileImage(p);
        QCOMPARE(image.size(), QSize(3, 2));
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(values.values[size_t(i)], i == p ? 1.0 : 0.0);
            QCOMPARE(image.pixelColor(i % 3, i / 3).rgb(), (i == p ? one : zero).rgb());
        }
    }
    QString error;
    QStringList written;
    const QString dir = m_dir.filePath(QStringLiteral("positions-csv"));
    QVERIFY2(view.exportCsv(dir, &error, &written), qPrintable(error));
    verifyCliTables(dir, written, *view.report(), {"position_similarity.csv"});
    for (const char *suffix : {"png", "svg", "pdf"}) {
        const QString path = m_dir.filePath(QStringLiteral("positions.%1").arg(QLatin1String(suffix)));
        QVERIFY2(view.exportPicture(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 500);
    }
    test::screenshot(&view, QStringLiteral("position-similarity-view.png"));
}

void TstInspectViews::embeddingViewsSayWhy()
{
    auto report = embeddingReport();
    report->positionSimilarity = {};
    report->skipped[QStringLiteral("positions")] =
        QStringLiteral("the model has no learned position embeddings (e.g. rotary position embeddings)");
    PositionSimilarityView positions;
    positions.setReport(report);
    QVERIFY(!positions.isAvailable());
    QCOMPARE(positions.message(), QStringLiteral("Not available: the model has no learned position embeddings (e.g. "
                                                 "rotary position embeddings)"));
    QString error;
    QVERIFY(!positions.exportPicture(m_dir.filePath(QStringLiteral("positions-none.png")), &error));
    QCOMPARE(error, positions.message());
    // Not skipped and not there (not asked for): said as much; nothing inspected yet: said too.
    report->embeddingFilters = {};
    EmbeddingFiltersView filters;
    QCOMPARE(filters.message(), QStringLiteral("Nothing inspected yet."));
    filters.setReport(report);
    QCOMPARE(filters.message(), QStringLiteral("Not available: the report holds no patch-embedding filters."));
    QVERIFY(!filters.exportCsv(m_dir.filePath(QStringLiteral("filters-none")), &error));
    filters.setReport(embeddingReport());
    QVERIFY(filters.isAvailable());
}

GATEFOLD_TEST_MAIN(TstInspectViews)
#include "tst_inspectviews.moc"
