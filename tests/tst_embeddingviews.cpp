// The ViT paper's Fig. 7 views (issue #19), the engine's side:
// - filters built from known principal components (orthonormal directions
//   with centred, orthogonal coefficients, plus a common mean filter) come
//   back as those components up to sign, with explained variance σ²/(D−1)
//   and ratio σ²/Σσ², and as few components as the filters' rank; a full
//   bank gives the first 28, orthonormal, the largest entry of each positive;
// - one-hot position embeddings give identity tiles (each position 1 at
//   itself, 0 elsewhere), whatever their scale and the class token's; a zero
//   embedding gives NaN;
// - on a model: the views fill the report (a parallel model's one patch
//   embedding too), a single-channel model's components are grey tiles, and a
//   model without learned position embeddings says why;
// - `gatefold-cli analyze --views filters,positions` on a trained run writes
//   the CSV tables (their numbers the report's, checked value by value) and
//   the pictures, and prints a line for each view.
// Tolerances: 1e-10 for float64 arithmetic against exact constructions.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "clirun.h"
#include "testsupport.h"
#include "tinyrun.h"
#include "trainedrun.h"

#include "analysis/filtercomponents.h"
#include "analysis/positionsimilarity.h"
#include "analysis/tokengrid.h"
#include "inspect/embeddingviews.h"
#include "report/embeddingtiles.h"
#include "report/reportreader.h"
#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/torch.h>

#include <cmath>
#endif

using namespace gatefold;

namespace {

double maxAbs(const torch::Tensor &t)
{
    return t.abs().max().item<double>();
}

// The lines of a CSV file, header first.
QList<QByteArray> csvLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = file.readAll().split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.pop_back();
    return lines;
}

} // namespace

class TstEmbeddingViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void knownComponentsComeBack();
    void fullBankGivesFirst28();
    void oneHotPositionsGiveIdentityTiles();
    void zeroEmbeddingIsNaN();
    void modelViewsAndReasons();
    void cliWritesTheTables();

private:
    QTemporaryDir m_dir;
};

void TstEmbeddingViews::initTestCase()
{
    QVERIFY(m_dir.isValid());
    torch::manual_seed(19);
}

void TstEmbeddingViews::knownComponentsComeBack()
{
    // D = 40 filters of C·P·P = 3·4·4 = 48 values: rank 3 after centring.
    const int64_t d = 40, f = 48;
    const auto v = std::get<0>(torch::linalg_qr(torch::randn({f, 3}, torch::kFloat64)));  // (F, 3) orthonormal
    auto a = torch::randn({d, 3}, torch::kFloat64);
    a = a - a.mean(0, true);
    const auto q = std::get<0>(torch::linalg_qr(a));  // (D, 3) orthonormal, centred columns
    const auto sigma = torch::tensor({5.0, 2.0, 0.5}, torch::kFloat64);
    const auto mean = torch::randn({1, f}, torch::kFloat64);
    const auto weight = (q * sigma).matmul(v.t()) + mean;  // every filter = the mean + Σ_k σ_k q_ik v_k
    const auto pca = analysis::filterComponents(weight.reshape({d, 3, 4, 4}));
    QVERIFY(pca.components.sizes() == torch::IntArrayRef({3, 3, 4, 4}));  // rank 3: 3 components, not 28
    QCOMPARE(pca.filters, d);
    const auto got = pca.components.reshape({3, f});
    for (int k = 0; k < 3; ++k) {
        const double dot = got[k].dot(v.select(1, k)).item<double>();
        QVERIFY2(std::abs(std::abs(dot) - 1.0) < 1e-10, qPrintable(QString::number(dot, 'g', 17)));
        // The sign rule: the entry of largest magnitude positive.
        QVERIFY(got[k][got[k].abs().argmax()].item<double>() > 0);
    }
    const auto squares = sigma * sigma;
    QVERIFY(maxAbs(pca.variance - squares / double(d - 1)) < 1e-10);
    QVERIFY(maxAbs(pca.ratio - squares / squares.sum()) < 1e-12);
}

void TstEmbeddingViews::fullBankGivesFirst28()
{
    const auto weight = torch::randn({64, 3, 4, 4});
    const auto pca = analysis::filterComponents(weight);
    QCOMPARE(pca.components.size(0), int64_t(28));
    const auto flat = pca.components.reshape({28, -1});
    QVERIFY(maxAbs(flat.matmul(flat.t()) - torch::eye(28, torch::kFloat64)) < 1e-10);
    QVERIFY((pca.variance.slice(0, 1) <= pca.variance.slice(0, 0, 27)).all().item<bool>());
    const double shown = pca.ratio.sum().item<double>();
    QVERIFY2(shown > 0 && shown < 1.0, qPrintable(QString::number(shown)));  // 28 of the 47 directions
    // One channel: the components are 1 × P × P.
    QVERIFY(analysis::filterComponents(torch::randn({16, 1, 4, 4})).components.sizes()
            == torch::IntArrayRef({15, 1, 4, 4}));  // 16 filters centred: rank 15
    // A single filter has no variance.
    QCOMPARE(analysis::filterComponents(torch::randn({1, 3, 2, 2})).components.size(0), int64_t(0));
}

void TstEmbeddingViews::oneHotPositionsGiveIdentityTiles()
{
    analysis::TokenGrid grid;
    grid.prefixTokens = 1;
    grid.height = 3;
    grid.width = 4;
    const int64_t patches = 12, dim = 16;
    auto pos = torch::zeros({1, patches + 1, dim});
    pos[0][0] = torch::randn({dim});  // the class token: left out
    for (int64_t p = 0; p < patches; ++p)
        pos[0][p + 1][p] = 0.5 + double(p);  // one-hot, each its own scale
    const auto s = analysis::positionSimilarity(pos, grid);
    QVERIFY(s.sizes() == torch::IntArrayRef({patches, patches}));
    QVERIFY(maxAbs(s - torch::eye(patches, torch::kFloat64)) < 1e-12);
    // As the views draw them: tile p is 1 at p and 0 elsewhere.
    report::Matrix m{int(patches), int(patches), {}};
    const auto c = s.contiguous();
    m.values.assign(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
    for (int p = 0; p < patches; ++p) {
        const report::Matrix tile = report::similarityTile(m, 3, 4, p);
        QCOMPARE(tile.rows, 3);
        QCOMPARE(tile.cols, 4);
        for (int i = 0; i < patches; ++i)
            QVERIFY(std::abs(tile.values[size_t(i)] - (i == p ? 1.0 : 0.0)) < 1e-12);
    }
    // Without a class token the table is the patches alone.
    grid.prefixTokens = 0;
    QVERIFY(maxAbs(analysis::positionSimilarity(pos.narrow(1, 1, patches), grid) - torch::eye(patches, torch::kFloat64))
            < 1e-12);
    // A table of the wrong length is refused.
    QVERIFY_THROWS_EXCEPTION(c10::Error, analysis::positionSimilarity(pos, grid));
}

void TstEmbeddingViews::zeroEmbeddingIsNaN()
{
    analysis::TokenGrid grid;
    grid.prefixTokens = 0;
    grid.height = 1;
    grid.width = 3;
    const auto pos = torch::tensor({{1.0, 0.0}, {0.0, 0.0}, {-2.0, 0.0}}, torch::kFloat64);
    const auto s = analysis::positionSimilarity(pos, grid);
    QCOMPARE(s[0][2].item<double>(), -1.0);
    QVERIFY(std::isnan(s[1][0].item<double>()) && std::isnan(s[0][1].item<double>()));
    QCOMPARE(s[2][2].item<double>(), 1.0);
}

void TstEmbeddingViews::modelViewsAndReasons()
{
    auto config = test::tinyConfig();  // 8 px, patch 4: 2 × 2 patches, d 12, 3 channels
    auto net = test::build(config);
    QVERIFY(inspect::noEmbeddingFiltersReason(*net).isEmpty());
    QVERIFY(inspect::noPositionEmbeddingReason(*net).isEmpty());
    report::InspectReport r;
    QString why;
    QVERIFY2(inspect::fillEmbeddingFilters(*net, r, &why), qPrintable(why));
    QCOMPARE(r.embeddingFilters.filters, 12);
    QCOMPARE(r.embeddingFilters.channels, 3);
    QCOMPARE(r.embeddingFilters.components.rows, 11);  // 12 filters, centred: rank 11 < 28
    QCOMPARE(r.embeddingFilters.components.cols, 48);
    QCOMPARE(int(r.embeddingFilters.ratio.size()), 11);
    QVERIFY2(inspect::fillPositionSimilarity(*net, r, &why), qPrintable(why));
    QCOMPARE(r.positionSimilarity.rows, 4);
    for (int p = 0; p < 4; ++p)
        QVERIFY(std::abs(r.positionSimilarity.at(p, p) - 1.0) < 1e-6);
    // The reference: the patch rows of pos_embed, cosine by hand.
    const auto table = net->pos_embed[0].slice(0, 1).to(torch::kFloat64);
    const double byHand = (table[0].dot(table[3]) / (table[0].norm() * table[3].norm())).item<double>();
    QVERIFY(std::abs(r.positionSimilarity.at(0, 3) - byHand) < 1e-12);

    // No learned position embeddings (as under rotary embeddings): said, not computed.
    net->pos_embed = torch::Tensor();
    const QString reason = inspect::noPositionEmbeddingReason(*net);
    QVERIFY2(reason.contains(QStringLiteral("no learned position embeddings")), qPrintable(reason));
    report::InspectReport none;
    QVERIFY(!inspect::fillPositionSimilarity(*net, none, &why));
    QVERIFY2(why.contains(QStringLiteral("no position embeddings")), qPrintable(why));
    QVERIFY(none.positionSimilarity.empty());

    // A single-channel model: its components are 1 × P × P, drawn as grey tiles.
    auto grey = test::tinyConfig();
    grey.inChannels = 1;
    auto greyNet = test::build(grey);
    report::InspectReport g;
    g.patchSize = grey.patchSize;
    QVERIFY2(inspect::fillEmbeddingFilters(*greyNet, g, &why), qPrintable(why));
    QCOMPARE(g.embeddingFilters.channels, 1);
    QCOMPARE(g.embeddingFilters.components.cols, 16);
    for (int k = 0; k < g.embeddingFilters.components.rows; ++k) {
        const report::RgbTile tile = report::filterTile(g.embeddingFilters, grey.patchSize, k);
        QCOMPARE(tile.width, 4);
        QCOMPARE(tile.height, 4);
        bool black = false, white = false;
        for (size_t i = 0; i < tile.rgb.size(); i += 3) {
            QVERIFY(tile.rgb[i] == tile.rgb[i + 1] && tile.rgb[i + 1] == tile.rgb[i + 2]);
            black = black || tile.rgb[i] == 0;
            white = white || tile.rgb[i] == 255;
        }
        QVERIFY(black && white);  // min-max scaled over the tile
    }

    // A parallel (joining) model has one patch embedding: its filters apply.
    config.join.branches = 2;
    config.join.strength = 0.5;
    auto parallel = test::build(config);
    report::InspectReport p;
    QVERIFY(inspect::noEmbeddingFiltersReason(*parallel).isEmpty());
    QVERIFY2(inspect::fillEmbeddingFilters(*parallel, p, &why), qPrintable(why));
    QCOMPARE(p.embeddingFilters.components.cols, 48);
}

void TstEmbeddingViews::cliWritesTheTables()
{
    const QString storePath = m_dir.filePath(QStringLiteral("store.sqlite"));
    qint64 run = 0;
    {
        QString error;
        auto store = store::RunStore::open(storePath, &error);
        QVERIFY2(store, qPrintable(error));
        run = trainInProcess(*store, tinyRun(1), QStringLiteral("plain"));  // 16 px, patch 4: 4 × 4, d 32
    }
    const QString out = m_dir.filePath(QStringLiteral("analysis"));
    const auto r = test::runCli({QStringLiteral("analyze"), QStringLiteral("--run"), QString::number(run),
                                 QStringLiteral("--store"), storePath, QStringLiteral("--images"), QStringLiteral("2"),
                                 QStringLiteral("--views"), QStringLiteral("filters,positions"),
                                 QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--out"), out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("filters      28 principal components of 32 centred 4x4x3 filters")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("positions    4x4 positions; mean cosine to a neighbour")), qPrintable(r.out));
    for (const char *file : {"embedding_filters.png", "position_similarity.png", "report.json"})
        QVERIFY2(QFileInfo(QDir(out).filePath(QLatin1String(file))).size() > 0, file);
    QString error;
    const auto report = report::readReportFile(QDir(out).filePath(QStringLiteral("report.json")), &error);
    QVERIFY2(report, qPrintable(error));
    const auto &f = report->embeddingFilters;
    QCOMPARE(f.components.rows, 28);
    QCOMPARE(f.components.cols, 48);

    const auto values = csvLines(QDir(out).filePath(QStringLiteral("embedding_filters.csv")));
    QCOMPARE(values.value(0), QByteArray("component,channel,row,col,value"));
    QCOMPARE(values.size(), 1 + 28 * 48);
    for (int k = 0; k < 28; ++k)
        for (int i = 0; i < 48; ++i) {
            const QList<QByteArray> cells = values.at(1 + k * 48 + i).split(',');
            QCOMPARE(cells.size(), 5);
            QCOMPARE(cells[0].toInt(), k);
            QCOMPARE(cells[1].toInt(), i / 16);
            QCOMPARE(cells[2].toInt(), (i % 16) / 4);
            QCOMPARE(cells[3].toInt(), i % 4);
            QCOMPARE(cells[4].toDouble(), f.components.at(k, i));  // the shortest exact form reads back exactly
        }
    const auto variance = csvLines(QDir(out).filePath(QStringLiteral("embedding_variance.csv")));
    QCOMPARE(variance.value(0), QByteArray("component,explained_variance,explained_variance_ratio"));
    QCOMPARE(variance.size(), 1 + 28);
    double sum = 0;
    for (int k = 0; k < 28; ++k) {
        const QList<QByteArray> cells = variance.at(1 + k).split(',');
        QCOMPARE(cells[1].toDouble(), f.variance[size_t(k)]);
        QCOMPARE(cells[2].toDouble(), f.ratio[size_t(k)]);
        sum += f.ratio[size_t(k)];
    }
    QVERIFY(sum > 0 && sum <= 1.0 + 1e-12);

    const auto positions = csvLines(QDir(out).filePath(QStringLiteral("position_similarity.csv")));
    QCOMPARE(positions.value(0), QByteArray("row,col,other_row,other_col,cosine"));
    QCOMPARE(positions.size(), 1 + 16 * 16);
    for (int a = 0; a < 16; ++a)
        for (int b = 0; b < 16; ++b) {
            const QList<QByteArray> cells = positions.at(1 + a * 16 + b).split(',');
            QCOMPARE(cells[0].toInt() * 4 + cells[1].toInt(), a);
            QCOMPARE(cells[2].toInt() * 4 + cells[3].toInt(), b);
            QCOMPARE(cells[4].toDouble(), report->positionSimilarity.at(a, b));
            if (a == b)
                QVERIFY(std::abs(cells[4].toDouble() - 1.0) < 1e-6);
        }
}

GATEFOLD_TEST_MAIN(TstEmbeddingViews)
#include "tst_embeddingviews.moc"
