#include "configfields.h"
#include "textvalues.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <utility>

namespace gatefold::model {
namespace {

template<typename E>
struct EnumName {
    E value;
    const char *name;
};

const EnumName<Pooling> kPooling[] = {{Pooling::ClassToken, "token"}, {Pooling::Average, "avg"}};
const EnumName<GateKind> kGateKind[] = {
    {GateKind::None, "none"}, {GateKind::Cde, "cde"}, {GateKind::DeepEmbed, "deep-embed"}};
const EnumName<AssignKind> kAssign[] = {{AssignKind::SoftTopK, "soft-topk"}, {AssignKind::HardVq, "vq"}};
const EnumName<GateTarget> kTarget[] = {{GateTarget::Width, "width"}, {GateTarget::Expand, "expand"}};
const EnumName<Sharing> kSharing[] = {{Sharing::Shared, "shared"}, {Sharing::PerLayer, "per-layer"}};
const EnumName<AssignScope> kScope[] = {{AssignScope::PerLayer, "per-layer"}, {AssignScope::Once, "once"}};
const EnumName<EmbedInit> kEmbedInit[] = {{EmbedInit::Zeros, "zeros"}, {EmbedInit::Normal, "normal"}};
const EnumName<WeightInit> kWeightInit[] = {{WeightInit::Timm, "timm"}, {WeightInit::Jax, "jax"}};
const EnumName<CodebookInit> kCodebookInit[] = {{CodebookInit::Random, "random"},
                                                {CodebookInit::KMeans, "kmeans"}};

const EnumName<JoinVariant> kJoinVariant[] = {
    {JoinVariant::Logits, "logits"}, {JoinVariant::Values, "values"}, {JoinVariant::Projections, "projections"}};
const EnumName<JoinScheduleKind> kJoinSchedule[] = {
    {JoinScheduleKind::None, "none"},     {JoinScheduleKind::Instant, "instant"},
    {JoinScheduleKind::Linear, "linear"}, {JoinScheduleKind::Cosine, "cosine"},
    {JoinScheduleKind::Exponential, "exp"}, {JoinScheduleKind::SquareRoot, "sqrt"}};
const EnumName<JoinStage> kJoinStage[] = {{JoinStage::A, "A"}, {JoinStage::B, "B"}, {JoinStage::C, "C"},
                                          {JoinStage::D, "D"}, {JoinStage::Step, "step"}};

template<typename E, size_t N>
std::string nameOf(const EnumName<E> (&table)[N], E value)
{
    for (const auto &entry : table)
        if (entry.value == value)
            return entry.name;
    return "?";
}

template<typename E, size_t N>
std::string choices(const EnumName<E> (&table)[N])
{
    std::string out;
    for (size_t i = 0; i < N; ++i)
        out += (i ? ", " : "") + std::string(table[i].name);
    return out;
}

template<typename E, size_t N>
bool parseEnum(const EnumName<E> (&table)[N], const std::string &text, E *out, ConfigProblem *problem)
{
    for (const auto &entry : table) {
        if (text == entry.name) {
            *out = entry.value;
            return true;
        }
    }
    if (problem)
        *problem = makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "unknown value '%1'; use one of: %2"),
                               {text, choices(table)});
    return false;
}

// "all" or a comma-separated list of block indices.
bool parseBlockList(const std::string &text, std::vector<int> *out, ConfigProblem *problem)
{
    std::vector<int> blocks;
    if (text != "all" && !text.empty()) {
        std::vector<std::string> items(1);
        for (char ch : text) {
            if (ch == ',')
                items.emplace_back();
            else
                items.back() += ch;
        }
        for (const std::string &item : items) {
            int v = 0;
            if (!parseInt(item, &v, nullptr)) {
                if (problem)
                    *problem = makeProblem({},
                                           GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not 'all' or a comma-separated "
                                                                              "list of block indices"),
                                           {text});
                return false;
            }
            blocks.push_back(v);
        }
    }
    *out = std::move(blocks);
    return true;
}

std::string formatBlocks(const std::vector<int> &blocks)
{
    if (blocks.empty())
        return "all";
    std::string out;
    for (size_t i = 0; i < blocks.size(); ++i)
        out += (i ? "," : "") + std::to_string(blocks[i]);
    return out;
}

ConfigField intField(std::string key, std::string help, int ViTConfig::*member)
{
    return {std::move(key), std::move(help),
            [member](const ViTConfig &c) { return std::to_string(c.*member); },
            [member](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                return parseInt(t, &(c.*member), e);
            }};
}

ConfigField doubleField(std::string key, std::string help, double ViTConfig::*member)
{
    return {std::move(key), std::move(help),
            [member](const ViTConfig &c) { return formatDouble(c.*member); },
            [member](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                return parseDouble(t, &(c.*member), e);
            }};
}

ConfigField gateIntField(std::string key, std::string help, int GateConfig::*member)
{
    return {std::move(key), std::move(help),
            [member](const ViTConfig &c) { return std::to_string(c.gate.*member); },
            [member](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                return parseInt(t, &(c.gate.*member), e);
            }};
}

ConfigField gateDoubleField(std::string key, std::string help, double GateConfig::*member)
{
    return {std::move(key), std::move(help),
            [member](const ViTConfig &c) { return formatDouble(c.gate.*member); },
            [member](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                return parseDouble(t, &(c.gate.*member), e);
            }};
}

template<typename E, size_t N>
ConfigField gateEnumField(std::string key, std::string help, E GateConfig::*member,
                          const EnumName<E> (&table)[N])
{
    help += " (" + choices(table) + ")";
    return {std::move(key), std::move(help),
            [member, &table](const ViTConfig &c) { return nameOf(table, c.gate.*member); },
            [member, &table](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                return parseEnum(table, t, &(c.gate.*member), e);
            }};
}

// A member of a nested config (c.*outer).*inner, read and written as text.
template<typename Outer, typename T>
ConfigField nestedField(std::string key, std::string help, Outer ViTConfig::*outer, T Outer::*inner,
                        std::function<std::string(const T &)> format,
                        std::function<bool(const std::string &, T *, ConfigProblem *)> parse)
{
    return {std::move(key), std::move(help),
            [outer, inner, format](const ViTConfig &c) { return format(c.*outer.*inner); },
            [outer, inner, parse](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                return parse(t, &(c.*outer.*inner), e);
            }};
}

template<typename E, size_t N>
std::function<std::string(const E &)> enumFormat(const EnumName<E> (&table)[N])
{
    return [&table](const E &v) { return nameOf(table, v); };
}

template<typename E, size_t N>
std::function<bool(const std::string &, E *, ConfigProblem *)> enumParse(const EnumName<E> (&table)[N])
{
    return [&table](const std::string &t, E *v, ConfigProblem *e) { return parseEnum(table, t, v, e); };
}

void addJoinFields(std::vector<ConfigField> &f)
{
    const auto fmtInt = [](const int &v) { return std::to_string(v); };
    const auto fmtInt64 = [](const std::int64_t &v) { return std::to_string(v); };
    const auto fmtDouble = [](const double &v) { return formatDouble(v); };
    const auto fmtBool = [](const bool &v) { return std::string(v ? "true" : "false"); };
    f.push_back(nestedField<JoinConfig, int>("join.branches", "parallel branches n per block (1: plain ViT)",
                                             &ViTConfig::join, &JoinConfig::branches, fmtInt, parseInt));
    f.push_back(nestedField<JoinConfig, JoinVariant>(
        "join.variant", "what is joined (" + choices(kJoinVariant) + "): logits (the paper's; folds wide), values "
                        "(logits and values), projections (q, k and values; folds to a plain ViT)",
        &ViTConfig::join, &JoinConfig::variant, enumFormat(kJoinVariant), enumParse(kJoinVariant)));
    f.push_back(nestedField<JoinConfig, double>("join.lambda", "joining strength lambda in [0, 1] (1: joined)",
                                                &ViTConfig::join, &JoinConfig::strength, fmtDouble, parseDouble));
    f.push_back(nestedField<JoinConfig, double>("join.diversity",
                                                "alpha of the branch diversity regulariser (0: off)",
                                                &ViTConfig::join, &JoinConfig::diversity, fmtDouble, parseDouble));
    f.push_back({"join.schedule", "lambda(t) over the warm-up (" + choices(kJoinSchedule) + ")",
                 [](const ViTConfig &c) { return nameOf(kJoinSchedule, c.join.schedule.kind); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseEnum(kJoinSchedule, t, &c.join.schedule.kind, e);
                 }});
    f.push_back({"join.warmup_steps", "steps over which lambda rises from 0 to 1",
                 [fmtInt64](const ViTConfig &c) { return fmtInt64(c.join.schedule.warmupSteps); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseInt64(t, &c.join.schedule.warmupSteps, e);
                 }});
    f.push_back({"join.adjust_steps", "steps at lambda = 1 after the warm-up",
                 [fmtInt64](const ViTConfig &c) { return fmtInt64(c.join.schedule.adjustSteps); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseInt64(t, &c.join.schedule.adjustSteps, e);
                 }});
    f.push_back({"join.stage", "when joining starts (" + choices(kJoinStage)
                                   + "): A/B run start, C mid-run, D to finish with the run, step: join.start_step",
                 [](const ViTConfig &c) { return nameOf(kJoinStage, c.join.schedule.stage); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseEnum(kJoinStage, t, &c.join.schedule.stage, e);
                 }});
    f.push_back({"join.start_step", "first warm-up step when join.stage = step",
                 [fmtInt64](const ViTConfig &c) { return fmtInt64(c.join.schedule.startStep); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseInt64(t, &c.join.schedule.startStep, e);
                 }});
    f.push_back(nestedField<JoinConfig, bool>("join.deployed", "folded deploy form (written by fold)",
                                              &ViTConfig::join, &JoinConfig::deployed, fmtBool, parseBool));
    f.push_back(nestedField<JoinConfig, bool>("join.absorb_norms",
                                              "deploy form: LayerNorm affines absorbed into the next linears",
                                              &ViTConfig::join, &JoinConfig::absorbNorms, fmtBool, parseBool));
}

std::vector<ConfigField> makeFields()
{
    std::vector<ConfigField> f;
    f.push_back(intField("img_size", "input image side in pixels", &ViTConfig::imageSize));
    f.push_back(intField("patch_size", "patch side in pixels; must divide img_size", &ViTConfig::patchSize));
    f.push_back(intField("in_chans", "input channels (3 for RGB, 1 for grey)", &ViTConfig::inChannels));
    f.push_back(intField("num_classes", "classifier outputs", &ViTConfig::numClasses));
    f.push_back(intField("embed_dim", "token width d", &ViTConfig::embedDim));
    f.push_back(intField("depth", "number of blocks L", &ViTConfig::depth));
    f.push_back(intField("num_heads", "attention heads H; must divide embed_dim", &ViTConfig::numHeads));
    f.push_back(doubleField("mlp_ratio", "MLP hidden width d_ff / d", &ViTConfig::mlpRatio));
    f.push_back({"qkv_bias", "bias on the q, k, v projections (true, false)",
                 [](const ViTConfig &c) { return std::string(c.qkvBias ? "true" : "false"); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) { return parseBool(t, &c.qkvBias, e); }});
    f.push_back({"global_pool", "pooling for the head (" + choices(kPooling) + ")",
                 [](const ViTConfig &c) { return nameOf(kPooling, c.pooling); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseEnum(kPooling, t, &c.pooling, e);
                 }});
    f.push_back({"weight_init", "initial weights (" + choices(kWeightInit) + "): timm trunc-normal 0.02; jax xavier, "
                 "zero head (faster from scratch on small data)",
                 [](const ViTConfig &c) { return nameOf(kWeightInit, c.weightInit); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseEnum(kWeightInit, t, &c.weightInit, e);
                 }});
    f.push_back(doubleField("drop_rate", "dropout after the position embedding and before the head",
                            &ViTConfig::dropRate));
    f.push_back(doubleField("attn_drop_rate", "dropout on attention probabilities", &ViTConfig::attnDropRate));
    f.push_back(doubleField("proj_drop_rate", "dropout after attention proj and in the MLP",
                            &ViTConfig::projDropRate));
    f.push_back(doubleField("drop_path_rate", "stochastic depth at the last block (linear from 0)",
                            &ViTConfig::dropPathRate));
    f.push_back(gateEnumField("gate.kind", "gate in each gated MLP", &GateConfig::kind, kGateKind));
    f.push_back(gateEnumField("gate.assign", "code assignment", &GateConfig::assign, kAssign));
    f.push_back(gateEnumField("gate.target", "what the gate multiplies", &GateConfig::target, kTarget));
    f.push_back(gateIntField("gate.codebook_size", "codebook size K", &GateConfig::codebookSize));
    f.push_back(gateIntField("gate.top_k", "mixture size k of soft top-k (k >= K: full softmax)",
                             &GateConfig::topK));
    f.push_back(gateDoubleField("gate.temperature", "temperature tau of the cosine logits (> 0)",
                                &GateConfig::temperature));
    f.push_back(gateDoubleField("gate.strength", "gate strength lambda in y*(1 + lambda*g)",
                                &GateConfig::strength));
    f.push_back(gateEnumField("gate.codebook", "codebook C across depth", &GateConfig::codebookSharing, kSharing));
    f.push_back(gateEnumField("gate.embed", "gate matrix E across depth", &GateConfig::embedSharing, kSharing));
    f.push_back(gateEnumField("gate.scope", "assignment per gated block or once per image", &GateConfig::scope,
                              kScope));
    f.push_back({"gate.blocks", "gated blocks: all, or a comma-separated list of block indices",
                 [](const ViTConfig &c) { return formatBlocks(c.gate.blocks); },
                 [](ViTConfig &c, const std::string &t, ConfigProblem *e) {
                     return parseBlockList(t, &c.gate.blocks, e);
                 }});
    f.push_back(gateEnumField("gate.embed_init", "initialisation of E", &GateConfig::embedInit, kEmbedInit));
    f.push_back(gateEnumField("gate.codebook_init", "initialisation of C", &GateConfig::codebookInit,
                              kCodebookInit));
    addJoinFields(f);
    return f;
}

} // namespace

const std::vector<ConfigField> &configFields()
{
    static const std::vector<ConfigField> fields = makeFields();
    return fields;
}

const ConfigField *findConfigField(const std::string &key)
{
    for (const auto &field : configFields())
        if (field.key == key)
            return &field;
    return nullptr;
}

bool setConfigValue(ViTConfig &config, const std::string &key, const std::string &value, std::string *error)
{
    const ConfigField *field = findConfigField(key);
    if (!field) {
        if (error)
            *error = "unknown setting '" + key + "'; `gatefold-cli config --keys` lists them";
        return false;
    }
    ConfigProblem why;
    if (!field->set(config, value, &why)) {
        if (error)
            *error = key + ": " + why.message;
        return false;
    }
    return true;
}

bool applyAssignment(ViTConfig &config, const std::string &assignment, std::string *error)
{
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
        if (error)
            *error = "'" + assignment + "' is not of the form key=value";
        return false;
    }
    return setConfigValue(config, assignment.substr(0, eq), assignment.substr(eq + 1), error);
}

std::optional<std::string> configValue(const ViTConfig &config, const std::string &key)
{
    if (const ConfigField *field = findConfigField(key))
        return field->get(config);
    return std::nullopt;
}

std::string toString(Pooling v) { return nameOf(kPooling, v); }
std::string toString(GateKind v) { return nameOf(kGateKind, v); }
std::string toString(AssignKind v) { return nameOf(kAssign, v); }
std::string toString(GateTarget v) { return nameOf(kTarget, v); }
std::string toString(Sharing v) { return nameOf(kSharing, v); }
std::string toString(AssignScope v) { return nameOf(kScope, v); }
std::string toString(EmbedInit v) { return nameOf(kEmbedInit, v); }
std::string toString(CodebookInit v) { return nameOf(kCodebookInit, v); }
std::string toString(WeightInit v) { return nameOf(kWeightInit, v); }
std::string toString(JoinVariant v) { return nameOf(kJoinVariant, v); }
std::string toString(JoinScheduleKind v) { return nameOf(kJoinSchedule, v); }
std::string toString(JoinStage v) { return nameOf(kJoinStage, v); }

} // namespace gatefold::model
