#include "codebookrecord.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/torch.h>

namespace gatefold::train {

std::vector<store::MetricPoint> codebookMetrics(const std::vector<CodebookEval> &codebook, std::int64_t step,
                                                double epoch, double wall)
{
    std::vector<store::MetricPoint> points;
    for (const auto &layer : codebook) {
        const QString prefix = QStringLiteral("cde/L%1/").arg(layer.block);
        const auto &s = layer.stats;
        points.push_back({prefix + QStringLiteral("perplexity"), step, epoch, wall, s.perplexity});
        points.push_back({prefix + QStringLiteral("dead_codes"), step, epoch, wall, double(s.deadCodes)});
        points.push_back({prefix + QStringLiteral("alpha_entropy"), step, epoch, wall, s.meanEntropy});
        points.push_back({prefix + QStringLiteral("gate_norm"), step, epoch, wall, s.meanGateNorm});
    }
    return points;
}

QByteArray codebookUsageJson(const std::vector<CodebookEval> &codebook)
{
    QJsonArray blocks, tokens, layers;
    for (const auto &layer : codebook) {
        blocks.append(layer.block);
        tokens.append(qint64(layer.stats.tokens));
        const auto mass = (layer.stats.usage * double(layer.stats.tokens)).contiguous();  // (K,) float64
        QJsonArray codes;
        const double *m = mass.data_ptr<double>();
        for (int64_t c = 0; c < mass.numel(); ++c)
            codes.append(m[c]);
        layers.append(codes);
    }
    const QJsonObject data{{"blocks", blocks}, {"tokens", tokens}, {"layers", layers}};
    return QJsonDocument(data).toJson(QJsonDocument::Compact);
}

} // namespace gatefold::train
