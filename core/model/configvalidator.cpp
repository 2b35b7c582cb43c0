#include "configvalidator.h"

#include <cmath>
#include <set>
#include <string>

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

class Collector
{
public:
    void add(std::string field, std::string message)
    {
        m_problems.push_back({std::move(field), std::move(message)});
    }
    void positive(const char *field, int value, const char *what)
    {
        if (value <= 0)
            add(field, std::string(what) + " must be at least 1, not " + std::to_string(value) + ".");
    }
    void probability(const char *field, double value)
    {
        if (!(value >= 0.0 && value < 1.0))
            add(field, "a dropout rate must lie in [0, 1), not " + num(value) + ".");
    }
    std::vector<ConfigProblem> take() { return std::move(m_problems); }

private:
    std::vector<ConfigProblem> m_problems;
};

void validateShape(const ViTConfig &c, Collector &out)
{
    out.positive("img_size", c.imageSize, "The image size");
    out.positive("patch_size", c.patchSize, "The patch size");
    out.positive("in_chans", c.inChannels, "The number of input channels");
    out.positive("num_classes", c.numClasses, "The number of classes");
    out.positive("embed_dim", c.embedDim, "The width");
    out.positive("depth", c.depth, "The depth");
    out.positive("num_heads", c.numHeads, "The number of heads");
    if (c.imageSize > 0 && c.patchSize > 0) {
        if (c.patchSize > c.imageSize)
            out.add("patch_size", "The patch size " + std::to_string(c.patchSize) + " is larger than the image ("
                                      + std::to_string(c.imageSize) + " px); choose a smaller patch.");
        else if (c.imageSize % c.patchSize != 0)
            out.add("img_size", "The image size " + std::to_string(c.imageSize)
                                    + " is not divisible by the patch size " + std::to_string(c.patchSize)
                                    + "; patches must tile the image (e.g. 224/16, 32/4).");
    }
    if (c.embedDim > 0 && c.numHeads > 0 && c.embedDim % c.numHeads != 0)
        out.add("num_heads", "The width " + std::to_string(c.embedDim) + " is not divisible by "
                                 + std::to_string(c.numHeads) + " heads; every head needs an equal share "
                                 + "of the width (e.g. 192 with 3 heads).");
    if (!(c.mlpRatio > 0.0) || (c.embedDim > 0 && c.embedDim * c.mlpRatio < 1.0))
        out.add("mlp_ratio", "The MLP ratio " + num(c.mlpRatio)
                                 + " leaves no hidden units; use a positive ratio such as 4.");
    out.probability("drop_rate", c.dropRate);
    out.probability("attn_drop_rate", c.attnDropRate);
    out.probability("proj_drop_rate", c.projDropRate);
    out.probability("drop_path_rate", c.dropPathRate);
}

void validateBlocks(const ViTConfig &c, Collector &out)
{
    std::set<int> seen;
    for (int b : c.gate.blocks) {
        if (b < 0 || b >= c.depth)
            out.add("gate.blocks", "Block " + std::to_string(b) + " does not exist; a model of depth "
                                       + std::to_string(c.depth) + " has blocks 0 to "
                                       + std::to_string(c.depth - 1) + ".");
        else if (!seen.insert(b).second)
            out.add("gate.blocks", "Block " + std::to_string(b) + " is listed twice; list each gated block once.");
    }
}

void validateCde(const ViTConfig &c, Collector &out)
{
    const GateConfig &g = c.gate;
    if (g.codebookSize <= 0)
        out.add("gate.codebook_size", "The codebook needs at least one code, not "
                                          + std::to_string(g.codebookSize) + " (typical: 256 or 512).");
    if (g.assign == AssignKind::SoftTopK) {
        if (g.topK <= 0)
            out.add("gate.top_k", "The mixture size k must be at least 1, not " + std::to_string(g.topK) + ".");
        else if (g.codebookSize > 0 && g.topK > g.codebookSize)
            out.add("gate.top_k", "k = " + std::to_string(g.topK) + " is larger than the codebook (K = "
                                      + std::to_string(g.codebookSize) + "); use k <= K (k = K is the full "
                                      + "softmax).");
    }
    if (!(g.temperature > 0.0) || !std::isfinite(g.temperature))
        out.add("gate.temperature", "The temperature tau must be positive, not " + num(g.temperature)
                                        + "; the cosine logits are tau times a value in [-1, 1].");
    if (!std::isfinite(g.strength) || g.strength < 0.0)
        out.add("gate.strength", "The gate strength lambda must be a finite number >= 0, not " + num(g.strength)
                                     + " (0 disables the gate, 1 is full strength).");
    if (g.scope == AssignScope::Once && g.codebookSharing == Sharing::PerLayer)
        out.add("gate.codebook", "Assigning once per image uses a single codebook; set gate.codebook to "
                                 "shared or gate.scope to per-layer.");
}

void validateJoin(const ViTConfig &c, Collector &out)
{
    const JoinConfig &j = c.join;
    if (j.branches < 1 || j.branches > 16)
        out.add("join.branches", "A block needs 1 to 16 parallel branches, not " + std::to_string(j.branches)
                                     + " (1 is a plain ViT; the paper uses 2 to 4).");
    if (!(j.strength >= 0.0 && j.strength <= 1.0))
        out.add("join.lambda", "The joining strength lambda must lie in [0, 1], not " + num(j.strength)
                                   + " (0: independent branches, 1: joined and foldable).");
    if (!(j.diversity >= 0.0) || !std::isfinite(j.diversity))
        out.add("join.diversity", "The diversity weight alpha must be a finite number >= 0, not "
                                      + num(j.diversity) + " (the paper uses 0.05; 0 turns it off).");
    if (j.schedule.warmupSteps < 0)
        out.add("join.warmup_steps", "The warm-up cannot have " + std::to_string(j.schedule.warmupSteps)
                                         + " steps; use 0 (instant) or more.");
    if (j.schedule.adjustSteps < 0)
        out.add("join.adjust_steps", "The adjustment phase cannot have " + std::to_string(j.schedule.adjustSteps)
                                         + " steps; use 0 or more.");
    if (j.schedule.startStep < 0)
        out.add("join.start_step", "The start step cannot be negative (" + std::to_string(j.schedule.startStep)
                                       + ").");
    if (j.absorbNorms && !j.deployed)
        out.add("join.absorb_norms", "LayerNorm absorption is a property of the folded deploy form: set "
                                     "join.deployed=true with it, or leave it off for training (a fold applies it; "
                                     "`gatefold-cli cost --absorb-norms` shows its cost).");
}

} // namespace

std::vector<ConfigProblem> validateConfig(const ViTConfig &c)
{
    Collector out;
    validateShape(c, out);
    validateJoin(c, out);
    if (c.gate.kind != GateKind::None) {
        validateBlocks(c, out);
        if (c.gate.kind == GateKind::Cde)
            validateCde(c, out);
        if (c.depth > 0 && c.numGatedBlocks() == 0 && c.gate.blocks.empty() == false)
            out.add("gate.blocks", "No block is gated; list at least one block, or set gate.kind to none.");
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
