#include "configvalidator.h"

#include <cmath>
#include <set>
#include <string>
#include <utility>

namespace gatefold::model {
namespace {

std::string num(double v)
{
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s;
}

// Every template below is marked for lupdate (context "ConfigProblem"): the
// form shows it translated, with the values put in (configproblem.h).

class Collector
{
public:
    void add(const char *field, const char *text, std::vector<std::string> args = {})
    {
        m_problems.push_back(makeProblem(field, text, std::move(args)));
    }
    void positive(const char *field, int value, const char *text)
    {
        if (value <= 0)
            add(field, text, {std::to_string(value)});
    }
    void probability(const char *field, double value)
    {
        if (!(value >= 0.0 && value < 1.0))
            add(field, GF_TRANSLATE_NOOP("ConfigProblem", "a dropout rate must lie in [0, 1), not %1."), {num(value)});
    }
    std::vector<ConfigProblem> take() { return std::move(m_problems); }

private:
    std::vector<ConfigProblem> m_problems;
};

void validateShape(const ViTConfig &c, Collector &out)
{
    out.positive("img_size", c.imageSize,
                 GF_TRANSLATE_NOOP("ConfigProblem", "The image size must be at least 1, not %1."));
    out.positive("patch_size", c.patchSize,
                 GF_TRANSLATE_NOOP("ConfigProblem", "The patch size must be at least 1, not %1."));
    out.positive("in_chans", c.inChannels,
                 GF_TRANSLATE_NOOP("ConfigProblem", "The number of input channels must be at least 1, not %1."));
    out.positive("num_classes", c.numClasses,
                 GF_TRANSLATE_NOOP("ConfigProblem", "The number of classes must be at least 1, not %1."));
    out.positive("embed_dim", c.embedDim, GF_TRANSLATE_NOOP("ConfigProblem", "The width must be at least 1, not %1."));
    out.positive("depth", c.depth, GF_TRANSLATE_NOOP("ConfigProblem", "The depth must be at least 1, not %1."));
    out.positive("num_heads", c.numHeads,
                 GF_TRANSLATE_NOOP("ConfigProblem", "The number of heads must be at least 1, not %1."));
    const std::string image = std::to_string(c.imageSize);
    const std::string patch = std::to_string(c.patchSize);
    if (c.imageSize > 0 && c.patchSize > 0) {
        if (c.patchSize > c.imageSize)
            out.add("patch_size",
                    GF_TRANSLATE_NOOP("ConfigProblem",
                                      "The patch size %1 is larger than the image (%2 px); choose a smaller patch."),
                    {patch, image});
        else if (c.imageSize % c.patchSize != 0)
            out.add("img_size",
                    GF_TRANSLATE_NOOP("ConfigProblem", "The image size %1 is not divisible by the patch size %2; "
                                                       "patches must tile the image (e.g. 224/16, 32/4)."),
                    {image, patch});
    }
    if (c.embedDim > 0 && c.numHeads > 0 && c.embedDim % c.numHeads != 0)
        out.add("num_heads",
                GF_TRANSLATE_NOOP("ConfigProblem", "The width %1 is not divisible by %2 heads; every head needs an "
                                                   "equal share of the width (e.g. 192 with 3 heads)."),
                {std::to_string(c.embedDim), std::to_string(c.numHeads)});
    if (!(c.mlpRatio > 0.0) || (c.embedDim > 0 && c.embedDim * c.mlpRatio < 1.0))
        out.add("mlp_ratio",
                GF_TRANSLATE_NOOP("ConfigProblem",
                                  "The MLP ratio %1 leaves no hidden units; use a positive ratio such as 4."),
                {num(c.mlpRatio)});
    out.probability("drop_rate", c.dropRate);
    out.probability("attn_drop_rate", c.attnDropRate);
    out.probability("proj_drop_rate", c.projDropRate);
    out.probability("drop_path_rate", c.dropPathRate);
}

// 2-D RoPE (core/model/README.md, "Rotary position embeddings"): each head's width splits into a
// column half and a row half, each rotated in pairs of channels, so d_h must be a multiple of 4.
void validatePositions(const ViTConfig &c, Collector &out)
{
    if (!c.rotaryPositions())
        return;
    if (!(c.pos.ropeTheta > 0.0) || !std::isfinite(c.pos.ropeTheta))
        out.add("pos.rope_theta",
                GF_TRANSLATE_NOOP("ConfigProblem", "The rotary base theta must be a finite number > 0, not %1 "
                                                   "(the CDE reference code uses 10000)."),
                {num(c.pos.ropeTheta)});
    if (c.embedDim > 0 && c.numHeads > 0 && c.embedDim % c.numHeads == 0 && c.headDim() % 4 != 0)
        out.add("pos.kind",
                GF_TRANSLATE_NOOP("ConfigProblem",
                                  "2-D rotary embeddings split each head's width %1 (embed_dim / num_heads) into a "
                                  "row half and a column half of channel pairs, so it must be a multiple of 4; "
                                  "change embed_dim or num_heads, or use pos.kind=learned."),
                {std::to_string(c.headDim())});
}

void validateBlocks(const ViTConfig &c, Collector &out)
{
    std::set<int> seen;
    for (int b : c.gate.blocks) {
        if (b < 0 || b >= c.depth)
            out.add("gate.blocks",
                    GF_TRANSLATE_NOOP("ConfigProblem",
                                      "Block %1 does not exist; a model of depth %2 has blocks 0 to %3."),
                    {std::to_string(b), std::to_string(c.depth), std::to_string(c.depth - 1)});
        else if (!seen.insert(b).second)
            out.add("gate.blocks",
                    GF_TRANSLATE_NOOP("ConfigProblem", "Block %1 is listed twice; list each gated block once."),
                    {std::to_string(b)});
    }
}

void validateCde(const ViTConfig &c, Collector &out)
{
    const GateConfig &g = c.gate;
    if (g.codebookSize <= 0)
        out.add("gate.codebook_size",
                GF_TRANSLATE_NOOP("ConfigProblem",
                                  "The codebook needs at least one code, not %1 (typical: 256 or 512)."),
                {std::to_string(g.codebookSize)});
    if (g.assign == AssignKind::SoftTopK) {
        if (g.topK <= 0)
            out.add("gate.top_k", GF_TRANSLATE_NOOP("ConfigProblem", "The mixture size k must be at least 1, not %1."),
                    {std::to_string(g.topK)});
        else if (g.codebookSize > 0 && g.topK > g.codebookSize)
            out.add("gate.top_k",
                    GF_TRANSLATE_NOOP("ConfigProblem", "k = %1 is larger than the codebook (K = %2); use k <= K "
                                                       "(k = K is the full softmax)."),
                    {std::to_string(g.topK), std::to_string(g.codebookSize)});
    }
    if (!(g.temperature > 0.0) || !std::isfinite(g.temperature))
        out.add("gate.temperature",
                GF_TRANSLATE_NOOP("ConfigProblem", "The temperature tau must be positive, not %1; the cosine logits "
                                                   "are tau times a value in [-1, 1]."),
                {num(g.temperature)});
    if (!std::isfinite(g.strength) || g.strength < 0.0)
        out.add("gate.strength",
                GF_TRANSLATE_NOOP("ConfigProblem", "The gate strength lambda must be a finite number >= 0, not %1 "
                                                   "(0 disables the gate, 1 is full strength)."),
                {num(g.strength)});
    if (g.scope == AssignScope::Once && g.codebookSharing == Sharing::PerLayer)
        out.add("gate.codebook",
                GF_TRANSLATE_NOOP("ConfigProblem", "Assigning once per image uses a single codebook; set "
                                                   "gate.codebook to shared or gate.scope to per-layer."));
}

void validateJoin(const ViTConfig &c, Collector &out)
{
    const JoinConfig &j = c.join;
    if (j.branches < 1 || j.branches > 16)
        out.add("join.branches",
                GF_TRANSLATE_NOOP("ConfigProblem", "A block needs 1 to 16 parallel branches, not %1 (1 is a plain "
                                                   "ViT; the paper uses 2 to 4)."),
                {std::to_string(j.branches)});
    if (!(j.strength >= 0.0 && j.strength <= 1.0))
        out.add("join.lambda",
                GF_TRANSLATE_NOOP("ConfigProblem", "The joining strength lambda must lie in [0, 1], not %1 "
                                                   "(0: independent branches, 1: joined and foldable)."),
                {num(j.strength)});
    if (!(j.diversity >= 0.0) || !std::isfinite(j.diversity))
        out.add("join.diversity",
                GF_TRANSLATE_NOOP("ConfigProblem", "The diversity weight alpha must be a finite number >= 0, not %1 "
                                                   "(the paper uses 0.05; 0 turns it off)."),
                {num(j.diversity)});
    if (j.schedule.warmupSteps < 0)
        out.add("join.warmup_steps",
                GF_TRANSLATE_NOOP("ConfigProblem", "The warm-up cannot have %1 steps; use 0 (instant) or more."),
                {std::to_string(j.schedule.warmupSteps)});
    if (j.schedule.adjustSteps < 0)
        out.add("join.adjust_steps",
                GF_TRANSLATE_NOOP("ConfigProblem", "The adjustment phase cannot have %1 steps; use 0 or more."),
                {std::to_string(j.schedule.adjustSteps)});
    if (j.schedule.startStep < 0)
        out.add("join.start_step",
                GF_TRANSLATE_NOOP("ConfigProblem", "The start step cannot be negative (%1); use 0 or more."),
                {std::to_string(j.schedule.startStep)});
    if (j.absorbNorms && !j.deployed)
        out.add("join.absorb_norms",
                GF_TRANSLATE_NOOP("ConfigProblem",
                                  "LayerNorm absorption is a property of the folded deploy form: set "
                                  "join.deployed=true with it, or leave it off for training (a fold applies it; "
                                  "`gatefold-cli cost --absorb-norms` shows its cost)."));
}

} // namespace

std::vector<ConfigProblem> validateConfig(const ViTConfig &c)
{
    Collector out;
    validateShape(c, out);
    validatePositions(c, out);
    validateJoin(c, out);
    if (c.gate.kind != GateKind::None) {
        validateBlocks(c, out);
        if (c.gate.kind == GateKind::Cde)
            validateCde(c, out);
        if (c.depth > 0 && c.numGatedBlocks() == 0 && c.gate.blocks.empty() == false)
            out.add("gate.blocks", GF_TRANSLATE_NOOP("ConfigProblem", "No block is gated; list at least one block, "
                                                                      "or set gate.kind to none."));
    }
    return out.take();
}

std::string formatProblems(const std::vector<ConfigProblem> &problems)
{
    std::string out;
    for (const auto &p : problems)
        out += p.field + ": " + p.message + "\n";
    return out;
}

} // namespace gatefold::model
