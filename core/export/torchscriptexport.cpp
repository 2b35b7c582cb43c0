#include "torchscriptexport.h"

#include "rotarytables.h"

#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/serialization/import.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace gatefold::exporting {
namespace {

std::string attr(const std::string &name)
{
    std::string out = name;
    for (char &c : out)
        if (c == '.')
            c = '_';
    return "self." + out;
}

std::string literal(double v)
{
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s.precision(17);
    s << v;
    std::string text = s.str();
    if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
    return text;
}

// "torch.layer_norm(x, [d], w, b, 1e-06)" with None where the affine was absorbed.
std::string layerNorm(const FlatVit &vit, const std::string &input, const std::string &prefix)
{
    const bool w = vit.hasTensor(prefix + ".weight"), b = vit.hasTensor(prefix + ".bias");
    return "torch.layer_norm(" + input + ", [" + std::to_string(vit.embedDim) + "], "
        + (w ? attr(prefix + ".weight") : std::string("None")) + ", " + (b ? attr(prefix + ".bias") : std::string("None"))
        + ", 1e-06)";
}

std::string linear(const FlatVit &vit, const std::string &input, const std::string &prefix)
{
    const bool b = vit.hasTensor(prefix + ".bias");
    return "torch.linear(" + input + ", " + attr(prefix + ".weight") + ", "
        + (b ? attr(prefix + ".bias") : std::string("None")) + ")";
}

// Rows of `t` scaled to unit length as the model's normalizeLastDim does (eps 1e-12).
std::string unitRows(const std::string &t)
{
    return t + " / " + t + ".norm(2.0, [-1], True).clamp_min(1e-12)";
}

// The CDE assignment (core/model/README.md, CDE "The gate" step 2) from `z`: for top-k the weights
// gw and indices gi (B, N, k); for the dense softmax gw (B, N, K); for hard
// VQ the indices gi (B, N).
void assignment(std::ostringstream &s, const FlatVit &vit, const std::string &z, const std::string &codebook)
{
    s << "    zn = " << unitRows(z) << "\n";
    s << "    cn = " << unitRows(attr(codebook)) << "\n";
    s << "    logits = torch.matmul(zn, (cn * " << literal(vit.gate.temperature) << ").t())\n";
    switch (vit.gate.assign) {
    case FlatGate::Assign::TopK:
        s << "    top = torch.topk(logits, " << vit.gate.topK << ", -1)\n";
        s << "    gw = torch.softmax(top[0], -1)\n";
        s << "    gi = top[1]\n";
        break;
    case FlatGate::Assign::Dense:
        s << "    gw = torch.softmax(logits, -1)\n";
        break;
    case FlatGate::Assign::HardVq:
        s << "    gi = torch.argmax(logits, -1)\n";
        break;
    }
}

// g of Eq. 2 from the assignment and E (K, d_g): a gather of the chosen rows.
std::string mixed(const FlatVit &vit, const std::string &embed)
{
    switch (vit.gate.assign) {
    case FlatGate::Assign::TopK:
        return "torch.matmul(gw.unsqueeze(-2), torch.embedding(" + attr(embed) + ", gi)).squeeze(-2)";
    case FlatGate::Assign::Dense:
        return "torch.matmul(gw, " + attr(embed) + ")";
    case FlatGate::Assign::HardVq:
        break;
    }
    return "torch.embedding(" + attr(embed) + ", gi)";
}

// Eq. 3 on `y` (width: fc2's output; expand: the GELU hidden), or the DeepEmbed table.
std::string gated(const FlatVit &vit, const FlatVit::BlockShape &block, const std::string &y)
{
    if (vit.gate.kind == FlatGate::Kind::DeepEmbed)
        return y + " * " + attr(block.embed);
    return y + " * (1.0 + " + literal(vit.gate.strength) + " * " + mixed(vit, block.embed) + ")";
}

// 2-D RoPE of `t` (b, h, n, w) in place of itself: pairs of channels rotated by the constant
// tables self.rope_cos_<w> and self.rope_sin_<w> (n, w/2).
void rotate(std::ostringstream &s, const std::string &t, int heads, int width)
{
    const std::string cosine = "self.rope_cos_" + std::to_string(width);
    const std::string sine = "self.rope_sin_" + std::to_string(width);
    s << "    p = " << t << ".reshape(b, " << heads << ", n, " << width / 2 << ", 2)\n";
    s << "    " << t << " = torch.stack([p.select(-1, 0) * " << cosine << " - p.select(-1, 1) * " << sine
      << ", p.select(-1, 1) * " << cosine << " + p.select(-1, 0) * " << sine << "], -1).reshape(b, " << heads
      << ", n, " << width << ")\n";
}

// The head widths of a RoPE model's blocks (one table pair each); none without RoPE.
std::vector<int> rotaryWidths(const FlatVit &vit)
{
    std::vector<int> widths;
    if (!vit.rotary.on)
        return widths;
    for (const auto &block : vit.blocks)
        if (std::find(widths.begin(), widths.end(), block.qkDim / vit.numHeads) == widths.end())
            widths.push_back(block.qkDim / vit.numHeads);
    return widths;
}

} // namespace

std::string torchScriptSource(const FlatVit &vit)
{
    const int c = vit.inChannels, p = vit.patchSize, g = vit.imageSize / vit.patchSize, d = vit.embedDim;
    std::ostringstream s;
    s << "def forward(self, images: Tensor) -> Tensor:\n";
    s << "    b = images.size(0)\n";
    s << "    x = images.reshape(b, " << c << ", " << g << ", " << p << ", " << g << ", " << p << ")"
      << ".permute(0, 2, 4, 1, 3, 5).reshape(b, " << g * g << ", " << c * p * p << ")\n";
    s << "    x = torch.linear(x, " << attr("patch_embed.proj.weight") << ".reshape(" << d << ", "
      << c * p * p << "), " << attr("patch_embed.proj.bias") << ")\n";
    if (vit.classToken)
        s << "    x = torch.cat([" << attr("cls_token") << ".expand(b, 1, " << d << "), x], 1)\n";
    if (!vit.rotary.on)
        s << "    x = x + " << attr("pos_embed") << "\n";
    s << "    n = x.size(1)\n";
    for (size_t i = 0; i < vit.blocks.size(); ++i) {
        const std::string pre = "blocks." + std::to_string(i);
        const int qk = vit.blocks[i].qkDim, v = vit.blocks[i].vDim, h = vit.numHeads;
        s << "    h = " << layerNorm(vit, "x", pre + ".norm1") << "\n";
        s << "    qkv = " << linear(vit, "h", pre + ".attn.qkv") << "\n";
        s << "    q = qkv[:, :, 0:" << qk << "].reshape(b, n, " << h << ", " << qk / h << ").transpose(1, 2)\n";
        s << "    k = qkv[:, :, " << qk << ":" << 2 * qk << "].reshape(b, n, " << h << ", " << qk / h
          << ").transpose(1, 2)\n";
        s << "    v = qkv[:, :, " << 2 * qk << ":" << 2 * qk + v << "].reshape(b, n, " << h << ", " << v / h
          << ").transpose(1, 2)\n";
        if (vit.rotary.on) {
            rotate(s, "q", h, qk / h);
            rotate(s, "k", h, qk / h);
        }
        s << "    a = torch.softmax(torch.matmul(q * " << literal(1.0 / std::sqrt(double(qk / h)))
          << ", k.transpose(-2, -1)), -1)\n";
        s << "    o = torch.matmul(a, v).transpose(1, 2).reshape(b, n, " << v << ")\n";
        s << "    x = x + " << linear(vit, "o", pre + ".attn.proj") << "\n";
        const auto &block = vit.blocks[i];
        s << "    h = " << layerNorm(vit, "x", pre + ".norm2") << "\n";
        if (block.gated && !block.codebook.empty())
            assignment(s, vit, "h", block.codebook);
        s << "    h = torch.gelu(" << linear(vit, "h", pre + ".mlp.fc1") << ")\n";
        if (block.gated && vit.gate.expand)
            s << "    h = " << gated(vit, block, "h") << "\n";
        if (block.gated && !vit.gate.expand)
            s << "    x = x + " << gated(vit, block, linear(vit, "h", pre + ".mlp.fc2")) << "\n";
        else
            s << "    x = x + " << linear(vit, "h", pre + ".mlp.fc2") << "\n";
    }
    if (vit.classToken)
        s << "    pooled = " << layerNorm(vit, "x", "norm") << "[:, 0]\n";
    else
        s << "    pooled = " << layerNorm(vit, "x.mean(1)", "fc_norm") << "\n";
    s << "    return " << linear(vit, "pooled", "head") << "\n";
    return s.str();
}

bool saveTorchScript(const FlatVit &vit, const std::string &path, const std::string &configJson, std::string *error)
{
    try {
        torch::jit::Module module("GatefoldViT");
        for (const auto &t : vit.tensors) {
            auto tensor = torch::from_blob(const_cast<float *>(t.data.data()), t.shape, torch::kFloat32).clone();
            module.register_parameter(attr(t.name).substr(5), tensor, false);
        }
        const std::int64_t tokens = flatTokens(vit);
        for (int width : rotaryWidths(vit))
            for (bool sine : {false, true}) {
                auto table = rotaryTable(vit, width, sine, false);
                module.register_parameter((sine ? "rope_sin_" : "rope_cos_") + std::to_string(width),
                                          torch::from_blob(table.data(), {tokens, width / 2}, torch::kFloat32).clone(),
                                          false);
            }
        module.define(torchScriptSource(vit));
        module.eval();
        module.save(path, torch::jit::ExtraFilesMap{{"config.json", configJson}});
        return true;
    } catch (const std::exception &e) {
        if (error)
            *error = e.what();
        return false;
    }
}

} // namespace gatefold::exporting
