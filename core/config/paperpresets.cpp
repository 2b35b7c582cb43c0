#include "paperpresets.h"

#include "fieldtable.h"
#include "runvalidation.h"

#include <stdexcept>

namespace gatefold::train {
namespace {

// demo with `assignments` applied (they are fixed texts: a failure is a bug here).
RunConfig demoWith(const std::vector<std::string> &assignments)
{
    RunConfig c = demoRun();
    for (const auto &a : assignments) {
        std::string why;
        if (!config::applyAssignment(c, a, &why))
            throw std::logic_error("paper preset: " + a + ": " + why);
    }
    return c;
}

void add(std::vector<RunPreset> &out, std::string name, std::string description, std::vector<std::string> assignments)
{
    out.push_back({std::move(name), std::move(description), [assignments] { return demoWith(assignments); }});
}

// A depth-12 demo as `depth / n` blocks of n branches, joined over the run's last steps (stage D).
std::vector<std::string> joined(int blocks, int branches, const std::string &schedule, double diversity)
{
    return {"depth=" + std::to_string(blocks), "join.branches=" + std::to_string(branches), "join.schedule=" + schedule,
            "join.diversity=" + std::to_string(diversity), "join.warmup_steps=600", "join.adjust_steps=1500",
            "join.stage=D", "num_heads=3"};
}

} // namespace

std::vector<RunPreset> paperPresets()
{
    std::vector<RunPreset> out;
    const std::vector<std::string> cde = {"gate.kind=cde", "gate.codebook_size=512"};
    auto with = [](std::vector<std::string> a, std::vector<std::string> b) {
        a.insert(a.end(), b.begin(), b.end());
        return a;
    };
    add(out, "cde-t2-vit", "CDE Table 2: ViT baseline (demo size)", {});
    add(out, "cde-t2-soft-width", "CDE Table 2: CDE-Soft, width, K 512, top-4",
        with(cde, {"gate.assign=soft-topk", "gate.top_k=4", "gate.target=width"}));
    add(out, "cde-t2-soft-expand", "CDE Table 2: CDE-Soft, expand, K 512, top-4",
        with(cde, {"gate.assign=soft-topk", "gate.top_k=4", "gate.target=expand"}));
    add(out, "cde-t2-vq-width", "CDE Table 2: CDE-VQ, width, K 512", with(cde, {"gate.assign=vq", "gate.target=width"}));
    add(out, "cde-t2-vq-expand", "CDE Table 2: CDE-VQ, expand, K 512", with(cde, {"gate.assign=vq", "gate.target=expand"}));
    add(out, "cde-t2-deepembed", "CDE study baseline: position-indexed DeepEmbed", {"gate.kind=deep-embed"});
    add(out, "cde-t3-soft-k256-top4", "CDE Table 3: Soft, width, shared, K 256, top-4",
        {"gate.kind=cde", "gate.codebook_size=256", "gate.top_k=4"});
    add(out, "cde-t3-soft-k512-top8", "CDE Table 3: Soft, width, shared, K 512, top-8", with(cde, {"gate.top_k=8"}));
    add(out, "cde-t3-soft-expand", "CDE Table 3: Soft, expand, shared, K 512, top-4",
        with(cde, {"gate.top_k=4", "gate.target=expand"}));
    add(out, "cde-t3-vq", "CDE Table 3: VQ, width, shared, K 512", with(cde, {"gate.assign=vq"}));
    add(out, "cde-t3-soft-per-layer", "CDE Table 3: Soft, width, per-layer C and E, K 512, top-4",
        with(cde, {"gate.top_k=4", "gate.codebook=per-layer", "gate.embed=per-layer"}));

    add(out, "join-t1-plain12", "Joining Table 1: 12-block ViT (demo width)", {"depth=12"});
    add(out, "join-t1-r6", "Joining Table 1: 6 blocks x 2 branches, linear + diversity (folds to 6)",
        joined(6, 2, "linear", 0.05));
    add(out, "join-t1-r4", "Joining Table 1: 4 blocks x 3 branches, linear + diversity (folds to 4)",
        joined(4, 3, "linear", 0.05));
    add(out, "join-t1-r3", "Joining Table 1: 3 blocks x 4 branches, linear + diversity (folds to 3)",
        joined(3, 4, "linear", 0.05));
    add(out, "join-t5-none", "Joining Table 5 (6x2): no joining, lambda = 0",
        with(joined(6, 2, "none", 0.0), {"join.lambda=0"}));
    add(out, "join-t5-instant", "Joining Table 5 (6x2): instant joining, lambda = 1", joined(6, 2, "instant", 0.0));
    for (const char *schedule : {"linear", "cosine", "exp", "sqrt"}) {
        add(out, std::string("join-t5-") + schedule + "-div",
            std::string("Joining Table 5 (6x2): ") + schedule + " schedule with diversity", joined(6, 2, schedule, 0.05));
        add(out, std::string("join-t5-") + schedule, std::string("Joining Table 5 (6x2): ") + schedule + " schedule",
            joined(6, 2, schedule, 0.0));
    }
    for (int depth : {6, 4, 3}) {
        const int n = 12 / depth;
        const std::string d = std::to_string(depth);
        add(out, "join-t6-plain" + d, "Joining Table 6: plain " + d + "-block ViT (depth scaling)", {"depth=" + d});
        add(out, "join-t6-parallel" + d, "Joining Table 6: " + d + " blocks x " + std::to_string(n) + " branches, never joined",
            with(joined(depth, n, "none", 0.0), {"join.lambda=0"}));
        add(out, "join-t6-r" + d, "Joining Table 6: " + d + " blocks x " + std::to_string(n) + " branches, joined (folds to " + d + ")",
            joined(depth, n, "linear", 0.05));
    }
    // The D- rows (model setup: attention distillation from a deeper teacher). The teacher is found by
    // its run's name when a D- run is created: train join-distill-teacher12 first.
    add(out, "join-distill-teacher12", "Joining distillation: the 12-layer teacher ViT (demo width); train it "
                                       "first, join-distill-d6-r finds it by this run name", {"depth=12"});
    add(out, "join-distill-6-r", "Joining distillation: ViT-6-R (6 x 2 branches, joined), without a teacher",
        joined(6, 2, "linear", 0.05));
    add(out, "join-distill-d6-r", "Joining distillation: D-ViT-6-R (6 x 2 branches, joined, attention-distilled "
                                  "from the run join-distill-teacher12)",
        with(joined(6, 2, "linear", 0.05), {"distill.teacher=join-distill-teacher12", "distill.attention=1"}));
    return out;
}

} // namespace gatefold::train
