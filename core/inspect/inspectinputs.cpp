#include "inspectinputs.h"

#include "data/imagefile.h"
#include "data/imagesource.h"
#include "data/transformeddataset.h"

#include <QFile>
#include <QFileInfo>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>

namespace gatefold::inspect {
namespace {

QString className(const std::vector<std::string> &names, int label)
{
    return label >= 0 && size_t(label) < names.size() ? QString::fromStdString(names[size_t(label)]) : QString();
}

// A decoded image (H, W, C) float [0, 1] as a (C, H, W) tensor.
torch::Tensor chwTensor(const cv::Mat &image)
{
    const int h = image.rows, w = image.cols, c = image.channels();
    auto out = torch::empty({c, h, w});
    float *p = out.data_ptr<float>();
    for (int y = 0; y < h; ++y) {
        const float *row = image.ptr<float>(y);
        for (int x = 0; x < w; ++x)
            for (int ch = 0; ch < c; ++ch)
                p[(ch * h + y) * w + x] = row[x * c + ch];
    }
    return out;
}

} // namespace

std::vector<std::uint8_t> denormalizedRgb(const torch::Tensor &image, const data::Normalization &norm)
{
    const auto c = image.size(0), h = image.size(1), w = image.size(2);
    auto x = image.to(torch::kFloat64).cpu().contiguous();
    const auto mean = torch::tensor(norm.mean, torch::kFloat64).view({c, 1, 1});
    const auto std = torch::tensor(norm.std, torch::kFloat64).view({c, 1, 1});
    x = (x * std + mean).clamp(0.0, 1.0).mul(255.0).round().to(torch::kUInt8);  // (C, H, W)
    if (c == 1)
        x = x.expand({3, h, w});
    x = x.permute({1, 2, 0}).contiguous();  // (H, W, 3)
    const auto *p = x.data_ptr<std::uint8_t>();
    return std::vector<std::uint8_t>(p, p + x.numel());
}

std::optional<InspectInputs> splitInputs(const LoadedRun &run, data::Split split, std::int64_t first,
                                         std::int64_t count, QString *error)
{
    const std::int64_t available = run.data->size(split);
    count = std::min(count, available - first);
    if (count < 1) {
        *error = QStringLiteral("the %1 split of run %2 holds %3 images, none from image %4 on")
                     .arg(split == data::Split::Train ? QStringLiteral("train") : QStringLiteral("val"))
                     .arg(run.runId)
                     .arg(available)
                     .arg(first);
        return std::nullopt;
    }
    std::vector<std::int64_t> indices(static_cast<size_t>(count));
    std::iota(indices.begin(), indices.end(), first);
    InspectInputs inputs;
    torch::Tensor labels;
    try {
        std::tie(inputs.images, labels) = run.data->batch(split, indices);
    } catch (const std::exception &e) {
        *error = QStringLiteral("the images of run %1 cannot be read: %2").arg(run.runId).arg(QString::fromLocal8Bit(e.what()));
        return std::nullopt;
    }
    inputs.images = data::normalize(inputs.images, run.norm);
    const auto names = run.data->classNames();
    for (std::int64_t i = 0; i < count; ++i) {
        InspectedImage shown;
        shown.width = shown.height = int(inputs.images.size(3));
        shown.rgb = denormalizedRgb(inputs.images[i], run.norm);
        shown.label = int(labels[i].item<std::int64_t>());
        shown.className = className(names, shown.label);
        shown.source = QString::fromStdString(run.data->origin(split, indices[size_t(i)]));
        inputs.shown.push_back(std::move(shown));
    }
    return inputs;
}

std::optional<InspectInputs> fileInputs(const LoadedRun &run, const QStringList &files, QString *error)
{
    const int size = run.config.model.imageSize;
    const int channels = run.config.model.inChannels;
    std::vector<torch::Tensor> images;
    InspectInputs inputs;
    for (const QString &file : files) {
        cv::Mat decoded;
        try {
            decoded = data::decodeImageFile(QFile::encodeName(file).toStdString(), channels == 1);
        } catch (const data::DataError &e) {
            *error = QStringLiteral("image file %1").arg(QString::fromLocal8Bit(e.what()));  // names the file, says what to do
            return std::nullopt;
        }
        cv::Mat scaled;
        decoded.convertTo(scaled, CV_32F, 1.0 / 255.0);
        images.push_back(chwTensor(data::resizeCenterCrop(scaled, size, run.config.train.data.cropPct)));
        InspectedImage shown;
        shown.width = shown.height = size;
        shown.source = QFileInfo(file).absoluteFilePath();
        inputs.shown.push_back(std::move(shown));
    }
    inputs.images = data::normalize(torch::stack(images), run.norm);
    for (size_t i = 0; i < inputs.shown.size(); ++i)
        inputs.shown[i].rgb = denormalizedRgb(inputs.images[std::int64_t(i)], run.norm);
    return inputs;
}

} // namespace gatefold::inspect
