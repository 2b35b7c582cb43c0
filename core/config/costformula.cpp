#include "costformula.h"

#include <map>

namespace gatefold::model {
namespace {

bool contains(const std::string &s, const char *part)
{
    return s.find(part) != std::string::npos;
}

bool startsWith(const std::string &s, const char *prefix)
{
    return s.rfind(prefix, 0) == 0;
}

} // namespace

std::vector<CostRow> costRowsFromMaps(const std::map<std::string, std::int64_t> &params,
                                      const std::map<std::string, std::int64_t> &macs)
{
    std::vector<CostRow> rows;
    for (const auto &c : costComponents()) {
        CostRow r{c, 0, 0};
        if (auto it = params.find(c); it != params.end())
            r.params = it->second;
        if (auto it = macs.find(c); it != macs.end())
            r.macs = it->second;
        rows.push_back(r);
    }
    // A tensor no formula knows about must show, not vanish from the totals.
    const auto other = params.find("other");
    if (other != params.end())
        rows.push_back({"other", other->second, 0});
    return rows;
}

const std::vector<std::string> &costComponents()
{
    static const std::vector<std::string> components = {
        "patch_embed", "embeddings", "attention", "mlp",      "cde.codebook", "cde.embed",
        "cde.assign",  "cde.mix",    "cde.apply", "deep_embed", "head",
    };
    return components;
}

std::string componentOfParameter(const std::string &name)
{
    if (startsWith(name, "patch_embed."))
        return "patch_embed";
    if (name == "cls_token" || name == "pos_embed")
        return "embeddings";
    if (startsWith(name, "cde.codebook") || contains(name, ".gate.codebook"))
        return "cde.codebook";
    if (startsWith(name, "cde.embed") || contains(name, ".gate.embed"))
        return "cde.embed";
    if (contains(name, ".mlp.deep_embed"))
        return "deep_embed";
    if (contains(name, ".attn.") || contains(name, ".norm1."))
        return "attention";
    if (contains(name, ".mlp.") || contains(name, ".norm2."))
        return "mlp";
    if (startsWith(name, "norm.") || startsWith(name, "fc_norm.") || startsWith(name, "head."))
        return "head";
    return "other";
}

std::vector<CostRow> closedFormCost(const ViTConfig &c)
{
    const std::int64_t d = c.embedDim, n = c.numTokens(), p = c.numPatches(), dff = c.mlpHidden();
    const std::int64_t depth = c.depth, patchIn = std::int64_t(c.inChannels) * c.patchSize * c.patchSize;
    std::map<std::string, std::int64_t> params, macs;

    params["patch_embed"] = patchIn * d + d;
    macs["patch_embed"] = p * patchIn * d;
    // The class token and the learned position table (none under 2-D RoPE, whose rotation is element-wise).
    params["embeddings"] = (c.pooling == Pooling::ClassToken ? d : 0) + (c.learnedPositions() ? n * d : 0);
    // Per block, n branches (1 unless parallel), each with q/k width `qk` and v
    // width `v` (d, or n·d in a wide fold): LN1 (2d, none once absorbed) +
    // qkv (d·(2qk+v) + bias) + proj (v·d per branch + one d bias); q·kᵀ is N²·qk
    // and P·V N²·v per branch. The MLP: LN2 + n·(fc1 + its bias + fc2) + one fc2 bias.
    const std::int64_t branches = c.isParallel() ? c.join.branches : 1;
    const std::int64_t qk = c.attnQkDim(), v = c.attnVDim();
    const bool qkvBias = c.qkvBias || c.absorbsNorm1();
    const std::int64_t ln1 = c.absorbsNorm1() ? 0 : 2 * d;
    std::int64_t ln2 = 0;
    for (int i = 0; i < c.depth; ++i)
        ln2 += c.absorbsNorm2(i) ? 0 : 2 * d;
    // At λ = 1 the parallel forward computes what has become one branch once:
    // one softmax input for joined q/k, one P·V and Σ_b Wo_b for joined values,
    // one GELU and Σ_b W2_b in the FFN (recorded branch outputs aside).
    std::int64_t nQk = branches, nPv = branches, nFc2 = branches;
    if (c.isParallel() && c.join.strength == 1.0) {
        nFc2 = 1;
        if (c.join.variant == JoinVariant::Projections)
            nQk = 1;
        if (c.join.variant != JoinVariant::Logits)
            nPv = 1;
    }
    params["attention"] = depth * (ln1 + branches * (d * (2 * qk + v) + (qkvBias ? 2 * qk + v : 0) + v * d) + d);
    macs["attention"] = depth * (branches * n * d * (2 * qk + v) + nQk * n * n * qk + nPv * (n * n * v + n * v * d));
    params["mlp"] = ln2 + depth * (branches * (d * dff + dff + dff * d) + d);
    macs["mlp"] = depth * (branches + nFc2) * n * d * dff;
    params["head"] = (c.absorbsNorm1() ? 0 : 2 * d) + d * c.numClasses + c.numClasses;
    macs["head"] = d * c.numClasses;

    const std::int64_t gated = c.numGatedBlocks(), dg = c.gateWidth(), codes = c.gate.codebookSize;
    // An expand gate multiplies every branch's hidden (until λ = 1 makes them one).
    const bool joined = c.isParallel() && c.join.strength == 1.0;
    const std::int64_t expandCopies = c.gate.target == GateTarget::Expand && !joined ? branches : 1;
    if (c.gate.kind == GateKind::Cde && gated > 0) {
        const bool once = c.gate.scope == AssignScope::Once;
        const bool sharedC = once || c.gate.codebookSharing == Sharing::Shared;
        params["cde.codebook"] = codes * d * (sharedC ? 1 : gated);
        params["cde.embed"] = codes * dg * (c.gate.embedSharing == Sharing::Shared ? 1 : gated);
        macs["cde.assign"] = n * codes * d * (once ? 1 : gated);
        macs["cde.mix"] = n * gated * c.effectiveTopK() * dg;  // k = K for the full softmax, 1 for VQ
        macs["cde.apply"] = n * gated * dg * expandCopies;
    }
    if (c.gate.kind == GateKind::DeepEmbed && gated > 0) {
        params["deep_embed"] = gated * n * dg;
        macs["deep_embed"] = n * gated * dg * expandCopies;
    }
    return costRowsFromMaps(params, macs);
}

std::int64_t vqBackwardMacs(const ViTConfig &c)
{
    if (c.gate.kind != GateKind::Cde || c.gate.assign != AssignKind::HardVq)
        return 0;
    return std::int64_t(c.numTokens()) * c.gate.codebookSize * c.gateWidth() * c.numGatedBlocks();
}

std::int64_t totalParams(const std::vector<CostRow> &rows)
{
    std::int64_t t = 0;
    for (const auto &r : rows)
        t += r.params;
    return t;
}

std::int64_t totalMacs(const std::vector<CostRow> &rows)
{
    std::int64_t t = 0;
    for (const auto &r : rows)
        t += r.macs;
    return t;
}

} // namespace gatefold::model
