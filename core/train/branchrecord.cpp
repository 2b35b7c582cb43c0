#include "branchrecord.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::train {

QByteArray branchSimilarityJson(const std::vector<BranchEval> &branches)
{
    QJsonArray blocks, sizes;
    QJsonObject modules;
    const std::pair<const char *, std::vector<double> BranchEval::*> fields[] = {
        {"attention", &BranchEval::attention}, {"mlp", &BranchEval::mlp}, {"qk", &BranchEval::qk},
        {"vo", &BranchEval::vo},               {"fc1", &BranchEval::fc1}, {"fc2", &BranchEval::fc2}};
    QJsonArray columns[6];
    for (const auto &b : branches) {
        blocks.append(b.block);
        sizes.append(b.n);
        for (size_t f = 0; f < 6; ++f) {
            QJsonArray values;
            for (double v : b.*(fields[f].second))
                values.append(v);
            columns[f].append(values);
        }
    }
    QJsonObject data{{"blocks", blocks}, {"n", sizes}};
    for (size_t f = 0; f < 6; ++f)
        data.insert(QLatin1String(fields[f].first), columns[f]);
    return QJsonDocument(data).toJson(QJsonDocument::Compact);
}

} // namespace gatefold::train
