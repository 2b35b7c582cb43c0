#include "reportreader.h"

#include "jsonwalk.h"
#include "reportjson.h"
#include "reportviews.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gatefold::report {
namespace {

constexpr qint64 kMaxSide = 65536;     // pixels, patches, layers, heads: far beyond any model
constexpr qint64 kMaxBranches = 64;
constexpr qint64 kIntMax = std::numeric_limits<int>::max();
constexpr qint64 kStepMax = 9007199254740992LL;  // 2^53: the largest step a JSON number holds exactly
constexpr double kRoundingSlack = 1.0 + 1e-9;     // a share or perplexity at its bound, rounded up

const QStringList kTopKeys = {"format", "run", "checkpoint", "device", "seconds", "model", "class_names",
                              "images", "skipped", "files"};
const QStringList kViewKeys = {"attention", "branch_attention", "rollout", "mean_distance", "codebook",
                               "branches", "cka", "embedding_filters", "position_similarity", "history"};
constexpr qint64 kMaxComponents = 28;          // the ViT paper's figure: the first 28 principal components
constexpr qint64 kMaxChannels = 4096;
constexpr qint64 kMaxFilterValues = 1 << 24;   // C·P·P of one filter
constexpr qint64 kMaxPositions = 65536;        // patch positions of the similarity grid
constexpr double kCosineSlack = 1e-9;          // a cosine a rounding step past ±1

// The line of a byte offset, for a message about a file that is not JSON.
int lineAt(const QByteArray &text, qsizetype offset)
{
    return 1 + int(text.left(offset).count('\n'));
}

// Reads one report, part by part; the first problem stops it (JsonWalk).
class ReportParser
{
public:
    explicit ReportParser(const QJsonObject &root) : m_root(root) {}

    bool read(InspectReport *out, QStringList *files)
    {
        header();
        model();
        images();
        attention();
        rollout();
        distance();
        codebook();
        branchLayers(m_root.value("branches"), "branches", &m_r.branchLayers);
        cka();
        embeddingFilters();
        positionSimilarity();
        history();
        skipped();
        fileList(files);
        if (!m_walk.ok())
            return false;
        *out = std::move(m_r);
        return true;
    }
    QString problem() const { return m_walk.problem(); }

private:
    void header();
    void model();
    void images();
    void image(const QJsonValue &value, int index);
    void attention();
    void rollout();
    void distance();
    void codebook();
    void codebookLayer(const QJsonValue &value, const QString &where);
    void branchLayers(const QJsonValue &value, const QString &where, std::vector<BranchLayer> *out);
    void cka();
    void embeddingFilters();
    void positionSimilarity();
    void history();
    void usageStep(const QJsonValue &value, const QString &where);
    std::optional<QJsonObject> stepHeader(const QJsonValue &value, const QString &where, qint64 *step, double *epoch);
    void skipped();
    void fileList(QStringList *files);
    int imageCount() const { return int(m_r.images.size()); }

    const QJsonObject m_root;
    JsonWalk m_walk;
    InspectReport m_r;
};

void ReportParser::header()
{
    JsonWalk &w = m_walk;
    if (const auto run = w.object(m_root.value("run"), "run", {"id", "name"})) {
        w.integer(run->value("id"), "run.id", 1, kStepMax, &m_r.runId);
        w.text(run->value("name"), "run.name", &m_r.runName);
    }
    if (const auto c = w.object(m_root.value("checkpoint"), "checkpoint", {"name", "file", "step", "epoch"})) {
        w.text(c->value("name"), "checkpoint.name", &m_r.checkpoint);
        w.text(c->value("file"), "checkpoint.file", &m_r.checkpointFile);
        w.integer(c->value("step"), "checkpoint.step", 0, kStepMax, &m_r.step);
        w.number(c->value("epoch"), "checkpoint.epoch", &m_r.epoch, 0.0);
    }
    w.text(m_root.value("device"), "device", &m_r.device);
    w.number(m_root.value("seconds"), "seconds", &m_r.seconds, 0.0);
    if (const auto names = w.array(m_root.value("class_names"), "class_names"))
        for (qsizetype i = 0; i < names->size(); ++i) {
            QString name;
            if (w.text(names->at(i), JsonWalk::item("class_names", i), &name))
                m_r.classNames << name;
        }
}

void ReportParser::model()
{
    JsonWalk &w = m_walk;
    const auto m = w.object(m_root.value("model"), "model", {"image_size", "patch_size", "grid_height", "grid_width",
                                                             "class_token", "layers", "heads", "branches"});
    if (!m)
        return;
    w.integer(m->value("image_size"), "model.image_size", 1, kMaxSide, &m_r.imageSize);
    w.integer(m->value("patch_size"), "model.patch_size", 1, m_r.imageSize, &m_r.patchSize);
    const qint64 patches = m_r.patchSize > 0 ? m_r.imageSize / m_r.patchSize : 1;
    w.integer(m->value("grid_height"), "model.grid_height", 1, patches, &m_r.gridHeight);
    w.integer(m->value("grid_width"), "model.grid_width", 1, patches, &m_r.gridWidth);
    w.boolean(m->value("class_token"), "model.class_token", &m_r.classToken);
    w.integer(m->value("layers"), "model.layers", 1, kMaxSide, &m_r.layers);
    w.integer(m->value("heads"), "model.heads", 1, kMaxSide, &m_r.heads);
    w.integer(m->value("branches"), "model.branches", 1, kMaxBranches, &m_r.branches);
}

void ReportParser::images()
{
    const auto list = m_walk.array(m_root.value("images"), "images");
    if (!list)
        return;
    for (qsizetype i = 0; i < list->size() && m_walk.ok(); ++i)
        image(list->at(i), int(i));
}

void ReportParser::image(const QJsonValue &value, int index)
{
    JsonWalk &w = m_walk;
    const QString where = JsonWalk::item("images", index);
    const auto o = w.object(value, where, {"index", "source", "width", "height", "rgb", "label", "class",
                                           "predicted", "predicted_class", "confidence"});
    if (!o)
        return;
    const auto at = [&](const char *key) { return JsonWalk::member(where, QLatin1String(key)); };
    InspectedImage im;
    int position = -1;
    QString rgb, predictedClass;
    // A file has no label (-1); a split's image one of its classes.
    const qint64 classes = m_r.classNames.isEmpty() ? kIntMax : m_r.classNames.size();
    w.integer(o->value("index"), at("index"), index, index, &position);
    w.text(o->value("source"), at("source"), &im.source);
    w.integer(o->value("width"), at("width"), 1, kMaxSide, &im.width);
    w.integer(o->value("height"), at("height"), 1, kMaxSide, &im.height);
    w.integer(o->value("label"), at("label"), -1, classes - 1, &im.label);
    w.text(o->value("class"), at("class"), &im.className);
    w.integer(o->value("predicted"), at("predicted"), -1, kIntMax, &im.predicted);
    w.text(o->value("predicted_class"), at("predicted_class"), &predictedClass);
    w.number(o->value("confidence"), at("confidence"), &im.confidence, 0.0, 1.0);
    if (w.text(o->value("rgb"), at("rgb"), &rgb)) {
        const auto decoded = QByteArray::fromBase64Encoding(rgb.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        const qint64 bytes = qint64(im.width) * im.height * 3;
        if (!decoded)
            w.fail(at("rgb"), QStringLiteral("is not base64"));
        else if (decoded.decoded.size() != bytes)
            w.fail(at("rgb"), QStringLiteral("holds %1 bytes; a %2×%3 RGB image has %4")
                                  .arg(decoded.decoded.size()).arg(im.width).arg(im.height).arg(bytes));
        else
            im.rgb.assign(decoded.decoded.begin(), decoded.decoded.end());
    }
    if (w.ok())
        m_r.images.push_back(std::move(im));
}

void ReportParser::attention()
{
    const int gh = m_r.gridHeight, gw = m_r.gridWidth;
    if (m_root.contains("attention"))
        m_walk.nestedMatrices(m_root.value("attention"), "attention", {m_r.layers, imageCount(), m_r.heads}, gh, gw,
                              &m_r.attention);
    if (m_root.contains("branch_attention")) {
        if (!m_root.contains("attention"))
            m_walk.fail("branch_attention", QStringLiteral("present without attention"));
        m_walk.nestedMatrices(m_root.value("branch_attention"), "branch_attention",
                              {m_r.layers, m_r.branches, imageCount(), m_r.heads}, gh, gw, &m_r.branchAttention);
    }
}

void ReportParser::rollout()
{
    if (!m_root.contains("rollout"))
        return;
    JsonWalk &w = m_walk;
    const auto o = w.object(m_root.value("rollout"), "rollout", {"fusion", "discard_ratio", "maps"});
    if (!o)
        return;
    if (w.text(o->value("fusion"), "rollout.fusion", &m_r.rolloutFusion)
        && !QStringList{"mean", "max", "min"}.contains(m_r.rolloutFusion))
        w.fail("rollout.fusion", QStringLiteral("'%1' is not a head fusion (mean, max, min)").arg(m_r.rolloutFusion));
    w.number(o->value("discard_ratio"), "rollout.discard_ratio", &m_r.discardRatio, 0.0, 1.0);
    w.nestedMatrices(o->value("maps"), "rollout.maps", {imageCount()}, m_r.gridHeight, m_r.gridWidth, &m_r.rollout);
}

void ReportParser::distance()
{
    if (!m_root.contains("mean_distance"))
        return;
    if (m_walk.matrix(m_root.value("mean_distance"), "mean_distance", m_r.layers, m_r.heads, &m_r.meanDistance))
        for (size_t i = 0; i < m_r.meanDistance.values.size(); ++i)
            if (m_r.meanDistance.values[i] < 0)
                m_walk.fail(JsonWalk::item("mean_distance", qsizetype(i)), QStringLiteral("a distance below 0"));
}

void ReportParser::codebook()
{
    if (!m_root.contains("codebook"))
        return;
    if (const auto layers = m_walk.array(m_root.value("codebook"), "codebook"))
        for (qsizetype i = 0; i < layers->size() && m_walk.ok(); ++i)
            codebookLayer(layers->at(i), JsonWalk::item("codebook", i));
}

void ReportParser::codebookLayer(const QJsonValue &value, const QString &where)
{
    JsonWalk &w = m_walk;
    const auto o = w.object(value, where, {"block", "usage", "perplexity", "dead_codes", "mean_entropy",
                                           "mean_gate_norm", "code_maps", "top_images"});
    if (!o)
        return;
    const auto at = [&](const char *key) { return JsonWalk::member(where, QLatin1String(key)); };
    CodebookLayer layer;
    w.integer(o->value("block"), at("block"), 0, m_r.layers - 1, &layer.block);
    if (const auto usage = w.array(o->value("usage"), at("usage"))) {
        if (usage->isEmpty())
            w.fail(at("usage"), QStringLiteral("holds no code"));
        for (qsizetype c = 0; c < usage->size(); ++c)
            if (double u = 0; w.number(usage->at(c), JsonWalk::item(at("usage"), c), &u, 0.0, kRoundingSlack))
                layer.usage.push_back(u);
    }
    const qint64 codes = qint64(layer.usage.size());
    w.number(o->value("perplexity"), at("perplexity"), &layer.perplexity, 0.0, double(codes) * kRoundingSlack);
    w.integer(o->value("dead_codes"), at("dead_codes"), 0, codes, &layer.deadCodes);
    w.number(o->value("mean_entropy"), at("mean_entropy"), &layer.meanEntropy, 0.0);
    w.number(o->value("mean_gate_norm"), at("mean_gate_norm"), &layer.meanGateNorm, 0.0);
    if (const auto maps = w.array(o->value("code_maps"), at("code_maps"), imageCount()))
        for (qsizetype i = 0; i < maps->size() && w.ok(); ++i) {
            Matrix m;
            if (w.matrix(maps->at(i), JsonWalk::item(at("code_maps"), i), m_r.gridHeight, m_r.gridWidth, &m, codes))
                layer.codeMaps.push_back(std::move(m));
        }
    const qint64 patches = qint64(m_r.gridHeight) * m_r.gridWidth;
    if (const auto top = w.array(o->value("top_images"), at("top_images"), codes))
        for (qsizetype c = 0; c < top->size() && w.ok(); ++c) {
            const QString code = JsonWalk::item(at("top_images"), c);
            layer.topImages.emplace_back();
            const auto list = w.array(top->at(c), code);
            for (qsizetype k = 0; list && k < list->size() && w.ok(); ++k) {
                const auto pair = w.array(list->at(k), JsonWalk::item(code, k), 2);
                std::pair<int, int> entry;
                if (pair && w.integer(pair->at(0), JsonWalk::item(code, k), 0, imageCount() - 1, &entry.first)
                    && w.integer(pair->at(1), JsonWalk::item(code, k), 1, patches, &entry.second))
                    layer.topImages.back().push_back(entry);
            }
        }
    if (w.ok())
        m_r.codebook.push_back(std::move(layer));
}

void ReportParser::branchLayers(const QJsonValue &value, const QString &where, std::vector<BranchLayer> *out)
{
    if (value.isUndefined())
        return;
    JsonWalk &w = m_walk;
    const auto list = w.array(value, where);
    for (qsizetype i = 0; list && i < list->size() && w.ok(); ++i) {
        const QString at = JsonWalk::item(where, i);
        const auto o = w.object(list->at(i), at, {"block"}, {"attention", "mlp", "qk", "vo", "fc1", "fc2"});
        if (!o)
            return;
        BranchLayer layer;
        w.integer(o->value("block"), JsonWalk::member(at, "block"), 0, m_r.layers - 1, &layer.block);
        const std::pair<const char *, Matrix *> parts[] = {{"attention", &layer.attentionFeatures},
                                                           {"mlp", &layer.mlpFeatures}, {"qk", &layer.qk},
                                                           {"vo", &layer.vo}, {"fc1", &layer.fc1},
                                                           {"fc2", &layer.fc2}};
        for (const auto &[key, matrix] : parts)
            if (o->contains(QLatin1String(key)))
                w.matrix(o->value(QLatin1String(key)), JsonWalk::member(at, QLatin1String(key)), m_r.branches,
                         m_r.branches, matrix);
        out->push_back(std::move(layer));
    }
}

void ReportParser::cka()
{
    if (!m_root.contains("cka"))
        return;
    JsonWalk &w = m_walk;
    const auto o = w.object(m_root.value("cka"), "cka", {"against", "matrix"});
    if (!o)
        return;
    w.text(o->value("against"), "cka.against", &m_r.ckaAgainst);
    const auto rows = w.array(o->value("matrix"), "cka.matrix", m_r.layers);
    const auto first = rows ? w.array(rows->at(0), "cka.matrix[0]") : std::nullopt;
    if (first && (first->isEmpty() || first->size() > kMaxSide))
        w.fail("cka.matrix[0]", QStringLiteral("holds %1 layers of the other run").arg(first->size()));
    if (first)
        w.matrix(o->value("matrix"), "cka.matrix", m_r.layers, int(first->size()), &m_r.cka);
}

void ReportParser::embeddingFilters()
{
    if (!m_root.contains("embedding_filters"))
        return;
    JsonWalk &w = m_walk;
    const auto o = w.object(m_root.value("embedding_filters"), "embedding_filters",
                            {"filters", "channels", "centred", "components", "variance", "ratio"});
    if (!o)
        return;
    EmbeddingFilters f;
    bool centred = false;
    w.integer(o->value("filters"), "embedding_filters.filters", 2, kIntMax, &f.filters);
    w.integer(o->value("channels"), "embedding_filters.channels", 1, kMaxChannels, &f.channels);
    if (w.boolean(o->value("centred"), "embedding_filters.centred", &centred) && !centred)
        w.fail("embedding_filters.centred", QStringLiteral("false; Gatefold's components are of the centred filters"));
    const qint64 values = qint64(f.channels) * m_r.patchSize * m_r.patchSize;
    if (w.ok() && values > kMaxFilterValues)
        w.fail("embedding_filters.channels", QStringLiteral("%1 channels of %2×%2 pixels: more than %3 values a filter")
                                                 .arg(f.channels).arg(m_r.patchSize).arg(kMaxFilterValues));
    const auto rows = w.array(o->value("components"), "embedding_filters.components");
    if (rows && (rows->isEmpty() || rows->size() > std::min<qint64>(kMaxComponents, f.filters - 1)))
        w.fail("embedding_filters.components", QStringLiteral("holds %1 components; there are 1 to %2")
                                                   .arg(rows->size()).arg(std::min<qint64>(kMaxComponents, f.filters - 1)));
    const int k = rows ? int(rows->size()) : 0;
    w.matrix(o->value("components"), "embedding_filters.components", k, int(values), &f.components);
    const std::pair<const char *, std::vector<double> *> lists[] = {{"variance", &f.variance}, {"ratio", &f.ratio}};
    for (const auto &[key, out] : lists) {
        const QString at = JsonWalk::member("embedding_filters", QLatin1String(key));
        const auto list = w.array(o->value(QLatin1String(key)), at, k);
        const double max = out == &f.ratio ? kRoundingSlack : qInf();
        for (qsizetype i = 0; list && i < list->size(); ++i)
            if (double v = 0; w.number(list->at(i), JsonWalk::item(at, i), &v, 0.0, max))
                out->push_back(v);
    }
    if (w.ok())
        m_r.embeddingFilters = std::move(f);
}

void ReportParser::positionSimilarity()
{
    if (!m_root.contains("position_similarity"))
        return;
    const qint64 positions = qint64(m_r.gridHeight) * m_r.gridWidth;
    if (positions > kMaxPositions) {
        m_walk.fail("position_similarity", QStringLiteral("a %1×%2 grid has more than %3 positions")
                                               .arg(m_r.gridHeight).arg(m_r.gridWidth).arg(kMaxPositions));
        return;
    }
    Matrix m;
    if (!m_walk.matrix(m_root.value("position_similarity"), "position_similarity", int(positions), int(positions), &m))
        return;
    for (size_t i = 0; i < m.values.size(); ++i)
        if (std::abs(m.values[i]) > 1.0 + kCosineSlack)  // NaN (a zero embedding) passes
            m_walk.fail(JsonWalk::item(JsonWalk::item("position_similarity", qsizetype(i / size_t(positions))),
                                        qsizetype(i % size_t(positions))),
                        QStringLiteral("%1 is not a cosine similarity (outside [-1, 1])").arg(m.values[i]));
    if (m_walk.ok())
        m_r.positionSimilarity = std::move(m);
}

void ReportParser::history()
{
    if (!m_root.contains("history"))
        return;
    const auto o = m_walk.object(m_root.value("history"), "history", {}, {"codebook_usage", "branches"});
    if (!o)
        return;
    if (o->contains("codebook_usage"))
        if (const auto steps = m_walk.array(o->value("codebook_usage"), "history.codebook_usage"))
            for (qsizetype i = 0; i < steps->size() && m_walk.ok(); ++i)
                usageStep(steps->at(i), JsonWalk::item("history.codebook_usage", i));
    if (o->contains("branches"))
        if (const auto steps = m_walk.array(o->value("branches"), "history.branches"))
            for (qsizetype i = 0; i < steps->size() && m_walk.ok(); ++i) {
                const QString at = JsonWalk::item("history.branches", i);
                BranchStep step;
                if (const auto s = stepHeader(steps->at(i), at, &step.step, &step.epoch))
                    branchLayers(s->value("blocks"), JsonWalk::member(at, "blocks"), &step.layers);
                m_r.branchHistory.push_back(std::move(step));
            }
}

std::optional<QJsonObject> ReportParser::stepHeader(const QJsonValue &value, const QString &where, qint64 *step,
                                                    double *epoch)
{
    const auto s = m_walk.object(value, where, {"step", "epoch", "blocks"});
    if (!s || !m_walk.integer(s->value("step"), JsonWalk::member(where, "step"), 0, kStepMax, step)
        || !m_walk.number(s->value("epoch"), JsonWalk::member(where, "epoch"), epoch, 0.0))
        return std::nullopt;
    return s;
}

void ReportParser::usageStep(const QJsonValue &value, const QString &where)
{
    JsonWalk &w = m_walk;
    UsageStep step;
    const auto s = stepHeader(value, where, &step.step, &step.epoch);
    const QString at = JsonWalk::member(where, "blocks");
    const auto blocks = s ? w.array(s->value("blocks"), at) : std::nullopt;
    for (qsizetype b = 0; blocks && b < blocks->size() && w.ok(); ++b) {
        const QString bat = JsonWalk::item(at, b);
        const auto block = w.object(blocks->at(b), bat, {"block", "usage"});
        int index = 0;
        if (!block || !w.integer(block->value("block"), JsonWalk::member(bat, "block"), 0, m_r.layers - 1, &index))
            return;
        const auto mass = w.array(block->value("usage"), JsonWalk::member(bat, "usage"));
        auto &usage = step.usage[index];
        for (qsizetype c = 0; mass && c < mass->size(); ++c)
            if (double u = 0; w.number(mass->at(c), JsonWalk::item(JsonWalk::member(bat, "usage"), c), &u, 0.0,
                                       kRoundingSlack))
                usage.push_back(u);
    }
    m_r.usageHistory.push_back(std::move(step));
}

void ReportParser::skipped()
{
    const auto o = m_walk.object(m_root.value("skipped"), "skipped", {}, viewNames());
    if (!o)
        return;
    for (auto it = o->begin(); it != o->end(); ++it) {
        QString reason;
        if (m_walk.text(it.value(), JsonWalk::member("skipped", it.key()), &reason))
            m_r.skipped[it.key()] = reason;
    }
}

void ReportParser::fileList(QStringList *files)
{
    const auto list = m_walk.array(m_root.value("files"), "files");
    for (qsizetype i = 0; list && i < list->size(); ++i) {
        QString file;
        if (!m_walk.text(list->at(i), JsonWalk::item("files", i), &file))
            return;
        if (file.isEmpty() || QFileInfo(file).isAbsolute() || file.split(QLatin1Char('/')).contains(QStringLiteral("..")))
            m_walk.fail(JsonWalk::item("files", i), QStringLiteral("'%1' is not a path inside the report's folder").arg(file));
        else if (files)
            *files << file;
    }
}

// The document's root object and its format checked, or a problem.
std::optional<QJsonObject> rootOf(const QByteArray &json, QString *problem)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    if (parse.error != QJsonParseError::NoError) {
        *problem = json.trimmed().isEmpty()
            ? QStringLiteral("it is empty")
            : QStringLiteral("it is not JSON (line %1: %2; cut short?)").arg(lineAt(json, parse.offset)).arg(parse.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *problem = QStringLiteral("it holds no JSON object");
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    const QJsonValue format = root.value("format");
    // /2 is /3 without the embedding views: a report written before them still reads.
    if (format.toString() != QLatin1String(kReportFormat) && format.toString() != QLatin1String("gatefold-inspect/2")) {
        const QString found = format.isString() ? QStringLiteral("'%1'").arg(format.toString()) : jsonTypeName(format);
        *problem = format.toString().startsWith(QLatin1String("gatefold-inspect/"))
            ? QStringLiteral("its format is %1, this Gatefold reads %2").arg(found, QLatin1String(kReportFormat))
            : QStringLiteral("its format is %1, not %2: it is not a Gatefold analysis report")
                  .arg(found, QLatin1String(kReportFormat));
        return std::nullopt;
    }
    JsonWalk walk;
    if (!walk.object(root, QString(), kTopKeys, kViewKeys)) {
        *problem = walk.problem();
        return std::nullopt;
    }
    return root;
}

} // namespace

std::optional<InspectReport> readReportJson(const QByteArray &json, QString *error, QStringList *files)
{
    QString problem;
    const auto root = rootOf(json, &problem);
    InspectReport report;
    QStringList listed;
    if (root) {
        ReportParser parser(*root);
        if (parser.read(&report, &listed)) {
            if (files)
                *files = listed;
            return report;
        }
        problem = parser.problem();
    }
    if (error)
        *error = problem;
    return std::nullopt;
}

std::optional<InspectReport> readReportFile(const QString &path, QString *error, QStringList *files)
{
    QFile file(path);
    QString problem;
    std::optional<InspectReport> report;
    if (!file.open(QIODevice::ReadOnly))
        problem = QStringLiteral("it cannot be read (%1)").arg(file.errorString());
    else
        report = readReportJson(file.readAll(), &problem, files);
    if (!report && error)
        *error = QStringLiteral("The analysis report %1 cannot be used: %2. Compute it again (gatefold-cli analyze).")
                     .arg(path, problem);
    return report;
}

QStringList reportFileList(const QByteArray &json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    if (!root.value("format").toString().startsWith(QLatin1String("gatefold-inspect/")))
        return {};
    QStringList files;
    for (const QJsonValue &value : root.value("files").toArray()) {
        const QString relative = value.toString();
        if (!relative.isEmpty() && !QFileInfo(relative).isAbsolute()
            && !relative.split(QLatin1Char('/')).contains(QStringLiteral("..")))
            files << relative;
    }
    return files;
}

} // namespace gatefold::report
