#include "resourceestimate.h"

#include <QFile>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

namespace gatefold::train {
namespace {

using Real = long double;  // sizes in the billions, squared, times a batch: no wrap-around

// Measured against peak RSS of real runs (README "Resources"): LibTorch, Qt,
// OpenCV and the allocator's arenas before the first tensor, and how many
// float32 values per token the autograd graph keeps per block.
constexpr Real kBaseBytes = 400.0L * 1024 * 1024;
constexpr Real kTokenValuesPerWidth = 14;   // per d: LN in/out, q, k, v, attention out, projections, residuals
constexpr Real kTokenValuesPerHidden = 3;   // per d_ff: fc1 out, GELU out, dropout / gate copies
constexpr Real kRopeValuesPerWidth = 4;     // per d under 2-D RoPE: q and k as channel pairs, and rotated
constexpr Real kAllocatorSlack = 1.25;      // fragmentation and autograd temporaries

qint64 saturate(Real v)
{
    if (!(v > 0))
        return 0;
    if (v >= 9.2e18L)  // INT64_MAX is 9.22e18: saturate before the conversion can overflow
        return std::numeric_limits<qint64>::max();
    return qint64(std::llround(double(v)));
}

// One part of the need and the settings that scale it, with the value each has
// and the value of a large but ordinary run (ViT-B/16 at 224 px, batch 256), so
// the setting furthest above the ordinary is the one named.
struct Setting {
    const char *key;
    Real value;
    Real ordinary;
    bool inverse = false;  // smaller is bigger (patch_size)
    Real excess() const
    {
        if (!(value > 0) || !(ordinary > 0))
            return 0;
        return inverse ? ordinary / value : value / ordinary;
    }
};

struct Part {
    QString what;
    Real bytes = 0;
    std::vector<Setting> settings;
};

struct Shape {
    Real d, dff, heads, layers, branches, tokens, batch, evalBatch, codes, gated, gateWidth, classes, pixels, channels;
};

Shape shapeOf(const RunConfig &config)
{
    const auto &m = config.model;
    Shape s{};
    s.d = std::max(0, m.embedDim);
    s.dff = std::floor(s.d * Real(std::max(0.0, m.mlpRatio)));
    s.heads = std::max(1, m.numHeads);
    s.layers = std::max(0, m.depth);
    s.branches = m.isParallel() ? std::max(1, m.join.branches) : 1;
    const Real grid = m.patchSize > 0 ? std::floor(Real(std::max(0, m.imageSize)) / m.patchSize) : 0;
    s.tokens = grid * grid + (m.pooling == model::Pooling::ClassToken ? 1 : 0);
    s.batch = std::max(0, config.train.batchSize);
    s.evalBatch = std::max(0, config.train.evalBatchSize);
    s.codes = m.gate.kind == model::GateKind::Cde ? std::max(0, m.gate.codebookSize) : 0;
    if (m.gate.kind != model::GateKind::None) {
        std::set<int> blocks;
        for (int b : m.gate.blocks)
            if (b >= 0 && b < m.depth)
                blocks.insert(b);
        s.gated = m.gate.blocks.empty() ? s.layers : Real(blocks.size());
    }
    s.gateWidth = m.gate.target == model::GateTarget::Expand ? s.dff : s.d;
    s.classes = std::max(0, m.numClasses);
    s.pixels = Real(std::max(0, m.imageSize)) * Real(std::max(0, m.imageSize));
    s.channels = std::max(0, m.inChannels);
    return s;
}

// Parameters by where they sit (the same parts as model::closedFormCost, in
// long double; small terms like biases and norms rounded into their parts).
struct Parameters {
    Real blocks = 0, codebook = 0, head = 0, positions = 0, patch = 0;
    Real total() const { return blocks + codebook + head + positions + patch; }
};

Parameters parametersOf(const RunConfig &config, const Shape &s)
{
    const auto &m = config.model;
    Parameters p;
    const Real patchIn = s.channels * Real(std::max(0, m.patchSize)) * Real(std::max(0, m.patchSize));
    p.patch = patchIn * s.d + s.d;
    p.positions = (m.learnedPositions() ? s.tokens * s.d : 0) + s.d;  // pos_embed (none under RoPE) and cls_token
    // Per block and branch: q, k, v and the projection (4d² + biases), fc1 and fc2 (2·d·d_ff + biases), norms.
    p.blocks = s.layers * (s.branches * (4 * s.d * s.d + 4 * s.d + 2 * s.d * s.dff + s.dff) + 5 * s.d);
    if (m.gate.kind == model::GateKind::Cde && s.gated > 0) {
        const bool sharedC = m.gate.scope == model::AssignScope::Once || m.gate.codebookSharing == model::Sharing::Shared;
        const bool sharedE = m.gate.embedSharing == model::Sharing::Shared;
        p.codebook = s.codes * s.d * (sharedC ? 1 : s.gated) + s.codes * s.gateWidth * (sharedE ? 1 : s.gated);
    } else if (m.gate.kind == model::GateKind::DeepEmbed) {
        p.codebook = s.gated * s.tokens * s.gateWidth;
    }
    p.head = 2 * s.d + s.d * s.classes + s.classes;
    return p;
}

Part stateOf(const RunConfig &config, const Shape &s, const Parameters &p)
{
    const auto &m = config.model;
    // Weights, gradients, AdamW's m and v, and the EMA's copy.
    const Real copies = 4 + (config.train.optim.emaDecay > 0 ? 1 : 0);
    Part part{QStringLiteral("weights, gradients and AdamW state of %1 parameters").arg(double(p.total()), 0, 'g', 4),
              4 * copies * p.total(), {}};
    const Real largest = std::max({p.blocks, p.codebook, p.head, p.positions, p.patch});
    if (largest == p.codebook)
        part.settings = {{"gate.codebook_size", Real(m.gate.codebookSize), 1024}, {"embed_dim", s.d, 1024}};
    else if (largest == p.head)
        part.settings = {{"num_classes", s.classes, 1000}, {"embed_dim", s.d, 1024}};
    else if (largest == p.positions)
        part.settings = {{"img_size", Real(m.imageSize), 384}, {"patch_size", Real(m.patchSize), 16, true},
                         {"embed_dim", s.d, 1024}};
    else if (largest == p.patch)
        part.settings = {{"patch_size", Real(m.patchSize), 32}, {"in_chans", s.channels, 3}, {"embed_dim", s.d, 1024}};
    else
        part.settings = {{"embed_dim", s.d, 1024}, {"depth", s.layers, 24}, {"mlp_ratio", Real(m.mlpRatio), 4},
                         {"join.branches", s.branches, 4}};
    return part;
}

std::vector<Part> activationParts(const RunConfig &config, const Shape &s)
{
    const auto &m = config.model;
    const Real perBlock = s.layers * s.branches;
    const Real maps = 2 + (m.attnDropRate > 0 ? 1 : 0);
    const Setting img{"img_size", Real(m.imageSize), 384}, patch{"patch_size", Real(m.patchSize), 16, true},
        batch{"train.batch_size", s.batch, 256}, depth{"depth", s.layers, 24}, branches{"join.branches", s.branches, 4};
    std::vector<Part> parts;
    parts.push_back({QStringLiteral("attention maps B·H·N² for %1 tokens").arg(double(s.tokens), 0, 'g', 6),
                     4 * perBlock * maps * s.batch * s.heads * s.tokens * s.tokens,
                     {img, patch, batch, {"num_heads", s.heads, 16}, depth, branches}});
    parts.push_back({QStringLiteral("token activations (width %1, MLP hidden %2)").arg(double(s.d)).arg(double(s.dff)),
                     4 * perBlock * s.batch * s.tokens
                         * ((kTokenValuesPerWidth + (m.rotaryPositions() ? kRopeValuesPerWidth : 0)) * s.d
                            + kTokenValuesPerHidden * s.dff),
                     {{"embed_dim", s.d, 1024}, {"mlp_ratio", Real(m.mlpRatio), 4}, img, patch, batch, depth, branches}});
    parts.push_back({QStringLiteral("class logits for %1 classes").arg(double(s.classes), 0, 'g', 6),
                     4 * 3 * s.batch * s.classes, {{"num_classes", s.classes, 1000}, batch}});
    if (s.codes > 0)
        parts.push_back({QStringLiteral("codebook logits and assignments B·N·K (K = %1)").arg(double(s.codes)),
                         4 * 3 * s.gated * s.branches * s.batch * s.tokens * s.codes + 4 * 2 * s.gated * s.batch * s.tokens * s.gateWidth,
                         {{"gate.codebook_size", s.codes, 1024}, img, patch, batch, depth}});
    return parts;
}

Part inputOf(const RunConfig &config, const Shape &s)
{
    const Real held = std::max(0, config.train.data.prefetch) + 2;
    return {QStringLiteral("input batches of %1×%1 px").arg(config.model.imageSize),
            4 * held * s.batch * s.channels * s.pixels,
            {{"img_size", Real(config.model.imageSize), 384}, {"train.batch_size", s.batch, 256},
             {"data.prefetch", held - 2, 8}}};
}

Part evaluationOf(const RunConfig &config, const Shape &s)
{
    // Without gradients only one block's tensors live at a time.
    const Real oneBlock = s.branches * (2 * s.heads * s.tokens * s.tokens + s.tokens * (6 * s.d + 2 * s.dff + 2 * s.codes));
    Part part{QStringLiteral("an evaluation batch"), 4 * s.evalBatch * (oneBlock + s.channels * s.pixels),
              {{"train.eval_batch_size", s.evalBatch, 256}, {"img_size", Real(config.model.imageSize), 384},
               {"patch_size", Real(config.model.patchSize), 16, true}, {"num_heads", s.heads, 16},
               {"embed_dim", s.d, 1024}, {"mlp_ratio", Real(config.model.mlpRatio), 4}}};
    if (s.codes > 0)  // the codebook logits of every token (B·N·K)
        part.settings.push_back({"gate.codebook_size", s.codes, 1024});
    return part;
}

const Setting &culprit(const Part &part)
{
    return *std::max_element(part.settings.begin(), part.settings.end(),
                             [](const Setting &a, const Setting &b) { return a.excess() < b.excess(); });
}

QString otherKeys(const Part &part, const Setting &named)
{
    QStringList keys;
    for (const auto &s : part.settings)
        if (QLatin1String(s.key) != QLatin1String(named.key))
            keys << QString::fromLatin1(s.key);
    return keys.join(QStringLiteral(", "));
}

} // namespace

QString describeBytes(double bytes)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < 8) {
        bytes /= 1024;
        ++unit;
    }
    if (unit == 0)
        return QStringLiteral("%1 bytes").arg(qint64(bytes));
    return QStringLiteral("%1 %2").arg(bytes, 0, bytes < 1e4 ? 'f' : 'g', bytes < 1e4 ? 1 : 3).arg(QLatin1String(units[unit]));
}

qint64 machineMemoryBytes()
{
    qint64 total = 0;
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (meminfo.open(QIODevice::ReadOnly)) {
        static const QRegularExpression line(QStringLiteral("^MemTotal:\\s+(\\d+) kB"), QRegularExpression::MultilineOption);
        const auto match = line.match(QString::fromLatin1(meminfo.readAll()));
        if (match.hasMatch())
            total = match.captured(1).toLongLong() * 1024;
    }
    QFile cgroup(QStringLiteral("/sys/fs/cgroup/memory.max"));
    if (cgroup.open(QIODevice::ReadOnly)) {
        bool ok = false;
        const qint64 limit = cgroup.readAll().trimmed().toLongLong(&ok);  // "max": no limit
        if (ok && limit > 0 && (total == 0 || limit < total))
            total = limit;
    }
    return total;
}

qint64 machineSwapBytes()
{
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (!meminfo.open(QIODevice::ReadOnly))
        return 0;
    static const QRegularExpression line(QStringLiteral("^SwapTotal:\\s+(\\d+) kB"), QRegularExpression::MultilineOption);
    const auto match = line.match(QString::fromLatin1(meminfo.readAll()));
    return match.hasMatch() ? match.captured(1).toLongLong() * 1024 : 0;
}

namespace {

// Every part in long double, and the peak: the base, the state and the input batches stay; of
// a step's activations, an evaluation batch and a checkpoint being serialised (two copies in
// memory) only one happens at a time.
struct Need {
    Parameters parameters;
    std::vector<Part> parts;  // activations…, state, input, evaluation
    Real activations = 0, state = 0, input = 0, eval = 0, checkpoint = 0, peak = 0;
};

Need needOf(const RunConfig &run)
{
    // Data parallel on this machine: every rank holds the whole state and 1/N of the global batch;
    // the parts are one rank's, the peak all ranks' together.
    const int ranks = std::max(1, run.train.processes);
    RunConfig config = run;
    config.train.batchSize = std::max(1, run.train.batchSize / ranks);
    Need n;
    const Shape s = shapeOf(config);
    n.parameters = parametersOf(config, s);
    n.parts = activationParts(config, s);
    for (const Part &part : n.parts)
        n.activations += part.bytes;
    n.parts.push_back(stateOf(config, s, n.parameters));
    n.parts.push_back(inputOf(config, s));
    n.parts.push_back(evaluationOf(config, s));
    n.state = n.parts[n.parts.size() - 3].bytes;
    n.input = n.parts[n.parts.size() - 2].bytes;
    n.eval = n.parts.back().bytes;
    n.checkpoint = 4 * n.parameters.total() * (3 + (config.train.optim.emaDecay > 0 ? 1 : 0)) + 64 * 1024;
    n.peak = Real(ranks)
        * (kBaseBytes + n.state + n.input + std::max({kAllocatorSlack * n.activations, n.eval, 2 * n.checkpoint}));
    return n;
}

} // namespace

ResourceEstimate estimateResources(const RunConfig &config)
{
    const Need n = needOf(config);
    ResourceEstimate e;
    e.parameters = saturate(n.parameters.total());
    e.activationBytes = saturate(n.activations);
    e.stateBytes = saturate(n.state);
    e.evalBytes = saturate(n.eval);
    e.inputBytes = saturate(n.input);
    e.checkpointBytes = saturate(n.checkpoint);
    e.peakBytes = saturate(n.peak);
    e.limitIsSetting = config.train.memoryLimit > 0;
    e.memoryLimitBytes = e.limitIsSetting ? config.train.memoryLimit : machineMemoryBytes();
    return e;
}

namespace {

const Part &largestPart(const Need &n)
{
    return *std::max_element(n.parts.begin(), n.parts.end(), [](const Part &a, const Part &b) { return a.bytes < b.bytes; });
}

// A stated limit the run fits, on a machine it does not: the allocator would fail mid-run.
QStringList beyondThisMachine(const RunConfig &config, const ResourceEstimate &e)
{
    const qint64 memory = machineMemoryBytes();
    const qint64 swap = machineSwapBytes();
    if (!e.limitIsSetting || memory <= 0 || e.peakBytes <= memory + swap)
        return {};
    const Need n = needOf(config);
    const Part &largest = largestPart(n);
    const Setting &named = culprit(largest);
    return {QStringLiteral("compute.memory_limit: it allows %1, more than this machine has (%2 of memory, %3 of swap), "
                           "and the run would need about %4 at its peak (the largest part: %5, %6), so it could not "
                           "get it here; lower %7 (%8 scale that part too) until it fits this machine, and "
                           "compute.memory_limit to at most what the machine has (0: its memory)")
                .arg(describeBytes(double(e.memoryLimitBytes)), describeBytes(double(memory)),
                     describeBytes(double(swap)), describeBytes(double(n.peak)), largest.what,
                     describeBytes(double(largest.bytes)), QString::fromLatin1(named.key), otherKeys(largest, named))};
}

} // namespace

QStringList checkResources(const RunConfig &config, ResourceEstimate *out)
{
    const ResourceEstimate e = estimateResources(config);
    if (out)
        *out = e;
    if (e.memoryLimitBytes <= 0 || e.peakBytes <= e.memoryLimitBytes)
        return beyondThisMachine(config, e);
    const Need n = needOf(config);
    const Part &largest = largestPart(n);
    const QString limit = e.limitIsSetting
        ? QStringLiteral("compute.memory_limit allows %1").arg(describeBytes(double(e.memoryLimitBytes)))
        : QStringLiteral("this machine has %1 of memory").arg(describeBytes(double(e.memoryLimitBytes)));
    if (largest.bytes < kBaseBytes)  // a small run under a small limit: the engine itself does not fit
        return {QStringLiteral("compute.memory_limit: %1 is less than the engine needs for this run (about %2, %3 of "
                               "it LibTorch and the process itself); raise compute.memory_limit (0: this machine's "
                               "memory)")
                    .arg(describeBytes(double(e.memoryLimitBytes)), describeBytes(double(n.peak)),
                         describeBytes(double(kBaseBytes)))};
    const Setting &named = culprit(largest);
    return {QStringLiteral("%1: the run would need about %2 of memory at its peak (the largest part: %3, %4), but %5; "
                           "lower %1 (%6 scale that part too)%7")
                .arg(QString::fromLatin1(named.key), describeBytes(double(n.peak)), largest.what,
                     describeBytes(double(largest.bytes)), limit, otherKeys(largest, named),
                     e.limitIsSetting ? QStringLiteral(", or raise compute.memory_limit (0: this machine's memory)")
                                      : QString())};
}

QJsonObject resourcesJson(const ResourceEstimate &e)
{
    return {{"parameters", e.parameters},
            {"activation_bytes", e.activationBytes},
            {"state_bytes", e.stateBytes},
            {"eval_bytes", e.evalBytes},
            {"input_bytes", e.inputBytes},
            {"checkpoint_bytes", e.checkpointBytes},
            {"peak_bytes", e.peakBytes},
            {"memory_limit_bytes", e.memoryLimitBytes},
            {"memory_limit_from", e.limitIsSetting ? QStringLiteral("compute.memory_limit") : QStringLiteral("machine")}};
}

} // namespace gatefold::train
