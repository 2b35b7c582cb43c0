#include "distillplan.h"

#include <sstream>

namespace gatefold::train {
namespace {

void need(std::vector<model::ConfigProblem> &out, bool ok, const char *key, const char *text,
          std::vector<std::string> args = {})
{
    if (!ok)
        out.push_back(model::makeProblem(key, text, std::move(args)));
}

bool parseLayer(const std::string &item, int *layer)
{
    if (item.empty() || item.size() > 6 || item.find_first_not_of("0123456789") != std::string::npos)
        return false;
    *layer = std::stoi(item);
    return true;
}

} // namespace

std::vector<int> uniformTeacherLayers(int studentDepth, int teacherDepth)
{
    std::vector<int> layers;
    for (int i = 0; i < studentDepth; ++i)
        layers.push_back(((i + 1) * teacherDepth + studentDepth - 1) / studentDepth - 1);  // ⌈(i+1)·L_t/L_s⌉ − 1
    return layers;
}

std::optional<std::vector<int>> parseTeacherLayers(const std::string &text, int studentDepth,
                                                  model::ConfigProblem *problem)
{
    if (text == "uniform")
        return std::vector<int>{};
    std::vector<int> layers;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        int layer = 0;
        if (!parseLayer(item, &layer)) {
            if (problem)
                *problem = model::makeProblem(
                    "distill.layers",
                    GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is neither uniform nor a list of teacher layers "
                                                       "(0-based, one per student block, e.g. 3,7,11)"),
                    {text});
            return std::nullopt;
        }
        layers.push_back(layer);
    }
    if (int(layers.size()) != studentDepth) {
        if (problem)
            *problem = model::makeProblem(
                "distill.layers",
                GF_TRANSLATE_NOOP("ConfigProblem", "names %1 teacher layer(s) for %2 student block(s); give one "
                                                   "per block or write uniform"),
                {std::to_string(layers.size()), std::to_string(studentDepth)});
        return std::nullopt;
    }
    return layers;
}

std::vector<int> teacherLayers(const DistillConfig &distill, int studentDepth, int teacherDepth)
{
    const auto parsed = parseTeacherLayers(distill.layers, studentDepth);
    if (!parsed)
        return {};
    return parsed->empty() ? uniformTeacherLayers(studentDepth, teacherDepth) : *parsed;
}

void checkDistillSettings(const RunConfig &config, std::vector<model::ConfigProblem> &out)
{
    const DistillConfig &d = config.train.distill;
    need(out, d.attention >= 0, "distill.attention", GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (off) or more"));
    need(out, d.logits >= 0, "distill.logits", GF_TRANSLATE_NOOP("ConfigProblem", "must be 0 (off) or more"));
    need(out, d.temperature > 0 && d.temperature <= 100, "distill.temperature",
         GF_TRANSLATE_NOOP("ConfigProblem", "must lie in (0, 100]"));
    model::ConfigProblem problem;
    if (!parseTeacherLayers(d.layers, config.model.depth, &problem))
        out.push_back(problem);
    if (!d.enabled())
        return;
    need(out, d.attention > 0 || d.logits > 0, "distill.attention",
         GF_TRANSLATE_NOOP("ConfigProblem", "distill.teacher is set but both distill.attention and distill.logits "
                                            "are 0: give one a weight, or clear distill.teacher"));
    need(out, !config.model.join.deployed, "distill.teacher",
         GF_TRANSLATE_NOOP("ConfigProblem", "a deployed (folded) student does not train; distil into the "
                                            "training form (join.deployed = false)"));
}

std::vector<model::ConfigProblem> teacherProblems(const RunConfig &student, const model::ViTConfig &teacher)
{
    std::vector<model::ConfigProblem> out;
    const DistillConfig &d = student.train.distill;
    const model::ViTConfig &s = student.model;
    if (d.attention > 0) {
        need(out, s.numTokens() == teacher.numTokens(), "distill.teacher",
             GF_TRANSLATE_NOOP("ConfigProblem", "the teacher's attention maps have %1 tokens and the student's %2 "
                                                "(img_size / patch_size and the class token must give the same "
                                                "count); choose a teacher of the same token grid"),
             {std::to_string(teacher.numTokens()), std::to_string(s.numTokens())});
        need(out, d.heads != "match" || s.numHeads == teacher.numHeads, "distill.heads",
             GF_TRANSLATE_NOOP("ConfigProblem", "the teacher has %1 heads and the student %2: set distill.heads = "
                                                "mean to compare head-averaged maps"),
             {std::to_string(teacher.numHeads), std::to_string(s.numHeads)});
        if (const auto listed = parseTeacherLayers(d.layers, s.depth); listed)
            for (int layer : *listed)
                need(out, layer < teacher.depth, "distill.layers",
                     GF_TRANSLATE_NOOP("ConfigProblem", "teacher layer %1 is out of range: the teacher has %2 layers "
                                                        "(0 … %3)"),
                     {std::to_string(layer), std::to_string(teacher.depth), std::to_string(teacher.depth - 1)});
    }
    if (d.logits > 0)
        need(out, s.numClasses == teacher.numClasses, "distill.logits",
             GF_TRANSLATE_NOOP("ConfigProblem", "the teacher predicts %1 classes and the student %2: logit "
                                                "distillation needs the same classes (or set distill.logits = 0)"),
             {std::to_string(teacher.numClasses), std::to_string(s.numClasses)});
    return out;
}

} // namespace gatefold::train
