#include "foldaccounting.h"

#include "config/configenums.h"
#include "costmodel.h"
#include "fold.h"
#include "visiontransformer.h"

#include <torch/torch.h>

namespace gatefold::model {
namespace {

FoldCost costOf(std::string label, const ViTConfig &config, bool count)
{
    FoldCost row;
    row.label = std::move(label);
    row.config = config;
    const auto formula = closedFormCost(config);
    row.formulaParams = totalParams(formula);
    row.formulaMacs = totalMacs(formula);
    for (const auto &r : formula)
        if (r.component == "attention" || r.component == "mlp")
            row.blockMacs += r.macs;
    if (count) {
        torch::NoGradGuard noGrad;
        VisionTransformer model(config);
        const auto counted = countedCost(model);
        row.countedParams = totalParams(counted);
        row.countedMacs = totalMacs(counted);
    }
    return row;
}

} // namespace

std::vector<FoldCost> foldAccounting(const ViTConfig &config, bool count)
{
    ViTConfig trained = config;
    trained.join.deployed = false;
    trained.join.absorbNorms = false;
    trained.join.strength = 0.0;  // the n full branches it trains with (λ < 1)
    const int n = trained.join.branches;
    std::vector<FoldCost> rows;
    rows.push_back(costOf(n > 1 ? "trained: " + std::to_string(trained.depth) + " blocks x " + std::to_string(n)
                                      + " branches (" + toString(trained.join.variant) + ")"
                                : "trained: plain " + std::to_string(trained.depth) + " layers",
                          trained, count));
    auto folded = [&](JoinVariant variant, bool absorb) {
        ViTConfig c = trained;
        c.join.variant = variant;
        return deployConfig(c, absorb);
    };
    const bool absorb = config.join.absorbNorms;
    const std::string ln = absorb ? ", LN absorbed" : "";
    if (n > 1) {
        rows.push_back(costOf("folded (" + toString(trained.join.variant) + ")" + ln,
                              folded(trained.join.variant, absorb), count));
        if (trained.join.variant != JoinVariant::Logits)
            rows.push_back(costOf("folded wide (logits)" + ln, folded(JoinVariant::Logits, absorb), count));
        if (trained.join.variant != JoinVariant::Projections)
            rows.push_back(costOf("folded plain (projections)" + ln, folded(JoinVariant::Projections, absorb), count));
    } else if (absorb) {
        rows.push_back(costOf("deploy" + ln, folded(trained.join.variant, true), count));
    }
    if (n > 1) {
        ViTConfig shallow = trained;
        shallow.join = JoinConfig{};
        rows.push_back(costOf("plain " + std::to_string(shallow.depth) + " layers", shallow, count));
        ViTConfig deep = shallow;
        deep.depth = trained.depth * n;
        deep.gate.blocks.clear();
        if (!trained.gate.blocks.empty())  // gated block b of the parallel model covers layers b·n … b·n+n−1
            for (int b : trained.gate.blocks)
                for (int j = 0; j < n; ++j)
                    deep.gate.blocks.push_back(b * n + j);
        rows.push_back(costOf("plain " + std::to_string(deep.depth) + " layers (the deep baseline)", deep, count));
    }
    return rows;
}

} // namespace gatefold::model
