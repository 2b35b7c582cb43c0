#include "tablecommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"

#include "json/usertext.h"
#include "store/runstore.h"
#include "tables/computedtable.h"
#include "tables/tablepresets.h"
#include "tables/tablesignificance.h"
#include "tables/tablewriters.h"
#include "timing/inprocesstimer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

#include <map>

namespace gatefold::cli {
namespace {

// "1,2,5-7" → 1 2 5 6 7.
std::optional<std::vector<qint64>> parseIds(const QString &text, QStringList *errors)
{
    std::vector<qint64> ids;
    for (const QString &part : text.split(',', Qt::SkipEmptyParts)) {
        const QStringList range = part.trimmed().split('-');
        bool ok1 = false, ok2 = true;
        const qint64 a = range.value(0).toLongLong(&ok1);
        const qint64 b = range.size() == 2 ? range.value(1).toLongLong(&ok2) : a;
        if (!ok1 || !ok2 || range.size() > 2 || a < 1 || b < a || b - a > 100000) {
            errors->append(tr("--runs: '%1' is not a run id or a range like 5-7").arg(part.trimmed()));
            return std::nullopt;
        }
        for (qint64 i = a; i <= b; ++i)
            ids.push_back(i);
    }
    if (ids.empty())
        errors->append(tr("--runs: no run ids given"));
    return ids;
}

// What `table` is asked to make, every option checked.
struct TableRequest {
    QString storePath;
    RunSelection selection;
    tables::TableSpec spec;
    QString format;    // latex or csv
    std::optional<QString> out;       // none: stdout
    std::optional<QString> saveSpec;  // none: not saved
};

// The table made: its text, and how many runs it was made from.
struct TableResult {
    tables::ComputedTable table;
    QString text;
    qsizetype runs = 0;
};

void addTableOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Write a table over runs of the store: LaTeX (booktabs, caption, label, escaped text, mean ± std over\n"
           "seeds, best in bold) or CSV (RFC 4180). Rows are runs, groups of runs that differ only by seed (default),\n"
           "or groups by a setting; columns from --columns, a --spec file or a paper --preset.\n"
           "Exit status: 0 written, 1 failure (unwritable file, unreadable run config), 2 bad usage."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"runs", tr("Run ids, e.g. 1,2,5-7 (in this order)."), tr("ids")});
    parser.addOption({"sweep", tr("The runs of one sweep."), tr("id")});
    parser.addOption({"all", tr("Every run of the store (oldest first).")});
    parser.addOption({"spec", tr("Table spec JSON file (README: Files it reads and writes, Tables)."), tr("file")});
    parser.addOption({"preset", tr("A paper table: cde-table2, cde-table3, join-table1, join-table5, join-table6, join-distill (--list-presets)."), tr("name")});
    parser.addOption({"columns",
                      tr("Columns: name, runs, seeds, config:KEY, params, gflops, latency, throughput, metric:KEY[:last|max|min|mean|@EPOCH],\n"
                         "comma-separated (default name,runs,metric:val/top1:max,metric:val/top1:last)."),
                      tr("list")});
    parser.addOption({"group-by", tr("seed (default), none, or a setting key such as gate.kind."), tr("seed|none|key")});
    parser.addOption({"caption", tr("Caption (replaces the spec's)."), tr("text")});
    parser.addOption({"label", tr("LaTeX label (replaces the spec's)."), tr("text")});
    parser.addOption({"spread", tr("What follows ± in a group: std (sample standard deviation, default) or ci95 "
                                   "(half-width of the 95 % Student-t confidence interval of the mean)."),
                      tr("std|ci95")});
    parser.addOption({"baseline", tr("Test every other row against the row with this label (or the one label containing "
                                     "it): Welch's t-test, paired by seed where both rows hold the same seeds; LaTeX marks "
                                     "significantly better/worse cells, CSV gets diff, its interval, t, df, p, test, verdict."),
                      tr("text")});
    parser.addOption({"alpha", tr("Significance level of the tests, 0 < alpha < 1 (default 0.05)."), tr("alpha")});
    parser.addOption({"format", tr("latex (default) or csv."), tr("latex|csv")});
    parser.addOption({"out", tr("Write to this file instead of stdout."), tr("file")});
    parser.addOption({"list-presets", tr("List the table presets and exit.")});
    parser.addOption({"save-spec", tr("Also write the spec used as JSON to this file."), tr("file")});
}

void printTablePresets()
{
    for (const auto &p : tables::tablePresets())
        printOut(QStringLiteral("%1  %2 (rows: %3)").arg(p.name, -12).arg(p.description, p.rowPresets.join(", ")));
}

// The spec --spec FILE reads; an empty one after adding its problems to `errors`.
tables::TableSpec specFromFile(const QString &path, QStringList *errors)
{
    QString why;
    const auto text = json::readUserText(path, &why);
    if (!text) {
        errors->append(tr("--spec: %1").arg(why));
        return {};
    }
    QStringList problems;
    const auto loaded = tables::specFromJson(*text, &problems);
    for (const QString &p : problems)
        errors->append(tr("--spec %1: %2").arg(path, p));
    return loaded ? *loaded : tables::TableSpec{};
}

// The columns `text` names; nullopt after adding its problems to `errors`.
std::optional<std::vector<tables::ColumnSpec>> columnsOption(const QString &text, QStringList *errors)
{
    QStringList problems;
    auto columns = tables::columnsFromText(text, &problems);
    for (const QString &p : problems)
        errors->append(tr("--columns: %1").arg(p));
    return columns;
}

// The spec --preset, --spec or --columns gives, before --columns, --group-by, --caption and --label change it.
tables::TableSpec baseSpec(const QCommandLineParser &parser, QStringList *errors)
{
    if (parser.isSet("preset")) {
        const auto preset = tables::tablePresetByName(parser.value("preset"));
        if (preset)
            return preset->spec;
        errors->append(tr("--preset: unknown table preset '%1'; `gatefold-cli table --list-presets` lists them")
                           .arg(parser.value("preset")));
        return {};
    }
    if (parser.isSet("spec"))
        return specFromFile(parser.value("spec"), errors);
    tables::TableSpec spec;
    if (const auto columns = columnsOption(parser.isSet("columns")
                                               ? parser.value("columns")
                                               : QStringLiteral("name,runs,metric:val/top1:max,metric:val/top1:last"),
                                           errors))
        spec.columns = *columns;
    return spec;
}

// --spread, --baseline and --alpha over the spec's.
void applySignificanceOptions(const QCommandLineParser &parser, tables::TableSpec *spec, QStringList *errors)
{
    if (parser.isSet("spread")) {
        if (const auto spread = tables::spreadFromName(parser.value("spread")))
            spec->spread = *spread;
        else
            errors->append(tr("--spread: '%1' is not std or ci95").arg(parser.value("spread")));
    }
    if (parser.isSet("baseline")) {
        spec->baseline = parser.value("baseline").trimmed();
        if (spec->baseline.isEmpty())
            errors->append(tr("--baseline needs the label of a row (e.g. --baseline \"ViT\")"));
    }
    if (parser.isSet("alpha")) {
        bool ok = false;
        const double alpha = parser.value("alpha").toDouble(&ok);
        if (!ok || !(alpha > 0 && alpha < 1))
            errors->append(tr("--alpha: '%1' is not a number between 0 and 1 (e.g. 0.05)").arg(parser.value("alpha")));
        else if (spec->baseline.isEmpty())
            errors->append(tr("--alpha needs a baseline row to test against (--baseline TEXT)"));
        else
            spec->alpha = alpha;
    }
}

// The spec with --columns (over a spec file), --group-by, --caption and --label applied.
tables::TableSpec specFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    tables::TableSpec spec = baseSpec(parser, errors);
    if (parser.isSet("columns") && (parser.isSet("spec") || parser.isSet("preset"))) {
        if (const auto columns = columnsOption(parser.value("columns"), errors)) {
            if (!spec.rows.empty())
                errors->append(tr("--columns cannot replace a preset's columns (its rows have fixed texts); edit a saved spec instead"));
            else
                spec.columns = *columns;
        }
    }
    if (parser.isSet("group-by")) {
        const QString g = parser.value("group-by");
        if (g == QLatin1String("seed"))
            spec.grouping = tables::TableSpec::Grouping::Seed;
        else if (g == QLatin1String("none"))
            spec.grouping = tables::TableSpec::Grouping::None;
        else if (g.isEmpty())
            errors->append(tr("--group-by needs seed, none or a setting key"));
        else {
            spec.grouping = tables::TableSpec::Grouping::Key;
            spec.groupKey = g;
        }
    }
    if (parser.isSet("caption"))
        spec.caption = parser.value("caption");
    if (parser.isSet("label"))
        spec.label = parser.value("label");
    applySignificanceOptions(parser, &spec, errors);
    return spec;
}

// --runs, --sweep or --all.
RunSelection selectionFromOptions(const QCommandLineParser &parser, QStringList *errors)
{
    RunSelection selection;
    selection.all = parser.isSet("all");
    if (parser.isSet("runs"))
        if (const auto parsed = parseIds(parser.value("runs"), errors))
            selection.ids = *parsed;
    if (parser.isSet("sweep")) {
        bool ok = false;
        selection.sweepId = parser.value("sweep").toLongLong(&ok);
        if (!ok || selection.sweepId < 1)
            errors->append(tr("--sweep: '%1' is not a sweep id").arg(parser.value("sweep")));
    }
    return selection;
}

// Every problem of the options at once; nullopt after printing them.
std::optional<TableRequest> tableRequest(const QCommandLineParser &parser)
{
    QStringList errors;
    const int selections = int(parser.isSet("runs")) + int(parser.isSet("sweep")) + int(parser.isSet("all"));
    if (selections != 1)
        errors << tr("choose the runs with exactly one of --runs IDS, --sweep ID or --all");
    if (parser.isSet("spec") && parser.isSet("preset"))
        errors << tr("--spec and --preset cannot be combined; a preset is a spec (--save-spec writes it)");
    TableRequest request;
    request.format = parser.value("format").isEmpty() ? QStringLiteral("latex") : parser.value("format");
    if (request.format != QLatin1String("latex") && request.format != QLatin1String("csv"))
        errors << tr("--format: '%1' is not latex or csv").arg(request.format);
    request.spec = specFromOptions(parser, &errors);
    request.selection = selectionFromOptions(parser, &errors);
    if (!errors.isEmpty()) {
        printErrors(tr("invalid options (nothing was written):"), errors);
        return std::nullopt;
    }
    request.storePath = storePathFromOptions(parser);
    if (parser.isSet("out"))
        request.out = parser.value("out");
    if (parser.isSet("save-spec"))
        request.saveSpec = parser.value("save-spec");
    return request;
}

// The table over the runs the request selects, as text; nullopt with `error`.
std::optional<TableResult> makeTable(store::RunStore &store, const TableRequest &request, CommandError *error)
{
    QString why;
    const auto ids = selectedRuns(store, request.selection, &why);
    if (!ids) {
        *error = commandError(ExitUsage, why);
        return std::nullopt;
    }
    timing::InProcessTimer timer;
    tables::TableSpec spec = request.spec;
    spec.baseline.clear();  // found below: a baseline naming no row is bad usage, not a failure
    auto table = tables::computeTable(store, *ids, spec, timer, &why);
    if (!table) {
        *error = commandError(ExitFailure, why);
        return std::nullopt;
    }
    if (!request.spec.baseline.isEmpty() && !tables::applyBaseline(&*table, request.spec.baseline, request.spec.alpha, &why)) {
        *error = commandError(ExitUsage, tr("--%1 (nothing was written)").arg(why));
        return std::nullopt;
    }
    if (const QStringList failed = table->problems(); !failed.isEmpty()) {  // a model that cannot be timed
        *error = commandErrors(ExitFailure, tr("cannot make the table (nothing was written):"), failed);
        return std::nullopt;
    }
    const QString text = request.format == QLatin1String("csv") ? tables::writeCsv(*table) : tables::writeLatex(*table);
    return TableResult{std::move(*table), text, qsizetype(ids->size())};
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        printErr(tr("error: cannot write %1: %2; choose a writable path").arg(path, file.errorString()));
        return false;
    }
    return true;
}

// A row that pools runs differing in more than the seed is marked in the table; said here too.
void notePooledRows(const tables::ComputedTable &table)
{
    for (const tables::TableRow &row : table.rows) {
        if (!row.pooled())
            continue;
        QStringList ids;
        for (const qint64 id : row.countedIds)
            ids << QString::number(id);
        if (ids.size() > 6)
            ids = ids.mid(0, 5) << QStringLiteral("…");
        const QString tested = table.tested() && !row.baseline ? tr("; tested against the baseline as one group") : QString();
        printErr(tr("note: the row of runs %1 is a %2 (marked in the table)%3")
                     .arg(ids.join(QStringLiteral(", ")), tables::pooledNote(row), tested));
    }
}

// Rows of few runs, and what the tests found, on stderr (the table marks them too).
void noteStatistics(const tables::ComputedTable &table)
{
    if (!table.showsStatistics())
        return;
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const int n = tables::fewestRuns(table, table.rows[r]);
        if (n == 1)
            printErr(tr("note: the row '%1' has one run: no interval and no test").arg(tables::rowLabel(table, r)));
        else if (n > 1 && n < tables::kFewSeeds)
            printErr(tr("note: the row '%1' has %2 runs (fewer than %3): its interval and test are weak")
                         .arg(tables::rowLabel(table, r)).arg(n).arg(tables::kFewSeeds));
    }
    if (!table.tested())
        return;
    std::map<tables::Verdict, int> counts;
    for (const tables::TableRow &row : table.rows)
        for (size_t c = 0; c < row.cells.size(); ++c)
            if (!row.baseline && tables::isMetricColumn(table.columns[c]) && !row.cells[c].missing)
                ++counts[row.cells[c].verdict];
    printErr(tr("baseline '%1' (alpha %2): %3 cell(s) significantly better, %4 worse, %5 not significant, %6 untested")
                 .arg(tables::rowLabel(table, size_t(table.baselineRow)))
                 .arg(table.alpha)
                 .arg(counts[tables::Verdict::Better])
                 .arg(counts[tables::Verdict::Worse])
                 .arg(counts[tables::Verdict::NotSignificant])
                 .arg(counts[tables::Verdict::Untested]));
}

// The spec (--save-spec) and the table, to --out or stdout.
int writeTable(const TableRequest &request, const TableResult &result)
{
    notePooledRows(result.table);
    noteStatistics(result.table);
    if (request.saveSpec && !writeFile(*request.saveSpec, tables::specToJson(request.spec)))
        return ExitFailure;
    if (request.out) {
        if (!writeFile(*request.out, result.text.toUtf8()))
            return ExitFailure;
        printErr(tr("wrote %1: %2 rows, %3 columns from %4 runs").arg(*request.out).arg(result.table.rows.size())
                     .arg(result.table.columns.size()).arg(result.runs));
        return ExitOk;
    }
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly))
        return ExitFailure;
    out.write(result.text.toUtf8());
    return ExitOk;
}

} // namespace

int runTable(const QStringList &arguments)
{
    QCommandLineParser parser;
    addTableOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    if (parser.isSet("list-presets")) {
        printTablePresets();
        return ExitOk;
    }
    const auto request = tableRequest(parser);
    if (!request)
        return ExitUsage;
    // Reading: read-only, never creating a store (a missing one is named as such).
    QString openError;
    auto store = openStoreToRead(request->storePath, &openError);
    if (!store) {
        printErr(tr("error: %1").arg(openError));
        return ExitUsage;
    }
    CommandError error;
    const auto result = makeTable(*store, *request, &error);
    if (!result)
        return printCommandError(error);
    if (const int exitCode = writeTable(*request, *result); exitCode != ExitOk)
        return exitCode;
    return reportDamage(*store, ExitOk);  // values the table left out, and why
}

} // namespace gatefold::cli
