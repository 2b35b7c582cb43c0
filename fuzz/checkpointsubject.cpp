#include "checkpointsubject.h"

#include "train/paramgroups.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <cstdio>
#include <cstdlib>

namespace gatefold::fuzz {

CheckpointSubject makeCheckpointSubject()
{
    CheckpointSubject s;
    s.config = train::demoRun();
    for (const char *kv : {"img_size=8", "patch_size=4", "embed_dim=8", "depth=1", "num_heads=2", "mlp_ratio=2",
                           "gate.kind=cde", "gate.codebook_size=4", "gate.top_k=2", "optim.ema_decay=0.9"}) {
        std::string why;
        if (!config::applyAssignment(s.config, kv, &why)) {
            std::fprintf(stderr, "checkpoint subject: %s: %s\n", kv, why.c_str());
            std::abort();
        }
    }
    std::string why;
    auto built = model::buildModel(s.config.model, &why);
    if (!built) {
        std::fprintf(stderr, "checkpoint subject: %s\n", why.c_str());
        std::abort();
    }
    s.model = *built;
    // The trainer's optimiser (trainerprepare.cpp): decayed and undecayed groups.
    const auto groups = train::splitForWeightDecay(*s.model);
    const auto &o = s.config.train.optim;
    std::vector<torch::optim::OptimizerParamGroup> paramGroups;
    paramGroups.emplace_back(groups.decay, std::make_unique<torch::optim::AdamWOptions>(
                                               torch::optim::AdamWOptions(o.lr).weight_decay(o.weightDecay)));
    paramGroups.emplace_back(groups.noDecay,
                             std::make_unique<torch::optim::AdamWOptions>(torch::optim::AdamWOptions(o.lr).weight_decay(0.0)));
    s.optimizer = std::make_unique<torch::optim::AdamW>(paramGroups, torch::optim::AdamWOptions(o.lr));
    s.ema = train::WeightEma(*s.model, o.emaDecay);
    return s;
}

} // namespace gatefold::fuzz
