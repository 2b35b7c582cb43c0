#include "runversions.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gatefold::store {

QString RunVersions::toJson() const
{
    QJsonObject o{{"gatefold", gatefold}, {"libtorch", libtorch}, {"qt", qt}, {"world_size", worldSize}};
    if (distributed()) {
        o.insert("dist_backend", distBackend);
        o.insert("launcher", launcher);
        o.insert("per_rank_batch", perRankBatch);
    }
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

RunVersions RunVersions::fromJson(const QString &json)
{
    RunVersions v;
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    if (o.isEmpty())
        return v;
    v.recorded = true;
    v.gatefold = o.value("gatefold").toString();
    v.libtorch = o.value("libtorch").toString();
    v.qt = o.value("qt").toString();
    if (const int size = o.value("world_size").toInt(1); size >= 1)
        v.worldSize = size;
    v.distBackend = o.value("dist_backend").toString();
    v.launcher = o.value("launcher").toString();
    v.perRankBatch = std::max(0, o.value("per_rank_batch").toInt(0));
    return v;
}

} // namespace gatefold::store
