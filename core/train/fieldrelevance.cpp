#include "fieldrelevance.h"

#include "data/datasets.h"

namespace gatefold::train {
namespace {

std::vector<std::string> splitList(const std::string &text)
{
    std::vector<std::string> items;
    size_t begin = 0;
    while (begin < text.size()) {
        size_t comma = text.find(", ", begin);
        if (comma == std::string::npos)
            comma = text.size();
        items.push_back(text.substr(begin, comma - begin));
        begin = comma + 2;
    }
    return items;
}

std::string value(const RunConfig &config, const char *key)
{
    const RunField *f = findRunField(key);
    return f ? f->get(config) : std::string();
}

bool startsWith(const std::string &s, const char *prefix)
{
    return s.rfind(prefix, 0) == 0;
}

} // namespace

std::vector<std::string> fieldChoices(const RunField &field)
{
    if (field.key == "data.name")
        return splitList(data::datasetNames());
    if (field.type != FieldType::Text)
        return {};
    // Every choice parser refuses an unknown value with "...; use one of: a, b, c".
    RunConfig probe;
    model::ConfigProblem problem;
    if (field.set(probe, "\x01", &problem))
        return {};
    const std::string marker = "use one of: ";
    const size_t at = problem.message.find(marker);
    return at == std::string::npos ? std::vector<std::string>{}
                                   : splitList(problem.message.substr(at + marker.size()));
}

bool fieldApplies(const RunConfig &c, const std::string &key)
{
    const std::string gate = value(c, "gate.kind");
    const bool cde = gate == "cde";
    if (key == "gate.kind")
        return true;
    if (key == "gate.codebook_size" || key == "gate.blocks" || key == "gate.embed_init" || key == "gate.embed"
        || key == "gate.strength")
        return gate != "none";
    // τ and top-k shape the soft assignment; VQ has neither.
    const bool soft = cde && value(c, "gate.assign") == "soft-topk";
    if (key == "gate.top_k" || key == "gate.temperature" || key == "cde.tau_schedule")
        return soft;
    if (key == "cde.tau_end")
        return soft && value(c, "cde.tau_schedule") != "none";
    if (startsWith(key, "gate.") || startsWith(key, "cde."))
        return cde;
    if (key == "train.kmeans_batches")
        return cde && value(c, "gate.codebook_init") == "kmeans";
    if (key == "join.branches")
        return true;
    if (startsWith(key, "join."))
        return c.model.join.branches > 1 && (key != "join.start_step" || value(c, "join.stage") == "step");

    const std::string data = c.train.data.name;
    if (key == "data.path" || key == "data.crop_pct" || key == "data.bad_images")
        return data != "builtin";
    if (key == "data.train_size" || key == "data.val_size")
        return data == "builtin";
    if (key == "data.seed")
        return data == "builtin" || data == "folder";
    if (key == "data.coarse_labels")
        return data == "cifar100";
    if (key == "data.val_fraction" || key == "data.val_labels" || key == "data.cache_mb")
        return data == "folder";

    const auto &a = c.train.augment;
    if (key == "aug.scale_min")
        return a.randomResizedCrop;
    if (key == "aug.randaugment_magnitude")
        return a.randAugmentOps > 0;
    if (key == "aug.mix_prob")
        return a.mixes();
    if (key == "aug.switch_prob")
        return a.mixup > 0 && a.cutmix > 0;
    return true;
}

} // namespace gatefold::train
