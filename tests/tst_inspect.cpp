// core/inspect on real runs trained in-process into a temporary store (a
// plain class-token ViT, a CDE ViT with λ ramp and τ annealing, a 2-branch
// joining ViT half-way through its warm-up): every field of the report has
// its shape, the images are the data set's pixels, the predictions are a
// forward pass of the loaded model at the checkpoint's schedules (and agree
// with the val/top1 the trainer recorded), views that do not apply are
// skipped with a reason, bad input is refused with a message and leaves the
// store and checkpoints byte for byte, the writer's files hold every number
// exactly, and `gatefold-cli analyze` as a child writes what it says.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "clirun.h"
#include "tinyrun.h"
#include "reportequal.h"
#include "trainedrun.h"

#include "data/datasets.h"
#include "data/normalization.h"
#include "inspect/inspectrun.h"
#include "inspect/reportwriter.h"
#include "report/reportjson.h"
#include "report/reportreader.h"
#include "model/visiontransformer.h"
#include "store/runstore.h"
#include "train/checkpoint.h"
#include "config/runconfigjson.h"
#include "train/runexecution.h"
#include "train/runschedules.h"
#include "train/trainstate.h"

#include <QtTest/QtTest>

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <opencv2/imgcodecs.hpp>
#include <torch/torch.h>

#include <cmath>
#include <numeric>
#include <set>
#include <sys/stat.h>
#endif

using namespace gatefold;
using inspect::InspectRequest;
using report::InspectReport;
using report::Matrix;

using Cli = gatefold::test::CliRun;
using gatefold::test::runCli;

namespace {

QByteArray sha256(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

// Every file under `dir`, relative, sorted.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

double sumOf(const Matrix &m)
{
    double s = 0;
    for (double v : m.values)
        s += v;
    return s;
}


} // namespace

class TstInspect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void plainReportShapes();
    void imagesAreTheDataSetsPixels();
    void predictionsAreTheLoadedModels_data();
    void predictionsAreTheLoadedModels();
    void codebookOfCdeRun();
    void branchesOfParallelRun();
    void ckaAgainstAnotherRun();
    void imageFiles();
    void viewsAsked();
    void badInputRefusedStoreUntouched_data();
    void badInputRefusedStoreUntouched();
    void writerFilesHoldEveryNumber();
    void writerReplacesPreviousReport();
    void cliWritesWhatItSays();
    void cliBadUsage_data();
    void cliBadUsage();

private:
    qint64 train(const train::RunConfig &config, const QString &name);
    std::optional<InspectReport> inspect(InspectRequest request, QString *error = nullptr);
    QString checkpointFile(qint64 run, const QString &kind);

    QTemporaryDir m_dir;
    QString m_storePath;
    std::unique_ptr<store::RunStore> m_store;
    train::RunConfig m_plainConfig, m_cdeConfig, m_parallelConfig;
    qint64 m_plain = 0, m_cde = 0, m_parallel = 0, m_wide = 0, m_queued = 0, m_corrupt = 0;
};

qint64 TstInspect::train(const train::RunConfig &config, const QString &name)
{
    return trainInProcess(*m_store, config, name);
}

std::optional<InspectReport> TstInspect::inspect(InspectRequest request, QString *error)
{
    QString why;
    auto report = inspect::inspectRun(*m_store, request, &why);
    if (error)
        *error = why;
    else if (!report)
        qWarning("inspectRun: %s", qPrintable(why));
    return report;
}

QString TstInspect::checkpointFile(qint64 run, const QString &kind)
{
    const auto artifacts = m_store->artifacts(run, QStringLiteral("checkpoint/") + kind);
    return artifacts.empty() ? QString() : train::artifactFile(*m_store, artifacts.back());
}

void TstInspect::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_storePath = m_dir.filePath(QStringLiteral("store.sqlite"));
    QString error;
    m_store = store::RunStore::open(m_storePath, &error);
    QVERIFY2(m_store, qPrintable(error));
    m_plainConfig = withSettings(tinyRun(1), {"global_pool=token"});
    // λ ramps over the whole epoch and τ anneals 12 → 4: the checkpoint's schedules are not the config's values.
    m_cdeConfig = withSettings(tinyRun(1), {"gate.kind=cde", "gate.codebook_size=16", "gate.top_k=2",
                                            "cde.ramp_epochs=1", "cde.tau_schedule=linear", "cde.tau_end=4"});
    // λ(t) rises over 64 steps: at the checkpoint (step 16) the branches are a quarter joined.
    m_parallelConfig = withSettings(tinyRun(1), {"join.branches=2", "join.warmup_steps=64", "join.adjust_steps=0"});
    m_plain = train(m_plainConfig, QStringLiteral("plain"));
    m_cde = train(m_cdeConfig, QStringLiteral("cde"));
    m_parallel = train(m_parallelConfig, QStringLiteral("parallel"));
    m_wide = train(withSettings(tinyRun(1), {"img_size=24", "data.train_size=64"}), QStringLiteral("24 px"));

    store::NewRun queued;
    queued.name = QStringLiteral("queued");
    queued.configJson = train::runConfigToJson(m_plainConfig);
    m_queued = *m_store->createRun(queued);
    // A run whose best checkpoint is damaged: the first KiB of a real one.
    queued.name = QStringLiteral("damaged");
    m_corrupt = *m_store->createRun(queued);
    QFile real(checkpointFile(m_plain, QStringLiteral("best")));
    QVERIFY(real.open(QIODevice::ReadOnly));
    const QString damaged = m_dir.filePath(QStringLiteral("damaged.pt"));
    QFile out(damaged);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(real.read(1024));
    out.close();
    store::Artifact artifact;
    artifact.runId = m_corrupt;
    artifact.kind = QStringLiteral("checkpoint/best");
    artifact.path = damaged;
    artifact.sha256 = QStringLiteral("0");
    artifact.infoJson = R"({"step": 16, "epoch": 1})";
    QVERIFY(m_store->addArtifact(artifact));
}

void TstInspect::plainReportShapes()
{
    InspectRequest request;
    request.runId = m_plain;
    request.images = 5;
    request.ckaImages = 64;
    const auto r = inspect(request);
    QVERIFY(r);
    QCOMPARE(r->runId, m_plain);
    QCOMPARE(r->runName, QStringLiteral("plain"));
    QCOMPARE(r->checkpoint, QStringLiteral("best"));
    QCOMPARE(r->checkpointFile, checkpointFile(m_plain, QStringLiteral("best")));
    QCOMPARE(r->step, qint64(16));
    QCOMPARE(r->epoch, 1.0);
    QCOMPARE(r->device, QStringLiteral("cpu"));
    QCOMPARE(r->imageSize, 16);
    QCOMPARE(r->patchSize, 4);
    QCOMPARE(r->gridHeight, 4);
    QCOMPARE(r->gridWidth, 4);
    QVERIFY(r->classToken);
    QCOMPARE(r->layers, 2);
    QCOMPARE(r->heads, 2);
    QCOMPARE(r->branches, 1);
    QCOMPARE(r->classNames.size(), 10);
    QCOMPARE(r->classNames.first(), QStringLiteral("disk"));
    QCOMPARE(int(r->images.size()), 5);
    for (size_t i = 0; i < r->images.size(); ++i) {
        const auto &im = r->images[i];
        QCOMPARE(im.width, 16);
        QCOMPARE(im.height, 16);
        QCOMPARE(int(im.rgb.size()), 16 * 16 * 3);
        QVERIFY(im.label >= 0 && im.label < 10);
        QCOMPARE(im.className, r->classNames.at(im.label));
        QCOMPARE(im.source, QStringLiteral("builtin val #%1").arg(i));  // the data set's origin()
        QVERIFY(im.predicted >= 0 && im.predicted < 10);
        QVERIFY(im.confidence >= 0.1 - 1e-12 && im.confidence <= 1.0);  // the top of 10 probabilities
    }
    // attention: (layer · images + image) · heads + head, each the class token's row over the 4×4 patches.
    QCOMPARE(int(r->attention.size()), 2 * 5 * 2);
    for (const auto &m : r->attention) {
        QCOMPARE(m.rows, 4);
        QCOMPARE(m.cols, 4);
        QVERIFY(*std::min_element(m.values.begin(), m.values.end()) >= 0.0);
        QVERIFY(sumOf(m) <= 1.0 + 1e-6);  // the rest of the row is on the class token
    }
    QVERIFY(r->branchAttention.empty());
    // Rollout: R's rows sum to 1, so its class-token row over the patches sums to at most 1.
    QCOMPARE(int(r->rollout.size()), 5);
    for (const auto &m : r->rollout) {
        QCOMPARE(m.rows, 4);
        QCOMPARE(m.cols, 4);
        QVERIFY(*std::min_element(m.values.begin(), m.values.end()) >= 0.0);
        QVERIFY(sumOf(m) > 0.0 && sumOf(m) <= 1.0 + 1e-9);
    }
    QCOMPARE(r->rolloutFusion, QStringLiteral("mean"));
    QCOMPARE(r->discardRatio, 0.0);
    // Mean distance in pixels: between 0 and the farthest patch centres, 3·4·√2.
    QCOMPARE(r->meanDistance.rows, 2);
    QCOMPARE(r->meanDistance.cols, 2);
    for (double v : r->meanDistance.values)
        QVERIFY(v >= 0.0 && v <= 12.0 * std::sqrt(2.0) + 1e-9);
    // CKA against itself: 2 × 2, symmetric, 1 on the diagonal.
    QCOMPARE(r->cka.rows, 2);
    QCOMPARE(r->cka.cols, 2);
    QVERIFY(std::abs(r->cka.at(0, 0) - 1.0) < 1e-9 && std::abs(r->cka.at(1, 1) - 1.0) < 1e-9);
    QVERIFY(std::abs(r->cka.at(0, 1) - r->cka.at(1, 0)) < 1e-9);
    QCOMPARE(r->ckaAgainst, QStringLiteral("run %1 (best)").arg(m_plain));
    // What does not apply is skipped with a reason; nothing else is.
    QVERIFY(r->codebook.empty());
    QVERIFY(r->branchLayers.empty());
    QCOMPARE(int(r->skipped.size()), 3);
    QVERIFY(r->skipped.at(QStringLiteral("codebook")).contains(QStringLiteral("no CDE gates")));
    QVERIFY(r->skipped.at(QStringLiteral("branches")).contains(QStringLiteral("single-branch")));
    QVERIFY(r->skipped.at(QStringLiteral("weights")).contains(QStringLiteral("single-branch")));
    QVERIFY(r->seconds > 0);
}

void TstInspect::imagesAreTheDataSetsPixels()
{
    for (const QString &split : {QStringLiteral("val"), QStringLiteral("train")}) {
        InspectRequest request;
        request.runId = m_plain;
        request.images = 6;
        request.split = split;
        request.views = {QStringLiteral("distance")};
        const auto r = inspect(request);
        QVERIFY(r);
        std::string why;
        const auto data = data::openDataset(m_plainConfig.train.data, 16, &why);
        QVERIFY2(data, why.c_str());
        const auto s = split == QLatin1String("val") ? data::Split::Val : data::Split::Train;
        const auto [images, labels] = data->batch(s, {0, 1, 2, 3, 4, 5});  // (6, 3, 16, 16) in [0, 1]
        for (int i = 0; i < 6; ++i) {
            const auto &im = r->images[size_t(i)];
            QCOMPARE(im.label, int(labels[i].item<std::int64_t>()));
            const auto shown = torch::from_blob(const_cast<std::uint8_t *>(im.rgb.data()), {16, 16, 3}, torch::kUInt8)
                                   .permute({2, 0, 1})
                                   .to(torch::kFloat64)
                                   .div(255.0);
            const double worst = (shown - images[i].to(torch::kFloat64)).abs().max().item<double>();
            QVERIFY2(worst <= 0.5 / 255.0 + 1e-6, qPrintable(QStringLiteral("%1 image %2: %3").arg(split).arg(i).arg(worst)));
        }
    }
}

void TstInspect::predictionsAreTheLoadedModels_data()
{
    QTest::addColumn<int>("which");
    QTest::newRow("plain") << 0;
    QTest::newRow("cde, λ ramp and τ annealing") << 1;
    QTest::newRow("parallel, λ(t) = 1/4") << 2;
}

void TstInspect::predictionsAreTheLoadedModels()
{
    QFETCH(int, which);
    const qint64 run = which == 0 ? m_plain : which == 1 ? m_cde : m_parallel;
    const auto &config = which == 0 ? m_plainConfig : which == 1 ? m_cdeConfig : m_parallelConfig;
    // The whole validation split (64 images), so that the top-1 is the trainer's val/top1.
    InspectRequest request;
    request.runId = run;
    request.images = 500;  // cut to the split
    request.views = {QStringLiteral("attention")};
    const auto r = inspect(request);
    QVERIFY(r);
    QCOMPARE(int(r->images.size()), 64);

    // The reference: the model built from the config, the checkpoint loaded, schedules of step s − 1.
    std::string why;
    auto net = *model::buildModel(config.model, &why);
    train::TrainState state;
    QString error;
    QVERIFY2(train::loadCheckpoint(r->checkpointFile, net, nullptr, nullptr, &state, &error), qPrintable(error));
    const train::RunSchedules schedules(config, 16);
    if (which == 1) {
        QVERIFY(schedules.gateStrength(state.step - 1) < 1.0);
        net->setGateStrength(schedules.gateStrength(state.step - 1));
        net->setTemperature(schedules.temperature(state.step - 1));
    } else if (which == 2) {
        QVERIFY(schedules.joinStrength(state.step - 1) > 0.0 && schedules.joinStrength(state.step - 1) < 0.5);
        net->setJoinStrength(schedules.joinStrength(state.step - 1));
    }
    net->eval();
    const auto data = data::openDataset(config.train.data, 16, &why);
    std::vector<std::int64_t> all(64);
    std::iota(all.begin(), all.end(), 0);
    const auto norm = data::measureNormalization(*data);
    const auto [images, labels] = data->batch(data::Split::Val, all);
    torch::NoGradGuard noGrad;
    const auto probabilities = torch::softmax(net->forward(data::normalize(images, norm)).to(torch::kFloat64), 1);
    int correct = 0;
    for (int i = 0; i < 64; ++i) {
        const auto &im = r->images[size_t(i)];
        QCOMPARE(im.predicted, int(probabilities[i].argmax().item<std::int64_t>()));
        QVERIFY(std::abs(im.confidence - probabilities[i].max().item<double>()) < 1e-6);
        correct += im.predicted == im.label ? 1 : 0;
    }
    // And the trainer's own evaluation of that checkpoint agrees.
    const auto top1 = m_store->metricAtEpoch(run, QStringLiteral("val/top1"), 1.0);
    QVERIFY(top1);
    QCOMPARE(correct, int(std::lround(*top1 * 64)));
}

void TstInspect::codebookOfCdeRun()
{
    InspectRequest request;
    request.runId = m_cde;
    request.images = 6;
    request.views = {QStringLiteral("codebook"), QStringLiteral("branches")};
    const auto r = inspect(request);
    QVERIFY(r);
    QVERIFY(r->attention.empty());  // not asked for
    QVERIFY(r->skipped.count(QStringLiteral("branches")));
    QVERIFY(!r->skipped.count(QStringLiteral("codebook")));
    QCOMPARE(int(r->codebook.size()), 2);
    for (int b = 0; b < 2; ++b) {
        const auto &layer = r->codebook[size_t(b)];
        QCOMPARE(layer.block, b);
        QCOMPARE(int(layer.usage.size()), 16);
        double total = 0;
        for (double u : layer.usage) {
            QVERIFY(u >= 0);
            total += u;
        }
        QVERIFY(std::abs(total - 1.0) < 1e-9);
        QVERIFY(layer.perplexity >= 1.0 - 1e-9 && layer.perplexity <= 16.0 + 1e-9);
        QVERIFY(layer.deadCodes >= 0 && layer.deadCodes < 16);
        QVERIFY(layer.meanEntropy >= 0 && layer.meanEntropy <= std::log(2.0) + 1e-9);  // soft top-2
        QVERIFY(layer.meanGateNorm > 0);
        QCOMPARE(int(layer.codeMaps.size()), 6);
        std::vector<int> counted(16, 0);
        for (const auto &m : layer.codeMaps) {
            QCOMPARE(m.rows, 4);
            QCOMPARE(m.cols, 4);
            for (double code : m.values) {
                QCOMPARE(code, std::round(code));
                QVERIFY(code >= 0 && code < 16);
                ++counted[size_t(code)];
            }
        }
        // Top images per code: every image using it, most patches first, patches as the maps count them.
        QCOMPARE(int(layer.topImages.size()), 16);
        for (int c = 0; c < 16; ++c) {
            int patches = 0;
            std::set<int> seen;
            for (size_t k = 0; k < layer.topImages[size_t(c)].size(); ++k) {
                const auto [image, n] = layer.topImages[size_t(c)][k];
                QVERIFY(image >= 0 && image < 6 && n > 0 && seen.insert(image).second);
                if (k > 0)
                    QVERIFY(layer.topImages[size_t(c)][k - 1].second >= n);
                int inMap = 0;
                for (double code : layer.codeMaps[size_t(image)].values)
                    inMap += int(code) == c ? 1 : 0;
                QCOMPARE(n, inMap);
                patches += n;
            }
            QCOMPARE(patches, counted[size_t(c)]);
        }
    }
}

void TstInspect::branchesOfParallelRun()
{
    InspectRequest request;
    request.runId = m_parallel;
    request.images = 3;
    request.views = {QStringLiteral("attention"), QStringLiteral("branches"), QStringLiteral("weights"),
                     QStringLiteral("codebook")};
    const auto r = inspect(request);
    QVERIFY(r);
    QCOMPARE(r->branches, 2);
    QCOMPARE(r->layers, 2);
    QVERIFY(r->skipped.at(QStringLiteral("codebook")).contains(QStringLiteral("gate.kind = none")));
    QCOMPARE(int(r->skipped.size()), 1);
    // ((layer · branches + branch) · images + image) · heads + head; the block's map is their mean.
    QCOMPARE(int(r->branchAttention.size()), 2 * 2 * 3 * 2);
    for (int l = 0; l < 2; ++l)
        for (int i = 0; i < 3; ++i)
            for (int h = 0; h < 2; ++h) {
                const auto &joined = r->attention[size_t((l * 3 + i) * 2 + h)];
                const auto &b0 = r->branchAttention[size_t(((l * 2 + 0) * 3 + i) * 2 + h)];
                const auto &b1 = r->branchAttention[size_t(((l * 2 + 1) * 3 + i) * 2 + h)];
                for (size_t k = 0; k < joined.values.size(); ++k)
                    QVERIFY(std::abs(joined.values[k] - 0.5 * (b0.values[k] + b1.values[k])) < 1e-6);
            }
    QCOMPARE(int(r->branchLayers.size()), 2);
    for (int b = 0; b < 2; ++b) {
        const auto &layer = r->branchLayers[size_t(b)];
        QCOMPARE(layer.block, b);
        for (const Matrix *m : {&layer.attentionFeatures, &layer.mlpFeatures, &layer.qk, &layer.vo, &layer.fc1, &layer.fc2}) {
            QCOMPARE(m->rows, 2);
            QCOMPARE(m->cols, 2);
            QVERIFY(std::abs(m->at(0, 0) - 1.0) < 1e-5 && std::abs(m->at(1, 1) - 1.0) < 1e-5);
            QVERIFY(std::abs(m->at(0, 1) - m->at(1, 0)) < 1e-6);
            QVERIFY(std::abs(m->at(0, 1)) < 1.0);  // trained apart a little, not identical
        }
    }
}

void TstInspect::ckaAgainstAnotherRun()
{
    InspectRequest request;
    request.runId = m_plain;
    request.views = {QStringLiteral("cka")};
    request.ckaRunId = m_cde;
    request.ckaCheckpoint = QStringLiteral("last");
    request.ckaImages = 40;  // one minibatch of 40
    const auto r = inspect(request);
    QVERIFY(r);
    QCOMPARE(r->ckaAgainst, QStringLiteral("run %1 (last)").arg(m_cde));
    QCOMPARE(r->cka.rows, 2);
    QCOMPARE(r->cka.cols, 2);
    for (double v : r->cka.values)
        QVERIFY(std::isfinite(v) && v > -0.5 && v < 1.0 + 1e-9);
    // 66 images: a batch of 64 and 2 left, which join it (the unbiased HSIC needs 4).
    request.ckaImages = 66;
    request.split = QStringLiteral("train");
    QVERIFY(inspect(request));
}

void TstInspect::imageFiles()
{
    // A 16 × 16 file is taken as it is (crop_pct 1); a 40 × 30 one is resized to 16 high and centre-cropped.
    cv::Mat small(16, 16, CV_8UC3);
    cv::randu(small, 0, 255);
    const QString a = m_dir.filePath(QStringLiteral("small.png")), b = m_dir.filePath(QStringLiteral("wide.png"));
    QVERIFY(cv::imwrite(a.toStdString(), small));
    QVERIFY(cv::imwrite(b.toStdString(), cv::Mat(30, 40, CV_8UC3, cv::Scalar(0, 128, 255))));
    InspectRequest request;
    request.runId = m_plain;
    request.files = {a, b};
    request.views = {QStringLiteral("rollout")};
    const auto r = inspect(request);
    QVERIFY(r);
    QCOMPARE(int(r->images.size()), 2);
    QCOMPARE(int(r->rollout.size()), 2);
    QCOMPARE(r->images[0].label, -1);
    QCOMPARE(r->images[0].className, QString());
    QCOMPARE(r->images[0].source, QFileInfo(a).absoluteFilePath());
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            for (int c = 0; c < 3; ++c) {
                const int file = small.at<cv::Vec3b>(y, x)[2 - c];  // BGR on disk
                const int shown = r->images[0].rgb[size_t((y * 16 + x) * 3 + c)];
                QVERIFY2(std::abs(file - shown) <= 1, qPrintable(QStringLiteral("%1 vs %2").arg(file).arg(shown)));
            }
    QCOMPARE(int(r->images[1].rgb.size()), 16 * 16 * 3);
    QVERIFY(std::abs(int(r->images[1].rgb[0]) - 255) <= 1 && std::abs(int(r->images[1].rgb[2])) <= 1);  // R 255, B 0
}

void TstInspect::viewsAsked()
{
    InspectRequest request;
    request.runId = m_plain;
    request.images = 2;
    request.views = {QStringLiteral("rollout")};
    request.rolloutFusion = QStringLiteral("max");
    request.discardRatio = 0.5;
    const auto r = inspect(request);
    QVERIFY(r);
    QVERIFY(r->attention.empty() && r->meanDistance.empty() && r->cka.empty());
    QVERIFY(r->skipped.empty());  // nothing asked for is missing
    QCOMPARE(r->rolloutFusion, QStringLiteral("max"));
    QCOMPARE(r->discardRatio, 0.5);
    request.discardRatio = 0.0;
    const auto kept = inspect(request);
    QVERIFY(kept);
    QVERIFY(kept->rollout[0].values != r->rollout[0].values);
}

void TstInspect::badInputRefusedStoreUntouched_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no such run") << "run=999" << "there is no run 999";
    QTest::newRow("no checkpoint yet") << "queued" << "has no checkpoint yet";
    QTest::newRow("no checkpoint of that epoch") << "epoch:7" << "has no checkpoint of epoch 7: the trainer keeps the last and the best checkpoint, and every k-th epoch's only when the run sets train.keep_every";
    QTest::newRow("the epochs it has are listed") << "epoch:7" << "epoch:1";
    QTest::newRow("checkpoint name") << "checkpoint=newest" << "'newest' is not a checkpoint name; use best, last or epoch:N";
    QTest::newRow("damaged checkpoint") << "damaged" << "cannot be read: it does not end like a checkpoint";
    QTest::newRow("missing image file") << "file=missing" << "does not exist";
    QTest::newRow("unreadable image file") << "file=text" << "cannot be decoded";
    QTest::newRow("GIF image file") << "file=gif" << "it looks like a GIF image, which Gatefold does not read: convert it to PNG";
    QTest::newRow("image file is a fifo") << "file=fifo" << "is a fifo";
    QTest::newRow("image file is a device") << "file=/dev/zero" << "is a device";
    QTest::newRow("image file is a folder") << "file=folder" << "is a folder";
    QTest::newRow("unknown view") << "view=heatmap" << "'heatmap' is not a view; use attention, rollout";
    QTest::newRow("discard 1") << "discard=1" << "discard ratio: 1 is outside [0, 1)";
    QTest::newRow("discard -0.1") << "discard=-0.1" << "outside [0, 1)";
    QTest::newRow("fusion") << "fusion=median" << "'median' is not a head fusion";
    QTest::newRow("device") << "device=tpu" << "'tpu' is not a device";
    QTest::newRow("cka images") << "cka-images=3" << "the unbiased HSIC needs 4";
    QTest::newRow("cka run of another size") << "cka-wide" << "compare runs of the same img_size";
    QTest::newRow("cka run missing") << "cka=999" << "cka: there is no run 999";
    QTest::newRow("split") << "split=test" << "'test' is not a split; use val or train";
    QTest::newRow("too many images") << "images=513" << "images: 513 is not a number of images from 1 to 512";
}

void TstInspect::badInputRefusedStoreUntouched()
{
    QFETCH(QString, what);
    QFETCH(QString, expected);
    const QString best = checkpointFile(m_plain, QStringLiteral("best"));
    const QString runDir = m_store->runDirectory(m_plain);
    const QByteArray storeBefore = sha256(m_storePath), walBefore = sha256(m_storePath + QStringLiteral("-wal"));
    const QByteArray checkpointBefore = sha256(best);

    InspectRequest request;
    request.runId = m_plain;
    request.images = 2;
    const QString value = what.section(QLatin1Char('='), 1);
    QTemporaryDir fifoDir;
    if (what.startsWith(QLatin1String("run=")))
        request.runId = value.toLongLong();
    else if (what == QLatin1String("queued"))
        request.runId = m_queued;
    else if (what == QLatin1String("damaged"))
        request.runId = m_corrupt;
    else if (what.startsWith(QLatin1String("epoch:")))
        request.checkpoint = what;
    else if (what.startsWith(QLatin1String("checkpoint=")))
        request.checkpoint = value;
    else if (what == QLatin1String("file=missing"))
        request.files = {m_dir.filePath(QStringLiteral("nothing.png"))};
    else if (what == QLatin1String("file=text")) {
        QFile text(m_dir.filePath(QStringLiteral("text.png")));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("not an image\n");
        text.close();
        request.files = {text.fileName()};
    } else if (what == QLatin1String("file=gif")) {
        QFile gif(m_dir.filePath(QStringLiteral("x.gif")));
        QVERIFY(gif.open(QIODevice::WriteOnly));
        gif.write(QByteArray("GIF89a\x01\x00\x01\x00\x00\x00\x00;", 14));
        gif.close();
        request.files = {gif.fileName()};
    } else if (what == QLatin1String("file=fifo")) {
        // Outside the store's folder, which other tests read file by file.
        const QString fifo = fifoDir.filePath(QStringLiteral("fifo.png"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
        request.files = {fifo};  // never opened for reading: nobody writes it
    } else if (what == QLatin1String("file=/dev/zero")) {
        request.files = {QStringLiteral("/dev/zero")};
    } else if (what == QLatin1String("file=folder")) {
        request.files = {m_dir.path()};
    } else if (what.startsWith(QLatin1String("view=")))
        request.views = {QStringLiteral("attention"), value};
    else if (what.startsWith(QLatin1String("discard=")))
        request.discardRatio = value.toDouble();
    else if (what.startsWith(QLatin1String("fusion=")))
        request.rolloutFusion = value;
    else if (what.startsWith(QLatin1String("device=")))
        request.device = value;
    else if (what.startsWith(QLatin1String("cka-images=")))
        request.ckaImages = value.toInt();
    else if (what == QLatin1String("cka-wide"))
        request.ckaRunId = m_wide;
    else if (what.startsWith(QLatin1String("cka=")))
        request.ckaRunId = value.toLongLong();
    else if (what.startsWith(QLatin1String("split=")))
        request.split = value;
    else if (what.startsWith(QLatin1String("images=")))
        request.images = value.toInt();
    const QStringList before = filesUnder(m_dir.path());
    QString error;
    QVERIFY(!inspect(request, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));

    QCOMPARE(sha256(m_storePath), storeBefore);
    QCOMPARE(sha256(m_storePath + QStringLiteral("-wal")), walBefore);
    QCOMPARE(sha256(best), checkpointBefore);
    QCOMPARE(filesUnder(m_dir.path()), before);  // nothing written anywhere under the store's folder
    QVERIFY(!QDir(runDir).exists(QStringLiteral("analysis")));
}

void TstInspect::writerFilesHoldEveryNumber()
{
    for (const qint64 run : {m_plain, m_cde, m_parallel}) {
        InspectRequest request;
        request.runId = run;
        request.images = 3;
        request.ckaImages = 64;
        const auto r = inspect(request);
        QVERIFY(r);
        const QString dir = m_dir.filePath(QStringLiteral("report-%1").arg(run));
        QStringList written;
        QString error;
        QVERIFY2(inspect::writeReport(*r, dir, &error, &written), qPrintable(error));
        QVERIFY(written.last().endsWith(QLatin1String("/report.json")));
        QStringList relative;
        for (const QString &file : written) {
            QVERIFY2(QFileInfo(file).isFile() && QFileInfo(file).size() > 0, qPrintable(file));
            relative << QDir(dir).relativeFilePath(file);
        }
        relative.sort();
        QCOMPARE(filesUnder(dir), relative);  // exactly what it says it wrote

        // report.json read back by the one reader (what the window reads): the same report, every number exact.
        QStringList listed;
        const auto back = report::readReportFile(QDir(dir).filePath(QStringLiteral("report.json")), &error, &listed);
        QVERIFY2(back, qPrintable(error));
        const QString difference = test::reportDifference(*r, *back);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        listed.sort();
        QCOMPARE(listed, relative);
        // What the run recorded at its evaluations came along for the views that show it over training.
        QCOMPARE(r->usageHistory.empty(), r->codebook.empty());
        QCOMPARE(r->branchHistory.empty(), r->branchLayers.empty());

        QFile jsonFile(QDir(dir).filePath(QStringLiteral("report.json")));
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const auto json = QJsonDocument::fromJson(jsonFile.readAll()).object();
        QCOMPARE(json.value("format").toString(), QLatin1String(report::kReportFormat));
        QCOMPARE(json.value("run").toObject().value("id").toInteger(), run);
        QCOMPARE(json.value("files").toArray().size(), written.size());
        QCOMPARE(json.value("images").toArray().size(), 3);
        // attention[layer][image][head][row][col], every double exact.
        const auto attention = json.value("attention").toArray();
        QCOMPARE(attention.size(), r->layers);
        for (int l = 0; l < r->layers; ++l)
            for (int i = 0; i < 3; ++i)
                for (int h = 0; h < r->heads; ++h)
                    for (int y = 0; y < 4; ++y)
                        for (int x = 0; x < 4; ++x)
                            QVERIFY(attention[l][i][h][y][x].toDouble()
                                    == r->attention[size_t((l * 3 + i) * r->heads + h)].at(y, x));
        QVERIFY(json.value("cka").toObject().value("matrix").toArray()[0][1].toDouble() == r->cka.at(0, 1));

        // attention.csv: one row per cell, values exact; branch −1 the block's map, 0 … n−1 each branch.
        QFile csv(QDir(dir).filePath(QStringLiteral("attention.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.first(), QByteArray("layer,head,branch,image,row,col,value"));
        const int cells = r->layers * r->heads * 3 * 16;
        QCOMPARE(int(lines.size()), 1 + cells * (r->branches > 1 ? 1 + r->branches : 1) + 1);  // + the empty last
        int checked = 0;
        for (int k = 1; k <= cells; ++k) {
            const auto f = lines[k].split(',');
            const int l = f[0].toInt(), h = f[1].toInt(), i = f[3].toInt(), y = f[4].toInt(), x = f[5].toInt();
            QCOMPARE(f[2].toInt(), -1);
            QVERIFY(f[6].toDouble() == r->attention[size_t((l * 3 + i) * r->heads + h)].at(y, x));  // exact
            ++checked;
        }
        QCOMPARE(checked, cells);
        // Pictures: the input enlarged to 160 px, readable PNGs.
        const cv::Mat image = cv::imread(QDir(dir).filePath(QStringLiteral("images/image_000.png")).toStdString());
        QCOMPARE(image.cols, 160);
        QCOMPARE(image.rows, 160);
        QVERIFY(!cv::imread(QDir(dir).filePath(QStringLiteral("attention/layers_image_002.png")).toStdString()).empty());
        if (run == m_cde) {
            for (const char *name : {"codebook_usage.csv", "code_maps.csv", "codebook_summary.csv",
                                     "codebook_top_images.csv", "codebook/block_01.png", "codebook/usage_block_00.png"})
                QVERIFY2(relative.contains(QLatin1String(name)), name);
            QFile usage(QDir(dir).filePath(QStringLiteral("codebook_usage.csv")));
            QVERIFY(usage.open(QIODevice::ReadOnly));
            QCOMPARE(int(usage.readAll().count('\n')), 1 + 2 * 16);
        }
        if (run == m_parallel) {
            for (const char *name : {"branch_similarity.csv", "weight_similarity.csv", "branch_similarity.png",
                                     "weight_similarity.png", "attention/branches_image_000.png"})
                QVERIFY2(relative.contains(QLatin1String(name)), name);
            QFile weights(QDir(dir).filePath(QStringLiteral("weight_similarity.csv")));
            QVERIFY(weights.open(QIODevice::ReadOnly));
            QCOMPARE(int(weights.readAll().count('\n')), 1 + 2 * 4 * 4);  // 2 blocks × 4 modules × 2 × 2
        } else {
            QVERIFY(!relative.contains(QStringLiteral("branch_similarity.csv")));
        }
    }
}

void TstInspect::writerReplacesPreviousReport()
{
    const QString dir = m_dir.filePath(QStringLiteral("again"));
    QDir().mkpath(dir);
    QFile mine(QDir(dir).filePath(QStringLiteral("notes.txt")));  // not the report's: stays
    QVERIFY(mine.open(QIODevice::WriteOnly));
    mine.write("keep me");
    mine.close();
    InspectRequest request;
    request.runId = m_plain;
    request.images = 4;
    request.views = {QStringLiteral("rollout")};
    QString error;
    QVERIFY(inspect::writeReport(*inspect(request), dir, &error));
    QVERIFY(QFileInfo::exists(QDir(dir).filePath(QStringLiteral("rollout/image_003.png"))));
    request.images = 2;
    request.views = {QStringLiteral("distance")};
    QVERIFY(inspect::writeReport(*inspect(request), dir, &error));
    QCOMPARE(filesUnder(dir), (QStringList{"images.csv", "images/image_000.png", "images/image_001.png",
                                           "mean_distance.csv", "mean_distance.png", "notes.txt", "report.json"}));
}

void TstInspect::cliWritesWhatItSays()
{
    const QString out = m_dir.filePath(QStringLiteral("cli-out"));
    const auto r = runCli({QStringLiteral("analyze"), QStringLiteral("--run"), QString::number(m_parallel),
                           QStringLiteral("--store"), m_storePath, QStringLiteral("--images"), QStringLiteral("3"),
                           QStringLiteral("--views"), QStringLiteral("attention,branches,codebook"),
                           QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--out"), out,
                           QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const auto json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value("run").toInteger(), m_parallel);
    QCOMPARE(json.value("out").toString(), out);
    QCOMPARE(json.value("images").toInt(), 3);
    QVERIFY(json.value("skipped").toObject().value("codebook").toString().contains(QStringLiteral("no CDE gates")));
    QStringList listed;
    for (const auto &file : json.value("files").toArray()) {
        QVERIFY2(QFileInfo(file.toString()).isFile(), qPrintable(file.toString()));
        listed << QDir(out).relativeFilePath(file.toString());
    }
    listed.sort();
    QCOMPARE(filesUnder(out), listed);
    QVERIFY(listed.contains(QStringLiteral("branch_similarity.png")));
    QVERIFY(listed.contains(QStringLiteral("report.json")));

    // --report-only writes report.json alone (what the window reads); --progress says each stage on stderr.
    const QString only = m_dir.filePath(QStringLiteral("cli-report-only"));
    const auto quiet = runCli({QStringLiteral("analyze"), QStringLiteral("--run"), QString::number(m_plain),
                               QStringLiteral("--store"), m_storePath, QStringLiteral("--images"), QStringLiteral("2"),
                               QStringLiteral("--views"), QStringLiteral("attention,distance"), QStringLiteral("--device"),
                               QStringLiteral("cpu"), QStringLiteral("--out"), only, QStringLiteral("--report-only"),
                               QStringLiteral("--progress"), QStringLiteral("--json")});
    QVERIFY2(quiet.exitCode == 0, qPrintable(quiet.err));
    QCOMPARE(filesUnder(only), QStringList{QStringLiteral("report.json")});
    QVERIFY2(quiet.err.contains(QStringLiteral("  attention maps …")), qPrintable(quiet.err));
    QString error;
    const auto read = report::readReportFile(QDir(only).filePath(QStringLiteral("report.json")), &error);
    QVERIFY2(read, qPrintable(error));
    QCOMPARE(read->runId, m_plain);
    QCOMPARE(int(read->images.size()), 2);
    QVERIFY(!read->attention.empty() && !read->meanDistance.empty() && read->rollout.empty());

    // The summary, and the default folder <run dir>/analysis/<checkpoint>.
    const auto text = runCli({QStringLiteral("analyze"), QStringLiteral("--run"), QString::number(m_cde),
                              QStringLiteral("--store"), m_storePath, QStringLiteral("--checkpoint"),
                              QStringLiteral("epoch:1"), QStringLiteral("--images"), QStringLiteral("2"),
                              QStringLiteral("--cka-images"), QStringLiteral("16"), QStringLiteral("--device"),
                              QStringLiteral("cpu")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    const QString summary = text.out;
    for (const char *part : {"epoch:1 checkpoint (step 16, epoch 1)", "codebook", "perplexity", "cka", "skipped",
                             "branches: the model is single-branch"})
        QVERIFY2(summary.contains(QLatin1String(part)), qPrintable(summary));
    QVERIFY(QFileInfo(QDir(m_store->runDirectory(m_cde)).filePath(QStringLiteral("analysis/epoch-1/report.json"))).isFile());
}

void TstInspect::cliBadUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no --run") << QStringList{} << 2 << "--run is required";
    QTest::newRow("unknown view") << QStringList{"--run", "1", "--views", "attention,heatmap"} << 2 << "'heatmap' is not a view";
    QTest::newRow("discard") << QStringList{"--run", "1", "--discard", "1.5"} << 2 << "outside [0, 1)";
    QTest::newRow("images") << QStringList{"--run", "1", "--images", "many"} << 2 << "--images must be a whole number";
    QTest::newRow("no such run") << QStringList{"--run", "999"} << 2 << "there is no run 999";
    QTest::newRow("no such epoch") << QStringList{"--run", "1", "--checkpoint", "epoch:9"} << 2 << "no checkpoint of epoch 9";
    QTest::newRow("cka-with") << QStringList{"--run", "1", "--cka-with", "x:best"} << 2 << "--cka-with must be a run id";
    QTest::newRow("no such file") << QStringList{"--run", "1", "--image", "/nonexistent/a.png"} << 2 << "/nonexistent/a.png' does not exist";
    QTest::newRow("no store") << QStringList{"--run", "1", "--store", "NEW"} << 2 << "there is no run store at";
    QTest::newRow("damaged checkpoint") << QStringList{"--run", "DAMAGED"} << 1 << "cannot be read";
}

void TstInspect::cliBadUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    const QString fresh = m_dir.filePath(QStringLiteral("fresh.sqlite"));
    QStringList args{QStringLiteral("analyze")};
    for (QString a : arguments)
        args << (a == QLatin1String("NEW") ? fresh : a == QLatin1String("DAMAGED") ? QString::number(m_corrupt) : a);
    if (!args.contains(QStringLiteral("--store")))
        args << QStringLiteral("--store") << m_storePath;
    const QByteArray storeBefore = sha256(m_storePath);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QCOMPARE(sha256(m_storePath), storeBefore);
    QVERIFY(!QFileInfo::exists(fresh));  // a missing store is not created
}

GATEFOLD_TEST_MAIN(TstInspect)
#include "tst_inspect.moc"
