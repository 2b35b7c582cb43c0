#include "tablepresets.h"

#include "config/paperpresets.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace gatefold::tables {
namespace {

struct Row {
    const char *preset;
    QString section;
    QStringList texts;
};

QJsonObject presetJson(const std::string &name)
{
    for (const auto &p : train::paperPresets())
        if (p.name == name)
            return QJsonDocument::fromJson(train::runConfigToJson(p.make())).object();
    return {};  // the rows below name existing presets; tst_tables checks each has runs' settings
}

ColumnSpec column(const QString &source, const QString &header, int decimals, Best best = Best::None,
                  NumberFormat::Style style = NumberFormat::Style::Fixed, double scale = 1.0, const QString &stat = QStringLiteral("last"))
{
    ColumnSpec c;
    c.source = source;
    c.header = header;
    c.stat = stat;
    c.format.decimals = decimals;
    c.format.style = style;
    c.format.scale = scale;
    c.best = best;
    return c;
}

ColumnSpec top1(const QString &header)
{
    return column(QStringLiteral("metric:val/top1"), header, 1, Best::Max, NumberFormat::Style::Percent, 1.0,
                  QStringLiteral("max"));
}

TablePreset make(const QString &name, const QString &description, const QString &caption, std::vector<ColumnSpec> columns,
                 const std::vector<Row> &rows)
{
    TablePreset t;
    t.name = name;
    t.description = description;
    t.spec.caption = caption;
    t.spec.label = QStringLiteral("tab:") + name;
    t.spec.grouping = TableSpec::Grouping::Seed;
    t.spec.columns = std::move(columns);
    const QJsonObject demo = QJsonDocument::fromJson(train::runConfigToJson(train::demoRun())).object();
    std::vector<QJsonObject> configs;
    // Every setting a row's preset changes from demo, and the architecture's
    // shape always (a 6 x 2 joining run is not the ViT baseline of a CDE table).
    QSet<QString> keys = {"depth", "embed_dim", "num_heads", "patch_size", "mlp_ratio", "join.branches", "gate.kind"};
    // When joining happens within a run is its budget, like its epochs: not part of the row.
    static const QStringList timing = {"join.warmup_steps", "join.adjust_steps", "join.stage", "join.start_step",
                                       // a preset names its teacher's run; a run holds the file it resolved to
                                       "distill.teacher"};
    for (const Row &r : rows) {
        configs.push_back(presetJson(r.preset));
        for (auto it = configs.back().begin(); it != configs.back().end(); ++it)
            if (demo.value(it.key()) != it.value() && !timing.contains(it.key()))
                keys.insert(it.key());
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        RowSpec spec;
        spec.section = rows[i].section;
        spec.texts = rows[i].texts;
        for (const QString &k : keys)
            spec.match.insert(k, configs[i].value(k));
        t.spec.rows.push_back(spec);
        t.rowPresets << QString::fromLatin1(rows[i].preset);
    }
    return t;
}

std::vector<TablePreset> build()
{
    const QString dash = QStringLiteral("—");
    std::vector<TablePreset> out;
    const ColumnSpec params = column(QStringLiteral("params"), QStringLiteral("Params (M)"), 2, Best::None,
                                     NumberFormat::Style::Fixed, 1e-6);
    const ColumnSpec gflops = column(QStringLiteral("gflops"), QStringLiteral("GFLOPs"), 3);
    out.push_back(make(QStringLiteral("cde-table2"), QStringLiteral("CDE paper Table 2: accuracy and compute"),
                       QStringLiteral("Validation accuracy and compute of CDE against the ViT baseline (demo size)."),
                       {column("text:0", "Model", 0), column("text:1", "Mode", 0), column("text:2", "K", 0),
                        column("text:3", "top-k", 0), params, gflops, top1(QStringLiteral("Top-1 (%)"))},
                       {{"cde-t2-vit", {}, {"ViT (baseline)", dash, dash, dash}},
                        {"cde-t2-soft-width", {}, {"CDE-Soft", "width", "512", "4"}},
                        {"cde-t2-soft-expand", {}, {"CDE-Soft", "expand", "512", "4"}},
                        {"cde-t2-vq-width", {}, {"CDE-VQ", "width", "512", "1"}},
                        {"cde-t2-vq-expand", {}, {"CDE-VQ", "expand", "512", "1"}},
                        {"cde-t2-deepembed", {}, {"DeepEmbed (position)", dash, dash, dash}}}));
    out.push_back(make(QStringLiteral("cde-table3"), QStringLiteral("CDE paper Table 3: ablations of K, k, d_g and sharing"),
                       QStringLiteral("Ablations on codebook size K, mixture size k, gating dimension and depth sharing (demo size)."),
                       {column("text:0", "Variant", 0), column("text:1", "Mode", 0), column("text:2", "Share", 0),
                        column("text:3", "K", 0), column("text:4", "top-k", 0), gflops, top1(QStringLiteral("Top-1 (%)"))},
                       {{"cde-t3-soft-k256-top4", {}, {"Soft", "width", "shared", "256", "4"}},
                        {"cde-t3-soft-k512-top8", {}, {"Soft", "width", "shared", "512", "8"}},
                        {"cde-t3-soft-expand", {}, {"Soft", "expand", "shared", "512", "4"}},
                        {"cde-t3-vq", {}, {"VQ", "width", "shared", "512", "1"}},
                        {"cde-t3-soft-per-layer", {}, {"Soft", "width", "per-layer", "512", "4"}}}));
    ColumnSpec latency = column(QStringLiteral("latency"), QStringLiteral("Latency on CPU (ms)"), 2, Best::Min);
    out.push_back(make(QStringLiteral("join-table1"), QStringLiteral("Joining paper Table 1: cost, latency and accuracy"),
                       QStringLiteral("Re-parameterised ViTs against the 12-block baseline (demo width; throughput: batches of 32 on the CPU; latency: one image, one CPU thread, median of 15)."),
                       {column("text:0", "Methods", 0), column("params", "#parameters (M)", 2, Best::None, NumberFormat::Style::Fixed, 1e-6),
                        column("gflops", "FLOPs (G)", 3),
                        column("throughput", "Throughput on CPU (img/s)", 0, Best::Max), latency,
                        top1(QStringLiteral("Accuracy Top-1 (%)"))},
                       {{"join-t1-plain12", {}, {"ViT (12 layers)"}},
                        {"join-t1-r6", {}, {"ViT-6-R (6 × 2)"}},
                        {"join-t1-r4", {}, {"ViT-4-R (4 × 3)"}},
                        {"join-t1-r3", {}, {"ViT-3-R (3 × 4)"}}}));
    out.push_back(make(QStringLiteral("join-table5"), QStringLiteral("Joining paper Table 5: λ schedules and diversity"),
                       QStringLiteral("Joining configurations: λ schedule and diversity regularisation (6 × 2 blocks, demo size)."),
                       {column("text:0", "Lambda sche. func.", 0), column("text:1", "Div. reg.", 0),
                        top1(QStringLiteral("Top-1 (%) ViT-6-R"))},
                       {{"join-t5-none", {}, {"no joining (λ = 0)", "no"}},
                        {"join-t5-instant", {}, {"instant joining (λ = 1)", "no"}},
                        {"join-t5-linear-div", {}, {"linear", "yes"}},
                        {"join-t5-linear", {}, {"linear", "no"}},
                        {"join-t5-cosine-div", {}, {"cosine", "yes"}},
                        {"join-t5-cosine", {}, {"cosine", "no"}},
                        {"join-t5-exp-div", {}, {"exponential", "yes"}},
                        {"join-t5-exp", {}, {"exponential", "no"}},
                        {"join-t5-sqrt-div", {}, {"sqrt", "yes"}},
                        {"join-t5-sqrt", {}, {"sqrt", "no"}}}));
    out.push_back(make(QStringLiteral("join-table6"), QStringLiteral("Joining paper Table 6: depth versus branching"),
                       QStringLiteral("Depth versus branching. Block-1: parallel branches never joined; Block-2: depth scaling; "
                                      "Block-3: re-parameterised (demo size)."),
                       {column("text:0", "Method", 0), column("params", "#Param. (M)", 2, Best::None, NumberFormat::Style::Fixed, 1e-6),
                        column("gflops", "FLOPs (G)", 3), top1(QStringLiteral("Top-1 (%)"))},
                       {{"join-t6-parallel6", "Block-1", {"ViT-6-2"}},
                        {"join-t6-parallel4", "Block-1", {"ViT-4-3"}},
                        {"join-t6-parallel3", "Block-1", {"ViT-3-4"}},
                        {"join-t6-plain6", "Block-2", {"ViT-6"}},
                        {"join-t6-plain4", "Block-2", {"ViT-4"}},
                        {"join-t6-plain3", "Block-2", {"ViT-3"}},
                        {"join-t6-r6", "Block-3", {"ViT-6-R"}},
                        {"join-t6-r4", "Block-3", {"ViT-4-R"}},
                        {"join-t6-r3", "Block-3", {"ViT-3-R"}}}));
    out.push_back(make(QStringLiteral("join-distill"), QStringLiteral("Joining paper: attention distillation (D- rows)"),
                       QStringLiteral("Re-parameterised ViT-6-R trained alone and attention-distilled from a 12-layer "
                                      "teacher (D-ViT-6-R), demo size."),
                       {column("text:0", "Method", 0), column("params", "#Param. (M)", 2, Best::None, NumberFormat::Style::Fixed, 1e-6),
                        column("gflops", "FLOPs (G)", 3), top1(QStringLiteral("Top-1 (%)"))},
                       {{"join-distill-teacher12", QStringLiteral("Teacher"), {"ViT-12"}},
                        {"join-distill-6-r", QStringLiteral("Student"), {"ViT-6-R"}},
                        {"join-distill-d6-r", QStringLiteral("Student"), {"D-ViT-6-R"}}}));
    return out;
}

} // namespace

const std::vector<TablePreset> &tablePresets()
{
    static const std::vector<TablePreset> presets = build();
    return presets;
}

std::optional<TablePreset> tablePresetByName(const QString &name)
{
    for (const TablePreset &p : tablePresets())
        if (p.name == name)
            return p;
    return std::nullopt;
}

} // namespace gatefold::tables
