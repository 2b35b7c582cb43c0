#include "flatten.h"

#include <torch/torch.h>

namespace gatefold::exporting {
namespace {

// The name `tensor` is registered under in `model`, or "" (a handle no module owns).
std::string nameOf(const model::VisionTransformer &model, const torch::Tensor &tensor)
{
    for (const auto &item : model->named_parameters(true))
        if (item.value().is_same(tensor))
            return item.key();
    return {};
}

FlatGate::Assign assignOf(const model::ViTConfig &c)
{
    if (c.gate.assign == model::AssignKind::HardVq)
        return FlatGate::Assign::HardVq;
    return c.effectiveTopK() >= c.gate.codebookSize ? FlatGate::Assign::Dense : FlatGate::Assign::TopK;
}

} // namespace

NamedTensor namedTensor(const std::string &name, const torch::Tensor &t)
{
    NamedTensor out;
    out.name = name;
    const auto cpu = t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
    out.shape = cpu.sizes().vec();
    out.data.assign(cpu.data_ptr<float>(), cpu.data_ptr<float>() + cpu.numel());
    return out;
}

FlatVit flattenModel(const model::VisionTransformer &model)
{
    const auto &c = model->config();
    FlatVit flat;
    flat.imageSize = c.imageSize;
    flat.patchSize = c.patchSize;
    flat.inChannels = c.inChannels;
    flat.embedDim = c.embedDim;
    flat.numHeads = c.numHeads;
    flat.numClasses = c.numClasses;
    flat.classToken = c.pooling == model::Pooling::ClassToken;
    flat.rotary.on = c.rotaryPositions();
    flat.rotary.theta = c.pos.ropeTheta;
    flat.rotary.chunk = c.rotaryPositions() ? c.headDim() : 0;
    if (c.gate.kind == model::GateKind::Cde) {
        flat.gate.kind = FlatGate::Kind::Cde;
        flat.gate.assign = assignOf(c);
        flat.gate.topK = c.effectiveTopK();
    } else if (c.gate.kind == model::GateKind::DeepEmbed) {
        flat.gate.kind = FlatGate::Kind::DeepEmbed;
    }
    flat.gate.expand = c.gate.target == model::GateTarget::Expand;
    flat.gate.strength = model->gateStrength();
    flat.gate.temperature = model->temperature();
    for (int i = 0; i < c.depth; ++i) {
        FlatVit::BlockShape shape;
        if (!model->blockList().empty()) {
            shape.qkDim = int(model->blockList()[size_t(i)]->attn->qkDim());
            shape.vDim = int(model->blockList()[size_t(i)]->attn->vDim());
        } else {
            shape.qkDim = shape.vDim = c.embedDim;
        }
        shape.gated = c.isGated(i);
        if (shape.gated && c.gate.kind == model::GateKind::Cde) {
            const auto gate = model->gateOfBlock(i);
            if (c.readsMlpInput(i))
                shape.codebook = nameOf(model, gate->codebook());
            shape.embed = nameOf(model, gate->embed());
        } else if (shape.gated) {
            shape.embed = "blocks." + std::to_string(i) + ".mlp.deep_embed";
        }
        flat.blocks.push_back(shape);
    }
    for (const auto &item : model->named_parameters(true))
        flat.tensors.push_back(namedTensor(item.key(), item.value()));
    for (const auto &item : model->named_buffers(true))
        flat.tensors.push_back(namedTensor(item.key(), item.value()));
    return flat;
}

bool isWide(const FlatVit &vit)
{
    for (const auto &b : vit.blocks)
        if (b.qkDim != vit.embedDim || b.vDim != vit.embedDim)
            return true;
    return false;
}

} // namespace gatefold::exporting
