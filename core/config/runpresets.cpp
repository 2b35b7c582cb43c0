#include "runpresets.h"

#include "paperpresets.h"

#include "config/presets.h"

namespace gatefold::train {

RunConfig demoRun()
{
    RunConfig run;
    auto &m = run.model;
    m.imageSize = 32;
    m.patchSize = 4;
    m.numClasses = 10;
    m.embedDim = 96;
    m.depth = 4;
    m.numHeads = 3;
    m.mlpRatio = 2.0;
    m.pooling = model::Pooling::Average;
    m.weightInit = model::WeightInit::Jax;  // learns several times faster from scratch than trunc-normal 0.02
    auto &t = run.train;
    t.data.trainSize = 20000;
    t.data.valSize = 2000;
    t.epochs = 10;  // ~4 min 50 s on 2 cores, ~93 % val top-1 (bench/RESULTS.md)
    t.batchSize = 64;
    t.optim.lr = 1e-3;
    t.optim.warmupEpochs = 0.5;
    t.optim.weightDecay = 0.05;
    t.optim.labelSmoothing = 0.1;
    return run;
}

RunConfig fashionMnistRun()
{
    RunConfig run = demoRun();
    run.model.imageSize = 28;  // Fashion-MNIST's own size: a 7x7 patch grid (the demo's is 8x8)
    run.train.data.name = "fashion-mnist";  // data.path "": the Debian package's folder (config/packageddata.h)
    run.train.data.channels = 3;  // grey repeated as RGB: the demo model's patch embedding takes 3 channels
    run.train.epochs = 1;         // 60 000 images: ~1.5 min on 2 cores (bench/RESULTS.md)
    run.train.optim.warmupEpochs = 0.1;
    return run;
}

const std::vector<RunPreset> &runPresets()
{
    static const std::vector<RunPreset> presets = [] {
        std::vector<RunPreset> out;
        out.push_back({"demo", "small ViT (32/4, d 96, 4 blocks) on the built-in shapes; trains on a laptop CPU in "
                               "minutes", &demoRun});
        out.push_back({"fashion-mnist", "the demo model at 28 px on Fashion-MNIST (Debian package "
                                        "dataset-fashion-mnist), 1 epoch: fine-tune a finished demo run with "
                                        "--init-from RUN (its position embeddings resampled 8x8 -> 7x7), or leave "
                                        "it out to train from scratch",
                       &fashionMnistRun});
        for (auto &p : paperPresets())
            out.push_back(std::move(p));
        return out;
    }();
    return presets;
}

std::optional<RunConfig> runPresetByName(const std::string &name)
{
    for (const auto &p : runPresets())
        if (p.name == name)
            return p.make();
    if (auto m = model::presets::byName(name)) {
        RunConfig run;
        run.model = *m;
        return run;
    }
    return std::nullopt;
}

} // namespace gatefold::train
