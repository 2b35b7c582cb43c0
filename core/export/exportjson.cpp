#include "exportjson.h"

#include "onnxexport.h"

#include <QJsonArray>

namespace gatefold::exporting {

QJsonObject configJson(const ExportResult &r, const model::ViTConfig &c, const FlatVit &flat, bool gated,
                       double gateStrength, double temperature, const data::Normalization &norm)
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
    if (gated)
        o.insert("gate", QJsonObject{{"kind", c.gate.kind == model::GateKind::Cde ? "cde" : "deep_embed"},
                                     {"strength", gateStrength},
                                     {"temperature", temperature}});
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
