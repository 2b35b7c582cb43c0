#pragma once

#include "checkpoint.h"
#include "config/trainconfig.h"

#include "model/forwardoutput.h"
#include "model/visiontransformer.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace gatefold::train {

// The attention-map term: the mean over the mapped block pairs of the MSE between the student's map
// (a parallel block's: the mean over its branches, model::BlockIntermediates::attention) and its
// teacher layer's, both (B, H, N, N). With `meanHeads` both are averaged over heads first (head
// counts may then differ).
torch::Tensor attentionDistillLoss(const std::vector<torch::Tensor> &student, const std::vector<torch::Tensor> &teacher,
                                   bool meanHeads);
// Soft-label knowledge distillation (Hinton et al.): KL(p_T^τ ‖ p_S^τ)·τ², p^τ = softmax(z/τ), summed
// over classes and averaged over the batch.
torch::Tensor logitDistillLoss(const torch::Tensor &studentLogits, const torch::Tensor &teacherLogits, double tau);

// Whether `source` is a safetensors export (a folder, or a .safetensors file) rather than a checkpoint.
bool isExportTeacher(const QString &source);

// The model config of a teacher source — a checkpoint file or a safetensors export (its folder, or
// model.safetensors beside config.json) — without loading its weights; nullopt with `error`.
std::optional<model::ViTConfig> teacherModelConfig(const QString &source, QString *error,
                                                   const CheckpointTrust &trust = {});

// A distilled run's frozen teacher and its losses (README.md, "Distillation"). The teacher is in
// evaluation mode with gradients off; it runs on the student's very (augmented, mixed) batch,
// without autograd, and the seconds it takes are counted.
class Distiller
{
public:
    // Loads the teacher from `source` (checked as init.from is: its seal and `trust`) onto `device`.
    static std::unique_ptr<Distiller> load(const RunConfig &student, const QString &source,
                                           const CheckpointTrust &trust, const torch::Device &device, QString *error);
    Distiller(const DistillConfig &config, model::VisionTransformer teacher, int studentDepth);

    // What the student's forward must keep: its attention maps with their graph when β > 0.
    model::ForwardOptions studentOptions() const;

    struct Terms {
        torch::Tensor attention;  // the MSE term (undefined when β = 0)
        torch::Tensor logits;     // the KD term (undefined when γ = 0)
        torch::Tensor weighted;   // β·attention + γ·logits, for the loss
        double teacherSeconds = 0.0;
    };
    // The terms for a student `output` (with studentOptions()) on `images`.
    Terms losses(const model::VitOutput &output, const torch::Tensor &images);

    const model::VisionTransformer &teacher() const { return m_teacher; }
    const std::vector<int> &layers() const { return m_layers; }  // teacher layer of each student block
    QString description() const;                                 // for the run's log

private:
    DistillConfig m_config;
    model::VisionTransformer m_teacher;
    std::vector<int> m_layers;
    QString m_source;
};

} // namespace gatefold::train
