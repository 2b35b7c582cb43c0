#include "distillation.h"

#include "checkpointreader.h"
#include "runschedules.h"
#include "teacherexport.h"

#include "config/distillplan.h"
#include "config/runconfigjson.h"

#include <QFileInfo>

#include <torch/torch.h>

#include <chrono>

namespace gatefold::train {
namespace {

std::optional<RunConfig> checkpointRunConfig(const QString &file, QString *error, const CheckpointTrust &trust)
{
    QByteArray json;
    if (!readCheckpointConfig(file, &json, error, trust))
        return std::nullopt;
    RunConfig config;
    QStringList errors;
    if (!runConfigFromJson(json, &config, &errors)) {
        *error = QStringLiteral("the teacher checkpoint's config is not valid: %1").arg(errors.join(QStringLiteral("; ")));
        return std::nullopt;
    }
    return config;
}

// A gated or joining teacher runs at its schedules' values of its run's last step: what it finished with.
void applyFinalSchedules(const RunConfig &config, model::VisionTransformer &teacher)
{
    const RunSchedules schedules(config, 1);
    const std::int64_t last = schedules.totalSteps() - 1;
    if (config.model.gate.kind == model::GateKind::Cde) {
        teacher->setGateStrength(schedules.gateStrength(last));
        teacher->setTemperature(schedules.temperature(last));
    }
    if (config.model.isParallel())
        teacher->setJoinStrength(schedules.joinStrength(last));
}

std::optional<model::VisionTransformer> loadCheckpointTeacher(const QString &file, const CheckpointTrust &trust,
                                                              QString *error)
{
    const auto config = checkpointRunConfig(file, error, trust);
    if (!config)
        return std::nullopt;
    std::string why;
    auto teacher = model::buildModel(config->model, &why);
    if (!teacher) {
        *error = QString::fromStdString(why);
        return std::nullopt;
    }
    if (!loadCheckpoint(file, *teacher, nullptr, nullptr, nullptr, error, trust))
        return std::nullopt;
    applyFinalSchedules(*config, *teacher);
    return teacher;
}

} // namespace

bool isExportTeacher(const QString &source)
{
    const QFileInfo info(source);
    return info.isDir() || info.suffix() == QLatin1String("safetensors");
}

torch::Tensor attentionDistillLoss(const std::vector<torch::Tensor> &student, const std::vector<torch::Tensor> &teacher,
                                   bool meanHeads)
{
    std::vector<torch::Tensor> terms;
    for (size_t i = 0; i < student.size(); ++i) {
        // At least float32: a student under bf16 autocast is compared at the teacher's precision.
        const auto dtype = torch::promote_types(student[i].scalar_type(), torch::kFloat32);
        const auto s = (meanHeads ? student[i].mean(1) : student[i]).to(dtype);  // (B, N, N) or (B, H, N, N)
        const auto t = (meanHeads ? teacher[i].mean(1) : teacher[i]).to(dtype);
        terms.push_back(torch::mse_loss(s, t));
    }
    return torch::stack(terms).mean();
}

torch::Tensor logitDistillLoss(const torch::Tensor &studentLogits, const torch::Tensor &teacherLogits, double tau)
{
    const auto dtype = torch::promote_types(studentLogits.scalar_type(), torch::kFloat32);  // bf16 autocast: float32
    const auto logPs = torch::log_softmax(studentLogits.to(dtype) / tau, 1);  // (B, classes)
    const auto logPt = torch::log_softmax(teacherLogits.to(dtype) / tau, 1);
    return (logPt.exp() * (logPt - logPs)).sum(1).mean() * (tau * tau);
}

std::optional<model::ViTConfig> teacherModelConfig(const QString &source, QString *error, const CheckpointTrust &trust)
{
    if (isExportTeacher(source))
        return exportModelConfig(source, error);
    const auto config = checkpointRunConfig(source, error, trust);
    if (!config)
        return std::nullopt;
    return config->model;
}

std::unique_ptr<Distiller> Distiller::load(const RunConfig &student, const QString &source,
                                           const CheckpointTrust &trust, const torch::Device &device, QString *error)
{
    QString why;
    auto teacher = isExportTeacher(source) ? loadExportTeacher(source, &why) : loadCheckpointTeacher(source, trust, &why);
    if (!teacher) {
        *error = QStringLiteral("distill.teacher: %1").arg(why);
        return nullptr;
    }
    if (const auto problems = teacherProblems(student, (*teacher)->config()); !problems.empty()) {
        *error = QString::fromStdString(model::formatProblems(problems));
        return nullptr;
    }
    (*teacher)->to(device);
    auto distiller = std::make_unique<Distiller>(student.train.distill, *teacher, student.model.depth);
    distiller->m_source = source;
    return distiller;
}

Distiller::Distiller(const DistillConfig &config, model::VisionTransformer teacher, int studentDepth)
    : m_config(config)
    , m_teacher(std::move(teacher))
    , m_layers(teacherLayers(config, studentDepth, m_teacher->numBlocks()))
{
    m_teacher->eval();  // frozen: no dropout, no drop-path, and never a gradient
    for (auto &p : m_teacher->parameters())
        p.set_requires_grad(false);
}

model::ForwardOptions Distiller::studentOptions() const
{
    model::ForwardOptions options;
    options.attention = options.attentionGraph = m_config.attention > 0;
    return options;
}

Distiller::Terms Distiller::losses(const model::VitOutput &output, const torch::Tensor &images)
{
    Terms terms;
    const auto t0 = std::chrono::steady_clock::now();
    model::VitOutput taught;
    {
        torch::NoGradGuard noGrad;
        if (m_config.attention > 0) {
            model::ForwardOptions options;
            options.attention = true;
            taught = m_teacher->forwardWithIntermediates(images, options);
        } else {
            taught.logits = m_teacher->forward(images);
        }
    }
    terms.teacherSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (m_config.attention > 0) {
        std::vector<torch::Tensor> studentMaps, teacherMaps;
        for (size_t i = 0; i < m_layers.size(); ++i) {
            studentMaps.push_back(output.blocks[i].attention);
            teacherMaps.push_back(taught.blocks[size_t(m_layers[i])].attention);
        }
        terms.attention = attentionDistillLoss(studentMaps, teacherMaps, m_config.heads == "mean");
        terms.weighted = terms.attention * m_config.attention;
    }
    if (m_config.logits > 0) {
        terms.logits = logitDistillLoss(output.logits, taught.logits, m_config.temperature);
        const auto weighted = terms.logits * m_config.logits;
        terms.weighted = terms.weighted.defined() ? terms.weighted + weighted : weighted;
    }
    return terms;
}

QString Distiller::description() const
{
    QStringList layers;
    for (int layer : m_layers)
        layers << QString::number(layer);
    const auto &t = m_teacher->config();
    return QStringLiteral("distillation: teacher %1 (%2 layers, %3 heads, %4 tokens), frozen in evaluation mode; "
                          "attention weight %5 (student block i reads teacher layer %6; heads: %7), logit weight %8 "
                          "(tau %9)")
        .arg(m_source)
        .arg(t.depth)
        .arg(t.numHeads)
        .arg(t.numTokens())
        .arg(m_config.attention)
        .arg(layers.join(QLatin1Char(',')), QString::fromStdString(m_config.heads))
        .arg(m_config.logits)
        .arg(m_config.temperature);
}

} // namespace gatefold::train
