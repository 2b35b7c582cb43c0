#include "plausibility.h"

#include "fieldtable.h"

#include <cmath>

namespace gatefold::config {
namespace {

using train::RunConfig;

std::vector<PlausibilityRule> makeRules()
{
    std::vector<PlausibilityRule> r;
    const auto add = [&r](const char *key, const char *text, std::function<bool(const RunConfig &)> when) {
        r.push_back({key, text, std::move(when), {}});
    };
    add("train.epochs",
        GF_TRANSLATE_NOOP("ConfigProblem", "%1 epochs is unusually many: ViTs train for 100 to 300 epochs on "
                                           "ImageNet and up to about 600 on small sets from scratch"),
        [](const RunConfig &c) { return c.train.epochs > 1000; });
    add("train.batch_size",
        GF_TRANSLATE_NOOP("ConfigProblem", "a batch of %1 images is unusually large (usual: 64 to 4096); large "
                                           "batches need a larger learning rate and a longer warm-up"),
        [](const RunConfig &c) { return c.train.batchSize > 4096; });
    add("optim.lr",
        GF_TRANSLATE_NOOP("ConfigProblem", "a peak learning rate of %1 is far above AdamW's usual range for "
                                           "ViTs (1e-4 to 5e-3); above 0.1 training usually diverges"),
        [](const RunConfig &c) { return c.train.optim.lr > 0.1; });
    add("drop_path_rate",
        GF_TRANSLATE_NOOP("ConfigProblem", "stochastic depth of %1 drops most of the last blocks' updates "
                                           "(usual: 0 to 0.3; DeiT-B uses 0.1)"),
        [](const RunConfig &c) { return c.model.dropPathRate > 0.5; });
    add("gate.codebook_size",
        GF_TRANSLATE_NOOP("ConfigProblem", "a codebook of %1 codes is far larger than the CDE paper's (K = 256 "
                                           "or 512): most codes would stay dead and the assignment costs N x K x d "
                                           "per block"),
        [](const RunConfig &c) { return c.model.gate.codebookSize > 8192; });
    add("join.branches",
        GF_TRANSLATE_NOOP("ConfigProblem", "%1 parallel branches per block is far beyond the joining paper's 2 "
                                           "to 4: every block trains that many attention and MLP branches side by "
                                           "side"),
        [](const RunConfig &c) { return c.model.join.branches > 8; });
    add("join.diversity",
        GF_TRANSLATE_NOOP("ConfigProblem", "a diversity weight of %1 can outweigh the classification loss "
                                           "(the joining paper's: 0.05)"),
        [](const RunConfig &c) { return c.model.join.diversity > 1.0; });
    add("optim.warmup_epochs",
        GF_TRANSLATE_NOOP("ConfigProblem", "the warm-up of %1 epochs lasts the whole run of %2: the learning "
                                           "rate reaches optim.lr only at the last step (usual: 5 to 10 % of the "
                                           "run)"),
        [](const RunConfig &c) { return c.train.epochs > 1 && c.train.optim.warmupEpochs >= c.train.epochs; });
    r.back().moreArgs = [](const RunConfig &c) { return std::vector<std::string>{std::to_string(c.train.epochs)}; };
    add("optim.weight_decay",
        GF_TRANSLATE_NOOP("ConfigProblem", "weight decay %1 is unusually strong for AdamW (usual: 0.01 to 0.3; "
                                           "DeiT uses 0.05)"),
        [](const RunConfig &c) { return c.train.optim.weightDecay > 0.5; });
    add("optim.label_smoothing",
        GF_TRANSLATE_NOOP("ConfigProblem", "label smoothing of %1 leaves the true class little more weight "
                                           "than the others (usual: 0 to 0.2)"),
        [](const RunConfig &c) { return c.train.optim.labelSmoothing > 0.5; });
    return r;
}

} // namespace

const std::vector<PlausibilityRule> &plausibilityRules()
{
    static const std::vector<PlausibilityRule> rules = makeRules();
    return rules;
}

std::vector<model::ConfigProblem> plausibilityWarnings(const train::RunConfig &config)
{
    std::vector<model::ConfigProblem> out;
    for (const PlausibilityRule &rule : plausibilityRules()) {
        if (!fieldApplies(config, rule.key) || !rule.implausible(config))
            continue;
        const Field *field = findField(rule.key);
        std::vector<std::string> args{field ? field->get(config) : std::string()};
        if (rule.moreArgs)
            for (auto &a : rule.moreArgs(config))
                args.push_back(std::move(a));
        out.push_back(model::makeProblem(rule.key, rule.text, std::move(args)));
    }
    return out;
}

} // namespace gatefold::config
