#include "reportcsv.h"

#include "reportviews.h"

#include <charconv>
#include <cmath>
#include <initializer_list>

namespace gatefold::report {
namespace {

// One CSV table being built: header first, then rows of fields.
class Table
{
public:
    explicit Table(std::initializer_list<const char *> columns)
    {
        bool first = true;
        for (const char *c : columns) {
            if (!first)
                m_bytes += ',';
            m_bytes += c;
            first = false;
        }
        m_bytes += '\n';
    }

    Table &operator<<(double v) { return field(exactNumber(v)); }
    Table &operator<<(int v) { return field(QByteArray::number(v)); }
    Table &operator<<(qint64 v) { return field(QByteArray::number(v)); }
    Table &operator<<(const char *text) { return field(quoted(QByteArray(text))); }
    Table &operator<<(const QString &text) { return field(quoted(text.toUtf8())); }
    void end()
    {
        m_bytes += '\n';
        m_fresh = true;
    }
    const QByteArray &bytes() const { return m_bytes; }

private:
    Table &field(const QByteArray &text)
    {
        if (!m_fresh)
            m_bytes += ',';
        m_bytes += text;
        m_fresh = false;
        return *this;
    }
    // RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled.
    static QByteArray quoted(QByteArray text)
    {
        if (!text.contains(',') && !text.contains('"') && !text.contains('\n') && !text.contains('\r'))
            return text;
        text.replace("\"", "\"\"");
        return '"' + text + '"';
    }

    QByteArray m_bytes;
    bool m_fresh = true;
};

// Every cell of `m` as rows "<prefix…>,row,col,value".
template<typename Prefix>
void addCells(Table &table, const Matrix &m, Prefix prefix)
{
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) {
            prefix(table);
            table << r << c << m.at(r, c);
            table.end();
        }
}


QByteArray imagesTable(const InspectReport &report)
{
    Table t{"image", "source", "label", "class", "predicted", "predicted_class", "confidence"};
    for (size_t i = 0; i < report.images.size(); ++i) {
        const auto &im = report.images[i];
        t << int(i) << im.source << im.label << (im.className.isEmpty() ? report.className(im.label) : im.className)
          << im.predicted << report.className(im.predicted) << im.confidence;
        t.end();
    }
    return t.bytes();
}

// branch: −1 the block's map (a parallel block's: the mean over its branches), 0 … n−1 each branch.
QByteArray attentionTable(const InspectReport &report)
{
    Table t{"layer", "head", "branch", "image", "row", "col", "value"};
    const int heads = report.heads, images = int(report.images.size());
    for (size_t k = 0; k < report.attention.size(); ++k) {
        const int head = int(k % size_t(heads)), image = int(k / size_t(heads)) % images,
                  layer = int(k / size_t(heads * images));
        addCells(t, report.attention[k], [&](Table &row) { row << layer << head << -1 << image; });
    }
    for (size_t k = 0; k < report.branchAttention.size(); ++k) {
        const int head = int(k % size_t(heads)), image = int(k / size_t(heads)) % images;
        const int lb = int(k / size_t(heads * images));
        const int branch = lb % report.branches, layer = lb / report.branches;
        addCells(t, report.branchAttention[k], [&](Table &row) { row << layer << head << branch << image; });
    }
    return t.bytes();
}

QByteArray rolloutTable(const InspectReport &report)
{
    Table t{"image", "row", "col", "value"};
    for (size_t i = 0; i < report.rollout.size(); ++i)
        addCells(t, report.rollout[i], [&](Table &row) { row << int(i); });
    return t.bytes();
}

QByteArray distanceTable(const InspectReport &report)
{
    Table t{"layer", "head", "distance_px"};
    for (int l = 0; l < report.meanDistance.rows; ++l)
        for (int h = 0; h < report.meanDistance.cols; ++h) {
            t << l << h << report.meanDistance.at(l, h);
            t.end();
        }
    return t.bytes();
}

void addCodebookTables(const InspectReport &report, std::vector<CsvTable> &out)
{
    Table summary{"block", "codes", "perplexity", "dead_codes", "mean_entropy", "mean_gate_norm"};
    Table usage{"block", "code", "usage"};
    Table maps{"block", "image", "row", "col", "code"};
    Table top{"block", "code", "rank", "image", "patches"};
    for (const auto &layer : report.codebook) {
        summary << layer.block << int(layer.usage.size()) << layer.perplexity << layer.deadCodes << layer.meanEntropy
                << layer.meanGateNorm;
        summary.end();
        for (size_t c = 0; c < layer.usage.size(); ++c) {
            usage << layer.block << int(c) << layer.usage[c];
            usage.end();
        }
        for (size_t i = 0; i < layer.codeMaps.size(); ++i) {
            const auto &m = layer.codeMaps[i];
            for (int r = 0; r < m.rows; ++r)
                for (int c = 0; c < m.cols; ++c) {
                    maps << layer.block << int(i) << r << c << qint64(std::llround(m.at(r, c)));
                    maps.end();
                }
        }
        for (size_t c = 0; c < layer.topImages.size(); ++c)
            for (size_t rank = 0; rank < layer.topImages[c].size(); ++rank) {
                top << layer.block << int(c) << int(rank) << layer.topImages[c][rank].first
                    << layer.topImages[c][rank].second;
                top.end();
            }
    }
    out.push_back({QStringLiteral("codebook_summary.csv"), summary.bytes(), QStringLiteral("codebook")});
    out.push_back({QStringLiteral("codebook_usage.csv"), usage.bytes(), QStringLiteral("codebook")});
    out.push_back({QStringLiteral("code_maps.csv"), maps.bytes(), QStringLiteral("codebook"), true});
    out.push_back({QStringLiteral("codebook_top_images.csv"), top.bytes(), QStringLiteral("codebook"), true});
}

using NamedMatrix = std::pair<const char *, const Matrix *>;

std::vector<NamedMatrix> featureParts(const BranchLayer &layer)
{
    return {{"attention", &layer.attentionFeatures}, {"mlp", &layer.mlpFeatures}};
}

std::vector<NamedMatrix> weightParts(const BranchLayer &layer)
{
    return {{"qk", &layer.qk}, {"vo", &layer.vo}, {"fc1", &layer.fc1}, {"fc2", &layer.fc2}};
}

// Rows "<prefix…>,block,module,i,j,value" of every part `parts` picks; false when all are empty.
template<typename Prefix>
bool addBranchCells(Table &table, const std::vector<BranchLayer> &layers,
                    std::vector<NamedMatrix> (*parts)(const BranchLayer &), Prefix prefix)
{
    bool any = false;
    for (const auto &layer : layers)
        // Plain pairs, not structured bindings: clang 14 (the fuzz preset) cannot capture those in a lambda.
        for (const auto &part : parts(layer)) {
            any = any || !part.second->empty();
            addCells(table, *part.second, [&](Table &row) {
                prefix(row);
                row << layer.block << part.first;
            });
        }
    return any;
}

void addBranchTables(const InspectReport &report, std::vector<CsvTable> &out)
{
    Table features{"block", "module", "i", "j", "value"};
    Table weights{"block", "module", "i", "j", "value"};
    const auto none = [](Table &) {};
    if (addBranchCells(features, report.branchLayers, featureParts, none))
        out.push_back({QStringLiteral("branch_similarity.csv"), features.bytes(), QStringLiteral("branches")});
    if (addBranchCells(weights, report.branchLayers, weightParts, none))
        out.push_back({QStringLiteral("weight_similarity.csv"), weights.bytes(), QStringLiteral("weights")});
}

QByteArray ckaTable(const InspectReport &report)
{
    Table t{"layer", "other_layer", "value"};
    for (int a = 0; a < report.cka.rows; ++a)
        for (int b = 0; b < report.cka.cols; ++b) {
            t << a << b << report.cka.at(a, b);
            t.end();
        }
    return t.bytes();
}

// The filters' principal components, value by value and their explained variance; the position
// similarity with both positions' grid coordinates (position = row · gridWidth + col).
void addEmbeddingTables(const InspectReport &report, std::vector<CsvTable> &out)
{
    const EmbeddingFilters &f = report.embeddingFilters;
    if (!f.empty()) {
        Table values{"component", "channel", "row", "col", "value"};
        Table variance{"component", "explained_variance", "explained_variance_ratio"};
        const int patch = report.patchSize, area = patch * patch;
        for (int k = 0; k < f.components.rows; ++k) {
            for (int i = 0; i < f.components.cols; ++i) {
                values << k << i / area << (i % area) / patch << i % patch << f.components.at(k, i);
                values.end();
            }
            const auto at = [k](const std::vector<double> &list) {
                return size_t(k) < list.size() ? list[size_t(k)] : std::nan("");
            };
            variance << k << at(f.variance) << at(f.ratio);
            variance.end();
        }
        out.push_back({QStringLiteral("embedding_filters.csv"), values.bytes(), QStringLiteral("filters")});
        out.push_back({QStringLiteral("embedding_variance.csv"), variance.bytes(), QStringLiteral("filters")});
    }
    const Matrix &s = report.positionSimilarity;
    if (!s.empty() && report.gridWidth > 0) {
        Table t{"row", "col", "other_row", "other_col", "cosine"};
        const int gw = report.gridWidth;
        for (int a = 0; a < s.rows; ++a)
            for (int b = 0; b < s.cols; ++b) {
                t << a / gw << a % gw << b / gw << b % gw << s.at(a, b);
                t.end();
            }
        out.push_back({QStringLiteral("position_similarity.csv"), t.bytes(), QStringLiteral("positions")});
    }
}

// What the run recorded at each evaluation: code usage per block, branch similarity per block and module.
void addHistoryTables(const InspectReport &report, std::vector<CsvTable> &out)
{
    if (!report.usageHistory.empty()) {
        Table t{"step", "epoch", "block", "code", "usage"};
        for (const auto &step : report.usageHistory)
            for (const auto &[block, usage] : step.usage)
                for (size_t c = 0; c < usage.size(); ++c) {
                    t << step.step << step.epoch << block << int(c) << usage[c];
                    t.end();
                }
        out.push_back({QStringLiteral("codebook_history.csv"), t.bytes(), QStringLiteral("codebook")});
    }
    if (!report.branchHistory.empty()) {
        Table t{"step", "epoch", "block", "module", "i", "j", "value"};
        for (const auto &step : report.branchHistory) {
            const auto when = [&](Table &row) { row << step.step << step.epoch; };
            addBranchCells(t, step.layers, featureParts, when);
            addBranchCells(t, step.layers, weightParts, when);
        }
        out.push_back({QStringLiteral("branch_history.csv"), t.bytes(), QStringLiteral("branches")});
    }
}

} // namespace

QByteArray exactNumber(double value)
{
    if (std::isnan(value))
        return QByteArrayLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("inf") : QByteArrayLiteral("-inf");
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest round trip
    return QByteArray(buffer, int(result.ptr - buffer));
}


std::vector<CsvTable> csvTables(const InspectReport &report)
{
    std::vector<CsvTable> out{{QStringLiteral("images.csv"), imagesTable(report), QString()}};
    if (!report.attention.empty())
        out.push_back({QStringLiteral("attention.csv"), attentionTable(report), QStringLiteral("attention"), true});
    if (!report.rollout.empty())
        out.push_back({QStringLiteral("rollout.csv"), rolloutTable(report), QStringLiteral("rollout"), true});
    if (!report.meanDistance.empty())
        out.push_back({QStringLiteral("mean_distance.csv"), distanceTable(report), QStringLiteral("distance")});
    if (!report.codebook.empty())
        addCodebookTables(report, out);
    addBranchTables(report, out);
    if (!report.cka.empty())
        out.push_back({QStringLiteral("cka.csv"), ckaTable(report), QStringLiteral("cka")});
    addHistoryTables(report, out);
    addEmbeddingTables(report, out);
    return out;
}

std::vector<CsvTable> pageCsvTables(const InspectReport &report, const QString &page)
{
    std::vector<CsvTable> all = csvTables(report), out;
    bool indexesImages = false;
    for (auto &table : all)
        if (!table.view.isEmpty() && pageOf(table.view) == page) {
            indexesImages = indexesImages || table.indexesImages;
            out.push_back(std::move(table));
        }
    if (indexesImages)
        out.insert(out.begin(), std::move(all.front()));  // images.csv: what each `image` index is
    return out;
}

} // namespace gatefold::report
