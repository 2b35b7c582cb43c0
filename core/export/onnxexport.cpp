#include "onnxexport.h"

#include "onnxgraphbuilder.h"
#include "rotarytables.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <opencv2/dnn.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace gatefold::exporting {
namespace {

// LayerNorm over `axis` (the last one) from primitives, eps 1e-6. An affine
// that is still there (a gate reads this norm's output) is applied as
// y · diag(γ) + ones · β: OpenCV's dnn (4.6) cannot scale by a per-feature
// constant, and a product with a diagonal matrix is y·γ exactly.
std::string layerNorm(GraphBuilder &g, const FlatVit &vit, const std::string &x, std::int64_t axis,
                      const std::string &prefix, const std::string &ones)
{
    // Per-token statistics (…, 1) are spread over the d features by a MatMul
    // with a row of ones, not by broadcasting: OpenCV's dnn (4.6) refuses
    // Sub/Div broadcasts along the last axis.
    const std::vector<float> row(size_t(vit.embedDim), 1.0f);
    const auto spread = g.initializer(g.fresh("ones"), {1, vit.embedDim}, row.data(), vit.embedDim);
    const auto mean = g.op("MatMul", {g.reduceMean(x, axis, true), spread});
    const auto centred = g.op("Sub", {x, mean});
    const auto var = g.reduceMean(g.op("Mul", {centred, centred}), axis, true);
    const auto deviation = g.op("Sqrt", {g.op("Add", {var, g.scalar(1e-6f)})});
    auto y = g.op("Div", {centred, g.op("MatMul", {deviation, spread})});
    if (const NamedTensor *gamma = vit.find(prefix + ".weight")) {
        const auto d = std::size_t(vit.embedDim);
        std::vector<float> diag(d * d, 0.0f);
        for (std::size_t i = 0; i < d; ++i)
            diag[i * d + i] = gamma->data[i];
        y = g.op("MatMul", {y, g.initializer(prefix + ".weight_diag", {vit.embedDim, vit.embedDim}, diag.data(),
                                             vit.embedDim * vit.embedDim)});
    }
    if (vit.hasTensor(prefix + ".bias"))
        y = g.op("Add", {y, g.op("MatMul", {ones, prefix + ".bias"})});
    return y;
}

// x · Wᵀ (+ b): the transposed weight is its own initializer "<prefix>.weight_t",
// stored (in, out). The bias is added as `ones` (…, 1) · b (1, out): OpenCV's
// dnn (4.6) refuses to broadcast a bias constant, and 1 · b is b exactly.
std::string linear(GraphBuilder &g, const FlatVit &vit, const std::string &x, const std::string &prefix,
                   const std::string &ones)
{
    auto y = g.op("MatMul", {x, prefix + ".weight_t"});
    if (vit.hasTensor(prefix + ".bias"))
        y = g.op("Add", {y, g.op("MatMul", {ones, prefix + ".bias"})});
    return y;
}

// Keeps the LayerNorm affines a CDE gate reads (its cosine logits are of the
// norm's output, not of what fc1 sees).
bool gateReadsNorm2(const FlatVit &vit, std::size_t block)
{
    return vit.blocks[block].gated && !vit.blocks[block].codebook.empty();
}

// (d, K): the codebook's rows at unit length times τ, transposed, so that
// s = (z / ‖z‖) · this is Eq. 1. Computed in double, rounded once.
std::vector<float> cosineColumns(const NamedTensor &codebook, double temperature)
{
    const auto codes = codebook.shape[0], d = codebook.shape[1];
    std::vector<float> out(size_t(codes * d));
    for (std::int64_t k = 0; k < codes; ++k) {
        double sum = 0;
        for (std::int64_t i = 0; i < d; ++i)
            sum += double(codebook.data[size_t(k * d + i)]) * double(codebook.data[size_t(k * d + i)]);
        const double scale = temperature / std::max(std::sqrt(sum), 1e-12);
        for (std::int64_t i = 0; i < d; ++i)
            out[size_t(i * codes + k)] = float(double(codebook.data[size_t(k * d + i)]) * scale);
    }
    return out;
}

// α (1, N, K) of CDE "The gate" step 2 (core/model/README.md), dense, from z (1, N, d) and the cosine
// columns (d, K). Top-k and the arg-max are found without TopK/ArgMax/Gather
// (none of which OpenCV's dnn 4.6 runs): k rounds of "the largest logit left"
// (ReduceMax), whose indicator is 1 + Sign(s − max) (exactly 1 there, 0
// elsewhere), each removed before the next round. Soft top-k is then a
// Softmax of s with every other entry lowered by 10⁹ (its weight is exactly
// 0); hard VQ is the indicator itself, so α · E is E[arg-max] exactly.
std::string assignment(GraphBuilder &g, const FlatVit &vit, const std::string &z, const std::string &columns,
                       const std::string &onesD, const std::string &onesK)
{
    const auto squares = g.op("Mul", {g.reduceMean(g.op("Mul", {z, z}), 2, true), g.scalar(float(vit.embedDim))});
    const auto norm = g.op("Sqrt", {squares});                                           // (1, N, 1)
    const auto logits = g.op("MatMul", {g.op("Div", {z, g.op("MatMul", {norm, onesD})}), columns});  // (1, N, K)
    auto softmax = [&g](const std::string &x) {
        const std::string out = g.fresh("alpha");
        GraphBuilder::intAttr(g.node("Softmax", {x}, out), "axis", 2);
        return out;
    };
    if (vit.gate.assign == FlatGate::Assign::Dense)
        return softmax(logits);
    const int rounds = vit.gate.assign == FlatGate::Assign::HardVq ? 1 : vit.gate.topK;
    const std::string big = g.scalar(1e9f);
    std::string left = logits, kept;
    for (int r = 0; r < rounds; ++r) {
        const std::string top = g.fresh("max");
        auto *n = g.node("ReduceMax", {left}, top);
        GraphBuilder::intsAttr(n, "axes", {2});
        GraphBuilder::intAttr(n, "keepdims", 1);
        const auto diff = g.op("Sub", {left, g.op("MatMul", {top, onesK})});
        const auto picked = g.op("Add", {g.op("Sign", {diff}), g.scalar(1.0f)});  // 1 at the maximum, else 0
        kept = kept.empty() ? picked : g.op("Add", {kept, picked});
        if (r + 1 < rounds)
            left = g.op("Sub", {left, g.op("Mul", {picked, big})});
    }
    if (vit.gate.assign == FlatGate::Assign::HardVq)
        return kept;
    // kept − 1 is 0 for the k chosen codes and −1 for the others.
    return softmax(g.op("Add", {logits, g.op("Mul", {g.op("Sub", {kept, g.scalar(1.0f)}), big})}));
}

// Eq. 3 on y (or the DeepEmbed table): y ⊙ (1 + λ · α E).
std::string applyGate(GraphBuilder &g, const FlatVit &vit, const FlatVit::BlockShape &block, const std::string &y,
                      const std::string &alpha)
{
    if (vit.gate.kind == FlatGate::Kind::DeepEmbed) {
        // 0 · y + table makes the table a computed tensor: OpenCV's dnn (4.6)
        // cannot multiply by a constant that is not a scalar.
        const auto table = g.op("Add", {g.op("Mul", {y, g.scalar(0.0f)}), block.embed});
        return g.op("Mul", {y, table});
    }
    const auto mix = g.op("MatMul", {alpha, block.embed});
    return g.op("Mul", {y, g.op("Add", {g.op("Mul", {mix, g.scalar(float(vit.gate.strength))}), g.scalar(1.0f)})});
}

// A (…, 1) column of ones shaped like `x` without Shape/Expand: 0 · mean(x) + 1.
std::string onesLike(GraphBuilder &g, const std::string &x)
{
    return g.op("Add", {g.op("Mul", {g.reduceMean(x, 2, true), g.scalar(0.0f)}), g.scalar(1.0f)});
}

bool isLinearWeight(const std::string &name)
{
    auto ends = [&](const char *suffix) {
        const std::string s(suffix);
        return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    return ends("qkv.weight") || ends("proj.weight") || ends("fc1.weight") || ends("fc2.weight") || name == "head.weight";
}


// The same model with every LayerNorm affine moved into the linear map after
// it (norm1 -> qkv, norm2 -> fc1, norm/fc_norm -> head): W' = W diag(γ),
// b' = b + W β, in double. OpenCV's dnn (4.6) cannot scale by a per-feature
// constant (its Scale layer asserts), so the ONNX graph has none.
FlatVit withAffinesAbsorbed(const FlatVit &vit)
{
    FlatVit out = vit;
    auto find = [&out](const std::string &name) -> NamedTensor * {
        for (auto &t : out.tensors)
            if (t.name == name)
                return &t;
        return nullptr;
    };
    std::vector<std::pair<std::string, std::string>> pairs;
    for (size_t i = 0; i < vit.blocks.size(); ++i) {
        const std::string pre = "blocks." + std::to_string(i);
        pairs.emplace_back(pre + ".norm1", pre + ".attn.qkv");
        if (!gateReadsNorm2(vit, i))
            pairs.emplace_back(pre + ".norm2", pre + ".mlp.fc1");
    }
    pairs.emplace_back(vit.classToken ? "norm" : "fc_norm", "head");
    for (const auto &[norm, lin] : pairs) {
        const NamedTensor *gamma = vit.find(norm + ".weight");
        const NamedTensor *beta = vit.find(norm + ".bias");
        if (!gamma && !beta)
            continue;
        NamedTensor *w = find(lin + ".weight");
        const auto rows = w->shape[0], cols = w->shape[1];
        std::vector<double> bias(size_t(rows), 0.0);
        if (const NamedTensor *b = vit.find(lin + ".bias"))
            for (std::int64_t r = 0; r < rows; ++r)
                bias[size_t(r)] = b->data[size_t(r)];
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c) {
                const double original = vit.find(lin + ".weight")->data[size_t(r * cols + c)];
                if (beta)
                    bias[size_t(r)] += original * double(beta->data[size_t(c)]);
                w->data[size_t(r * cols + c)] = float(original * (gamma ? double(gamma->data[size_t(c)]) : 1.0));
            }
        if (NamedTensor *b = find(lin + ".bias")) {
            for (std::int64_t r = 0; r < rows; ++r)
                b->data[size_t(r)] = float(bias[size_t(r)]);
        } else {
            NamedTensor nb{lin + ".bias", {rows}, {}};
            for (double v : bias)
                nb.data.push_back(float(v));
            out.tensors.push_back(nb);
        }
        out.tensors.erase(std::remove_if(out.tensors.begin(), out.tensors.end(),
                                         // Captured by name: clang 14 (fuzz preset) cannot capture a structured binding.
                                         [normName = norm](const NamedTensor &t) {
                                             return t.name == normName + ".weight" || t.name == normName + ".bias";
                                         }),
                          out.tensors.end());
    }
    return out;
}

// The weights as the graph reads them: linear maps transposed, biases as rows, codebooks as their
// τ-scaled unit columns. Returns the number of codes (0 without a codebook).
std::int64_t addInitializers(GraphBuilder &g, const FlatVit &vit)
{
    std::vector<std::string> codebooks;
    std::vector<std::string> tables;
    for (const auto &b : vit.blocks) {
        if (!b.codebook.empty() && std::find(codebooks.begin(), codebooks.end(), b.codebook) == codebooks.end())
            codebooks.push_back(b.codebook);
        if (b.gated && vit.gate.kind == FlatGate::Kind::DeepEmbed)
            tables.push_back(b.embed);
    }
    auto listed = [](const std::vector<std::string> &list, const std::string &name) {
        return std::find(list.begin(), list.end(), name) != list.end();
    };
    std::int64_t codes = 0;
    for (const auto &t : vit.tensors) {
        if (listed(codebooks, t.name)) {
            // The graph reads only the unit-length, τ-scaled columns.
            codes = t.shape[0];
            const auto columns = cosineColumns(t, vit.gate.temperature);
            g.initializer(t.name + "_cosine_t", {t.shape[1], t.shape[0]}, columns.data(), t.numel());
            continue;
        }
        if (listed(tables, t.name)) {
            g.initializer(t.name, {1, t.shape[0], t.shape[1]}, t.data.data(), t.numel());
            continue;
        }
        if (t.shape.size() == 1 && t.name.size() > 7 && t.name.compare(t.name.size() - 7, 7, ".weight") == 0)
            continue;  // a LayerNorm's γ a gate reads: layerNorm() writes it as a diagonal
        if (t.name == "patch_embed.proj.weight" || t.name == "patch_embed.proj.bias") {
            g.initializer(t.name, t.shape, t.data.data(), t.numel());
            continue;
        }
        if (t.shape.size() == 1) {
            // Biases as (1, out) rows for the ones-column product in linear().
            g.initializer(t.name, {1, t.shape[0]}, t.data.data(), t.numel());
            continue;
        }
        if (!isLinearWeight(t.name)) {
            g.initializer(t.name, t.shape, t.data.data(), t.numel());
            continue;
        }
        // (out, in) -> (in, out) for MatMul.
        const auto rows = t.shape[0], cols = t.shape[1];
        std::vector<float> transposed(t.data.size());
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c)
                transposed[size_t(c * rows + r)] = t.data[size_t(r * cols + c)];
        g.initializer(t.name + "_t", {cols, rows}, transposed.data(), t.numel());
    }
    return codes;
}

// 2-D RoPE's constants (core/model/rotaryembedding.h): per block, "<block>.attn.qkv_rot.weight_t"
// (d, 2·qk) and its bias row, the q and k rows of qkv with each channel pair (x0, x1) turned into
// (−x1, x0) — a signed permutation, exact — so that one MatMul gives the rotated-by-90° q and k;
// per q/k width, the cos and sin tables "rope_cos_<qk>", "rope_sin_<qk>" (1, N, qk).
void addRotaryInitializers(GraphBuilder &g, const FlatVit &vit)
{
    std::vector<int> widths;
    for (size_t i = 0; i < vit.blocks.size(); ++i) {
        const std::string pre = "blocks." + std::to_string(i) + ".attn.qkv";
        const std::int64_t rows = 2 * vit.blocks[i].qkDim, d = vit.embedDim;
        const NamedTensor &w = *vit.find(pre + ".weight");
        std::vector<float> turned(size_t(rows * d));
        for (std::int64_t r = 0; r < rows; ++r) {
            const std::int64_t partner = r % 2 == 0 ? r + 1 : r - 1;
            const float sign = r % 2 == 0 ? -1.0f : 1.0f;
            for (std::int64_t c = 0; c < d; ++c)
                turned[size_t(c * rows + r)] = sign * w.data[size_t(partner * d + c)];
        }
        g.initializer(pre + "_rot.weight_t", {d, rows}, turned.data(), rows * d);
        if (const NamedTensor *b = vit.find(pre + ".bias")) {
            std::vector<float> bias(static_cast<size_t>(rows));
            for (std::int64_t r = 0; r < rows; ++r)
                bias[size_t(r)] = (r % 2 == 0 ? -1.0f : 1.0f) * b->data[size_t(r % 2 == 0 ? r + 1 : r - 1)];
            g.initializer(pre + "_rot.bias", {1, rows}, bias.data(), rows);
        }
        if (std::find(widths.begin(), widths.end(), vit.blocks[i].qkDim) == widths.end())
            widths.push_back(vit.blocks[i].qkDim);
    }
    const std::int64_t tokens = flatTokens(vit);
    for (int width : widths)
        for (bool sine : {false, true}) {
            const auto table = rotaryTable(vit, width, sine, true);
            g.initializer((sine ? "rope_sin_" : "rope_cos_") + std::to_string(width), {1, tokens, width}, table.data(),
                          tokens * width);
        }
}

// A float graph input or output; a negative dimension is the batch.
void addValue(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto> *list, const std::string &name,
              const std::vector<std::int64_t> &dims)
{
    auto *v = list->Add();
    v->set_name(name);
    auto *type = v->mutable_type()->mutable_tensor_type();
    type->set_elem_type(onnx::TensorProto::FLOAT);
    auto *shape = type->mutable_shape();
    for (auto d : dims) {
        auto *dim = shape->add_dim();
        if (d < 0)
            dim->set_dim_param("batch");
        else
            dim->set_dim_value(d);
    }
}

// The tokens entering the first block: patches, the class token, positions. (B, N, d)
std::string embedPatches(GraphBuilder &g, const FlatVit &vit)
{
    const int p = vit.patchSize, grid = vit.imageSize / vit.patchSize, d = vit.embedDim;
    const std::string conv = g.fresh("patches");
    auto *convNode = g.node("Conv", {"images", "patch_embed.proj.weight", "patch_embed.proj.bias"}, conv);
    GraphBuilder::intsAttr(convNode, "kernel_shape", {p, p});
    GraphBuilder::intsAttr(convNode, "strides", {p, p});
    const auto patches = g.transpose(g.reshape(conv, {0, d, grid * grid}), {0, 2, 1});  // (B, P, d)
    auto x = patches;
    if (vit.classToken) {
        // (B, 1, d) of the class token without a Shape/Expand: 0 · (first patch) + cls.
        const auto first = g.slice(patches, 1, 0, 1);
        const auto cls = g.op("Add", {g.op("Mul", {first, g.scalar(0.0f)}), "cls_token"});
        x = g.fresh("tokens");
        GraphBuilder::intAttr(g.node("Concat", {cls, patches}, x), "axis", 1);
    }
    return vit.rotary.on ? x : g.op("Add", {x, "pos_embed"});
}

// q or k (1, N, qk) rotated by 2-D RoPE: t ⊙ cos + turned ⊙ sin, `turned` the pairs (−x1, x0). The
// tables enter as 0 · t + table (OpenCV's dnn (4.6) cannot multiply by a constant that is not a scalar).
std::string rotated(GraphBuilder &g, const std::string &t, const std::string &turned, int width)
{
    const auto cosine = g.op("Add", {g.op("Mul", {t, g.scalar(0.0f)}), "rope_cos_" + std::to_string(width)});
    const auto sine = g.op("Add", {g.op("Mul", {turned, g.scalar(0.0f)}), "rope_sin_" + std::to_string(width)});
    return g.op("Add", {g.op("Mul", {t, cosine}), g.op("Mul", {turned, sine})});
}

// The constants every block reads, created once, in this order.
struct BlockConstants {
    std::string ones;      // (B, N, 1)
    std::string invSqrt2;
    std::string half;
    std::string one;
    std::string onesD;     // (1, d)
    std::string onesK;     // (1, codes); "" without a codebook
};

BlockConstants blockConstants(GraphBuilder &g, const FlatVit &vit, const std::string &x, std::int64_t codes)
{
    const int d = vit.embedDim;
    BlockConstants k;
    k.ones = onesLike(g, x);
    k.invSqrt2 = g.scalar(float(1.0 / std::sqrt(2.0)));
    k.half = g.scalar(0.5f);
    k.one = g.scalar(1.0f);
    const std::vector<float> rowD(size_t(d), 1.0f), rowK(size_t(std::max<std::int64_t>(codes, 1)), 1.0f);
    k.onesD = g.initializer(g.fresh("ones"), {1, d}, rowD.data(), d);
    k.onesK = codes > 0 ? g.initializer(g.fresh("ones"), {1, codes}, rowK.data(), codes) : "";
    return k;
}

// Block i on the tokens x (B, N, d); `alpha` holds the last codebook assignment (blocks share it).
std::string encoderBlock(GraphBuilder &g, const FlatVit &vit, size_t i, const std::string &x0,
                         const BlockConstants &k, std::string *alpha)
{
    const int grid = vit.imageSize / vit.patchSize;
    const int n = grid * grid + (vit.classToken ? 1 : 0), h = vit.numHeads;
    const std::string pre = "blocks." + std::to_string(i);
    const int qk = vit.blocks[i].qkDim, v = vit.blocks[i].vDim;
    auto x = x0;
    const auto z = layerNorm(g, vit, x, 2, pre + ".norm1", k.ones);
    const auto qkv = linear(g, vit, z, pre + ".attn.qkv", k.ones);
    auto qFlat = g.slice(qkv, 2, 0, qk), kFlat = g.slice(qkv, 2, qk, 2 * qk);
    if (vit.rotary.on) {
        auto turned = g.op("MatMul", {z, pre + ".attn.qkv_rot.weight_t"});  // (1, N, 2·qk)
        if (vit.hasTensor(pre + ".attn.qkv.bias"))
            turned = g.op("Add", {turned, g.op("MatMul", {k.ones, pre + ".attn.qkv_rot.bias"})});
        qFlat = rotated(g, qFlat, g.slice(turned, 2, 0, qk), qk);
        kFlat = rotated(g, kFlat, g.slice(turned, 2, qk, 2 * qk), qk);
    }
    const auto q = g.transpose(g.reshape(qFlat, {0, n, h, qk / h}), {0, 2, 1, 3});
    const auto kT = g.transpose(g.reshape(kFlat, {0, n, h, qk / h}), {0, 2, 3, 1});
    const auto val = g.transpose(g.reshape(g.slice(qkv, 2, 2 * qk, 2 * qk + v), {0, n, h, v / h}), {0, 2, 1, 3});
    const auto scores = g.op("MatMul", {g.op("Mul", {q, g.scalar(float(1.0 / std::sqrt(double(qk / h))))}), kT});
    const std::string probs = g.fresh("softmax");
    GraphBuilder::intAttr(g.node("Softmax", {scores}, probs), "axis", 3);
    const auto mixed = g.reshape(g.transpose(g.op("MatMul", {probs, val}), {0, 2, 1, 3}), {0, n, v});
    x = g.op("Add", {x, linear(g, vit, mixed, pre + ".attn.proj", k.ones)});
    const auto &block = vit.blocks[i];
    const auto z2 = layerNorm(g, vit, x, 2, pre + ".norm2", k.ones);
    if (block.gated && !block.codebook.empty())
        *alpha = assignment(g, vit, z2, block.codebook + "_cosine_t", k.onesD, k.onesK);
    const auto pre1 = linear(g, vit, z2, pre + ".mlp.fc1", k.ones);
    // Exact GELU: x · ½ (1 + erf(x / √2)).
    auto hidden = g.op("Mul", {g.op("Mul", {pre1, k.half}),
                               g.op("Add", {k.one, g.op("Erf", {g.op("Mul", {pre1, k.invSqrt2})})})});
    if (block.gated && vit.gate.expand)
        hidden = applyGate(g, vit, block, hidden, *alpha);
    auto out = linear(g, vit, hidden, pre + ".mlp.fc2", k.ones);
    if (block.gated && !vit.gate.expand)
        out = applyGate(g, vit, block, out, *alpha);
    return g.op("Add", {x, out});
}

} // namespace

bool saveOnnx(const FlatVit &original, const std::string &path, const std::string &configJson, std::string *error)
{
    try {
        const FlatVit vit = withAffinesAbsorbed(original);
        onnx::ModelProto model;
        model.set_ir_version(8);
        model.set_producer_name("gatefold");
        model.set_model_version(1);
        auto *meta = model.add_metadata_props();
        meta->set_key("gatefold_config");
        meta->set_value(configJson);
        auto *opset = model.add_opset_import();
        opset->set_domain("");
        opset->set_version(kOnnxOpset);
        auto *graph = model.mutable_graph();
        graph->set_name("gatefold_vit");
        GraphBuilder g(graph);

        const std::int64_t codes = addInitializers(g, vit);
        if (vit.rotary.on)
            addRotaryInitializers(g, vit);
        addValue(graph->mutable_input(), "images", {-1, vit.inChannels, vit.imageSize, vit.imageSize});
        addValue(graph->mutable_output(), "logits", {-1, vit.numClasses});
        auto x = embedPatches(g, vit);
        const BlockConstants constants = blockConstants(g, vit, x, codes);
        std::string alpha;
        for (size_t i = 0; i < vit.blocks.size(); ++i)
            x = encoderBlock(g, vit, i, x, constants, &alpha);
        const auto pooledRaw = vit.classToken ? g.slice(x, 1, 0, 1) : g.reduceMean(x, 1, true);  // (B, 1, d)
        const auto pooledOnes = onesLike(g, pooledRaw);
        const auto pooled = layerNorm(g, vit, pooledRaw, 2, vit.classToken ? "norm" : "fc_norm", pooledOnes);
        const auto logits = linear(g, vit, pooled, "head", pooledOnes);  // (B, 1, classes)
        g.node("Reshape", {logits, g.ints({0, vit.numClasses})}, "logits");

        onnx::checker::check_model(model);
        onnx::shape_inference::InferShapes(model);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        if (!out || !model.SerializeToOstream(&out)) {
            if (error)
                *error = "cannot write " + path;
            return false;
        }
        out.close();
        return bool(out);
    } catch (const std::exception &e) {
        if (error)
            *error = e.what();
        return false;
    }
}

bool runOnnx(const std::string &path, const std::vector<float> &input, const std::vector<std::int64_t> &shape,
             std::vector<float> *logits, std::string *error)
{
    try {
        auto net = cv::dnn::readNetFromONNX(path);
        // One image at a time: OpenCV's dnn (4.6) does not broadcast a (1, …)
        // constant over a batch dimension > 1 in Add.
        std::vector<int> dims(shape.begin(), shape.end());
        const int batch = dims[0];
        dims[0] = 1;
        const size_t perImage = input.size() / size_t(batch);
        logits->clear();
        for (int i = 0; i < batch; ++i) {
            cv::Mat blob(int(dims.size()), dims.data(), CV_32F, const_cast<float *>(input.data() + size_t(i) * perImage));
            net.setInput(blob, "images");
            cv::Mat out = net.forward("logits");
            if (!out.isContinuous() || out.type() != CV_32F) {
                if (error)
                    *error = "unexpected output type";
                return false;
            }
            logits->insert(logits->end(), out.ptr<float>(), out.ptr<float>() + out.total());
        }
        return true;
    } catch (const std::exception &e) {
        if (error)
            *error = e.what();
        return false;
    }
}

} // namespace gatefold::exporting
