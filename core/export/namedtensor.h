#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::exporting {

// One float32 tensor of an exported model, by timm's name, row-major.
struct NamedTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> data;

    std::int64_t numel() const
    {
        std::int64_t n = 1;
        for (auto s : shape)
            n *= s;
        return n;
    }
};

// The MLP gate (core/model/README.md, CDE "The gate"), as the writers need it: how α is formed and
// the schedule values (λ, τ) at the exported checkpoint, fixed from then on.
struct FlatGate {
    enum class Kind { None, Cde, DeepEmbed };
    enum class Assign {
        TopK,   // softmax over the k largest cosine logits (k < K)
        Dense,  // softmax over all K (k >= K)
        HardVq, // one-hot arg-max
    };
    Kind kind = Kind::None;
    Assign assign = Assign::TopK;
    int topK = 1;
    bool expand = false;       // multiplies GELU(fc1(z)) (d_ff, "4x") instead of fc2's output (d, "1x")
    double strength = 1.0;     // λ of ỹ = y ⊙ (1 + λ g)
    double temperature = 1.0;  // τ of s = τ · cos(z, C)
};

// 2-D rotary position embeddings of q and k (core/model/rotaryembedding.h): every `chunk` channels
// of a head (the original head width; a wide fold's heads hold several chunks) rotated by the token's
// patch column (first half) and row (second half); the class token unrotated. Off: no `pos_embed`
// is missing, the model adds its learned table instead.
struct FlatRotary {
    bool on = false;
    double theta = 10000.0;
    int chunk = 0;
};

// A single-branch ViT as plain numbers: what the TorchScript and ONNX writers
// build their graphs from. `tensors` holds timm's names (and the gate's:
// `cde.codebook`, `blocks.i.mlp.gate.embed`, `blocks.i.mlp.deep_embed`, …);
// a LayerNorm whose affine was absorbed has no weight/bias entry (hasTensor says).
struct FlatVit {
    int imageSize = 0;
    int patchSize = 0;
    int inChannels = 0;
    int embedDim = 0;
    int numHeads = 0;
    int numClasses = 0;
    bool classToken = true;  // class-token pooling with `norm`; else mean pooling with `fc_norm`
    struct BlockShape {
        int qkDim = 0;  // q and k width over all heads
        int vDim = 0;   // v width over all heads
        bool gated = false;
        // CDE: the codebook C (K, d) whose cosine logits this block computes
        // from its LN2 output z; empty when it reuses the assignment of the
        // first gated block (assignment once per image).
        std::string codebook;
        // CDE: the gate matrix E (K, d_g); DeepEmbed: the table (N, d_g).
        std::string embed;
    };
    FlatGate gate;
    FlatRotary rotary;
    std::vector<BlockShape> blocks;
    std::vector<NamedTensor> tensors;

    const NamedTensor *find(const std::string &name) const
    {
        for (const auto &t : tensors)
            if (t.name == name)
                return &t;
        return nullptr;
    }
    bool hasTensor(const std::string &name) const { return find(name) != nullptr; }
};

} // namespace gatefold::exporting
