#include "modelio.h"

#include "boundedbytes.h"

#include "files/userfile.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/import_read.h>
#include <torch/torch.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace gatefold::model {
namespace {

// A weights file larger than this is not one of ours (a ViT-g is about 4 GiB in float32).
constexpr std::uint64_t kMaxWeightsBytes = std::uint64_t(64) << 30;

std::string shapeText(at::IntArrayRef sizes)
{
    std::ostringstream out;
    out << sizes;
    return out.str();
}

} // namespace

bool saveWeights(const VisionTransformer &model, const std::string &path, std::string *error)
{
    try {
        c10::Dict<std::string, torch::Tensor> dict;
        for (const auto &item : model->named_parameters())
            dict.insert(item.key(), item.value().detach().cpu());
        for (const auto &item : model->named_buffers())
            dict.insert(item.key(), item.value().detach().cpu());
        const std::vector<char> bytes = torch::pickle_save(c10::IValue(dict));
        // Write beside the target and rename, so a crash never leaves half a file.
        const std::string partial = path + ".partial";
        {
            std::ofstream out(partial, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), std::streamsize(bytes.size()));
            out.flush();
            if (!out) {
                if (error)
                    *error = "cannot write " + partial + " (disk full or no permission?)";
                std::remove(partial.c_str());
                return false;
            }
        }
        if (std::rename(partial.c_str(), path.c_str()) != 0) {
            if (error)
                *error = "cannot move " + partial + " to " + path;
            std::remove(partial.c_str());
            return false;
        }
        return true;
    } catch (const std::exception &e) {
        if (error)
            *error = std::string("saving weights failed: ") + e.what();
        return false;
    }
}

bool loadWeights(VisionTransformer &model, const std::string &path, std::string *error)
{
    auto fail = [&](const std::string &why) {
        if (error)
            *error = path + ": " + why;
        return false;
    };
    // Only a regular file, read to its size: never a device (/dev/zero) or a fifo (files/userfile.h).
    // An empty one is read: the zip reader names it damaged, like any other short file.
    std::vector<char> bytes;
    std::string why;
    if (!files::readFileChunks(
            path, kMaxWeightsBytes, files::Accept::RegularFile,
            [&bytes](const char *data, std::size_t n) { bytes.insert(bytes.end(), data, data + n); }, &why,
            [&bytes](std::uint64_t size) { bytes.reserve(size_t(size)); }, /*allowEmpty=*/true)) {
        if (error)
            *error = why;
        return false;
    }
    std::map<std::string, torch::Tensor> loaded;
    try {
        // torch::pickle_load(bytes), with a reader that stays inside the bytes (boundedbytes.h).
        caffe2::serialize::PyTorchStreamReader reader(std::make_shared<BoundedBytes>(bytes.data(), bytes.size()));
        const c10::IValue value = torch::jit::readArchiveAndTensors("data", /*pickle_prefix=*/"", /*tensor_prefix=*/"",
                                                                    c10::nullopt, c10::nullopt, c10::nullopt, reader);
        if (!value.isGenericDict())
            return fail("not a Gatefold weights file (expected a dict of tensors)");
        for (const auto &entry : value.toGenericDict()) {
            if (!entry.key().isString() || !entry.value().isTensor())
                return fail("not a Gatefold weights file (expected a dict of name -> tensor)");
            loaded[entry.key().toStringRef()] = entry.value().toTensor();
        }
    } catch (const std::exception &e) {
        return fail(std::string("corrupt or not a weights file: ") + e.what());
    }

    std::map<std::string, torch::Tensor> targets;
    for (const auto &item : model->named_parameters())
        targets[item.key()] = item.value();
    for (const auto &item : model->named_buffers())
        targets[item.key()] = item.value();
    // Check everything before touching the model.
    for (const auto &[name, tensor] : targets) {
        auto it = loaded.find(name);
        if (it == loaded.end())
            return fail("has no tensor '" + name + "'; it was saved from a model of another config");
        if (!it->second.sizes().equals(tensor.sizes()))
            return fail("'" + name + "' has shape " + shapeText(it->second.sizes()) + ", the model expects "
                        + shapeText(tensor.sizes()) + "; it was saved from a model of another config");
    }
    for (const auto &entry : loaded)
        if (!targets.count(entry.first))
            return fail("holds '" + entry.first + "', which this model does not have; it was saved from a "
                        "model of another config");
    torch::NoGradGuard noGrad;
    for (auto &[name, tensor] : targets)
        tensor.copy_(loaded[name]);
    return true;
}

} // namespace gatefold::model
