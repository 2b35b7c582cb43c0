#include "exportjson.h"

#include "onnxexport.h"

#include <QJsonArray>

namespace gatefold::exporting {

namespace {

// How a Python user rebuilds the gate from the weights file: the formula, its
// settings at the exported checkpoint and, per gated block, the tensors it reads.
QJsonObject gateJson(const model::ViTConfig &c, const FlatVit &flat)
{
    const FlatGate &g = flat.gate;
    const bool cde = g.kind == FlatGate::Kind::Cde;
    QJsonArray blocks;
    for (size_t i = 0; i < flat.blocks.size(); ++i) {
        const auto &b = flat.blocks[i];
        if (!b.gated)
            continue;
        QJsonObject o{{"block", int(i)}, {cde ? "embed" : "table", QString::fromStdString(b.embed)}};
        if (cde)
            o.insert("codebook", b.codebook.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(b.codebook)));
        blocks.append(o);
    }
    const QString y = g.expand ? QStringLiteral("gelu(fc1(z))") : QStringLiteral("fc2(gelu(fc1(z)))");
    QJsonObject o{{"kind", cde ? "cde" : "deep_embed"},
                  {"target", g.expand ? "expand" : "width"},
                  {"strength", g.strength},
                  {"temperature", g.temperature},
                  {"blocks", blocks}};
    if (!cde) {
        o.insert("formula", y + QStringLiteral(" * table[token]  (table (N, d_g), tokens in input order)"));
        return o;
    }
    const char *assign = g.assign == FlatGate::Assign::HardVq ? "hard_vq"
        : g.assign == FlatGate::Assign::Dense                 ? "softmax"
                                                              : "soft_top_k";
    o.insert("assign", assign);
    o.insert("top_k", g.topK);
    o.insert("codebook_size", c.gate.codebookSize);
    o.insert("scope", c.gate.scope == model::AssignScope::Once ? "once" : "per_layer");
    const QString alpha = g.assign == FlatGate::Assign::HardVq
        ? QStringLiteral("one_hot(argmax(s))")
        : g.assign == FlatGate::Assign::Dense ? QStringLiteral("softmax(s)")
                                              : QStringLiteral("softmax over the top_k largest s, 0 elsewhere");
    const bool once = c.gate.scope == model::AssignScope::Once;
    o.insert("formula", y + QStringLiteral(" * (1 + strength * alpha @ embed); alpha = ") + alpha
                            + QStringLiteral("; s = temperature * normalize(z) @ normalize(codebook).T; z = ")
                            + (once ? QStringLiteral("norm2(x) of the first gated block, whose alpha every gated "
                                                     "block reuses")
                                    : QStringLiteral("norm2(x) of the block")));
    return o;
}

} // namespace

QJsonObject configJson(const ExportResult &r, const model::ViTConfig &c, const FlatVit &flat,
                       const data::Normalization &norm)
{
    const bool token = c.pooling == model::Pooling::ClassToken;
    QJsonObject o{{"architecture", "vit"},
                  {"timm_shaped", r.timmShaped},
                  {"img_size", c.imageSize},
                  {"patch_size", c.patchSize},
                  {"in_chans", c.inChannels},
                  {"num_classes", c.numClasses},
                  {"embed_dim", c.embedDim},
                  {"depth", c.depth},
                  {"num_heads", c.numHeads},
                  {"mlp_ratio", double(c.mlpHidden()) / double(c.embedDim)},
                  {"mlp_hidden_dim", c.mlpHidden()},
                  {"qkv_bias", flat.hasTensor("blocks.0.attn.qkv.bias")},
                  {"class_token", token},
                  {"global_pool", token ? "token" : "avg"},
                  {"fc_norm", !token},
                  {"no_embed_class", false},
                  {"pre_norm", false},
                  {"layer_norm_eps", 1e-6},
                  {"act_layer", "gelu"}};
    // The model's input: RGB (or grey) in [0, 1], resized and centre-cropped to
    // img_size, then (x - mean) / std per channel (timm's pretrained_cfg names).
    QJsonArray mean, stdev;
    for (double m : norm.mean)
        mean.append(m);
    for (double s : norm.std)
        stdev.append(s);
    o.insert("mean", mean);
    o.insert("std", stdev);
    o.insert("pixel_range", QJsonArray{0, 1});
    if (!r.timmShaped) {
        QJsonArray qk, v;
        for (const auto &b : flat.blocks) {
            qk.append(b.qkDim);
            v.append(b.vDim);
        }
        o.insert("attn_qk_dim", qk);
        o.insert("attn_v_dim", v);
    }
    if (flat.gate.kind != FlatGate::Kind::None)
        o.insert("gate", gateJson(c, flat));
    if (flat.rotary.on) {
        // No pos_embed: q and k of every head are rotated instead (core/model/rotaryembedding.h).
        o.insert("pos_embed", "none");
        o.insert("rope", QJsonObject{
                             {"kind", "rope2d"},
                             {"theta", flat.rotary.theta},
                             {"chunk", flat.rotary.chunk},
                             {"prefix_tokens", token ? 1 : 0},
                             {"formula", "q and k of each head (before the scale), every `chunk` channels (one "
                                         "trained head; a wide head holds several) as pairs (x[2j], x[2j+1]), "
                                         "j < chunk/2: rotated to (x0*cos(a) - x1*sin(a), x1*cos(a) + x0*sin(a)), "
                                         "a = col * theta^(-4j/chunk) for j < chunk/4, a = row * "
                                         "theta^(-4(j-chunk/4)/chunk) otherwise; (row, col) the patch's place on "
                                         "the grid, patches row by row after the prefix tokens, which are not "
                                         "rotated"}});
    }
    o.insert("gatefold", QJsonObject{{"run", r.runId},
                                     {"checkpoint", r.checkpoint},
                                     {"step", r.step},
                                     {"fold", r.fold},
                                     {"absorb_norms", r.absorbNorms},
                                     {"join_lambda", r.lambda},
                                     {"branches", r.branches}});
    return o;
}

QJsonObject agreementJson(const LogitAgreement &a)
{
    return QJsonObject{{"max_abs_diff", a.maxAbsDiff}, {"relative", a.relativeError}, {"top1_agreement", a.top1Agreement}};
}

QJsonObject exportResultJson(const ExportResult &r)
{
    QJsonArray files;
    for (const auto &f : r.files) {
        QJsonObject o{{"format", f.format},
                      {"path", f.path},
                      {"sha256", f.sha256},
                      {"artifact", f.artifactId},
                      {"verification", agreementJson(f.agreement)},
                      {"file_vs_folded", agreementJson(f.fileVsFolded)}};
        if (!f.extraFiles.isEmpty())
            o.insert("config", f.extraFiles.first());
        if (f.format == QLatin1String("onnx"))
            o.insert("opset", kOnnxOpset);
        files.append(o);
    }
    return QJsonObject{{"run", r.runId},
                       {"checkpoint", r.checkpoint},
                       {"checkpoint_file", r.checkpointFile},
                       {"step", r.step},
                       {"join_lambda", r.lambda},
                       {"branches", r.branches},
                       {"fold", r.fold},
                       {"absorb_norms", r.absorbNorms},
                       {"timm_shaped", r.timmShaped},
                       {"images", r.images},
                       {"fold_verification", agreementJson(r.foldAgreement)},
                       {"out", r.outDir},
                       {"files", files}};
}

} // namespace gatefold::exporting
