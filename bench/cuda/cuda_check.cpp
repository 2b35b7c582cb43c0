// cuda_check: the LibTorch-only part of core/ (core/model, core/analysis
// without OpenCV) on CUDA against the same code on the CPU. See README.md.
//
// Three models, each built once on the CPU with a fixed seed and copied to
// CUDA: (a) a plain small ViT, (b) a CDE-gated ViT (soft top-k; plus a hard-VQ
// expand assign-once variant), (c) a progressive-joining ViT of 2-branch
// parallel blocks. For each: forward logits and gradients CPU vs CUDA
// (float64 and float32), 20 AdamW steps on both devices from one init (loss
// curves side by side), folding a joined parallel model on CUDA, the analysis
// views on CUDA vs CPU, weights saved from CUDA, k-means on CUDA, and the time
// of a training step at ViT-Tiny size on CUDA vs CPU.
//
// Without CUDA (or with --cpu-only) only the CPU side runs and every CUDA row
// says SKIP. Exit status 1 when a MUST row fails, 2 on bad arguments.
// GFCC_REQUIRE_CUDA=1 in the environment makes a missing CUDA device a failure.

#include "analysis/attentiondistance.h"
#include "analysis/attentionmaps.h"
#include "analysis/attentionrollout.h"
#include "analysis/branchcomparison.h"
#include "analysis/codebookstats.h"
#include "analysis/codemaps.h"
#include "analysis/linearcka.h"
#include "analysis/modelinspector.h"
#include "analysis/tokengrid.h"
#include "model/fold.h"
#include "model/gatedscale.h"
#include "config/joinschedule.h"
#include "model/kmeansinit.h"
#include "model/modelio.h"
#include "config/presets.h"
#include "model/sparsemix.h"
#include "model/visiontransformer.h"
#include "config/vitconfig.h"

#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace gm = gatefold::model;
namespace ga = gatefold::analysis;
namespace F = torch::nn::functional;

namespace {

// ---- options ------------------------------------------------------------------------------------

struct Options {
    bool cpuOnly = false;
    bool timing = true;
    int threads = 0;         // 0: all hardware threads
    int trainSteps = 20;
    int timeBatch = 256;
    int cpuTimedSteps = 3;
    int gpuTimedSteps = 20;
};

Options g_opt;
bool g_cuda = false;
const torch::Device kCpu(torch::kCPU);
// The device compared against the CPU: CUDA:0, or a second CPU copy with
// --cpu-as-device (exercises every comparison path on a machine without CUDA).
torch::Device kGpu(torch::kCUDA, 0);
bool g_cpuAsDevice = false;

// ---- result rows --------------------------------------------------------------------------------

enum class Status { Pass, Fail, Info, Skip };

struct Row {
    std::string id;
    std::string check;
    std::string value;
    std::string limit;
    Status status;
};

std::vector<Row> g_rows;

const char *statusText(Status s)
{
    switch (s) {
    case Status::Pass: return "PASS";
    case Status::Fail: return "FAIL";
    case Status::Info: return "info";
    case Status::Skip: return "SKIP";
    }
    return "?";
}

void addRow(const std::string &id, const std::string &check, const std::string &value, const std::string &limit,
            Status status)
{
    g_rows.push_back({id, check, value, limit, status});
    std::printf("  [%s] %-4s %s: %s%s%s\n", statusText(status), id.c_str(), check.c_str(), value.c_str(),
                limit.empty() ? "" : "  (limit ", limit.empty() ? "" : (limit + ")").c_str());
    std::fflush(stdout);
}

std::string fmt(double v, const char *f = "%.3g")
{
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

// A MUST row: value <= limit passes.
void mustAtMost(const std::string &id, const std::string &check, double value, double limit,
                const std::string &extra = {})
{
    const bool ok = std::isfinite(value) && value <= limit;
    addRow(id, check, fmt(value) + (extra.empty() ? "" : ", " + extra), "<= " + fmt(limit),
           ok ? Status::Pass : Status::Fail);
}

void mustTrue(const std::string &id, const std::string &check, bool ok, const std::string &value)
{
    addRow(id, check, value, "must hold", ok ? Status::Pass : Status::Fail);
}

void info(const std::string &id, const std::string &check, const std::string &value)
{
    addRow(id, check, value, "", Status::Info);
}

void skip(const std::string &id, const std::string &check, const std::string &why)
{
    addRow(id, check, why, "", Status::Skip);
}

// Runs one section; an exception fails it (a CUDA path that throws is a finding).
void section(const std::string &id, const std::string &title, const std::function<void()> &body)
{
    std::printf("\n== %s: %s\n", id.c_str(), title.c_str());
    std::fflush(stdout);
    try {
        body();
    } catch (const std::exception &e) {
        std::string what = e.what();
        const auto nl = what.find('\n');
        if (nl != std::string::npos)  // LibTorch appends a C++ backtrace
            what = what.substr(0, nl);
        addRow(id, title + ": exception", what, "none", Status::Fail);
    }
}

// ---- tensors and models -------------------------------------------------------------------------

torch::Tensor host64(const torch::Tensor &t)
{
    return t.detach().to(kCpu, torch::kFloat64);
}

double maxAbs(const torch::Tensor &t)
{
    return t.numel() == 0 ? 0.0 : host64(t).abs().max().item<double>();
}

double maxAbsDiff(const torch::Tensor &a, const torch::Tensor &b)
{
    if (a.sizes() != b.sizes())
        throw std::runtime_error("shape mismatch in comparison");
    return a.numel() == 0 ? 0.0 : (host64(a) - host64(b)).abs().max().item<double>();
}

// max |a − b| / max |a| (NaN anywhere counts as infinitely far).
double relDiff(const torch::Tensor &reference, const torch::Tensor &other)
{
    const auto a = host64(reference), b = host64(other);
    if (a.sizes() != b.sizes())
        throw std::runtime_error("shape mismatch in comparison");
    if (a.isnan().any().item<bool>() || b.isnan().any().item<bool>())
        return INFINITY;
    const double d = maxAbsDiff(a, b), s = maxAbs(a);
    return s > 0 ? d / s : d;
}

gm::VisionTransformer build(const gm::ViTConfig &c)
{
    std::string error;
    auto m = gm::buildModel(c, &error);
    if (!m)
        throw std::runtime_error("invalid config: " + error);
    return *m;
}

// Every parameter random (LayerNorm weights around 1), so that no zero bias or
// zero gate embedding hides a path, as tests/testsupport.h's randomize().
void randomize(torch::nn::Module &m, double scale)
{
    torch::NoGradGuard noGrad;
    for (auto &item : m.named_parameters()) {
        const std::string &name = item.key();
        const bool lnWeight = name.find("norm") != std::string::npos && name.size() >= 7
            && name.compare(name.size() - 7, 7, ".weight") == 0;
        item.value().normal_(lnWeight ? 1.0 : 0.0, scale);
    }
}

void copyState(torch::nn::Module &from, torch::nn::Module &to)
{
    torch::NoGradGuard noGrad;
    const auto params = from.named_parameters();
    for (auto &item : to.named_parameters()) {
        const auto *src = params.find(item.key());
        if (!src || src->sizes() != item.value().sizes())
            throw std::runtime_error("copyState: no matching parameter " + item.key());
        item.value().copy_(*src);
    }
    const auto buffers = from.named_buffers();
    for (auto &item : to.named_buffers()) {
        const auto *src = buffers.find(item.key());
        if (!src)
            throw std::runtime_error("copyState: no matching buffer " + item.key());
        item.value().copy_(*src);
    }
}

// One model on the CPU and its exact copy on `device` (CUDA, or a second CPU copy).
struct Twin {
    gm::VisionTransformer cpu{nullptr};
    gm::VisionTransformer dev{nullptr};
};

Twin makeTwin(const gm::ViTConfig &c, uint64_t seed, torch::Dtype dtype, double randomScale, torch::Device device)
{
    torch::manual_seed(seed);
    Twin t;
    t.cpu = build(c);
    if (randomScale > 0)
        randomize(*t.cpu, randomScale);
    t.cpu->to(dtype);
    t.dev = build(c);
    t.dev->to(dtype);
    copyState(*t.cpu, *t.dev);
    t.dev->to(device);
    return t;
}

torch::Device targetDevice()
{
    return g_cuda ? kGpu : kCpu;
}

struct Batch {
    torch::Tensor images, labels;
};

Batch randomBatch(const gm::ViTConfig &c, int64_t n, uint64_t seed, torch::Dtype dtype = torch::kFloat32)
{
    torch::manual_seed(seed);
    Batch b;
    b.images = torch::randn({n, c.inChannels, c.imageSize, c.imageSize}).to(dtype);
    b.labels = torch::randint(0, c.numClasses, {n}, torch::kLong);
    return b;
}

torch::Tensor lossOf(gm::VisionTransformer &m, const gm::VitOutput &out, const torch::Tensor &labels)
{
    auto loss = F::cross_entropy(out.logits, labels);
    const auto aux = m->auxiliaryLoss(out);
    return aux.defined() ? loss + aux : loss;
}

// ---- the sparse path of the CDE gate ----------------------------------------------------------

// A SparseMixPath for one scope (gatherMix, scatterMix, rowDots, gatedScale).
struct PathScope {
    explicit PathScope(gm::SparseMixPath path) : previous(gm::sparseMixPath()) { gm::setSparseMixPath(path); }
    ~PathScope() { gm::setSparseMixPath(previous); }
    PathScope(const PathScope &) = delete;
    PathScope &operator=(const PathScope &) = delete;
    gm::SparseMixPath previous;
};

// What the device side of a comparison runs: on CUDA the default path (which is
// the batched one there); with --cpu-as-device the batched path forced onto the
// CPU, so that every comparison checks it against the fused CPU kernels.
gm::SparseMixPath devicePath()
{
    return g_cpuAsDevice ? gm::SparseMixPath::Batched : gm::SparseMixPath::Default;
}

// ---- the configs --------------------------------------------------------------------------------

gm::ViTConfig smallBase()
{
    gm::ViTConfig c;
    c.imageSize = 32;
    c.patchSize = 4;
    c.numClasses = 10;
    c.embedDim = 64;
    c.depth = 4;
    c.numHeads = 4;
    return c;
}

gm::ViTConfig configA()  // plain ViT
{
    return smallBase();
}

gm::ViTConfig configB()  // CDE: soft top-4 of K = 64, width, shared C, per-layer E ~ N(0, 0.02²)
{
    gm::ViTConfig c = smallBase();
    c.gate.kind = gm::GateKind::Cde;
    c.gate.assign = gm::AssignKind::SoftTopK;
    c.gate.codebookSize = 64;
    c.gate.topK = 4;
    c.gate.embedInit = gm::EmbedInit::Normal;
    return c;
}

gm::ViTConfig configB2()  // CDE: hard VQ, expand, assign once, per-layer C
{
    gm::ViTConfig c = configB();
    c.gate.assign = gm::AssignKind::HardVq;
    c.gate.target = gm::GateTarget::Expand;
    c.gate.scope = gm::AssignScope::Once;
    return c;
}

gm::ViTConfig configC(double lambda = 0.5)  // 3 blocks x 2 branches, joined logits, α = 0.05
{
    gm::ViTConfig c = gm::presets::withBranches(smallBase(), 3, 2, gm::JoinVariant::Logits);
    c.join.strength = lambda;
    c.join.diversity = 0.05;
    return c;
}

struct Named {
    std::string id;
    std::string name;
    gm::ViTConfig config;
};

std::vector<Named> models()
{
    return {{"a", "plain ViT", configA()},
            {"b", "CDE soft top-4/64", configB()},
            {"b2", "CDE hard-VQ expand once", configB2()},
            {"c", "parallel 3x2 joined logits, lambda 0.5", configC()}};
}

// ---- 1. forward and backward --------------------------------------------------------------------

struct Pass {
    torch::Tensor logits, loss;
};

Pass forwardBackward(gm::VisionTransformer &m, const Batch &b, torch::Device d)
{
    m->train();
    m->zero_grad();
    auto out = m->forwardForTraining(b.images.to(d));
    auto loss = lossOf(m, out, b.labels.to(d));
    loss.backward();
    return {out.logits.detach(), loss.detach()};
}

// Worst per-parameter relative gradient difference, and the name of that parameter.
std::pair<double, std::string> gradDiff(gm::VisionTransformer &a, gm::VisionTransformer &b, int *missing)
{
    const auto pb = b->named_parameters();
    double worst = 0;
    std::string where;
    for (const auto &item : a->named_parameters()) {
        const auto *other = pb.find(item.key());
        const auto &ga_ = item.value().grad();
        if (!other || ga_.defined() != other->grad().defined()) {
            ++*missing;
            continue;
        }
        if (!ga_.defined())
            continue;
        const double rel = relDiff(ga_, other->grad());
        if (!(rel <= worst)) {
            worst = rel;
            where = item.key();
        }
    }
    return {worst, where};
}

void checkForwardBackward(const Named &m)
{
    const auto id = m.id;
    const auto b32 = randomBatch(m.config, 8, 100);
    Batch b64{b32.images.to(torch::kFloat64), b32.labels};

    // The float32 noise floor: CPU float32 against CPU float64 of the same weights.
    auto t64cpu = makeTwin(m.config, 1, torch::kFloat64, 0.1, kCpu);
    auto t32cpu = makeTwin(m.config, 1, torch::kFloat32, 0.1, kCpu);
    const auto ref64 = forwardBackward(t64cpu.cpu, b64, kCpu);
    const auto ref32 = forwardBackward(t32cpu.cpu, b32, kCpu);
    int missing = 0;
    const auto floorGrad = gradDiff(t64cpu.cpu, t32cpu.cpu, &missing);
    info(id, "f32 noise floor on CPU (f32 vs f64): logits rel / worst grad rel",
         fmt(relDiff(ref64.logits, ref32.logits)) + " / " + fmt(floorGrad.first) + " (" + floorGrad.second + ")");

    if (!g_cuda) {
        skip(id, "forward + backward CPU vs CUDA", "CUDA unavailable");
        return;
    }
    for (auto [dtype, fwdTol, gradTol] : {std::tuple{torch::kFloat64, 1e-10, 1e-8},
                                          std::tuple{torch::kFloat32, 1e-4, 1e-3}}) {
        const char *dt = dtype == torch::kFloat64 ? "f64" : "f32";
        auto t = makeTwin(m.config, 1, dtype, 0.1, kGpu);
        const Batch &b = dtype == torch::kFloat64 ? b64 : b32;
        const auto c = forwardBackward(t.cpu, b, kCpu);
        const auto g = [&] {
            PathScope path(devicePath());
            return forwardBackward(t.dev, b, kGpu);
        }();
        mustAtMost(id, std::string(dt) + " logits CPU vs CUDA, max rel", relDiff(c.logits, g.logits), fwdTol,
                   "max abs " + fmt(maxAbsDiff(c.logits, g.logits)));
        info(id, std::string(dt) + " loss CPU / CUDA",
             fmt(c.loss.item<double>(), "%.10g") + " / " + fmt(g.loss.item<double>(), "%.10g"));
        missing = 0;
        const auto gd = gradDiff(t.cpu, t.dev, &missing);
        mustAtMost(id, std::string(dt) + " grads CPU vs CUDA, worst param rel", gd.first, gradTol, gd.second);
        mustTrue(id, std::string(dt) + " grads defined alike on both devices", missing == 0,
                 std::to_string(missing) + " parameter(s) differ");
    }
}

// ---- 1b. the sparse kernels of the CDE gate -----------------------------------------------------

// One case: runs on device d and returns its outputs and the gradients of its
// inputs, moved to the CPU in float64, with names.
struct Outcome {
    std::vector<std::string> names;
    std::vector<torch::Tensor> values;
    void add(const std::string &n, const torch::Tensor &t)
    {
        names.push_back(n);
        values.push_back(t.defined() ? host64(t).clone() : torch::Tensor());  // a copy, never a view of the input
    }
};

struct SparseInputs {
    torch::Tensor w, idx, table, up;  // sparseMix and the blocks: w (M,k), idx (M,k), table (K,D), up (M,D)
    torch::Tensor y;                  // gatedScale: (M, D)
    torch::Tensor dupIdx, src;        // indices drawn with replacement (repeats in a row), src (M, D)
    torch::Tensor a, b, upK;          // topK*: a (M, d), b (K, d), up (M, k)
    int64_t k = 4;
};

SparseInputs sparseInputs(torch::Dtype dtype, int64_t m, int64_t codes, int64_t k, int64_t width, int64_t dAssign,
                          uint64_t seed)
{
    torch::manual_seed(seed);
    SparseInputs in;
    in.k = k;
    in.w = torch::rand({m, k}).to(dtype);
    in.idx = std::get<1>(torch::rand({m, codes}).topk(k, -1));  // distinct codes per row, as top-k gives
    in.table = torch::randn({codes, width}).to(dtype);
    in.up = torch::randn({m, width}).to(dtype);
    in.y = torch::randn({m, width}).to(dtype);
    in.dupIdx = torch::randint(0, codes, {m, k}, torch::kLong);
    in.src = torch::randn({m, width}).to(dtype);
    in.a = torch::randn({m, dAssign}).to(dtype);
    in.b = torch::randn({codes, dAssign}).to(dtype);
    in.upK = torch::randn({m, k}).to(dtype);
    return in;
}

Outcome runSparseCase(const std::string &which, const SparseInputs &in, torch::Device d)
{
    Outcome o;
    // Fresh leaves: to() on the same device returns the tensor itself.
    auto leaf = [&](const torch::Tensor &t) { return t.to(d).clone().requires_grad_(true); };
    if (which == "sparseMix") {
        auto w = leaf(in.w), table = leaf(in.table);
        auto out = gm::sparseMix(w, in.idx.to(d), table);
        out.backward(in.up.to(d));
        o.add("out", out.detach());
        o.add("dw", w.grad());
        o.add("dtable", table.grad());
    } else if (which == "gatedScale") {
        auto y = leaf(in.y), w = leaf(in.w), e = leaf(in.table);
        auto out = gm::gatedScale(y, w, in.idx.to(d), e, 0.7);
        out.backward(in.up.to(d));
        o.add("out", out.detach());
        o.add("dy", y.grad());
        o.add("dw", w.grad());
        o.add("dE", e.grad());
    } else if (which == "blocks, repeated codes") {
        // The building blocks alone, with codes repeated inside a row, and k = 1 (the VQ backward).
        torch::NoGradGuard ng;
        const auto w = in.w.to(d), idx = in.dupIdx.to(d), table = in.table.to(d), src = in.src.to(d);
        o.add("gatherMix", gm::gatherMix(w, idx, table));
        o.add("rowDots", gm::rowDots(src, idx, table));
        o.add("scatterMix", gm::scatterMix(w, idx, src, table.size(0)));
        const auto one = idx.narrow(1, 0, 1);
        o.add("scatterMix k=1", gm::scatterMix(torch::ones(one.sizes(), src.options()), one, src, table.size(0)));
    } else {  // topKCosine / topKProducts
        auto a = leaf(in.a), b = leaf(in.b);
        auto [values, indices] = which == "topKCosine" ? gm::topKCosine(a, b, in.k) : gm::topKProducts(a, b, in.k);
        (values * in.upK.to(d)).sum().backward();
        o.add("indices", indices.to(torch::kFloat64));  // first: values and grads are compared only if equal
        o.add("values", values.detach());
        o.add("da", a.grad());
        o.add("db", b.grad());
    }
    return o;
}

void checkSparseKernels()
{
    struct Target {
        std::string name;
        torch::Device device;
        gm::SparseMixPath path;
    };
    // The batched path on the CPU always (it checks this LibTorch's CPU ops);
    // on CUDA the default path, which is the batched one there.
    std::vector<Target> targets = {{"CPU batched path", kCpu, gm::SparseMixPath::Batched}};
    if (g_cuda && !g_cpuAsDevice)
        targets.push_back({"CUDA", kGpu, gm::SparseMixPath::Default});
    const char *cases[] = {"sparseMix", "gatedScale", "blocks, repeated codes", "topKCosine", "topKProducts"};
    for (auto [dtype, tol] : {std::pair{torch::kFloat64, 1e-12}, std::pair{torch::kFloat32, 1e-5}}) {
        const char *dt = dtype == torch::kFloat64 ? "f64" : "f32";
        const auto in = sparseInputs(dtype, 300, 64, 4, 40, 24, 900);
        for (const char *which : cases) {
            const auto ref = [&] {
                PathScope path(gm::SparseMixPath::Default);
                return runSparseCase(which, in, kCpu);  // the fused CPU kernels
            }();
            for (const auto &t : targets) {
                const auto got = [&] {
                    PathScope path(t.path);
                    return runSparseCase(which, in, t.device);
                }();
                double worst = 0;
                std::string detail;
                bool sameIndices = true;
                for (size_t i = 0; i < ref.values.size(); ++i) {
                    const auto &name = ref.names[i];
                    if (name == "indices") {
                        const int64_t rows = ref.values[i].ne(got.values[i]).any(1).sum().item<int64_t>();
                        sameIndices = rows == 0;
                        if (!sameIndices)
                            info("sm", std::string(which) + " " + dt + " on " + t.name + ": top-k indices",
                                 std::to_string(rows) + " row(s) differ (near-ties); gradients not compared");
                        continue;
                    }
                    if (!sameIndices && (name == "da" || name == "db" || name == "values"))
                        continue;
                    const double rel = relDiff(ref.values[i], got.values[i]);
                    detail += (detail.empty() ? "" : " ") + name + " " + fmt(rel, "%.1e");
                    worst = std::max(worst, rel);
                }
                mustAtMost("sm", std::string(which) + " " + dt + ": " + t.name + " vs CPU fused kernels, worst rel",
                           worst, tol, detail);
            }
        }
        // At λ = 0 the gate is the identity, and w and E get zero gradient.
        for (const auto &t : targets) {
            PathScope path(t.path);
            auto y = in.y.to(t.device), w = in.w.to(t.device).clone().requires_grad_(true);
            auto e = in.table.to(t.device).clone().requires_grad_(true);
            auto out = gm::gatedScale(y, w, in.idx.to(t.device), e, 0.0);
            out.backward(in.up.to(t.device));
            const bool ok = torch::equal(out.detach(), y) && w.grad().abs().max().item<double>() == 0.0
                && e.grad().abs().max().item<double>() == 0.0;
            mustTrue("sm", std::string("gatedScale ") + dt + " at lambda 0 on " + t.name
                               + ": output equals y, dw = dE = 0",
                     ok, ok ? "yes" : "no");
        }
    }
    if (!g_cuda || !g_opt.timing)
        return;

    // Time of the gate's sparse operations at the cifar-cde shape (batch 256 of
    // 64 patches: M 16384 rows, K 256 codes, k 4, D 192), f32, per-code vs batched.
    // With --cpu-as-device: 1/8 of the rows, "per-code" is then the fused CPU
    // kernels and "batched" the batched path on the CPU (a run of this code only).
    const int64_t m = (g_cpuAsDevice ? 32 : 256) * 64, codes = 256, k = 4, width = 192;
    const auto batchedPath = g_cpuAsDevice ? devicePath() : gm::SparseMixPath::Default;
    const auto in = sparseInputs(torch::kFloat32, m, codes, k, width, width, 901);
    auto dev = [&](const torch::Tensor &t) { return t.to(kGpu); };
    const auto w = dev(in.w), idx = dev(in.idx), table = dev(in.table), up = dev(in.up), y = dev(in.y);
    const auto a = dev(in.a), b = dev(in.b), upK = dev(in.upK);
    auto sync = [] {
        if (kGpu.is_cuda())
            torch::cuda::synchronize();
    };
    auto cudaMs = [&](const std::function<void()> &f) {
        for (int i = 0; i < 5; ++i)
            f();
        sync();
        const int iters = 50;
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < iters; ++i)
            f();
        sync();
        return 1e3 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / iters;
    };
    struct Op {
        std::string name;
        std::function<void()> run;
    };
    const std::vector<Op> ops = {
        {"gatherMix", [&] { gm::gatherMix(w, idx, table); }},
        {"scatterMix", [&] { gm::scatterMix(w, idx, y, codes); }},
        {"rowDots", [&] { gm::rowDots(y, idx, table); }},
        {"sparseMix fwd+bwd",
         [&] {
             auto wl = w.detach().requires_grad_(true), tl = table.detach().requires_grad_(true);
             gm::sparseMix(wl, idx, tl).backward(up);
         }},
        {"gatedScale fwd+bwd",
         [&] {
             auto yl = y.detach().requires_grad_(true), wl = w.detach().requires_grad_(true);
             auto el = table.detach().requires_grad_(true);
             gm::gatedScale(yl, wl, idx, el, 1.0).backward(up);
         }},
        {"topKCosine fwd+bwd (d 192)",
         [&] {
             auto al = a.detach().requires_grad_(true), bl = b.detach().requires_grad_(true);
             auto [values, indices] = gm::topKCosine(al, bl, k);
             (values * upK).sum().backward();
         }},
    };
    std::printf("\n  sparse ops of the gate on %s, f32, M %lld K %lld k %lld D %lld (ms per call, mean of 50):\n",
                g_cpuAsDevice ? "the CPU (--cpu-as-device)" : "CUDA", (long long)m, (long long)codes, (long long)k,
                (long long)width);
    std::printf("  %-28s %10s %10s %8s\n", "op", "per-code", "batched", "ratio");
    for (const auto &op : ops) {
        double perCode = 0, batched = 0;
        {
            PathScope path(gm::SparseMixPath::PerCode);
            perCode = cudaMs(op.run);
        }
        {
            PathScope path(batchedPath);
            batched = cudaMs(op.run);
        }
        std::printf("  %-28s %10.4f %10.4f %7.2fx\n", op.name.c_str(), perCode, batched, perCode / batched);
        info("sm-t", op.name + ": ms per call, per-code / batched",
             fmt(perCode, "%.4f") + " / " + fmt(batched, "%.4f"));
    }
    // For reference: the scatter by ATen's sort-based embedding backward (deterministic) instead of index_add_.
    {
        const auto contributions = (y.unsqueeze(1) * w.unsqueeze(2)).reshape({m * k, width});
        const auto flat = idx.reshape(-1);
        const double sorted = cudaMs([&] { at::embedding_dense_backward(contributions, flat, codes, -1, false); });
        const double atomic =
            cudaMs([&] { torch::zeros({codes, width}, y.options()).index_add_(0, flat, contributions); });
        std::printf("  scatter of ready contributions: index_add_ %.4f ms, embedding_dense_backward %.4f ms\n", atomic,
                    sorted);
        info("sm-t", "scatter of M*k ready rows: index_add_ / embedding_dense_backward, ms",
             fmt(atomic, "%.4f") + " / " + fmt(sorted, "%.4f"));
    }
}

// ---- 2. training curves -------------------------------------------------------------------------

std::vector<double> trainCurve(gm::VisionTransformer m, torch::Device d, const Batch &b, int steps,
                               double *finalLambda)
{
    m->train();
    torch::optim::AdamW opt(m->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.05));
    std::optional<gm::JoinSchedule> schedule;
    if (m->config().isParallel()) {
        gm::JoinScheduleConfig sc;
        sc.kind = gm::JoinScheduleKind::Linear;
        sc.warmupSteps = steps / 2;
        sc.adjustSteps = steps;
        sc.stage = gm::JoinStage::A;
        schedule.emplace(sc, steps);
    }
    const auto x = b.images.to(d), y = b.labels.to(d);
    std::vector<double> losses;
    for (int s = 0; s < steps; ++s) {
        if (schedule)
            m->setJoinStrength(schedule->lambda(s));
        opt.zero_grad();
        auto out = m->forwardForTraining(x);
        auto loss = lossOf(m, out, y);
        loss.backward();
        opt.step();
        losses.push_back(loss.item<double>());
    }
    if (finalLambda)
        *finalLambda = m->joinStrength();
    return losses;
}

struct Trained {
    Twin twin;
    Batch batch;
};

std::optional<Trained> g_trainedC;  // for the fold-after-training check

void checkTraining(const std::vector<Named> &list)
{
    std::vector<std::vector<double>> curves;
    std::vector<std::string> heads;
    for (const auto &m : list) {
        if (m.id == "b2")
            continue;
        gm::ViTConfig c = m.config;
        if (c.isParallel())
            c.join.strength = 0.0;  // the schedule raises it
        auto twin = makeTwin(c, 2, torch::kFloat32, 0.0, targetDevice());  // the models' own init
        auto batch = randomBatch(c, 32, 200);
        double lambdaCpu = 0, lambdaGpu = 0;
        const auto lc = trainCurve(twin.cpu, kCpu, batch, g_opt.trainSteps, &lambdaCpu);
        const bool okCpu = std::all_of(lc.begin(), lc.end(), [](double v) { return std::isfinite(v); })
            && lc.back() < lc.front();
        mustTrue(m.id, "CPU training: finite, loss falls", okCpu, fmt(lc.front()) + " -> " + fmt(lc.back()));
        curves.push_back(lc);
        heads.push_back(m.id + " CPU");
        if (c.isParallel())
            g_trainedC = Trained{twin, batch};  // folded in section fold (its CUDA copy trains below)
        if (!g_cuda) {
            skip(m.id, "CUDA training", "CUDA unavailable");
            continue;
        }
        const auto lg = [&] {
            PathScope path(devicePath());
            return trainCurve(twin.dev, kGpu, batch, g_opt.trainSteps, &lambdaGpu);
        }();
        const bool okGpu = std::all_of(lg.begin(), lg.end(), [](double v) { return std::isfinite(v); })
            && lg.back() < lg.front();
        mustTrue(m.id, "CUDA training: finite, loss falls", okGpu, fmt(lg.front()) + " -> " + fmt(lg.back()));
        double worst = 0;
        for (size_t i = 0; i < lc.size(); ++i)
            worst = std::max(worst, std::abs(lc[i] - lg[i]));
        info(m.id, "max |loss CPU - loss CUDA| over " + std::to_string(lc.size()) + " AdamW steps",
             fmt(worst) + " (step-0 diff " + fmt(std::abs(lc[0] - lg[0])) + ")");
        curves.push_back(lg);
        heads.push_back(m.id + " CUDA");
        if (c.isParallel()) {
            info(m.id, "lambda at the end (CPU / CUDA)", fmt(lambdaCpu) + " / " + fmt(lambdaGpu));
        }
    }
    std::printf("\n  loss curves (batch 32 of random images, AdamW lr 1e-3 wd 0.05; c: linear lambda 0 -> 1 over "
                "the first half):\n  step");
    for (const auto &h : heads)
        std::printf(" %12s", h.c_str());
    std::printf("\n");
    for (int s = 0; s < g_opt.trainSteps; ++s) {
        std::printf("  %4d", s);
        for (const auto &c : curves)
            std::printf(" %12.6f", c[size_t(s)]);
        std::printf("\n");
    }
    std::fflush(stdout);
}

// ---- 3. folding on CUDA -------------------------------------------------------------------------

void checkFolds()
{
    const torch::Device d = targetDevice();
    const std::string where = g_cuda ? "CUDA" : "CPU";
    const char *variantName[] = {"logits", "values", "projections"};
    for (auto variant : {gm::JoinVariant::Logits, gm::JoinVariant::Values, gm::JoinVariant::Projections}) {
        for (auto [dtype, tol] : {std::pair{torch::kFloat64, 1e-10}, std::pair{torch::kFloat32, 1e-5}}) {
            gm::ViTConfig c = gm::presets::withBranches(smallBase(), 3, 2, variant);
            c.join.strength = 1.0;
            double worst = 0;
            std::string detail;
            for (bool absorb : {false, true}) {
                auto t = makeTwin(c, 3, dtype, 0.1, d);
                const auto x = randomBatch(c, 16, 300, dtype).images.to(d);
                gm::FoldOptions options;
                options.absorbNorms = absorb;
                std::string error;
                auto folded = gm::foldModel(t.dev, options, &error);
                if (!folded)
                    throw std::runtime_error("foldModel refused: " + error);
                const auto r = gm::compareLogits(t.dev, *folded, x);
                if (r.relativeError >= worst) {
                    worst = r.relativeError;
                    detail = std::string(absorb ? "absorbed: " : "") + gm::formatFoldReport(r);
                }
                // In place (Train -> Deploy) on the device model itself.
                const auto before = [&] { torch::NoGradGuard ng; t.dev->eval(); return t.dev->forward(x); }();
                const auto outcome = t.dev->fold(options);
                if (!outcome.ok)
                    throw std::runtime_error("fold() refused: " + outcome.error);
                const auto after = [&] { torch::NoGradGuard ng; return t.dev->forward(x); }();
                worst = std::max(worst, relDiff(before, after));
            }
            mustAtMost("fold", std::string(variantName[int(variant)]) + (dtype == torch::kFloat64 ? " f64" : " f32")
                                   + " on " + where + ": folded vs unfolded logits, max rel",
                       worst, tol, detail);
        }
    }
    // A gated parallel model (CDE soft top-k on the branch FFNs), plain fold.
    {
        gm::ViTConfig c = configB();
        c = gm::presets::withBranches(c, 3, 2, gm::JoinVariant::Projections);
        c.join.strength = 1.0;
        auto t = makeTwin(c, 4, torch::kFloat64, 0.1, d);
        const auto x = randomBatch(c, 16, 301, torch::kFloat64).images.to(d);
        gm::FoldOptions options;
        options.absorbNorms = true;
        auto folded = gm::foldModel(t.dev, options);
        if (!folded)
            throw std::runtime_error("foldModel refused the CDE parallel model");
        const auto r = gm::compareLogits(t.dev, *folded, x);
        mustAtMost("fold", "CDE parallel projections+absorb f64 on " + where + ", max rel", r.relativeError, 1e-10,
                   gm::formatFoldReport(r));
        // The same fold on the CPU gives the same deploy model (CPU fold vs device fold).
        auto foldedCpu = gm::foldModel(t.cpu, options);
        torch::NoGradGuard ng;
        (*foldedCpu)->eval();
        (**folded).eval();
        const auto xc = x.to(kCpu);
        info("fold", "CDE parallel: CPU-folded vs " + where + "-folded logits, max rel",
             fmt(relDiff((*foldedCpu)->forward(xc), (*folded)->forward(x))));
    }
    // The model trained above (λ reached 1 at half-time): fold it on CUDA.
    if (g_trainedC) {
        auto &t = g_trainedC->twin;
        auto m = g_cuda ? t.dev : t.cpu;
        if (m->joinStrength() < 1.0)
            throw std::runtime_error("trained model's lambda did not reach 1");
        const auto x = g_trainedC->batch.images.to(targetDevice());
        auto folded = gm::foldModel(m, {});
        if (!folded)
            throw std::runtime_error("foldModel refused the trained model");
        const auto r = gm::compareLogits(m, *folded, x);
        mustAtMost("fold", "c after " + std::to_string(g_opt.trainSteps) + " steps, f32 on " + where
                               + ": folded vs unfolded, max rel",
                   r.relativeError, 1e-5, gm::formatFoldReport(r));
    }
}

// ---- 4. analysis --------------------------------------------------------------------------------

void compareInspectors(const std::string &id, ga::ModelInspector &c, ga::ModelInspector &g, double tol)
{
    {
        const auto a = c.attentionMaps(), b = g.attentionMaps();
        if (!a || !b)
            throw std::runtime_error("attentionMaps failed");
        mustAtMost(id, "attention maps (L,B,H,gh,gw), max rel", relDiff(a->layers, b->layers), tol);
        if (a->branches.defined())
            mustAtMost(id, "per-branch attention maps, max rel", relDiff(a->branches, b->branches), tol);
    }
    {
        const auto a = c.rollout(), b = g.rollout();
        if (!a || !b)
            throw std::runtime_error("rollout failed");
        mustAtMost(id, "rollout matrix (mean heads), max rel", relDiff(a->matrix, b->matrix), tol);
        ga::RolloutOptions o;
        o.fusion = ga::HeadFusion::Max;
        o.discardRatio = 0.5;
        const auto a2 = c.rollout(o), b2 = g.rollout(o);
        if (!a2 || !b2)
            throw std::runtime_error("rollout (max, discard 0.5) failed");
        mustAtMost(id, "rollout map (max heads, discard 0.5), max rel", relDiff(a2->map, b2->map), tol);
    }
    {
        const auto a = c.meanAttentionDistance(), b = g.meanAttentionDistance();
        if (!a || !b)
            throw std::runtime_error("meanAttentionDistance failed");
        mustAtMost(id, "mean attention distance (L,H), max rel", relDiff(*a, *b), tol);
    }
    {
        const auto a = c.codebook(), b = g.codebook();
        if (!a || !b)
            throw std::runtime_error("codebook view failed");
        if (!a->empty()) {
            double usage = 0, perp = 0, ent = 0, norm = 0;
            int64_t dead = 0, mapSame = 0, mapAll = 0;
            for (size_t i = 0; i < a->size(); ++i) {
                const auto &x = (*a)[i], &y = (*b)[i];
                usage = std::max(usage, relDiff(x.stats.usage, y.stats.usage));
                perp = std::max(perp, std::abs(x.stats.perplexity - y.stats.perplexity) / x.stats.perplexity);
                ent = std::max(ent, std::abs(x.stats.meanEntropy - y.stats.meanEntropy)
                                        / std::max(1e-12, x.stats.meanEntropy));
                norm = std::max(norm, std::abs(x.stats.meanGateNorm - y.stats.meanGateNorm)
                                          / std::max(1e-12, x.stats.meanGateNorm));
                dead += std::abs(x.stats.deadCodes - y.stats.deadCodes);
                mapSame += x.codeMap.eq(y.codeMap.to(kCpu)).sum().item<int64_t>();
                mapAll += x.codeMap.numel();
            }
            mustAtMost(id, "codebook usage (" + std::to_string(a->size()) + " blocks), max rel", usage, tol);
            mustAtMost(id, "codebook perplexity / entropy / gate norm, max rel", std::max({perp, ent, norm}), tol,
                       "perplexity of block 0: " + fmt((*a)[0].stats.perplexity, "%.4f"));
            mustTrue(id, "dead-code counts equal", dead == 0, std::to_string(dead) + " differ");
            const double agree = double(mapSame) / double(std::max<int64_t>(1, mapAll));
            addRow(id, "patch code maps agree", fmt(100.0 * agree, "%.3f") + "% of patches", ">= 99%",
                   agree >= 0.99 ? Status::Pass : Status::Fail);
        }
    }
    {
        const auto a = c.blockFeatures(), b = g.blockFeatures();
        if (!a || !b)
            throw std::runtime_error("blockFeatures failed");
        double worst = 0;
        for (size_t i = 0; i < a->size(); ++i)
            worst = std::max(worst, relDiff((*a)[i], (*b)[i]));
        mustAtMost(id, "block features for CKA, max rel", worst, tol);
    }
    {
        const auto a = c.branchFeatureSimilarity(), b = g.branchFeatureSimilarity();
        const auto wa = c.branchWeightSimilarity(), wb = g.branchWeightSimilarity();
        if (!a || !b || !wa || !wb)
            throw std::runtime_error("branch similarity failed");
        if (!a->empty()) {
            double worst = 0;
            for (size_t i = 0; i < a->size(); ++i)
                worst = std::max({worst, maxAbsDiff((*a)[i].attention, (*b)[i].attention),
                                  maxAbsDiff((*a)[i].mlp, (*b)[i].mlp)});
            mustAtMost(id, "branch feature cosine matrices, max abs", worst, tol);
            double worstW = 0;
            for (size_t i = 0; i < wa->size(); ++i)
                worstW = std::max({worstW, maxAbsDiff((*wa)[i].qk, (*wb)[i].qk), maxAbsDiff((*wa)[i].vo, (*wb)[i].vo),
                                   maxAbsDiff((*wa)[i].fc1, (*wb)[i].fc1), maxAbsDiff((*wa)[i].fc2, (*wb)[i].fc2)});
            mustAtMost(id, "branch weight cosine matrices, max abs", worstW, tol);
        }
    }
}

void checkAnalysis()
{
    if (!g_cuda) {
        skip("an", "analysis views CPU vs CUDA", "CUDA unavailable");
    }
    const double tol = 1e-4;  // float32 models; the views reduce in float64 after the heads
    // The CDE model: attention, rollout, distances, codebook statistics, features.
    {
        const auto c = configB();
        auto t = makeTwin(c, 5, torch::kFloat32, 0.1, targetDevice());
        const auto images = randomBatch(c, 16, 500).images;
        ga::ModelInspector ic(t.cpu, images), ig(t.dev, images);
        if (g_cuda)
            compareInspectors("an-b", ic, ig, tol);
        else
            info("an-b", "inspector views on CPU", ic.attentionMaps() && ic.rollout() && ic.codebook() ? "ran" : "failed");

        // CKA of the model with itself over two batches: CPU vs device, and the diagonal is 1.
        std::vector<torch::Tensor> batches = {randomBatch(c, 16, 501).images, randomBatch(c, 16, 502).images};
        std::string error;
        const auto kc = ga::blockCka(t.cpu, t.cpu, batches, ga::BlockFeature::PatchMean, &error);
        if (!kc)
            throw std::runtime_error("blockCka (CPU) failed: " + error);
        const double diag = (kc->diagonal() - 1.0).abs().max().item<double>();
        mustAtMost("an-b", "block CKA self-similarity diagonal, max |1 - CKA|", diag, 1e-9);
        if (g_cuda) {
            const auto kg = ga::blockCka(t.dev, t.dev, batches, ga::BlockFeature::PatchMean, &error);
            if (!kg)
                throw std::runtime_error("blockCka (CUDA) failed: " + error);
            mustAtMost("an-b", "block CKA matrix (L,L) CPU vs CUDA, max abs", maxAbsDiff(*kc, *kg), tol);
        }

        // The free functions on device tensors directly.
        const torch::Device d = targetDevice();
        torch::manual_seed(503);
        const auto fx = torch::randn({64, 48}), fy = torch::randn({64, 32}) + fx.narrow(1, 0, 32);
        const double ckaC = ga::linearCka(fx, fy), ckaG = ga::linearCka(fx.to(d), fy.to(d));
        if (g_cuda)
            mustAtMost("an-b", "linearCka on CUDA tensors vs CPU, abs", std::abs(ckaC - ckaG), 1e-6,
                       "CKA " + fmt(ckaC, "%.6f"));
        auto out = [&] {
            torch::NoGradGuard ng;
            t.dev->eval();
            gm::ForwardOptions o;
            o.assignments = true;
            o.attention = true;
            return t.dev->forwardWithIntermediates(images.to(d), o);
        }();
        const auto &blk = out.blocks[1];
        ga::CodebookAccumulator acc(c.gate.codebookSize);
        acc.add(blk.codeIndices.narrow(0, 0, 8), blk.codeWeights.narrow(0, 0, 8), blk.gateNorm.narrow(0, 0, 8));
        acc.add(blk.codeIndices.narrow(0, 8, 8), blk.codeWeights.narrow(0, 8, 8), blk.gateNorm.narrow(0, 8, 8));
        const auto s2 = acc.stats();
        const auto s1 = ga::codebookStats(blk.codeIndices.to(kCpu), blk.codeWeights.to(kCpu), c.gate.codebookSize,
                                          blk.gateNorm.to(kCpu));
        mustAtMost("an-b", "CodebookAccumulator on " + std::string(g_cuda ? "CUDA" : "CPU")
                               + " (2 batches) vs one CPU batch: usage max abs",
                   maxAbsDiff(s1.usage, s2.usage), 1e-12,
                   "perplexity " + fmt(s2.perplexity, "%.4f") + " vs " + fmt(s1.perplexity, "%.4f"));
        const ga::TokenGrid grid = ga::TokenGrid::of(c);
        const int64_t code = blk.codeIndices.select(-1, 0).flatten()[0].item<int64_t>();
        const auto topG = ga::topImagesForCode(blk.codeIndices, blk.codeWeights, code, grid, 3);
        const auto topC = ga::topImagesForCode(blk.codeIndices.to(kCpu), blk.codeWeights.to(kCpu), code, grid, 3);
        bool same = topG.size() == topC.size();
        for (size_t i = 0; same && i < topG.size(); ++i)
            same = topG[i].image == topC[i].image && std::abs(topG[i].mass - topC[i].mass) < 1e-9;
        mustTrue("an-b", "topImagesForCode on device tensors = on CPU tensors", same,
                 std::to_string(topG.size()) + " images");
        const auto rollG = ga::attentionRollout({out.blocks[0].attention, out.blocks[1].attention}, grid);
        std::vector<torch::Tensor> attCpu = {out.blocks[0].attention.to(kCpu), out.blocks[1].attention.to(kCpu)};
        const auto rollC = ga::attentionRollout(attCpu, grid);
        mustAtMost("an-b", "attentionRollout on device tensors vs the same tensors on CPU, max abs",
                   maxAbsDiff(rollC.matrix, rollG.matrix), 1e-12,
                   std::string("result on ") + (rollG.matrix.is_cuda() ? "CUDA" : "CPU"));
        const auto dist = ga::meanAttentionDistance(out.blocks[0].attention, grid);
        mustAtMost("an-b", "meanAttentionDistance on device tensors vs CPU, max abs",
                   maxAbsDiff(dist, ga::meanAttentionDistance(attCpu[0], grid)), 1e-9);
    }
    // The parallel model: branch similarities and per-branch maps.
    if (g_cuda) {
        const auto c = configC();
        auto t = makeTwin(c, 6, torch::kFloat32, 0.1, kGpu);
        const auto images = randomBatch(c, 16, 600).images;
        ga::ModelInspector ic(t.cpu, images), ig(t.dev, images);
        compareInspectors("an-c", ic, ig, tol);
    }
}

// ---- 5. weights and k-means on CUDA --------------------------------------------------------------

void checkIoAndKMeans()
{
    const auto c = configB();
    const torch::Device d = targetDevice();
    auto t = makeTwin(c, 7, torch::kFloat32, 0.1, d);
    const auto x = randomBatch(c, 8, 700).images;
    const char *tmpdir = std::getenv("TMPDIR");
    std::string tmpl = std::string(tmpdir && *tmpdir ? tmpdir : P_tmpdir) + "/gfcc-XXXXXX";
    const int fd = mkstemp(tmpl.data());
    if (fd < 0)
        throw std::runtime_error("mkstemp failed in " + tmpl);
    close(fd);
    const std::string path = tmpl;
    std::string error;
    if (!gm::saveWeights(t.dev, path, &error))
        throw std::runtime_error("saveWeights from the device model: " + error);
    auto loadedCpu = build(c);
    if (!gm::loadWeights(loadedCpu, path, &error))
        throw std::runtime_error("loadWeights into a CPU model: " + error);
    auto loadedDev = build(c);
    loadedDev->to(d);
    if (!gm::loadWeights(loadedDev, path, &error))
        throw std::runtime_error("loadWeights into a device model: " + error);
    std::remove(path.c_str());
    torch::NoGradGuard ng;
    for (auto *m : {&t.cpu, &t.dev, &loadedCpu, &loadedDev})
        (*m)->eval();
    const double dc = maxAbsDiff(t.cpu->forward(x), loadedCpu->forward(x));
    const double dg = maxAbsDiff(t.dev->forward(x.to(d)), loadedDev->forward(x.to(d)));
    mustTrue("io", std::string("saveWeights(") + (g_cuda ? "CUDA" : "CPU")
                       + " model) -> loadWeights into CPU and device models: logits identical",
             dc == 0.0 && dg == 0.0, "max abs " + fmt(dc) + " (CPU), " + fmt(dg) + " (device)");

    // Spherical k-means of LN2 outputs on the device; CPU from the same seed for comparison.
    std::vector<torch::Tensor> batches = {randomBatch(c, 16, 701).images, randomBatch(c, 16, 702).images};
    std::vector<torch::Tensor> batchesDev = {batches[0].to(d), batches[1].to(d)};
    gm::KMeansReport rc, rg;
    torch::manual_seed(703);
    if (!gm::initCodebooksKMeans(t.cpu, batches, 10, &rc, &error))
        throw std::runtime_error("k-means on CPU: " + error);
    torch::manual_seed(703);
    if (!gm::initCodebooksKMeans(t.dev, batchesDev, 10, &rg, &error))
        throw std::runtime_error("k-means on device: " + error);
    const auto cbC = t.cpu->codebookUses().front().codebook, cbG = t.dev->codebookUses().front().codebook;
    const double unit = (cbG.pow(2).sum(1).sqrt() - 1.0).abs().max().item<double>();
    mustAtMost("km", std::string("k-means codebook on ") + (g_cuda ? "CUDA" : "CPU") + ": rows unit-norm, max |1-|c||",
               unit, 1e-5, std::to_string(rg.tokens) + " tokens, " + std::to_string(rg.iterations) + " iterations");
    if (g_cuda)
        info("km", "k-means codebook CPU vs CUDA from one seed, max abs (Lloyd may flip near-ties)",
             fmt(maxAbsDiff(cbC, cbG)) + ", reseeded " + std::to_string(rc.reseeded) + " / "
                 + std::to_string(rg.reseeded));
}

// ---- 6. timing ----------------------------------------------------------------------------------

double stepSeconds(gm::VisionTransformer m, torch::Device d, const Batch &b, int warmup, int steps)
{
    m->train();
    torch::optim::AdamW opt(m->parameters(), torch::optim::AdamWOptions(1e-3).weight_decay(0.05));
    const auto x = b.images.to(d), y = b.labels.to(d);
    auto one = [&] {
        opt.zero_grad();
        auto out = m->forwardForTraining(x);
        auto loss = lossOf(m, out, y);
        loss.backward();
        opt.step();
    };
    for (int i = 0; i < warmup; ++i)
        one();
    if (d.is_cuda())
        torch::cuda::synchronize();
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < steps; ++i)
        one();
    if (d.is_cuda())
        torch::cuda::synchronize();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / steps;
}

struct TimingRow {
    std::string name;
    double cpu = NAN, gpu32 = NAN, gpuTf32 = NAN;
};

struct TimedModel {
    std::string name;
    gm::ViTConfig config;
    gm::SparseMixPath path = gm::SparseMixPath::Default;
    bool cpu = true;  // time it on the CPU too
};

std::vector<TimingRow> g_timing;

void checkTiming()
{
    gm::ViTConfig fold2 = gm::presets::cifarFold2();
    fold2.join.strength = 0.5;  // mid warm-up: the general joined path
    // The CDE model twice on CUDA: its default (batched) sparse path, and the
    // per-code path that CUDA ran before it (the CPU runs its fused kernels in both).
    const std::vector<TimedModel> list = {
        {"plain (cifar-vit)", gm::presets::cifarVit()},
        {"CDE soft top-4/256 (cifar-cde)", gm::presets::cifarCde()},
        {"CDE, per-code path (before)", gm::presets::cifarCde(), gm::SparseMixPath::PerCode, false},
        {"parallel 6x2 (cifar-fold2, l=0.5)", fold2},
    };
    const int64_t batch = g_opt.timeBatch;
    for (const auto &model : list) {
        const auto &name = model.name;
        const auto &c = model.config;
        if (!g_cuda && !model.cpu)
            continue;
        TimingRow row;
        row.name = name;
        auto b = randomBatch(c, batch, 800);
        if (model.cpu) {
            torch::manual_seed(8);
            row.cpu = stepSeconds(build(c), kCpu, b, 1, g_opt.cpuTimedSteps);
        }
        if (g_cuda) {
            PathScope path(g_cpuAsDevice && model.path == gm::SparseMixPath::Default ? devicePath() : model.path);
            at::globalContext().setAllowTF32CuBLAS(false);
            at::globalContext().setAllowTF32CuDNN(false);
            torch::manual_seed(8);
            auto m = build(c);
            m->to(kGpu);
            row.gpu32 = stepSeconds(m, kGpu, b, 3, g_opt.gpuTimedSteps);
            at::globalContext().setAllowTF32CuBLAS(true);
            at::globalContext().setAllowTF32CuDNN(true);
            torch::manual_seed(8);
            auto m2 = build(c);
            m2->to(kGpu);
            row.gpuTf32 = stepSeconds(m2, kGpu, b, 3, g_opt.gpuTimedSteps);
            at::globalContext().setAllowTF32CuBLAS(false);
            at::globalContext().setAllowTF32CuDNN(false);
        }
        info("time", name + ": images/s CPU / CUDA f32 / CUDA tf32",
             (model.cpu ? fmt(batch / row.cpu, "%.1f") : "-") + " / "
                 + (g_cuda ? fmt(batch / row.gpu32, "%.0f") : "-") + " / "
                 + (g_cuda ? fmt(batch / row.gpuTf32, "%.0f") : "-"));
        g_timing.push_back(row);
    }
}

// ---- main ---------------------------------------------------------------------------------------

int usage(const char *argv0)
{
    std::fprintf(stderr,
                 "usage: %s [--cpu-only] [--cpu-as-device] [--no-timing] [--threads N] [--train-steps N] [--time-batch N]\n"
                 "          [--cpu-timed-steps N] [--gpu-timed-steps N]\n",
                 argv0);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&](int &out) {
            if (i + 1 >= argc)
                return false;
            out = std::atoi(argv[++i]);
            return out > 0;
        };
        if (a == "--cpu-only")
            g_opt.cpuOnly = true;
        else if (a == "--cpu-as-device")
            g_cpuAsDevice = true;
        else if (a == "--no-timing")
            g_opt.timing = false;
        else if (a == "--threads" ? !next(g_opt.threads)
                 : a == "--train-steps" ? !next(g_opt.trainSteps)
                 : a == "--time-batch" ? !next(g_opt.timeBatch)
                 : a == "--cpu-timed-steps" ? !next(g_opt.cpuTimedSteps)
                 : a == "--gpu-timed-steps" ? !next(g_opt.gpuTimedSteps)
                 : true)
            return usage(argv[0]);
    }
    at::set_num_threads(g_opt.threads > 0 ? g_opt.threads : int(std::max(1u, std::thread::hardware_concurrency())));
    const bool cudaBuilt = torch::cuda::is_available();
    g_cuda = (cudaBuilt || g_cpuAsDevice) && !g_opt.cpuOnly;
    if (g_cpuAsDevice)
        kGpu = torch::Device(torch::kCPU);
    const char *requireEnv = std::getenv("GFCC_REQUIRE_CUDA");
    const bool requireCuda = requireEnv && std::strcmp(requireEnv, "1") == 0;

    std::printf("cuda_check: LibTorch %s, CUDA available: %s (%d device(s)), CPU threads: %d\n", TORCH_VERSION,
                cudaBuilt ? "yes" : "no", cudaBuilt ? int(torch::cuda::device_count()) : 0, at::get_num_threads());
    std::printf("%s\n", at::show_config().c_str());
    if (g_cpuAsDevice && g_cuda)
        std::printf("--cpu-as-device: every row that says CUDA ran on a second CPU copy (a self-test of this "
                    "program, not a CUDA result).\n");
    if (!g_cuda)
        std::printf("CUDA %s: every CPU-vs-CUDA comparison is SKIPPED; the CPU side runs alone.\n",
                    g_opt.cpuOnly ? "disabled by --cpu-only" : "unavailable");
    // Strict float32 on CUDA for the comparisons (PyTorch's cuDNN default allows TF32).
    at::globalContext().setAllowTF32CuBLAS(false);
    at::globalContext().setAllowTF32CuDNN(false);
    if (requireCuda && !g_cuda)
        addRow("env", "GFCC_REQUIRE_CUDA=1 but CUDA is unavailable", "no CUDA device seen by LibTorch", "CUDA",
               Status::Fail);

    const auto list = models();
    for (const auto &m : list)
        section(m.id, "forward + backward, " + m.name, [&] { checkForwardBackward(m); });
    section("sm", "the CDE gate's sparse kernels: batched path vs the fused CPU kernels",
            [] { checkSparseKernels(); });
    section("train", "AdamW training curves CPU vs CUDA", [&] { checkTraining(list); });
    section("fold", "folding joined parallel models", [] { checkFolds(); });
    section("an", "analysis on device tensors", [] { checkAnalysis(); });
    section("io", "weights and k-means on the device", [] { checkIoAndKMeans(); });
    if (g_opt.timing)
        section("time", "training step (forward + backward + AdamW) at ViT-Tiny size", [] { checkTiming(); });

    // ---- summary
    if (!g_timing.empty()) {
        std::printf("\n== timing: batch %d, 32x32 patch 4, d 192, 3 heads, forward + cross-entropy + backward + "
                    "AdamW step\n   (CPU: %d threads, mean of %d steps after 1; CUDA: mean of %d steps after 3)\n",
                    g_opt.timeBatch, at::get_num_threads(), g_opt.cpuTimedSteps, g_opt.gpuTimedSteps);
        std::printf("   %-36s %10s %10s %12s %12s %12s %9s\n", "model", "CPU ms", "CPU img/s", "CUDA f32 ms",
                    "CUDA f32 i/s", "CUDA tf32 i/s", "f32 x CPU");
        for (const auto &r : g_timing) {
            if (std::isnan(r.cpu))
                std::printf("   %-36s %10s %10s", r.name.c_str(), "-", "-");
            else
                std::printf("   %-36s %10.1f %10.1f", r.name.c_str(), 1e3 * r.cpu, g_opt.timeBatch / r.cpu);
            if (std::isnan(r.gpu32))
                std::printf(" %12s %12s %12s %9s\n", "-", "-", "-", "-");
            else if (std::isnan(r.cpu))
                std::printf(" %12.2f %12.0f %12.0f %9s\n", 1e3 * r.gpu32, g_opt.timeBatch / r.gpu32,
                            g_opt.timeBatch / r.gpuTf32, "-");
            else
                std::printf(" %12.2f %12.0f %12.0f %8.1fx\n", 1e3 * r.gpu32, g_opt.timeBatch / r.gpu32,
                            g_opt.timeBatch / r.gpuTf32, r.cpu / r.gpu32);
        }
        // Step time relative to the plain model (the first row), per column.
        const auto &p = g_timing.front();
        std::printf("\n   step time vs %s:\n   %-36s %10s %12s %12s\n", p.name.c_str(), "model", "CPU", "CUDA f32",
                    "CUDA tf32");
        auto ratio = [](double v, double ref) {
            return std::isnan(v) || std::isnan(ref) ? std::string("-") : fmt(v / ref, "%.3fx");
        };
        for (const auto &r : g_timing)
            std::printf("   %-36s %10s %12s %12s\n", r.name.c_str(), ratio(r.cpu, p.cpu).c_str(),
                        ratio(r.gpu32, p.gpu32).c_str(), ratio(r.gpuTf32, p.gpuTf32).c_str());
    }
    int pass = 0, fail = 0, skipped = 0;
    std::printf("\n== results\n%-4s  %-6s %-72s %-34s %s\n", "", "id", "check", "measured", "limit");
    for (const auto &r : g_rows) {
        std::printf("%-4s  %-6s %-72s %-34s %s\n", statusText(r.status), r.id.c_str(), r.check.c_str(),
                    r.value.c_str(), r.limit.c_str());
        pass += r.status == Status::Pass;
        fail += r.status == Status::Fail;
        skipped += r.status == Status::Skip;
    }
    std::printf("\ncuda_check: %d passed, %d FAILED, %d skipped (CUDA %s)\n", pass, fail, skipped,
                g_cuda ? "checked" : "SKIPPED");
    return fail > 0 ? 1 : 0;
}
