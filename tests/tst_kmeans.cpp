// Spherical k-means and the k-means initialisation of CDE codebooks
// (core/model/README.md, CDE "Switches": C from k-means of the first batches' z).

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/kmeansinit.h"
#include "testsupport.h"

#include <torch/torch.h>
#endif

using namespace gatefold::model;
using namespace gatefold::test;

Q_DECLARE_METATYPE(gatefold::model::AssignScope)

namespace {


// Largest |‖row‖ − 1| over the rows.
double unitNormError(const torch::Tensor &rows)
{
    return (rows.to(torch::kFloat64).norm(2, 1) - 1.0).abs().max().item<double>();
}

// For each true direction, the best cosine any centre reaches.
torch::Tensor bestCosines(const torch::Tensor &directions, const torch::Tensor &centres)
{
    return std::get<0>(torch::matmul(directions, centres.t()).max(1));
}

ViTConfig kmeansConfig(Sharing codebook, AssignScope scope)
{
    ViTConfig c = tinyCde();
    c.gate.codebookSize = 4;
    c.gate.codebookSharing = codebook;
    c.gate.scope = scope;
    c.gate.codebookInit = CodebookInit::KMeans;
    return c;
}

} // namespace

class TstKMeans : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void recoversSeparatedClusters_data();
    void recoversSeparatedClusters();
    void reseedsEmptyClusters();
    void initialisesEveryCodebook_data();
    void initialisesEveryCodebook();
    void perLayerCodebookFitsItsOwnBlock();
    void tooFewTokensIsAnError();
    void modelWithoutCodebookIsAnError();
};

void TstKMeans::recoversSeparatedClusters_data()
{
    QTest::addColumn<int>("seed");
    // Several seeds: recovering well-separated clusters must not be luck of the draw.
    for (int seed = 0; seed < 10; ++seed)
        QTest::newRow(qPrintable(QString("seed %1").arg(seed))) << seed;
}

// 4 orthonormal directions in R^8, 25 points each, noise 0.05 and random
// lengths (spherical k-means must ignore the length).
void TstKMeans::recoversSeparatedClusters()
{
    QFETCH(int, seed);
    torch::manual_seed(seed);
    const int d = 8, clusters = 4, each = 25;
    auto q = std::get<0>(torch::linalg_qr(torch::randn({d, d}, f64)));  // orthonormal columns
    auto directions = q.t().slice(0, 0, clusters);                       // (4, 8) unit rows
    auto points = (directions.repeat_interleave(each, 0) + 0.05 * torch::randn({clusters * each, d}, f64))
        * (0.5 + torch::rand({clusters * each, 1}, f64));
    points = points.index_select(0, torch::randperm(clusters * each));  // no order to lean on
    int reseeded = -1;
    auto centres = sphericalKMeans(points, clusters, 20, &reseeded);
    QCOMPARE(centres.sizes().vec(), (std::vector<int64_t>{clusters, d}));
    QVERIFY(unitNormError(centres) < 1e-12);  // float64
    QVERIFY(reseeded >= 0);
    auto best = bestCosines(directions, centres);
    QVERIFY2((best > 0.99).all().item<bool>(),
             qPrintable(QString("best cosine per true direction: %1 %2 %3 %4")
                            .arg(best[0].item<double>())
                            .arg(best[1].item<double>())
                            .arg(best[2].item<double>())
                            .arg(best[3].item<double>())));
}

// 3 distinct points for 4 centres: at least two centres start on the same
// point and one of them wins no token. Without a reseed its sum is zero and
// it would not be a unit vector.
void TstKMeans::reseedsEmptyClusters()
{
    torch::manual_seed(50);
    auto directions = torch::eye(3, f64);
    auto points = directions.repeat({10, 1});  // 30 points, 3 distinct
    int reseeded = 0;
    auto centres = sphericalKMeans(points, 4, 5, &reseeded);
    QVERIFY(reseeded > 0);
    QVERIFY2(unitNormError(centres) < 1e-12, qPrintable(QString::number(unitNormError(centres))));
    QVERIFY((bestCosines(directions, centres) > 1 - 1e-12).all().item<bool>());
}

void TstKMeans::initialisesEveryCodebook_data()
{
    QTest::addColumn<Sharing>("sharing");
    QTest::addColumn<AssignScope>("scope");
    QTest::addColumn<int>("codebooks");
    QTest::addColumn<int>("blocksPerCodebook");
    QTest::newRow("shared C, per-layer assignment") << Sharing::Shared << AssignScope::PerLayer << 1 << 3;
    QTest::newRow("per-layer C") << Sharing::PerLayer << AssignScope::PerLayer << 3 << 1;
    QTest::newRow("assign once") << Sharing::Shared << AssignScope::Once << 1 << 1;
}

void TstKMeans::initialisesEveryCodebook()
{
    QFETCH(Sharing, sharing);
    QFETCH(AssignScope, scope);
    QFETCH(int, codebooks);
    QFETCH(int, blocksPerCodebook);
    torch::manual_seed(51);
    const ViTConfig c = kmeansConfig(sharing, scope);
    auto m = build(c);
    m->train();
    const std::vector<torch::Tensor> batches = {images(c, 2), images(c, 1)};  // 3 images × 5 tokens
    for (const auto &gate : m->gates())
        QVERIFY(unitNormError(gate->codebook()) > 1e-3);  // N(0, 1/d) rows are not unit length

    KMeansReport report;
    std::string error;
    QVERIFY2(initCodebooksKMeans(m, batches, 10, &report, &error), error.c_str());
    QCOMPARE(report.codebooks, codebooks);
    QCOMPARE(report.iterations, 10);
    QCOMPARE(report.tokens, int64_t(3 * c.numTokens() * blocksPerCodebook));
    QVERIFY(report.reseeded >= 0);
    for (const auto &gate : m->gates())
        QVERIFY2(unitNormError(gate->codebook()) < 1e-6, qPrintable(QString::number(unitNormError(gate->codebook()))));  // float32
    QVERIFY(m->is_training());  // the mode it found
}

// Each per-layer codebook is k-means of its own block's z. The reference
// reruns sphericalKMeans block by block from the same seed on z recorded
// before the initialisation (E = 0, so the codebooks do not change z).
void TstKMeans::perLayerCodebookFitsItsOwnBlock()
{
    torch::manual_seed(52);
    const ViTConfig c = kmeansConfig(Sharing::PerLayer, AssignScope::PerLayer);
    auto m = build(c);
    randomize(*m);  // blocks that differ from each other
    {
        torch::NoGradGuard noGrad;
        for (const auto &gate : m->gates())
            gate->embed().zero_();
    }
    m->eval();
    const auto x = images(c, 3);
    ForwardOptions options;
    options.mlpInputs = true;
    std::vector<torch::Tensor> z;
    {
        torch::NoGradGuard noGrad;
        for (const auto &b : m->forwardWithIntermediates(x, options).blocks)
            z.push_back(b.mlpInput.reshape({-1, c.embedDim}));
    }

    torch::manual_seed(99);
    std::string error;
    QVERIFY2(initCodebooksKMeans(m, {x}, 8, nullptr, &error), error.c_str());
    torch::manual_seed(99);
    const auto gates = m->gates();
    std::vector<torch::Tensor> fits;
    for (int b = 0; b < c.depth; ++b)
        fits.push_back(sphericalKMeans(z[b].to(torch::kFloat64), c.gate.codebookSize, 8).to(torch::kFloat32));
    for (int b = 0; b < c.depth; ++b) {
        QVERIFY2(maxAbsDiff(gates[b]->codebook(), fits[b]) < 1e-6, qPrintable(QString("block %1").arg(b)));  // float32 cast
        for (int other = 0; other < c.depth; ++other)
            if (other != b)
                QVERIFY(maxAbsDiff(gates[b]->codebook(), gates[other]->codebook()) > 1e-3);
    }
}

void TstKMeans::tooFewTokensIsAnError()
{
    torch::manual_seed(53);
    ViTConfig c = kmeansConfig(Sharing::PerLayer, AssignScope::PerLayer);
    c.gate.codebookSize = 6;  // one image gives 5 tokens per block
    auto m = build(c);
    const auto before = snapshot(*m);
    KMeansReport report;
    report.codebooks = -7;
    std::string error;
    QVERIFY(!initCodebooksKMeans(m, {images(c, 1)}, 5, &report, &error));
    QVERIFY2(error.find("K = 6") != std::string::npos, error.c_str());
    QVERIFY2(error.find("5") != std::string::npos, error.c_str());
    QVERIFY(sameAsSnapshot(*m, before));
    QCOMPARE(report.codebooks, -7);  // no report for a failed run

    // No batches at all.
    QVERIFY(!initCodebooksKMeans(m, {}, 5, nullptr, &error));
    QVERIFY(!error.empty());
    // Two images are enough.
    QVERIFY2(initCodebooksKMeans(m, {images(c, 2)}, 5, nullptr, &error), error.c_str());
}

void TstKMeans::modelWithoutCodebookIsAnError()
{
    torch::manual_seed(54);
    for (auto kind : {GateKind::None, GateKind::DeepEmbed}) {
        ViTConfig c = tinyConfig();
        c.gate.kind = kind;
        auto m = build(c);
        const auto before = snapshot(*m);
        std::string error;
        QVERIFY(!initCodebooksKMeans(m, {images(c, 4)}, 5, nullptr, &error));
        QVERIFY2(error.find("cde") != std::string::npos, error.c_str());
        QVERIFY(sameAsSnapshot(*m, before));
    }
}

GATEFOLD_TEST_MAIN(TstKMeans)
#include "tst_kmeans.moc"
