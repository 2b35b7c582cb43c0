// The report's numbers as long CSV tables: one value per row, the indices
// that locate it in front, so `pandas.read_csv` gives a frame to pivot or group.

#include "reportfiles.h"

#include <charconv>
#include <cmath>
#include <initializer_list>

namespace gatefold::inspect {
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

bool writeCsvTables(const InspectReport &report, ReportFiles &files)
{
    const int images = int(report.images.size());
    {
        Table t{"image", "source", "label", "class", "predicted", "predicted_class", "confidence"};
        for (int i = 0; i < images; ++i) {
            const auto &im = report.images[size_t(i)];
            t << i << im.source << im.label << (im.className.isEmpty() ? report.className(im.label) : im.className)
              << im.predicted << report.className(im.predicted) << im.confidence;
            t.end();
        }
        if (!files.write(QStringLiteral("images.csv"), t.bytes()))
            return false;
    }
    if (!report.attention.empty()) {
        // branch: −1 the block's map (a parallel block's: the mean over its branches), 0 … n−1 each branch.
        Table t{"layer", "head", "branch", "image", "row", "col", "value"};
        const int heads = report.heads;
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
        if (!files.write(QStringLiteral("attention.csv"), t.bytes()))
            return false;
    }
    if (!report.rollout.empty()) {
        Table t{"image", "row", "col", "value"};
        for (size_t i = 0; i < report.rollout.size(); ++i)
            addCells(t, report.rollout[i], [&](Table &row) { row << int(i); });
        if (!files.write(QStringLiteral("rollout.csv"), t.bytes()))
            return false;
    }
    if (!report.meanDistance.empty()) {
        Table t{"layer", "head", "distance_px"};
        for (int l = 0; l < report.meanDistance.rows; ++l)
            for (int h = 0; h < report.meanDistance.cols; ++h) {
                t << l << h << report.meanDistance.at(l, h);
                t.end();
            }
        if (!files.write(QStringLiteral("mean_distance.csv"), t.bytes()))
            return false;
    }
    if (!report.codebook.empty()) {
        Table summary{"block", "codes", "perplexity", "dead_codes", "mean_entropy", "mean_gate_norm"};
        Table usage{"block", "code", "usage"};
        Table maps{"block", "image", "row", "col", "code"};
        Table top{"block", "code", "rank", "image", "patches"};
        for (const auto &layer : report.codebook) {
            summary << layer.block << int(layer.usage.size()) << layer.perplexity << layer.deadCodes
                    << layer.meanEntropy << layer.meanGateNorm;
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
        if (!files.write(QStringLiteral("codebook_summary.csv"), summary.bytes())
            || !files.write(QStringLiteral("codebook_usage.csv"), usage.bytes())
            || !files.write(QStringLiteral("code_maps.csv"), maps.bytes())
            || !files.write(QStringLiteral("codebook_top_images.csv"), top.bytes()))
            return false;
    }
    Table features{"block", "module", "i", "j", "value"};
    Table weights{"block", "module", "i", "j", "value"};
    bool anyFeatures = false, anyWeights = false;
    for (const auto &layer : report.branchLayers) {
        const std::pair<const char *, const Matrix *> featureParts[] = {{"attention", &layer.attentionFeatures},
                                                                       {"mlp", &layer.mlpFeatures}};
        const std::pair<const char *, const Matrix *> weightParts[] = {
            {"qk", &layer.qk}, {"vo", &layer.vo}, {"fc1", &layer.fc1}, {"fc2", &layer.fc2}};
        // Plain pairs, not structured bindings: clang 14 (the fuzz preset) cannot capture those in a lambda.
        for (const auto &part : featureParts) {
            anyFeatures = anyFeatures || !part.second->empty();
            addCells(features, *part.second, [&](Table &row) { row << layer.block << part.first; });
        }
        for (const auto &part : weightParts) {
            anyWeights = anyWeights || !part.second->empty();
            addCells(weights, *part.second, [&](Table &row) { row << layer.block << part.first; });
        }
    }
    if (anyFeatures && !files.write(QStringLiteral("branch_similarity.csv"), features.bytes()))
        return false;
    if (anyWeights && !files.write(QStringLiteral("weight_similarity.csv"), weights.bytes()))
        return false;
    if (!report.cka.empty()) {
        Table t{"layer", "other_layer", "value"};
        for (int a = 0; a < report.cka.rows; ++a)
            for (int b = 0; b < report.cka.cols; ++b) {
                t << a << b << report.cka.at(a, b);
                t.end();
            }
        if (!files.write(QStringLiteral("cka.csv"), t.bytes()))
            return false;
    }
    return true;
}

} // namespace gatefold::inspect
