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

// A single-branch, ungated ViT as plain numbers: what the TorchScript and ONNX
// writers build their graphs from. `tensors` holds timm's names; a LayerNorm
// whose affine was absorbed has no weight/bias entry (hasTensor says).
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
    };
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
