#include "tablespec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace gatefold::tables {
namespace {

bool isMetricStat(const QString &stat)
{
    if (stat.startsWith('@')) {
        bool ok = false;
        stat.mid(1).toDouble(&ok);
        return ok;
    }
    return stat == QLatin1String("last") || stat == QLatin1String("max") || stat == QLatin1String("min")
        || stat == QLatin1String("mean");
}

QString styleName(NumberFormat::Style style)
{
    switch (style) {
    case NumberFormat::Style::Percent: return QStringLiteral("percent");
    case NumberFormat::Style::Scientific: return QStringLiteral("scientific");
    case NumberFormat::Style::Fixed: break;
    }
    return QStringLiteral("fixed");
}

QString bestName(Best best)
{
    return best == Best::Max ? QStringLiteral("max") : best == Best::Min ? QStringLiteral("min") : QStringLiteral("none");
}

QString groupingName(TableSpec::Grouping g)
{
    return g == TableSpec::Grouping::None ? QStringLiteral("none")
         : g == TableSpec::Grouping::Key  ? QStringLiteral("key")
                                          : QStringLiteral("seed");
}

// Sensible defaults for a column the user named only by its source: accuracies
// in percent with the best in bold, losses lowest-best, parameters in millions.
ColumnSpec defaultColumn(const QString &source, const QString &stat)
{
    ColumnSpec c;
    c.source = source;
    if (!stat.isEmpty())
        c.stat = stat;
    if (source == QLatin1String("params")) {
        c.format.scale = 1e-6;
        c.format.decimals = 2;
    } else if (source == QLatin1String("gflops")) {
        c.format.decimals = 3;
    } else if (source == QLatin1String("latency")) {
        c.format.decimals = 2;
        c.best = Best::Min;
    } else if (source == QLatin1String("throughput")) {
        c.format.decimals = 0;
        c.best = Best::Max;
    } else if (source.startsWith(QLatin1String("metric:"))) {
        const QString key = source.mid(7).toLower();
        if (key.contains(QLatin1String("top1")) || key.contains(QLatin1String("top5")) || key.contains(QLatin1String("acc"))) {
            c.format.style = NumberFormat::Style::Percent;
            c.best = Best::Max;
        } else if (key.contains(QLatin1String("loss"))) {
            c.format.decimals = 4;
            c.best = Best::Min;
        } else {
            c.format.decimals = 4;
        }
    }
    return c;
}

} // namespace

QString defaultHeader(const ColumnSpec &column)
{
    const QString &s = column.source;
    if (s == QLatin1String("name"))
        return QStringLiteral("Run");
    if (s == QLatin1String("runs"))
        return QStringLiteral("Runs");
    if (s == QLatin1String("seeds"))
        return QStringLiteral("Seeds");
    if (s == QLatin1String("params"))
        return column.format.scale == 1e-6 ? QStringLiteral("Params (M)") : QStringLiteral("Params");
    if (s == QLatin1String("gflops"))
        return QStringLiteral("GFLOPs");
    if (s == QLatin1String("latency"))
        return QStringLiteral("Latency (ms)");
    if (s == QLatin1String("throughput"))
        return QStringLiteral("Throughput (img/s)");
    if (s.startsWith(QLatin1String("config:")))
        return s.mid(7);
    if (s.startsWith(QLatin1String("text:")))
        return QString();
    if (s.startsWith(QLatin1String("metric:"))) {
        const QString which = column.stat == QLatin1String("max") ? QStringLiteral("best")
                            : column.stat == QLatin1String("min") ? QStringLiteral("lowest")
                            : column.stat.startsWith('@')        ? QStringLiteral("epoch %1").arg(column.stat.mid(1))
                                                                  : column.stat;
        const QString unit = column.format.style == NumberFormat::Style::Percent && !column.format.percentSign
                                 ? QStringLiteral(", %") : QString();
        return QStringLiteral("%1 (%2%3)").arg(s.mid(7), which, unit);
    }
    return s;
}

QString headerOf(const ColumnSpec &column)
{
    return column.header.isEmpty() ? defaultHeader(column) : column.header;
}

QStringList validateSpec(const TableSpec &spec)
{
    QStringList problems;
    if (spec.columns.empty())
        problems << QStringLiteral("the table has no columns; name at least one (e.g. name,metric:val/top1:max)");
    if (spec.grouping == TableSpec::Grouping::Key && spec.groupKey.isEmpty())
        problems << QStringLiteral("grouping by a key needs the key (e.g. --group-by gate.kind)");
    for (size_t i = 0; i < spec.columns.size(); ++i) {
        const ColumnSpec &c = spec.columns[i];
        const QString where = QStringLiteral("column %1 (%2)").arg(i + 1).arg(c.source);
        const QString &s = c.source;
        const bool known = s == QLatin1String("name") || s == QLatin1String("runs") || s == QLatin1String("seeds")
                        || s == QLatin1String("params") || s == QLatin1String("gflops") || s == QLatin1String("latency")
                        || s == QLatin1String("throughput") || (s.startsWith(QLatin1String("config:")) && s.size() > 7)
                        || (s.startsWith(QLatin1String("metric:")) && s.size() > 7);
        bool textOk = false;
        if (s.startsWith(QLatin1String("text:")))
            s.mid(5).toInt(&textOk);
        if (!known && !textOk)
            problems << QStringLiteral("%1: unknown source; use name, runs, seeds, config:KEY, params, gflops, latency, "
                                       "throughput, metric:KEY or text:I").arg(where);
        if (s.startsWith(QLatin1String("metric:")) && !isMetricStat(c.stat))
            problems << QStringLiteral("%1: unknown statistic '%2'; use last, max, min, mean or @EPOCH").arg(where, c.stat);
        if (c.format.decimals < 0 || c.format.decimals > 12)
            problems << QStringLiteral("%1: decimals must be 0 to 12, not %2").arg(where).arg(c.format.decimals);
        if (!(c.format.scale > 0) && !(c.format.scale < 0))
            problems << QStringLiteral("%1: scale must be a non-zero number").arg(where);
    }
    if (spec.sortColumn >= int(spec.columns.size()))
        problems << QStringLiteral("sort column %1 does not exist (the table has %2 columns)")
                        .arg(spec.sortColumn + 1).arg(spec.columns.size());
    return problems;
}

QByteArray specToJson(const TableSpec &spec)
{
    QJsonObject o;
    o.insert("caption", spec.caption);
    o.insert("label", spec.label);
    o.insert("group_by", spec.grouping == TableSpec::Grouping::Key ? spec.groupKey : groupingName(spec.grouping));
    if (spec.sortColumn >= 0) {
        o.insert("sort_column", spec.sortColumn);
        o.insert("sort_descending", spec.sortDescending);
    }
    QJsonArray columns;
    for (const ColumnSpec &c : spec.columns) {
        QJsonObject j;
        j.insert("source", c.source);
        if (c.source.startsWith(QLatin1String("metric:")))
            j.insert("stat", c.stat);
        if (!c.header.isEmpty())
            j.insert("header", c.header);
        j.insert("format", styleName(c.format.style));
        j.insert("decimals", c.format.decimals);
        j.insert("thousands", c.format.thousands);
        if (c.format.percentSign)
            j.insert("percent_sign", true);
        if (c.format.scale != 1.0)
            j.insert("scale", c.format.scale);
        j.insert("best", bestName(c.best));
        if (!c.deployed)
            j.insert("deployed", false);
        if (!c.showStd)
            j.insert("std", false);
        columns.append(j);
    }
    o.insert("columns", columns);
    if (!spec.rows.empty()) {
        QJsonArray rows;
        for (const RowSpec &r : spec.rows) {
            QJsonObject j;
            if (!r.section.isEmpty())
                j.insert("section", r.section);
            j.insert("texts", QJsonArray::fromStringList(r.texts));
            j.insert("match", r.match);
            rows.append(j);
        }
        o.insert("rows", rows);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<TableSpec> specFromJson(const QByteArray &json, QStringList *errors)
{
    QStringList problems;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        const int line = int(json.left(parseError.offset).count('\n')) + 1;
        problems << (parseError.error != QJsonParseError::NoError
                         ? QStringLiteral("not valid JSON (line %1: %2)").arg(line).arg(parseError.errorString())
                         : QStringLiteral("a table spec is a JSON object with \"columns\""));
        if (errors)
            *errors = problems;
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    static const QStringList knownKeys = {"caption", "label", "group_by", "sort_column", "sort_descending", "columns", "rows"};
    for (const QString &k : o.keys())
        if (!knownKeys.contains(k))
            problems << QStringLiteral("unknown key '%1'; a spec has %2").arg(k, knownKeys.join(", "));
    TableSpec spec;
    spec.caption = o.value("caption").toString();
    spec.label = o.value("label").toString();
    const QString group = o.value("group_by").toString(QStringLiteral("seed"));
    if (group == QLatin1String("seed"))
        spec.grouping = TableSpec::Grouping::Seed;
    else if (group == QLatin1String("none"))
        spec.grouping = TableSpec::Grouping::None;
    else {
        spec.grouping = TableSpec::Grouping::Key;
        spec.groupKey = group;
    }
    spec.sortColumn = o.value("sort_column").toInt(-1);
    spec.sortDescending = o.value("sort_descending").toBool(true);
    if (!o.value("columns").isArray())
        problems << QStringLiteral("\"columns\" must be a list of column objects");
    const QJsonArray columns = o.value("columns").toArray();
    for (int i = 0; i < columns.size(); ++i) {
        const QJsonObject j = columns[i].toObject();
        const QString where = QStringLiteral("columns[%1]").arg(i);
        if (!j.value("source").isString()) {
            problems << QStringLiteral("%1: needs a \"source\" text").arg(where);
            continue;
        }
        ColumnSpec c = defaultColumn(j.value("source").toString(), j.value("stat").toString());
        c.header = j.value("header").toString();
        const QString style = j.value("format").toString(styleName(c.format.style));
        if (style == QLatin1String("fixed"))
            c.format.style = NumberFormat::Style::Fixed;
        else if (style == QLatin1String("percent"))
            c.format.style = NumberFormat::Style::Percent;
        else if (style == QLatin1String("scientific"))
            c.format.style = NumberFormat::Style::Scientific;
        else
            problems << QStringLiteral("%1: format '%2' is not fixed, percent or scientific").arg(where, style);
        if (j.contains("decimals") && !j.value("decimals").isDouble())
            problems << QStringLiteral("%1: decimals must be a number").arg(where);
        c.format.decimals = j.value("decimals").toInt(c.format.decimals);
        c.format.thousands = j.value("thousands").toBool(c.format.thousands);
        c.format.percentSign = j.value("percent_sign").toBool(c.format.percentSign);
        c.format.scale = j.value("scale").toDouble(c.format.scale);
        const QString best = j.value("best").toString(bestName(c.best));
        if (best == QLatin1String("max"))
            c.best = Best::Max;
        else if (best == QLatin1String("min"))
            c.best = Best::Min;
        else if (best == QLatin1String("none"))
            c.best = Best::None;
        else
            problems << QStringLiteral("%1: best '%2' is not max, min or none").arg(where, best);
        c.deployed = j.value("deployed").toBool(true);
        c.showStd = j.value("std").toBool(true);
        spec.columns.push_back(c);
    }
    const QJsonArray rows = o.value("rows").toArray();
    for (const QJsonValue &v : rows) {
        const QJsonObject j = v.toObject();
        RowSpec r;
        r.section = j.value("section").toString();
        for (const QJsonValue &t : j.value("texts").toArray())
            r.texts << t.toString();
        r.match = j.value("match").toObject();
        spec.rows.push_back(r);
    }
    problems << validateSpec(spec);
    if (!problems.isEmpty()) {
        if (errors)
            *errors = problems;
        return std::nullopt;
    }
    return spec;
}

std::optional<std::vector<ColumnSpec>> columnsFromText(const QString &text, QStringList *errors)
{
    std::vector<ColumnSpec> out;
    QStringList problems;
    for (const QString &raw : text.split(',', Qt::SkipEmptyParts)) {
        const QString item = raw.trimmed();
        QString source = item;
        QString stat;
        if (item.startsWith(QLatin1String("metric:"))) {
            // metric:KEY[:STAT]; keys hold '/', never ':'
            const int second = item.indexOf(':', 7);
            if (second > 0) {
                source = item.left(second);
                stat = item.mid(second + 1);
            }
        }
        out.push_back(defaultColumn(source, stat));
    }
    TableSpec probe;
    probe.columns = out;
    problems << validateSpec(probe);
    if (!problems.isEmpty()) {
        if (errors)
            *errors = problems;
        return std::nullopt;
    }
    return out;
}

} // namespace gatefold::tables
