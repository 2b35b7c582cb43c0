#include "tablecommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"

#include "json/usertext.h"
#include "store/runstore.h"
#include "tables/computedtable.h"
#include "tables/tablepresets.h"
#include "tables/tablewriters.h"
#include "timing/inprocesstimer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

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

} // namespace

int runTable(const QStringList &arguments)
{
    QCommandLineParser parser;
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
    parser.addOption({"preset", tr("A paper table: cde-table2, cde-table3, join-table1, join-table5, join-table6."), tr("name")});
    parser.addOption({"columns",
                      tr("Columns: name, runs, seeds, config:KEY, params, gflops, latency, throughput, metric:KEY[:last|max|min|mean|@EPOCH],\n"
                         "comma-separated (default name,runs,metric:val/top1:max,metric:val/top1:last)."),
                      tr("list")});
    parser.addOption({"group-by", tr("seed (default), none, or a setting key such as gate.kind."), tr("seed|none|key")});
    parser.addOption({"caption", tr("Caption (replaces the spec's)."), tr("text")});
    parser.addOption({"label", tr("LaTeX label (replaces the spec's)."), tr("text")});
    parser.addOption({"format", tr("latex (default) or csv."), tr("latex|csv")});
    parser.addOption({"out", tr("Write to this file instead of stdout."), tr("file")});
    parser.addOption({"list-presets", tr("List the table presets and exit.")});
    parser.addOption({"save-spec", tr("Also write the spec used as JSON to this file."), tr("file")});
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;

    if (parser.isSet("list-presets")) {
        for (const auto &p : tables::tablePresets())
            printOut(QStringLiteral("%1  %2 (rows: %3)").arg(p.name, -12).arg(p.description, p.rowPresets.join(", ")));
        return ExitOk;
    }

    QStringList errors;
    const int selections = int(parser.isSet("runs")) + int(parser.isSet("sweep")) + int(parser.isSet("all"));
    if (selections != 1)
        errors << tr("choose the runs with exactly one of --runs IDS, --sweep ID or --all");
    if (parser.isSet("spec") && parser.isSet("preset"))
        errors << tr("--spec and --preset cannot be combined; a preset is a spec (--save-spec writes it)");
    const QString format = parser.value("format").isEmpty() ? QStringLiteral("latex") : parser.value("format");
    if (format != QLatin1String("latex") && format != QLatin1String("csv"))
        errors << tr("--format: '%1' is not latex or csv").arg(format);

    tables::TableSpec spec;
    if (parser.isSet("preset")) {
        const auto preset = tables::tablePresetByName(parser.value("preset"));
        if (!preset)
            errors << tr("--preset: unknown table preset '%1'; `gatefold-cli table --list-presets` lists them")
                          .arg(parser.value("preset"));
        else
            spec = preset->spec;
    } else if (parser.isSet("spec")) {
        QString why;
        if (const auto text = json::readUserText(parser.value("spec"), &why); !text) {
            errors << tr("--spec: %1").arg(why);
        } else {
            QStringList problems;
            const auto loaded = tables::specFromJson(*text, &problems);
            for (const QString &p : problems)
                errors << tr("--spec %1: %2").arg(parser.value("spec"), p);
            if (loaded)
                spec = *loaded;
        }
    } else {
        QStringList problems;
        const auto columns = tables::columnsFromText(
            parser.isSet("columns") ? parser.value("columns")
                                    : QStringLiteral("name,runs,metric:val/top1:max,metric:val/top1:last"),
            &problems);
        for (const QString &p : problems)
            errors << tr("--columns: %1").arg(p);
        if (columns)
            spec.columns = *columns;
    }
    if (parser.isSet("columns") && (parser.isSet("spec") || parser.isSet("preset"))) {
        QStringList problems;
        if (const auto columns = tables::columnsFromText(parser.value("columns"), &problems)) {
            if (!spec.rows.empty())
                errors << tr("--columns cannot replace a preset's columns (its rows have fixed texts); edit a saved spec instead");
            else
                spec.columns = *columns;
        } else {
            for (const QString &p : problems)
                errors << tr("--columns: %1").arg(p);
        }
    }
    if (parser.isSet("group-by")) {
        const QString g = parser.value("group-by");
        if (g == QLatin1String("seed"))
            spec.grouping = tables::TableSpec::Grouping::Seed;
        else if (g == QLatin1String("none"))
            spec.grouping = tables::TableSpec::Grouping::None;
        else if (g.isEmpty())
            errors << tr("--group-by needs seed, none or a setting key");
        else {
            spec.grouping = tables::TableSpec::Grouping::Key;
            spec.groupKey = g;
        }
    }
    if (parser.isSet("caption"))
        spec.caption = parser.value("caption");
    if (parser.isSet("label"))
        spec.label = parser.value("label");
    std::vector<qint64> ids;
    if (parser.isSet("runs")) {
        if (const auto parsed = parseIds(parser.value("runs"), &errors))
            ids = *parsed;
    }
    qint64 sweepId = 0;
    if (parser.isSet("sweep")) {
        bool ok = false;
        sweepId = parser.value("sweep").toLongLong(&ok);
        if (!ok || sweepId < 1)
            errors << tr("--sweep: '%1' is not a sweep id").arg(parser.value("sweep"));
    }
    if (!errors.isEmpty()) {
        printErrors(tr("invalid options (nothing was written):"), errors);
        return ExitUsage;
    }

    // Reading: read-only, never creating a store (a missing one is named as such).
    QString openError;
    auto store = openStoreToRead(storePathFromOptions(parser), &openError);
    if (!store) {
        printErr(tr("error: %1").arg(openError));
        return ExitUsage;
    }
    QString why;
    if (parser.isSet("sweep") || parser.isSet("all")) {
        if (sweepId > 0 && !store->sweep(sweepId)) {
            printErr(tr("error: there is no sweep %1 in %2").arg(sweepId).arg(store->displayName()));
            return ExitUsage;
        }
        const auto runs = store->runs(sweepId);  // newest first
        for (auto it = runs.rbegin(); it != runs.rend(); ++it)
            ids.push_back(it->id);
    }
    for (qint64 id : ids)
        if (!store->run(id)) {
            printErr(tr("error: there is no run %1 in %2; `gatefold-cli runs` lists them").arg(id).arg(store->displayName()));
            return ExitUsage;
        }
    timing::InProcessTimer timer;
    const auto table = tables::computeTable(*store, ids, spec, timer, &why);
    if (!table) {
        printErr(tr("error: %1").arg(why));
        return ExitFailure;
    }
    if (const QStringList failed = table->problems(); !failed.isEmpty()) {  // a model that cannot be timed
        printErrors(tr("cannot make the table (nothing was written):"), failed);
        return ExitFailure;
    }
    const QString text = format == QLatin1String("csv") ? tables::writeCsv(*table) : tables::writeLatex(*table);
    auto writeFile = [](const QString &path, const QByteArray &bytes) {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
            printErr(tr("error: cannot write %1: %2; choose a writable path").arg(path, file.errorString()));
            return false;
        }
        return true;
    };
    if (parser.isSet("save-spec") && !writeFile(parser.value("save-spec"), tables::specToJson(spec)))
        return ExitFailure;
    if (parser.isSet("out")) {
        if (!writeFile(parser.value("out"), text.toUtf8()))
            return ExitFailure;
        printErr(tr("wrote %1: %2 rows, %3 columns from %4 runs").arg(parser.value("out")).arg(table->rows.size())
                     .arg(table->columns.size()).arg(ids.size()));
    } else {
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly))
            return ExitFailure;
        out.write(text.toUtf8());
    }
    return reportDamage(*store, ExitOk);  // values the table left out, and why
}

} // namespace gatefold::cli
