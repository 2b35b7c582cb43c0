#include "reportjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gatefold::report {
namespace {

// A double as JSON can hold it exactly: NaN (e.g. CKA of a constant layer) as null, the infinities and
// −0 (which Qt's JSON writes and reads as 0) as texts.
QJsonValue number(double value)
{
    if (std::isnan(value))
        return QJsonValue(QJsonValue::Null);
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (value == 0 && std::signbit(value))
        return QStringLiteral("-0");
    return value;
}

QJsonArray numbers(const std::vector<double> &values)
{
    QJsonArray out;
    for (double v : values)
        out.append(number(v));
    return out;
}

QJsonArray rowsOf(const Matrix &m)
{
    QJsonArray rows;
    for (int r = 0; r < m.rows; ++r) {
        QJsonArray row;
        for (int c = 0; c < m.cols; ++c)
            row.append(number(m.at(r, c)));
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

QJsonArray imagesJson(const InspectReport &report)
{
    QJsonArray shown;
    for (size_t i = 0; i < report.images.size(); ++i) {
        const auto &im = report.images[i];
        const QByteArray rgb(reinterpret_cast<const char *>(im.rgb.data()), qsizetype(im.rgb.size()));
        shown.append(QJsonObject{{"index", int(i)},
                                 {"source", im.source},
                                 {"width", im.width},
                                 {"height", im.height},
                                 {"rgb", QString::fromLatin1(rgb.toBase64())},
                                 {"label", im.label},
                                 {"class", im.className},
                                 {"predicted", im.predicted},
                                 {"predicted_class", report.className(im.predicted)},
                                 {"confidence", number(im.confidence)}});
    }
    return shown;
}

QJsonObject codebookLayerJson(const CodebookLayer &layer)
{
    QJsonArray maps, top;
    for (const auto &m : layer.codeMaps)
        maps.append(integerRowsOf(m));
    for (const auto &code : layer.topImages) {
        QJsonArray list;
        for (const auto &[image, patches] : code)
            list.append(QJsonArray{image, patches});
        top.append(list);
    }
    return QJsonObject{{"block", layer.block},
                       {"usage", numbers(layer.usage)},
                       {"perplexity", number(layer.perplexity)},
                       {"dead_codes", layer.deadCodes},
                       {"mean_entropy", number(layer.meanEntropy)},
                       {"mean_gate_norm", number(layer.meanGateNorm)},
                       {"code_maps", maps},
                       {"top_images", top}};
}

// A block's n × n matrices; the ones not computed are left out.
QJsonArray branchLayersJson(const std::vector<BranchLayer> &layers)
{
    QJsonArray blocks;
    for (const auto &layer : layers) {
        QJsonObject b{{"block", layer.block}};
        const std::pair<const char *, const Matrix *> parts[] = {
            {"attention", &layer.attentionFeatures}, {"mlp", &layer.mlpFeatures}, {"qk", &layer.qk},
            {"vo", &layer.vo}, {"fc1", &layer.fc1}, {"fc2", &layer.fc2}};
        for (const auto &[name, m] : parts)
            if (!m->empty())
                b.insert(QLatin1String(name), rowsOf(*m));
        blocks.append(b);
    }
    return blocks;
}

QJsonObject historyJson(const InspectReport &report)
{
    QJsonArray usage, branches;
    for (const auto &step : report.usageHistory) {
        QJsonArray blocks;
        for (const auto &[block, mass] : step.usage)
            blocks.append(QJsonObject{{"block", block}, {"usage", numbers(mass)}});
        usage.append(QJsonObject{{"step", step.step}, {"epoch", number(step.epoch)}, {"blocks", blocks}});
    }
    for (const auto &step : report.branchHistory)
        branches.append(QJsonObject{
            {"step", step.step}, {"epoch", number(step.epoch)}, {"blocks", branchLayersJson(step.layers)}});
    QJsonObject history;
    if (!usage.isEmpty())
        history.insert(QStringLiteral("codebook_usage"), usage);
    if (!branches.isEmpty())
        history.insert(QStringLiteral("branches"), branches);
    return history;
}

QJsonObject embeddingFiltersJson(const EmbeddingFilters &filters)
{
    return QJsonObject{{"filters", filters.filters},
                       {"channels", filters.channels},
                       {"centred", true},
                       {"components", rowsOf(filters.components)},
                       {"variance", numbers(filters.variance)},
                       {"ratio", numbers(filters.ratio)}};
}

// The keys every report has: who, which checkpoint, the model's shape and the images.
void insertHeader(const InspectReport &report, QJsonObject &o)
{
    o.insert("format", QString::fromLatin1(kReportFormat));
    o.insert("run", QJsonObject{{"id", report.runId}, {"name", report.runName}});
    o.insert("checkpoint", QJsonObject{{"name", report.checkpoint},
                                       {"file", report.checkpointFile},
                                       {"step", report.step},
                                       {"epoch", number(report.epoch)}});
    o.insert("device", report.device);
    o.insert("seconds", number(report.seconds));
    o.insert("model", QJsonObject{{"image_size", report.imageSize},
                                  {"patch_size", report.patchSize},
                                  {"grid_height", report.gridHeight},
                                  {"grid_width", report.gridWidth},
                                  {"class_token", report.classToken},
                                  {"layers", report.layers},
                                  {"heads", report.heads},
                                  {"branches", report.branches}});
    o.insert("class_names", QJsonArray::fromStringList(report.classNames));
    o.insert("images", imagesJson(report));
}

} // namespace

QByteArray reportJson(const InspectReport &report, const QStringList &files)
{
    const int images = int(report.images.size());
    QJsonObject o;
    insertHeader(report, o);
    if (!report.attention.empty())
        o.insert("attention", nested(report.attention, {report.layers, images, report.heads}));
    if (!report.branchAttention.empty())
        o.insert("branch_attention", nested(report.branchAttention, {report.layers, report.branches, images, report.heads}));
    if (!report.rollout.empty()) {
        QJsonArray maps;
        for (const auto &m : report.rollout)
            maps.append(rowsOf(m));
        o.insert("rollout", QJsonObject{{"fusion", report.rolloutFusion},
                                        {"discard_ratio", number(report.discardRatio)},
                                        {"maps", maps}});
    }
    if (!report.meanDistance.empty())
        o.insert("mean_distance", rowsOf(report.meanDistance));
    if (!report.codebook.empty()) {
        QJsonArray layers;
        for (const auto &layer : report.codebook)
            layers.append(codebookLayerJson(layer));
        o.insert("codebook", layers);
    }
    if (!report.branchLayers.empty())
        o.insert("branches", branchLayersJson(report.branchLayers));
    if (!report.cka.empty())
        o.insert("cka", QJsonObject{{"against", report.ckaAgainst}, {"matrix", rowsOf(report.cka)}});
    if (!report.embeddingFilters.empty())
        o.insert("embedding_filters", embeddingFiltersJson(report.embeddingFilters));
    if (!report.positionSimilarity.empty())
        o.insert("position_similarity", rowsOf(report.positionSimilarity));
    if (const QJsonObject history = historyJson(report); !history.isEmpty())
        o.insert("history", history);
    QJsonObject skipped;
    for (const auto &[view, reason] : report.skipped)
        skipped.insert(view, reason);
    o.insert("skipped", skipped);
    o.insert("files", QJsonArray::fromStringList(files));
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace gatefold::report
