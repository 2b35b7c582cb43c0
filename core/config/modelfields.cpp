#include "fieldrows.h"

#include "configenums.h"
#include "fieldcodecs.h"

namespace gatefold::config {

using namespace model;
using G = FieldGroup;
using T = FieldType;


bool hasGate(const train::RunConfig &c) { return c.model.gate.kind != GateKind::None; }
bool isCde(const train::RunConfig &c) { return c.model.gate.kind == GateKind::Cde; }
bool softAssignment(const train::RunConfig &c) { return isCde(c) && c.model.gate.assign == AssignKind::SoftTopK; }
bool hasBranches(const train::RunConfig &c) { return c.model.join.branches > 1; }

namespace {

void addShapeFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, T type, const char *help, auto access, auto codec) {
        f.push_back(makeField(key, G::Model, type, true, help, access, codec));
    };
    add("img_size", T::Integer, GF_TRANSLATE_NOOP("RunField", "input image side in pixels"), GF_MODEL(imageSize), integerCodec());
    add("patch_size", T::Integer, GF_TRANSLATE_NOOP("RunField", "patch side in pixels; must divide img_size"), GF_MODEL(patchSize),
        integerCodec());
    add("in_chans", T::Integer, GF_TRANSLATE_NOOP("RunField", "input channels (3 for RGB, 1 for grey)"), GF_MODEL(inChannels),
        integerCodec());
    add("num_classes", T::Integer, GF_TRANSLATE_NOOP("RunField", "classifier outputs"), GF_MODEL(numClasses), integerCodec());
    add("embed_dim", T::Integer, GF_TRANSLATE_NOOP("RunField", "token width d"), GF_MODEL(embedDim), integerCodec());
    add("depth", T::Integer, GF_TRANSLATE_NOOP("RunField", "number of blocks L"), GF_MODEL(depth), integerCodec());
    add("num_heads", T::Integer, GF_TRANSLATE_NOOP("RunField", "attention heads H; must divide embed_dim"), GF_MODEL(numHeads),
        integerCodec());
    add("mlp_ratio", T::Number, GF_TRANSLATE_NOOP("RunField", "MLP hidden width d_ff / d"), GF_MODEL(mlpRatio), numberCodec());
    add("qkv_bias", T::Boolean, GF_TRANSLATE_NOOP("RunField", "bias on the q, k, v projections (true, false)"), GF_MODEL(qkvBias),
        booleanCodec());
    add("global_pool", T::Text, GF_TRANSLATE_NOOP("RunField", "pooling for the head"), GF_MODEL(pooling), enumCodec<Pooling>());
    add("weight_init", T::Text,
        GF_TRANSLATE_NOOP("RunField", "initial weights: timm trunc-normal 0.02; jax xavier, zero head (faster from scratch on small data)"),
        GF_MODEL(weightInit), enumCodec<WeightInit>());
    add("pos.kind", T::Text,
        GF_TRANSLATE_NOOP("RunField", "position embedding: learned (timm's absolute table pos_embed) or rope2d (q and k "
                                      "rotated by patch row and column in every head; no pos_embed)"),
        GF_MODEL(pos.kind), enumCodec<PositionKind>());
    add("pos.rope_theta", T::Number,
        GF_TRANSLATE_NOOP("RunField", "theta of the rotary frequencies theta^(-4i/d_h) under pos.kind=rope2d (> 0; "
                                      "10000 as the CDE reference code)"),
        GF_MODEL(pos.ropeTheta), numberCodec());
    f.back().applies = [](const train::RunConfig &c) { return c.model.rotaryPositions(); };
    add("drop_rate", T::Number, GF_TRANSLATE_NOOP("RunField", "dropout after the position embedding and before the head"),
        GF_MODEL(dropRate), numberCodec());
    add("attn_drop_rate", T::Number, GF_TRANSLATE_NOOP("RunField", "dropout on attention probabilities"), GF_MODEL(attnDropRate),
        numberCodec());
    add("proj_drop_rate", T::Number, GF_TRANSLATE_NOOP("RunField", "dropout after attention proj and in the MLP"), GF_MODEL(projDropRate),
        numberCodec());
    add("drop_path_rate", T::Number, GF_TRANSLATE_NOOP("RunField", "stochastic depth at the last block (linear from 0)"),
        GF_MODEL(dropPathRate), numberCodec());
}

void addGateFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, T type, const char *help, auto access, auto codec, auto applies) {
        f.push_back(makeField(key, G::Gates, type, true, help, access, codec));
        f.back().applies = applies;
    };
    const auto always = [](const train::RunConfig &) { return true; };
    add("gate.kind", T::Text, GF_TRANSLATE_NOOP("RunField", "gate in each gated MLP"), GF_MODEL(gate.kind), enumCodec<GateKind>(), always);
    add("gate.assign", T::Text, GF_TRANSLATE_NOOP("RunField", "code assignment"), GF_MODEL(gate.assign), enumCodec<AssignKind>(), isCde);
    add("gate.target", T::Text, GF_TRANSLATE_NOOP("RunField", "what the gate multiplies"), GF_MODEL(gate.target), enumCodec<GateTarget>(),
        isCde);
    add("gate.codebook_size", T::Integer, GF_TRANSLATE_NOOP("RunField", "codebook size K"), GF_MODEL(gate.codebookSize), integerCodec(),
        hasGate);
    add("gate.top_k", T::Integer, GF_TRANSLATE_NOOP("RunField", "mixture size k of soft top-k (k >= K: full softmax)"),
        GF_MODEL(gate.topK), integerCodec(), softAssignment);
    add("gate.temperature", T::Number, GF_TRANSLATE_NOOP("RunField", "temperature tau of the cosine logits (> 0)"),
        GF_MODEL(gate.temperature), numberCodec(), softAssignment);
    add("gate.strength", T::Number, GF_TRANSLATE_NOOP("RunField", "gate strength lambda in y*(1 + lambda*g)"), GF_MODEL(gate.strength),
        numberCodec(), hasGate);
    add("gate.codebook", T::Text, GF_TRANSLATE_NOOP("RunField", "codebook C across depth"), GF_MODEL(gate.codebookSharing),
        enumCodec<Sharing>(), isCde);
    add("gate.embed", T::Text, GF_TRANSLATE_NOOP("RunField", "gate matrix E across depth"), GF_MODEL(gate.embedSharing),
        enumCodec<Sharing>(), hasGate);
    add("gate.scope", T::Text, GF_TRANSLATE_NOOP("RunField", "assignment per gated block or once per image"), GF_MODEL(gate.scope),
        enumCodec<AssignScope>(), isCde);
    add("gate.blocks", T::IntegerList, GF_TRANSLATE_NOOP("RunField", "gated blocks: all, or a comma-separated list of block indices"),
        GF_MODEL(gate.blocks), blockListCodec(), hasGate);
    add("gate.embed_init", T::Text, GF_TRANSLATE_NOOP("RunField", "initialisation of E"), GF_MODEL(gate.embedInit),
        enumCodec<EmbedInit>(), hasGate);
    add("gate.codebook_init", T::Text, GF_TRANSLATE_NOOP("RunField", "initialisation of C"), GF_MODEL(gate.codebookInit),
        enumCodec<CodebookInit>(), isCde);
}

bool stepStage(const train::RunConfig &c)
{
    return hasBranches(c) && c.model.join.schedule.stage == JoinStage::Step;
}

void addJoinFields(std::vector<Field> &f)
{
    const auto add = [&f](const char *key, G group, T type, const char *help, auto access, auto codec) {
        f.push_back(makeField(key, group, type, true, help, access, codec));
        f.back().applies = hasBranches;
    };
    add("join.branches", G::Folds, T::Integer, GF_TRANSLATE_NOOP("RunField", "parallel branches n per block (1: plain ViT)"),
        GF_MODEL(join.branches), integerCodec());
    f.back().applies = [](const train::RunConfig &) { return true; };
    add("join.variant", G::Folds, T::Text,
        GF_TRANSLATE_NOOP("RunField", "what is joined: logits (the paper's; folds wide), values (logits and values), projections (q, k "
                "and values; folds to a plain ViT)"),
        GF_MODEL(join.variant), enumCodec<JoinVariant>());
    add("join.lambda", G::Folds, T::Number, GF_TRANSLATE_NOOP("RunField", "joining strength lambda in [0, 1] (1: joined)"),
        GF_MODEL(join.strength), numberCodec());
    add("join.diversity", G::Folds, T::Number, GF_TRANSLATE_NOOP("RunField", "alpha of the branch diversity regulariser (0: off)"),
        GF_MODEL(join.diversity), numberCodec());
    add("join.schedule", G::Schedules, T::Text, GF_TRANSLATE_NOOP("RunField", "lambda(t) over the warm-up"), GF_MODEL(join.schedule.kind),
        enumCodec<JoinScheduleKind>());
    add("join.warmup_steps", G::Schedules, T::Integer, GF_TRANSLATE_NOOP("RunField", "steps over which lambda rises from 0 to 1"),
        GF_MODEL(join.schedule.warmupSteps), integer64Codec());
    add("join.adjust_steps", G::Schedules, T::Integer, GF_TRANSLATE_NOOP("RunField", "steps at lambda = 1 after the warm-up"),
        GF_MODEL(join.schedule.adjustSteps), integer64Codec());
    add("join.stage", G::Schedules, T::Text,
        GF_TRANSLATE_NOOP("RunField", "when joining starts: A/B run start, C mid-run, D to finish with the run, step: join.start_step"),
        GF_MODEL(join.schedule.stage), enumCodec<JoinStage>());
    add("join.start_step", G::Schedules, T::Integer, GF_TRANSLATE_NOOP("RunField", "first warm-up step when join.stage = step"),
        GF_MODEL(join.schedule.startStep), integer64Codec());
    f.back().applies = stepStage;
    add("join.deployed", G::Folds, T::Boolean, GF_TRANSLATE_NOOP("RunField", "folded deploy form (written by fold)"),
        GF_MODEL(join.deployed), booleanCodec());
    add("join.absorb_norms", G::Folds, T::Boolean, GF_TRANSLATE_NOOP("RunField", "deploy form: LayerNorm affines absorbed into the next "
                                                           "linears"),
        GF_MODEL(join.absorbNorms), booleanCodec());
}

} // namespace

void addModelFields(std::vector<Field> &rows)
{
    addShapeFields(rows);
    addGateFields(rows);
    addJoinFields(rows);
}

} // namespace gatefold::config
