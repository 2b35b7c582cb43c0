#include "recordedhistory.h"

#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace gatefold::inspect {
namespace {

// An n × n matrix from a row-major JSON array; empty unless it holds n·n numbers.
Matrix square(const QJsonValue &values, int n)
{
    const QJsonArray a = values.toArray();
    if (n <= 0 || a.size() != qsizetype(n) * n)
        return {};
    Matrix m{n, n, {}};
    for (const auto &v : a)
        m.values.push_back(v.toDouble(std::nan("")));
    return m;
}

} // namespace

std::vector<UsageStep> usageHistory(store::RunStore &store, qint64 runId)
{
    std::vector<UsageStep> out;
    for (const auto &snapshot : store.snapshots(runId, QStringLiteral("codebook/usage"))) {
        const QJsonObject data = QJsonDocument::fromJson(snapshot.dataJson).object();
        const QJsonArray blocks = data.value(QStringLiteral("blocks")).toArray();
        const QJsonArray layers = data.value(QStringLiteral("layers")).toArray();
        UsageStep step;
        step.step = snapshot.step;
        step.epoch = snapshot.epoch;
        for (qsizetype i = 0; i < blocks.size() && i < layers.size(); ++i) {
            std::vector<double> usage;
            double total = 0;
            for (const auto &mass : layers.at(i).toArray()) {
                usage.push_back(std::max(0.0, mass.toDouble()));
                total += usage.back();
            }
            if (total <= 0)
                continue;
            for (double &u : usage)
                u /= total;
            step.usage[blocks.at(i).toInt()] = std::move(usage);
        }
        if (!step.usage.empty())
            out.push_back(std::move(step));
    }
    return out;
}

std::vector<BranchStep> branchHistory(store::RunStore &store, qint64 runId)
{
    std::vector<BranchStep> out;
    for (const auto &snapshot : store.snapshots(runId, QStringLiteral("branches/similarity"))) {
        const QJsonObject data = QJsonDocument::fromJson(snapshot.dataJson).object();
        const QJsonArray blocks = data.value(QStringLiteral("blocks")).toArray();
        const QJsonArray sizes = data.value(QStringLiteral("n")).toArray();
        BranchStep step;
        step.step = snapshot.step;
        step.epoch = snapshot.epoch;
        for (qsizetype i = 0; i < blocks.size() && i < sizes.size(); ++i) {
            const int n = sizes.at(i).toInt();
            const auto at = [&](const char *key) { return square(data.value(QLatin1String(key)).toArray().at(i), n); };
            BranchLayer layer;
            layer.block = blocks.at(i).toInt();
            layer.attentionFeatures = at("attention");
            layer.mlpFeatures = at("mlp");
            layer.qk = at("qk");
            layer.vo = at("vo");
            layer.fc1 = at("fc1");
            layer.fc2 = at("fc2");
            step.layers.push_back(std::move(layer));
        }
        if (!step.layers.empty())
            out.push_back(std::move(step));
    }
    return out;
}

} // namespace gatefold::inspect
