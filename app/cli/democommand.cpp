#include "democommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "costreport.h"
#include "foldreport.h"
#include "runtime/threadenvironment.h"

#include "config/configenums.h"
#include "config/fieldtable.h"
#include "model/costmodel.h"
#include "model/fold.h"
#include "model/foldaccounting.h"
#include "model/kmeansinit.h"
#include "model/visiontransformer.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <chrono>

namespace gatefold::cli {
namespace {

// --name as a whole number of at least `minimum` (and at most `maximum`).
int intOption(const QCommandLineParser &parser, const QString &name, int minimum, int maximum, bool *ok)
{
    bool valid = false;
    const int v = parser.value(name).toInt(&valid);
    if (!valid || v < minimum || v > maximum) {
        printErr(tr("error: --%1 must be a whole number from %2 to %3, not '%4'.")
                     .arg(name).arg(minimum).arg(maximum).arg(parser.value(name)));
        *ok = false;
    }
    return v;
}

QString describe(const model::ViTConfig &c)
{
    QStringList parts;
    for (const char *key : {"img_size", "patch_size", "embed_dim", "depth", "num_heads", "num_classes",
                            "global_pool", "gate.kind"})
        parts << QStringLiteral("%1=%2").arg(key, QString::fromStdString(*config::value(c, key)));
    if (c.gate.kind == model::GateKind::Cde)
        for (const char *key : {"gate.assign", "gate.target", "gate.codebook_size", "gate.top_k", "gate.codebook",
                                "gate.embed", "gate.scope", "gate.blocks"})
            parts << QStringLiteral("%1=%2").arg(key, QString::fromStdString(*config::value(c, key)));
    if (c.join.branches > 1)
        for (const char *key : {"join.branches", "join.variant", "join.lambda", "join.diversity"})
            parts << QStringLiteral("%1=%2").arg(key, QString::fromStdString(*config::value(c, key)));
    if (c.join.deployed)
        for (const char *key : {"join.deployed", "join.absorb_norms"})
            parts << QStringLiteral("%1=%2").arg(key, QString::fromStdString(*config::value(c, key)));
    return parts.join(' ');
}

// What `demo` is asked to build and time, every option checked.
struct DemoRequest {
    model::ViTConfig config;
    QString preset;
    int batch = 128;
    int steps = 10;
    int warmup = 2;
    int threads = 0;  // 0: all cores
    int seed = 0;
    double lr = 0.001;
    QString device;   // cpu, cuda or auto
};

// The model's cost, by formula and counted, and its fold accounting (parallel models only).
struct DemoCosts {
    std::vector<model::CostRow> formula;
    std::vector<model::CostRow> counted;
    std::vector<model::FoldCost> accounting;
};

// The timed steps' milliseconds and the loss of the last step.
struct StepTimes {
    std::vector<double> ms;
    double lastLoss = 0.0;
};

void addDemoOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Build a model from a preset, print its parameter and FLOP table (closed form next to counted), and\n"
           "time forward+backward steps on random images."));
    parser.addHelpOption();
    addModelOptions(parser, QStringLiteral("cifar-cde"));
    parser.addOption({"batch", tr("Images per step (default 128)."), tr("n"), QStringLiteral("128")});
    parser.addOption({"steps", tr("Timed steps (default 10)."), tr("n"), QStringLiteral("10")});
    parser.addOption({"warmup", tr("Untimed steps first (default 2)."), tr("n"), QStringLiteral("2")});
    parser.addOption({"threads", tr("CPU threads, 0 = all cores (default 0)."), tr("n"), QStringLiteral("0")});
    parser.addOption({"device", tr("cpu, cuda or auto (default auto)."), tr("device"), QStringLiteral("auto")});
    parser.addOption({"seed", tr("Seed for weights and images (default 0)."), tr("n"), QStringLiteral("0")});
    parser.addOption({"lr", tr("AdamW learning rate of the steps (default 0.001)."), tr("rate"),
                      QStringLiteral("0.001")});
}

// Every problem of the options printed at once; nullopt when there was any.
std::optional<DemoRequest> demoRequest(const QCommandLineParser &parser)
{
    bool ok = true;
    DemoRequest request;
    request.batch = intOption(parser, "batch", 1, 1 << 20, &ok);
    request.steps = intOption(parser, "steps", 1, 1 << 20, &ok);
    request.warmup = intOption(parser, "warmup", 0, 1 << 20, &ok);
    request.threads = intOption(parser, "threads", 0, 1024, &ok);
    request.seed = intOption(parser, "seed", 0, INT32_MAX, &ok);
    bool lrValid = false;
    request.lr = parser.value("lr").toDouble(&lrValid);
    if (!lrValid || !(request.lr >= 0.0) || !std::isfinite(request.lr)) {
        printErr(tr("error: --lr must be a finite number >= 0, not '%1'.").arg(parser.value("lr")));
        ok = false;
    }
    request.device = parser.value("device");
    if (request.device != "cpu" && request.device != "cuda" && request.device != "auto") {
        printErr(tr("error: --device must be cpu, cuda or auto, not '%1'.").arg(request.device));
        ok = false;
    }
    if (request.device == "cuda" && !torch::cuda::is_available()) {
        printErr(tr("error: --device cuda, but this LibTorch sees no CUDA device; use --device cpu."));
        ok = false;
    }
    const auto config = modelConfigFromOptions(parser);
    if (!ok || !config)
        return std::nullopt;
    request.config = *config;
    request.preset = parser.value("preset");
    return request;
}

void printDemoHeader(const DemoRequest &request, const torch::Device &device, int threads)
{
    printOut(tr("Gatefold %1 - LibTorch %2 - device %3 - %4 CPU thread(s)")
                 .arg(QCoreApplication::applicationVersion(), TORCH_VERSION,
                      device.is_cuda() ? QStringLiteral("cuda") : QStringLiteral("cpu"))
                 .arg(threads));
    printOut(tr("Model (preset %1): %2").arg(request.preset, describe(request.config)));
    printOut(QString());
}

DemoCosts demoCosts(model::VisionTransformer &model, const model::ViTConfig &config)
{
    DemoCosts costs{model::closedFormCost(config), model::countedCost(model), {}};
    if (config.join.branches > 1)
        costs.accounting = model::foldAccounting(config, true);
    return costs;
}

void printDemoCosts(const model::ViTConfig &config, const DemoCosts &costs)
{
    printOut(formatCostTable(config, costs.formula, costs.counted));
    if (config.join.branches > 1) {
        printOut(QString());
        printOut(formatFoldAccounting(costs.accounting));
    }
}

// k-means codebooks from `images` where the config asks for them; false with `error`.
bool initDemoCodebooks(model::VisionTransformer &model, const model::ViTConfig &config, const torch::Tensor &images,
                       CommandError *error)
{
    if (config.gate.kind != model::GateKind::Cde || config.gate.codebookInit != model::CodebookInit::KMeans)
        return true;
    model::KMeansReport report;
    std::string why;
    if (!model::initCodebooksKMeans(model, {images}, 10, &report, &why)) {
        *error = commandError(ExitFailure, tr("k-means codebook initialisation: %1").arg(QString::fromStdString(why)));
        return false;
    }
    printOut(tr("k-means codebook init: %1 codebook(s) from %2 tokens each, %3 iterations, %4 empty cluster(s) "
                "reseeded")
                 .arg(report.codebooks)
                 .arg(report.tokens)
                 .arg(report.iterations)
                 .arg(report.reseeded));
    return true;
}

// Real steps, so that the fold check sees trained LayerNorms and biases; each timed one said as it ends.
StepTimes timeSteps(model::VisionTransformer &model, const torch::Tensor &images, const torch::Tensor &labels,
                    const DemoRequest &request)
{
    torch::optim::AdamW optimiser(model->parameters(), torch::optim::AdamWOptions(request.lr).weight_decay(0.05));
    StepTimes times;
    for (int step = 0; step < request.warmup + request.steps; ++step) {
        const auto start = std::chrono::steady_clock::now();
        optimiser.zero_grad();
        const auto out = model->forwardForTraining(images);  // + the diversity term of a parallel model
        auto loss = torch::cross_entropy_loss(out.logits, labels);
        if (const auto aux = model->auxiliaryLoss(out); aux.defined())
            loss = loss + aux;
        loss.backward();
        optimiser.step();
        times.lastLoss = loss.item<double>();  // also waits for the device
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (step >= request.warmup) {
            times.ms.push_back(ms);
            printOut(tr("step %1/%2: %3 ms (loss %4)").arg(step - request.warmup + 1).arg(request.steps)
                         .arg(ms, 0, 'f', 1).arg(times.lastLoss, 0, 'f', 4));
        }
    }
    return times;
}

void printStepSummary(int batch, StepTimes times)
{
    std::sort(times.ms.begin(), times.ms.end());
    const double median = times.ms[times.ms.size() / 2];
    printOut(tr("forward+backward+AdamW, batch %1: median %2 ms/step, %3 images/s (min %4 ms, max %5 ms)")
                 .arg(batch)
                 .arg(median, 0, 'f', 1)
                 .arg(batch * 1000.0 / median, 0, 'f', 0)
                 .arg(times.ms.front(), 0, 'f', 1)
                 .arg(times.ms.back(), 0, 'f', 1));
}

// The deploy form: a parallel model joined (λ = 1) and folded, any model's LayerNorms absorbed; its
// logits against the trained form's on `images`, said. Whether they agree within float32 rounding.
bool checkFold(model::VisionTransformer &model, const model::ViTConfig &config, const torch::Tensor &images)
{
    model->setJoinStrength(1.0);
    model::FoldOptions foldOptions;
    foldOptions.absorbNorms = true;
    std::string why;
    auto deployed = model::foldModel(model, foldOptions, &why);
    if (!deployed) {
        printErr(tr("error: fold: %1").arg(QString::fromStdString(why)));
        return false;
    }
    const auto report = model::compareLogits(model, *deployed, images);
    printOut(tr("fold check at lambda = 1 (%1, LayerNorms absorbed): %2")
                 .arg(config.join.branches > 1 ? QString::fromStdString("n = " + std::to_string(config.join.branches)
                                                                        + ", " + model::toString(config.join.variant))
                                               : tr("single branch"),
                      QString::fromStdString(model::formatFoldReport(report))));
    const bool foldExact = report.relativeError <= 1e-4;  // float32 rounding; top-1 may flip on near-ties
    if (!foldExact)
        printErr(tr("error: the folded model's logits differ from the trained model's beyond float32 rounding."));
    return foldExact;
}

} // namespace

int runDemo(const QStringList &arguments)
{
    QCommandLineParser parser;
    addDemoOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    const auto request = demoRequest(parser);
    if (!request)
        return ExitUsage;
    const model::ViTConfig &config = request->config;

    const int threads = runtime::applyThreadCount(request->threads);
    const torch::Device device = request->device == "cpu" || !torch::cuda::is_available() ? torch::kCPU : torch::kCUDA;
    torch::manual_seed(uint64_t(request->seed));
    printDemoHeader(*request, device, threads);
    auto model = model::VisionTransformer(config);
    const DemoCosts costs = demoCosts(model, config);
    printDemoCosts(config, costs);
    model->to(device);
    model->train();

    auto images = torch::randn({request->batch, config.inChannels, config.imageSize, config.imageSize},
                               torch::TensorOptions().device(device));
    auto labels = torch::randint(config.numClasses, {request->batch},
                                 torch::TensorOptions().dtype(torch::kLong).device(device));
    if (CommandError error; !initDemoCodebooks(model, config, images, &error))
        return printCommandError(error);
    const StepTimes times = timeSteps(model, images, labels, *request);
    printStepSummary(request->batch, times);
    if (!std::isfinite(times.lastLoss)) {
        printErr(tr("error: the loss is not finite (%1).").arg(times.lastLoss));
        return ExitFailure;
    }

    const bool formulasAgree = costsAgree(costs.formula, costs.counted) && foldAccountingAgrees(costs.accounting);
    if (config.join.deployed) {
        printOut(tr("fold check: the model is already in its deploy form (join.deployed); nothing to fold."));
        return formulasAgree ? ExitOk : ExitFailure;
    }
    const bool foldExact = checkFold(model, config, images);
    return formulasAgree && foldExact ? ExitOk : ExitFailure;
}

} // namespace gatefold::cli
