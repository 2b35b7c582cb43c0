#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::model {

// How the class logits are pooled from the token sequence (timm's global_pool).
enum class Pooling { ClassToken, Average };

// Which gate sits in a block's MLP (core/model/README.md, CDE).
enum class GateKind {
    None,       // plain ViT MLP
    Cde,        // Continuous Deep Embed: codebook-assigned gate (Eqs. 1-3)
    DeepEmbed,  // baseline: per-layer table indexed by token position
};

// How a token is assigned to codes (core/model/README.md, CDE "The gate" step 2).
enum class AssignKind {
    SoftTopK,  // softmax over the k largest logits; k >= K is the full softmax
    HardVq,    // one-hot argmax forward, straight-through softmax backward
};

// Which activation the gate multiplies (core/model/README.md, CDE "The gate" step 4).
enum class GateTarget {
    Width,   // MLP output, d_g = d (RWKV-8 "1x")
    Expand,  // hidden after fc1 + GELU, d_g = d_ff (RWKV-8 "4x")
};

// Whether a gate parameter (codebook C or gate matrix E) is one tensor for
// the whole depth or one per gated block.
enum class Sharing { Shared, PerLayer };

// Where assignment logits come from.
enum class AssignScope {
    PerLayer,  // each gated block assigns from its own LN2 output
    Once,      // the first gated block assigns; later blocks reuse its α
};

enum class EmbedInit {
    Zeros,   // E = 0: the gated model equals the ungated one at step 0
    Normal,  // E ~ N(0, 0.02²): use with a λ ramp for the identity start
};

enum class CodebookInit {
    Random,  // C ~ N(0, 1/d)
    KMeans,  // spherical k-means of the first batches' LN2 outputs
};

struct GateConfig {
    GateKind kind = GateKind::None;
    AssignKind assign = AssignKind::SoftTopK;
    GateTarget target = GateTarget::Width;
    // K: typical ViT-S sizes are 256 or 512 (core/model/README.md, CDE "Schedules").
    int codebookSize = 256;
    // k: mixture size of soft top-k; ignored (treated as 1) for hard VQ.
    int topK = 4;
    // τ: cosine logits lie in [-τ, τ]. 12 keeps VQ from collapsing early; the
    // trainer anneals it, this is the value the model starts with.
    double temperature = 12.0;
    // λ: gate strength in ỹ = y ⊙ (1 + λ g). The trainer ramps it 0 → 1.
    double strength = 1.0;
    // The reference code shares C across depth and not E; the paper shares both.
    Sharing codebookSharing = Sharing::Shared;
    Sharing embedSharing = Sharing::PerLayer;
    AssignScope scope = AssignScope::PerLayer;
    // Indices of gated blocks; empty means every block.
    std::vector<int> blocks;
    EmbedInit embedInit = EmbedInit::Zeros;
    CodebookInit codebookInit = CodebookInit::Random;
};

// How the n parallel branches of a block are joined (core/model/README.md, joining "Folding at λ = 1").
enum class JoinVariant {
    Logits,       // the paper's: joined attention logits and GELU inputs; folds "wide"
    Values,       // + joined values: folds to wide q·kᵀ heads and plain (d) values
    Projections,  // joined q, k and values: folds to a plain, timm-shaped ViT block
};

// λ(t) over the warm-up period; None (λ = 0) and Instant (λ = 1) are baselines.
enum class JoinScheduleKind { None, Instant, Linear, Cosine, Exponential, SquareRoot };

// When the warm-up starts within a run (the paper's Table 4):
// A: right after pre-training and B: at fine-tune begin — both step 0 of the
// run they are set on; C: half-way through the run; D: at the end, so that
// warm-up and adjustment finish with the run; Step: at `startStep`.
enum class JoinStage { A, B, C, D, Step };

struct JoinScheduleConfig {
    JoinScheduleKind kind = JoinScheduleKind::Linear;  // the paper's text default
    std::int64_t warmupSteps = 10000;   // λ rises 0 → 1
    std::int64_t adjustSteps = 50000;   // then λ = 1
    JoinStage stage = JoinStage::A;
    std::int64_t startStep = 0;         // only for JoinStage::Step
};

// Parallel branches and their joining. branches = 1 is a plain ViT.
struct JoinConfig {
    int branches = 1;                  // n; the model has `depth` blocks of n branches
    JoinVariant variant = JoinVariant::Logits;
    double strength = 0.0;             // λ now; the trainer follows the schedule
    double diversity = 0.05;           // α of the diversity regulariser (0: off)
    JoinScheduleConfig schedule;
    // Deploy form, written by fold(): one branch per block, shaped by the
    // variant; `absorbNorms` moves LayerNorm affines forward into the linears.
    bool deployed = false;
    bool absorbNorms = false;
};

// How weights start (timm's weight_init): Timm trunc-normal(0.02) linears and
// patch embedding; Jax (timm's "jax" mode) xavier-uniform linears, LeCun-normal
// patch embedding, a zero head and N(0, 1e-6²) MLP biases — markedly faster
// from scratch on small data sets.
enum class WeightInit { Timm, Jax };

// How tokens learn where they are (core/model/README.md, "Rotary position embeddings").
enum class PositionKind {
    Learned,  // timm's learned absolute table `pos_embed` (1, N, d), added to the tokens
    Rope2d,   // 2-D rotary embedding of q and k in every head; no `pos_embed`
};

struct PositionConfig {
    PositionKind kind = PositionKind::Learned;
    // θ of the rotary frequencies θ^(-4i/d_h), i < d_h/4 (the CDE reference code's --rope_theta).
    double ropeTheta = 10000.0;
};

// A Vision Transformer and its gates. Defaults are DeiT-Tiny's (ViT-Ti/16).
struct ViTConfig {
    int imageSize = 224;
    int patchSize = 16;
    int inChannels = 3;
    int numClasses = 1000;
    int embedDim = 192;  // d
    int depth = 12;      // L
    int numHeads = 3;    // H; d_h = d / H
    // d_ff = mlpRatio · d, rounded down (timm's int(dim * mlp_ratio)).
    double mlpRatio = 4.0;
    bool qkvBias = true;
    Pooling pooling = Pooling::ClassToken;
    double dropRate = 0.0;       // after position embedding and before the head
    double attnDropRate = 0.0;   // on attention probabilities
    double projDropRate = 0.0;   // after attention proj and in the MLP
    // Stochastic depth; grows linearly from 0 at the first block to this value.
    double dropPathRate = 0.0;
    WeightInit weightInit = WeightInit::Timm;
    PositionConfig pos;
    GateConfig gate;
    JoinConfig join;

    int gridSize() const { return imageSize / patchSize; }
    int numPatches() const { return gridSize() * gridSize(); }
    int numTokens() const { return numPatches() + (pooling == Pooling::ClassToken ? 1 : 0); }
    int headDim() const { return embedDim / numHeads; }
    // A learned `pos_embed` table (absent under 2-D RoPE).
    bool learnedPositions() const { return pos.kind == PositionKind::Learned; }
    bool rotaryPositions() const { return pos.kind == PositionKind::Rope2d; }
    int mlpHidden() const { return static_cast<int>(embedDim * mlpRatio); }
    int gateWidth() const { return gate.target == GateTarget::Expand ? mlpHidden() : embedDim; }
    // The mixture size actually used: 1 for hard VQ, at most K otherwise.
    int effectiveTopK() const;
    bool isGated(int block) const;
    int numGatedBlocks() const;
    int firstGatedBlock() const;
    // Whether block's LN2 output feeds a CDE assignment (then LN2 stays).
    bool readsMlpInput(int block) const;

    // Parallel form: n branches joined per block (training form only).
    bool isParallel() const { return join.branches > 1 && !join.deployed; }
    // Attention widths of one block: per branch in the training form, of the
    // single folded branch in the deploy form (n·d where the fold is wide).
    int attnQkDim() const;
    int attnVDim() const;
    // Whether LayerNorm affines are folded into the following linear maps.
    bool absorbsNorm1() const { return join.deployed && join.absorbNorms; }
    bool absorbsNorm2(int block) const { return absorbsNorm1() && !readsMlpInput(block); }
};

// The config of `trained`'s deploy form: join.deployed, one branch per block
// with the attention widths of its variant (attnQkDim/attnVDim), and LayerNorm
// absorption when asked. A deploy config maps to itself (plus absorption).
ViTConfig deployConfig(const ViTConfig &trained, bool absorbNorms);

// Every setting of the field table (fieldtable.cpp), compared exactly.
bool operator==(const ViTConfig &a, const ViTConfig &b);
inline bool operator!=(const ViTConfig &a, const ViTConfig &b) { return !(a == b); }

} // namespace gatefold::model
