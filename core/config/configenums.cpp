#include "configenums.h"

namespace gatefold::config {

std::string joinChoices(const std::vector<std::string> &choices)
{
    std::string out;
    for (const std::string &choice : choices)
        out += (out.empty() ? "" : ", ") + choice;
    return out;
}

model::ConfigProblem unknownChoice(const std::string &text, const std::vector<std::string> &choices)
{
    return model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "unknown value '%1'; use one of: %2"),
                              {text, joinChoices(choices)});
}

#define GF_ENUM_TABLE(E, ...)                                 \
    template<>                                               \
    const EnumTable<E> &enumTable<E>()                       \
    {                                                        \
        static const EnumTable<E> table = {__VA_ARGS__};     \
        return table;                                        \
    }

using namespace model;
GF_ENUM_TABLE(Pooling, {Pooling::ClassToken, "token"}, {Pooling::Average, "avg"})
GF_ENUM_TABLE(GateKind, {GateKind::None, "none"}, {GateKind::Cde, "cde"}, {GateKind::DeepEmbed, "deep-embed"})
GF_ENUM_TABLE(AssignKind, {AssignKind::SoftTopK, "soft-topk"}, {AssignKind::HardVq, "vq"})
GF_ENUM_TABLE(GateTarget, {GateTarget::Width, "width"}, {GateTarget::Expand, "expand"})
GF_ENUM_TABLE(Sharing, {Sharing::Shared, "shared"}, {Sharing::PerLayer, "per-layer"})
GF_ENUM_TABLE(AssignScope, {AssignScope::PerLayer, "per-layer"}, {AssignScope::Once, "once"})
GF_ENUM_TABLE(EmbedInit, {EmbedInit::Zeros, "zeros"}, {EmbedInit::Normal, "normal"})
GF_ENUM_TABLE(CodebookInit, {CodebookInit::Random, "random"}, {CodebookInit::KMeans, "kmeans"})
GF_ENUM_TABLE(WeightInit, {WeightInit::Timm, "timm"}, {WeightInit::Jax, "jax"})
GF_ENUM_TABLE(PositionKind, {PositionKind::Learned, "learned"}, {PositionKind::Rope2d, "rope2d"})
GF_ENUM_TABLE(JoinVariant, {JoinVariant::Logits, "logits"}, {JoinVariant::Values, "values"},
              {JoinVariant::Projections, "projections"})
GF_ENUM_TABLE(JoinScheduleKind, {JoinScheduleKind::None, "none"}, {JoinScheduleKind::Instant, "instant"},
              {JoinScheduleKind::Linear, "linear"}, {JoinScheduleKind::Cosine, "cosine"},
              {JoinScheduleKind::Exponential, "exp"}, {JoinScheduleKind::SquareRoot, "sqrt"})
GF_ENUM_TABLE(JoinStage, {JoinStage::A, "A"}, {JoinStage::B, "B"}, {JoinStage::C, "C"}, {JoinStage::D, "D"},
              {JoinStage::Step, "step"})
GF_ENUM_TABLE(train::TauSchedule, {train::TauSchedule::None, "none"}, {train::TauSchedule::Linear, "linear"},
              {train::TauSchedule::Geometric, "geometric"})
GF_ENUM_TABLE(train::DeviceChoice, {train::DeviceChoice::Auto, "auto"}, {train::DeviceChoice::Cpu, "cpu"},
              {train::DeviceChoice::Cuda, "cuda"})
GF_ENUM_TABLE(train::Precision, {train::Precision::Fp32, "fp32"}, {train::Precision::Bf16, "bf16"})
GF_ENUM_TABLE(train::DistBackend, {train::DistBackend::Auto, "auto"}, {train::DistBackend::Gloo, "gloo"},
              {train::DistBackend::Nccl, "nccl"})

#undef GF_ENUM_TABLE

const std::vector<std::string> &dataSetNames()
{
    static const std::vector<std::string> names = {"builtin", "cifar10", "cifar100", "mnist", "fashion-mnist",
                                                   "folder"};
    return names;
}

} // namespace gatefold::config

namespace gatefold::model {
std::string toString(Pooling v) { return config::enumName(v); }
std::string toString(GateKind v) { return config::enumName(v); }
std::string toString(AssignKind v) { return config::enumName(v); }
std::string toString(GateTarget v) { return config::enumName(v); }
std::string toString(Sharing v) { return config::enumName(v); }
std::string toString(AssignScope v) { return config::enumName(v); }
std::string toString(EmbedInit v) { return config::enumName(v); }
std::string toString(CodebookInit v) { return config::enumName(v); }
std::string toString(WeightInit v) { return config::enumName(v); }
std::string toString(PositionKind v) { return config::enumName(v); }
std::string toString(JoinVariant v) { return config::enumName(v); }
std::string toString(JoinScheduleKind v) { return config::enumName(v); }
std::string toString(JoinStage v) { return config::enumName(v); }
} // namespace gatefold::model

namespace gatefold::train {
std::string toString(TauSchedule v) { return config::enumName(v); }
std::string toString(DeviceChoice v) { return config::enumName(v); }
std::string toString(DistBackend v) { return config::enumName(v); }
std::string toString(Precision v) { return config::enumName(v); }
} // namespace gatefold::train
