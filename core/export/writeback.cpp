#include "writeback.h"
#include "exporttext.h"

#include "onnxexport.h"
#include "safetensors.h"
#include "torchscriptexport.h"

#include "model/visiontransformer.h"

#include <QCoreApplication>
#include <QFile>

#include <torch/csrc/jit/serialization/import.h>
#include <torch/torch.h>

#include <cstring>

#include <unistd.h>

namespace gatefold::exporting {
namespace {

std::optional<torch::Tensor> refused(QString *error, const QString &why)
{
    *error = why;
    return std::nullopt;
}

torch::Tensor tensorOf(const NamedTensor &t)
{
    return torch::from_blob(const_cast<float *>(t.data.data()), t.shape, torch::kFloat32).clone();
}

// The LayerNorms of a ViT by timm's names.
std::vector<std::string> normNames(const model::ViTConfig &c)
{
    std::vector<std::string> names;
    for (int i = 0; i < c.depth; ++i) {
        names.push_back("blocks." + std::to_string(i) + ".norm1");
        names.push_back("blocks." + std::to_string(i) + ".norm2");
    }
    names.push_back(c.pooling == model::Pooling::ClassToken ? "norm" : "fc_norm");
    return names;
}

// Writes `bytes` to `path` (a temporary name) in one go.
bool writeBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size() || !f.flush()) {
        *error = tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    ::fsync(f.handle());
    return true;
}

} // namespace

std::optional<torch::Tensor> writeTorchScript(const FlatVit &flat, const std::string &configText, const QString &path,
                                              const torch::Tensor &images, QString *error)
{
    std::string e;
    if (!saveTorchScript(flat, path.toStdString(), configText, &e))
        return refused(error, tr("building the TorchScript module failed: %1").arg(QString::fromStdString(e)));
    try {
        auto module = torch::jit::load(path.toStdString());
        module.eval();
        return module.forward({images}).toTensor();
    } catch (const std::exception &ex) {
        return refused(error, tr("the written TorchScript file does not load back: %1").arg(QString::fromLocal8Bit(ex.what())));
    }
}

std::optional<torch::Tensor> writeOnnx(const FlatVit &flat, const std::string &configText, const QString &path,
                                       const torch::Tensor &images, QString *error)
{
    std::string e;
    if (!saveOnnx(flat, path.toStdString(), configText, &e))
        return refused(error, tr("building the ONNX model failed: %1").arg(QString::fromStdString(e)));
    const auto sizes = images.sizes().vec();
    const auto input = images.to(torch::kFloat32).contiguous();
    std::vector<float> in(input.data_ptr<float>(), input.data_ptr<float>() + input.numel());
    std::vector<float> out;
    if (!runOnnx(path.toStdString(), in, sizes, &out, &e))
        return refused(error, tr("the written ONNX file does not run in OpenCV's dnn: %1").arg(QString::fromStdString(e)));
    return torch::from_blob(out.data(), {sizes[0], flat.numClasses}, torch::kFloat32).clone();
}

std::optional<torch::Tensor> writeSafetensors(const FlatVit &flat, const model::ViTConfig &deploy,
                                              const QByteArray &configJson, const QString &path,
                                              const QString &configPath, const torch::Tensor &images, QString *error)
{
    auto no = [error](const QString &why) { return refused(error, why); };
    // timm's ViT has affine LayerNorms everywhere: absorbed ones are written as γ = 1, β = 0.
    std::vector<NamedTensor> tensors = flat.tensors;
    std::vector<std::string> identityNorms;
    for (const auto &norm : normNames(deploy))
        if (!flat.hasTensor(norm + ".weight")) {
            tensors.push_back(NamedTensor{norm + ".weight", {deploy.embedDim},
                                          std::vector<float>(size_t(deploy.embedDim), 1.0f)});
            tensors.push_back(NamedTensor{norm + ".bias", {deploy.embedDim},
                                          std::vector<float>(size_t(deploy.embedDim), 0.0f)});
            identityNorms.push_back(norm);
        }
    QString e;
    if (!writeBytes(path, encodeSafetensors(tensors, {{"format", "pt"}}), &e))
        return no(e);
    if (!writeBytes(configPath, configJson, &e))
        return no(e);
    // Read back: every tensor bit-exact, then into a fresh model of the folded config.
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return no(tr("cannot read back %1: %2").arg(path, f.errorString()));
    const auto decoded = decodeSafetensors(f.readAll(), &e);
    if (!decoded)
        return no(tr("the written safetensors file does not read back: %1").arg(e));
    if (decoded->size() != tensors.size())
        return no(tr("the written safetensors file holds %1 tensors, not %2").arg(decoded->size()).arg(tensors.size()));
    for (size_t i = 0; i < tensors.size(); ++i)
        if ((*decoded)[i].name != tensors[i].name || (*decoded)[i].shape != tensors[i].shape
            || std::memcmp((*decoded)[i].data.data(), tensors[i].data.data(), tensors[i].data.size() * 4) != 0)
            return no(tr("tensor %1 does not read back bit-exact").arg(QString::fromStdString(tensors[i].name)));
    std::string buildError;
    auto fresh = model::buildModel(deploy, &buildError);
    if (!fresh)
        return no(QString::fromStdString(buildError));
    auto params = (*fresh)->named_parameters(true);
    auto buffers = (*fresh)->named_buffers(true);
    size_t matched = 0;
    for (const auto &t : *decoded) {
        torch::Tensor *target = params.find(t.name);
        if (!target)
            target = buffers.find(t.name);
        if (!target) {
            bool identity = false;
            for (const auto &norm : identityNorms)
                identity = identity || t.name == norm + ".weight" || t.name == norm + ".bias";
            if (!identity)
                return no(tr("the safetensors file holds %1, which the model has not")
                                .arg(QString::fromStdString(t.name)));
            continue;
        }
        if (target->sizes().vec() != t.shape)
            return no(tr("%1 has the wrong shape").arg(QString::fromStdString(t.name)));
        target->copy_(tensorOf(t));
        ++matched;
    }
    if (matched != params.size() + buffers.size())
        return no(tr("the safetensors file lacks some of the model's tensors"));
    (*fresh)->setGateStrength(flat.gate.strength);
    (*fresh)->setTemperature(flat.gate.temperature);
    (*fresh)->eval();
    return (*fresh)->forward(images);
}

} // namespace gatefold::exporting
