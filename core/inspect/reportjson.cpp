// report.json: the whole report as one JSON object (README.md, "Analysis
// reports", documents the keys). Doubles are written in the shortest form that
// reads back to the same value; NaN (e.g. CKA of a constant layer) as null.

#include "reportfiles.h"
#include "reportwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gatefold::inspect {
namespace {

QJsonArray rowsOf(const Matrix &m)
{
    QJsonArray rows;
    for (int r = 0; r < m.rows; ++r) {
        QJsonArray row;
        for (int c = 0; c < m.cols; ++c)
            row.append(m.at(r, c));
        rows.append(row);
    }
    return rows;
}

QJsonArray integerRowsOf(const Matrix &m)
{
    QJsonArray rows;
    for (int r = 0; r < m.rows; ++r) {
        QJsonArray row;
        for (int c = 0; c < m.cols; ++c)
            row.append(qint64(std::llround(m.at(r, c))));
        rows.append(row);
    }
    return rows;
}

// maps[((i0 · d1 + i1) · d2 + …)] as arrays nested over `dims`, innermost a matrix.
QJsonArray nested(const std::vector<Matrix> &maps, const std::vector<int> &dims, size_t level = 0, size_t offset = 0)
{
    QJsonArray out;
    size_t stride = 1;
    for (size_t d = level + 1; d < dims.size(); ++d)
        stride *= size_t(dims[d]);
    for (int i = 0; i < dims[level]; ++i) {
        const size_t at = offset + size_t(i) * stride;
        out.append(level + 1 == dims.size() ? QJsonValue(rowsOf(maps[at])) : QJsonValue(nested(maps, dims, level + 1, at)));
    }
    return out;
}


} // namespace

QByteArray reportJson(const InspectReport &report, const QStringList &files)
{
    const int images = int(report.images.size());
    QJsonObject o;
    o.insert("format", QString::fromLatin1(kReportFormat));
    o.insert("run", QJsonObject{{"id", report.runId}, {"name", report.runName}});
    o.insert("checkpoint", QJsonObject{{"name", report.checkpoint},
                                       {"file", report.checkpointFile},
                                       {"step", report.step},
                                       {"epoch", report.epoch}});
    o.insert("device", report.device);
    o.insert("seconds", report.seconds);
    o.insert("model", QJsonObject{{"image_size", report.imageSize},
                                  {"patch_size", report.patchSize},
                                  {"grid_height", report.gridHeight},
                                  {"grid_width", report.gridWidth},
                                  {"class_token", report.classToken},
                                  {"layers", report.layers},
                                  {"heads", report.heads},
                                  {"branches", report.branches}});
    o.insert("class_names", QJsonArray::fromStringList(report.classNames));
    QJsonArray shown;
    for (int i = 0; i < images; ++i) {
        const auto &im = report.images[size_t(i)];
        shown.append(QJsonObject{{"index", i},
                                 {"source", im.source},
                                 {"width", im.width},
                                 {"height", im.height},
                                 {"label", im.label},
                                 {"class", im.className},
                                 {"predicted", im.predicted},
                                 {"predicted_class", report.className(im.predicted)},
                                 {"confidence", im.confidence}});
    }
    o.insert("images", shown);
    if (!report.attention.empty())
        o.insert("attention", nested(report.attention, {report.layers, images, report.heads}));
    if (!report.branchAttention.empty())
        o.insert("branch_attention", nested(report.branchAttention, {report.layers, report.branches, images, report.heads}));
    if (!report.rollout.empty()) {
        QJsonArray maps;
        for (const auto &m : report.rollout)
            maps.append(rowsOf(m));
        o.insert("rollout", QJsonObject{{"fusion", report.rolloutFusion},
                                        {"discard_ratio", report.discardRatio},
                                        {"maps", maps}});
    }
    if (!report.meanDistance.empty())
        o.insert("mean_distance", rowsOf(report.meanDistance));
    if (!report.codebook.empty()) {
        QJsonArray layers;
        for (const auto &layer : report.codebook) {
            QJsonArray usage, maps, top;
            for (double u : layer.usage)
                usage.append(u);
            for (const auto &m : layer.codeMaps)
                maps.append(integerRowsOf(m));
            for (const auto &code : layer.topImages) {
                QJsonArray list;
                for (const auto &[image, patches] : code)
                    list.append(QJsonArray{image, patches});
                top.append(list);
            }
            layers.append(QJsonObject{{"block", layer.block},
                                      {"usage", usage},
                                      {"perplexity", layer.perplexity},
                                      {"dead_codes", layer.deadCodes},
                                      {"mean_entropy", layer.meanEntropy},
                                      {"mean_gate_norm", layer.meanGateNorm},
                                      {"code_maps", maps},
                                      {"top_images", top}});
        }
        o.insert("codebook", layers);
    }
    if (!report.branchLayers.empty()) {
        QJsonArray blocks;
        for (const auto &layer : report.branchLayers) {
            QJsonObject b{{"block", layer.block}};
            const std::pair<const char *, const Matrix *> parts[] = {
                {"attention", &layer.attentionFeatures}, {"mlp", &layer.mlpFeatures}, {"qk", &layer.qk},
                {"vo", &layer.vo}, {"fc1", &layer.fc1}, {"fc2", &layer.fc2}};
            for (const auto &[name, m] : parts)
                if (!m->empty())
                    b.insert(QLatin1String(name), rowsOf(*m));
            blocks.append(b);
        }
        o.insert("branches", blocks);
    }
    if (!report.cka.empty())
        o.insert("cka", QJsonObject{{"against", report.ckaAgainst}, {"matrix", rowsOf(report.cka)}});
    QJsonObject skipped;
    for (const auto &[view, reason] : report.skipped)
        skipped.insert(view, reason);
    o.insert("skipped", skipped);
    o.insert("files", QJsonArray::fromStringList(files));
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace gatefold::inspect
