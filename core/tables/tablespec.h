#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::tables {

// How a number is written. `percent` multiplies by 100 (a fraction 0.9370 is
// "93.70"; the header carries the unit) and appends "%" only with percentSign;
// `scientific` is d.ddd×10^e ("1.23e-04" in CSV, "$1.23\times10^{-4}$" in LaTeX);
// `scale` multiplies first (1e-6: parameters in millions).
struct NumberFormat {
    enum class Style { Fixed, Percent, Scientific };
    Style style = Style::Fixed;
    int decimals = 2;
    bool thousands = false;  // 1,234,567.89 (Fixed and Percent)
    bool percentSign = false;
    double scale = 1.0;
};

// Metrics written as percent by default (top-1/top-5 accuracy and the like, stored as
// fractions): tables and the curves' axes show them alike.
bool isPercentMetric(const QString &key);

// Which end of a column is best (its cells are set in bold), or none.
enum class Best { None, Max, Min };

// One column. `source`:
//   "name"            the row's name (run name; a group's shared name)
//   "runs"            how many runs the row aggregates
//   "seeds"           the rows' seeds, "0, 1, 2"
//   "config:KEY"      a setting of the run config (train.seed, gate.kind, …); a group
//                     whose runs disagree shows the distinct values
//   "params"          parameters of the model (closed form), "gflops" forward GFLOPs
//                     per image (2 × MACs), "latency" a measured CPU forward in ms
//                     (see runcost.h), "throughput" images/s at batch 32 on the CPU —
//                     of the deploy form when `deployed`
//   "metric:KEY"      a metric, reduced per run by `stat`: last | max | min | mean (of the
//                     run's points) | @EPOCH (the value at that epoch)
//   "text:I"          the I-th fixed text of a preset row (the paper's labels)
// A row of several runs shows the mean over its runs ± their sample standard
// deviation (n − 1) for every numeric column.
struct ColumnSpec {
    QString source;
    QString stat = QStringLiteral("last");
    QString header;          // empty: derived from source and stat
    NumberFormat format;
    Best best = Best::None;
    bool deployed = true;    // params/gflops/latency: a joining run's folded form when it ends joined
    bool showStd = true;     // mean ± std for groups (false: the mean alone)
};

// A fixed row of a preset: its section (a \midrule-separated block), its
// texts (columns "text:I") and the runs it takes: every run whose config
// agrees with `match` (flat key → value text).
struct RowSpec {
    QString section;
    QStringList texts;
    QJsonObject match;
};

// What follows "±" in a group's cell: the sample standard deviation (n − 1; the default) or the
// half-width of the 95 % Student-t confidence interval of the mean (significance.h's meanInterval).
enum class Spread { Std, Ci95 };
QString spreadName(Spread spread);                      // "std", "ci95"
std::optional<Spread> spreadFromName(const QString &name);

struct TableSpec {
    enum class Grouping { None, Seed, Key };
    QString caption;
    QString label;
    Grouping grouping = Grouping::Seed;  // runs differing only by train.seed share a row
    QString groupKey;                    // Grouping::Key: the config key whose value makes a row
    std::vector<ColumnSpec> columns;
    std::vector<RowSpec> rows;           // empty: rows come from the runs and the grouping
    int sortColumn = -1;                 // -1: rows in run order (or preset order)
    bool sortDescending = true;
    Spread spread = Spread::Std;
    // The row every other row is tested against (tablesignificance.h: its label, or a part of one
    // label); empty: no tests. `alpha`: the two-sided significance level, 0 < alpha < 1.
    QString baseline{};
    double alpha = 0.05;
};

// A default header for a column ("val/top1 (best)", "Params (M)", …).
QString defaultHeader(const ColumnSpec &column);
QString headerOf(const ColumnSpec &column);

// Every problem of a spec in words (unknown source, bad stat, group key missing…); empty when fine.
QStringList validateSpec(const TableSpec &spec);

// The JSON form (README "Table specs"). Reading reports every problem and returns nullopt on any.
QByteArray specToJson(const TableSpec &spec);
std::optional<TableSpec> specFromJson(const QByteArray &json, QStringList *errors);

// Parses a --columns list: comma-separated sources with an optional stat and
// options after ':' — "name,config:gate.kind,params,metric:val/top1:max".
std::optional<std::vector<ColumnSpec>> columnsFromText(const QString &text, QStringList *errors);

} // namespace gatefold::tables
