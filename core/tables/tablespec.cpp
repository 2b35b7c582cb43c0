#include "tablespec.h"

#include "json/strictjson.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <limits>

namespace gatefold::tables {

bool isPercentMetric(const QString &key)
{
    const QString k = key.toLower();
    return k.contains(QLatin1String("top1")) || k.contains(QLatin1String("top5")) || k.contains(QLatin1String("acc"));
}

QString spreadName(Spread spread)
{
    return spread == Spread::Ci95 ? QStringLiteral("ci95") : QStringLiteral("std");
}

std::optional<Spread> spreadFromName(const QString &name)
{
    if (name == QLatin1String("std"))
        return Spread::Std;
    if (name == QLatin1String("ci95"))
        return Spread::Ci95;
    return std::nullopt;
}

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
        if (isPercentMetric(key)) {
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
    if (!(spec.alpha > 0 && spec.alpha < 1))
        problems << QStringLiteral("alpha must be between 0 and 1 (e.g. 0.05), not %1").arg(spec.alpha);
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
    // Written only when not the defaults: specs saved before keep their bytes.
    if (spec.spread != Spread::Std)
        o.insert("spread", spreadName(spec.spread));
    if (!spec.baseline.isEmpty())
        o.insert("baseline", spec.baseline);
    if (spec.alpha != 0.05)
        o.insert("alpha", spec.alpha);
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

namespace {

// Reads the members of a spec's objects with their types checked; every
// problem goes to `problems` as "line N: where: what".
class SpecReader
{
public:
    SpecReader(const json::StrictJson &doc, QStringList *problems) : m_doc(doc), m_problems(problems) {}

    void add(const QString &pointer, const QString &where, const QString &what)
    {
        const int line = m_doc.lineOf(pointer);
        const QString text = where.isEmpty() ? what : where + QStringLiteral(": ") + what;
        *m_problems << (line > 0 ? QStringLiteral("line %1: %2").arg(line).arg(text) : text);
    }

    void onlyKeys(const QJsonObject &o, const QStringList &known, const QString &pointer, const QString &where)
    {
        for (auto it = o.begin(); it != o.end(); ++it)
            if (!known.contains(it.key()))
                add(json::StrictJson::member(pointer, it.key()), where,
                    QStringLiteral("unknown key '%1'; known: %2")
                        .arg(json::quoteForMessage(it.key()).mid(1).chopped(1), known.join(", ")));
    }

    // The member `key` when it has the type `ok` accepts; nullopt (and a problem when present) otherwise.
    std::optional<QJsonValue> member(const QJsonObject &o, const QString &key, const QString &pointer,
                                     const QString &where, bool (QJsonValue::*ok)() const, const char *expected)
    {
        if (!o.contains(key))
            return std::nullopt;
        const QJsonValue v = o.value(key);
        if (!(v.*ok)()) {
            add(json::StrictJson::member(pointer, key), join(where, key),
                QStringLiteral("expected %1, not %2").arg(QLatin1String(expected), json::describeJsonType(v)));
            return std::nullopt;
        }
        return v;
    }

    std::optional<QString> text(const QJsonObject &o, const QString &key, const QString &pointer, const QString &where)
    {
        const auto v = member(o, key, pointer, where, &QJsonValue::isString, "a text in double quotes");
        return v ? std::optional<QString>(v->toString()) : std::nullopt;
    }

    std::optional<bool> flag(const QJsonObject &o, const QString &key, const QString &pointer, const QString &where)
    {
        const auto v = member(o, key, pointer, where, &QJsonValue::isBool, "true or false");
        return v ? std::optional<bool>(v->toBool()) : std::nullopt;
    }

    std::optional<double> number(const QJsonObject &o, const QString &key, const QString &pointer, const QString &where)
    {
        const auto v = member(o, key, pointer, where, &QJsonValue::isDouble, "a number");
        return v ? std::optional<double>(v->toDouble()) : std::nullopt;
    }

    std::optional<qint64> whole(const QJsonObject &o, const QString &key, const QString &pointer, const QString &where,
                                qint64 lo, qint64 hi)
    {
        const auto v = member(o, key, pointer, where, &QJsonValue::isDouble, "a whole number");
        if (!v)
            return std::nullopt;
        constexpr qint64 none = std::numeric_limits<qint64>::min();
        const qint64 n = v->toInteger(none);
        if (n == none || n < lo || n > hi) {
            add(json::StrictJson::member(pointer, key), join(where, key),
                QStringLiteral("expected a whole number from %1 to %2, not %3").arg(lo).arg(hi).arg(json::describeJsonType(*v)));
            return std::nullopt;
        }
        return n;
    }

    static QString join(const QString &where, const QString &key)
    {
        return where.isEmpty() ? key : where + QLatin1Char('.') + key;
    }

private:
    const json::StrictJson &m_doc;
    QStringList *m_problems;
};

std::optional<ColumnSpec> readColumn(SpecReader &r, const QJsonValue &value, const QString &pointer, const QString &where)
{
    if (!value.isObject()) {
        r.add(pointer, where, QStringLiteral("a column is an object {\"source\": …}, not %1").arg(json::describeJsonType(value)));
        return std::nullopt;
    }
    const QJsonObject j = value.toObject();
    r.onlyKeys(j, {"source", "stat", "header", "format", "decimals", "thousands", "percent_sign", "scale", "best",
                   "deployed", "std"},
               pointer, where);
    const auto source = r.text(j, "source", pointer, where);
    if (!source) {
        if (!j.contains("source"))
            r.add(pointer, where, QStringLiteral("needs a \"source\" text (name, config:KEY, metric:KEY, …)"));
        return std::nullopt;
    }
    ColumnSpec c = defaultColumn(*source, r.text(j, "stat", pointer, where).value_or(QString()));
    c.header = r.text(j, "header", pointer, where).value_or(QString());
    if (const auto style = r.text(j, "format", pointer, where)) {
        if (*style == QLatin1String("fixed"))
            c.format.style = NumberFormat::Style::Fixed;
        else if (*style == QLatin1String("percent"))
            c.format.style = NumberFormat::Style::Percent;
        else if (*style == QLatin1String("scientific"))
            c.format.style = NumberFormat::Style::Scientific;
        else
            r.add(json::StrictJson::member(pointer, "format"), where,
                  QStringLiteral("format '%1' is not fixed, percent or scientific").arg(*style));
    }
    c.format.decimals = int(r.whole(j, "decimals", pointer, where, 0, 12).value_or(c.format.decimals));
    c.format.thousands = r.flag(j, "thousands", pointer, where).value_or(c.format.thousands);
    c.format.percentSign = r.flag(j, "percent_sign", pointer, where).value_or(c.format.percentSign);
    c.format.scale = r.number(j, "scale", pointer, where).value_or(c.format.scale);
    if (const auto best = r.text(j, "best", pointer, where)) {
        if (*best == QLatin1String("max"))
            c.best = Best::Max;
        else if (*best == QLatin1String("min"))
            c.best = Best::Min;
        else if (*best == QLatin1String("none"))
            c.best = Best::None;
        else
            r.add(json::StrictJson::member(pointer, "best"), where,
                  QStringLiteral("best '%1' is not max, min or none").arg(*best));
    }
    c.deployed = r.flag(j, "deployed", pointer, where).value_or(true);
    c.showStd = r.flag(j, "std", pointer, where).value_or(true);
    return c;
}

std::optional<RowSpec> readRow(SpecReader &r, const QJsonValue &value, const QString &pointer, const QString &where)
{
    if (!value.isObject()) {
        r.add(pointer, where, QStringLiteral("a row is an object {\"texts\", \"match\"}, not %1").arg(json::describeJsonType(value)));
        return std::nullopt;
    }
    const QJsonObject j = value.toObject();
    r.onlyKeys(j, {"section", "texts", "match"}, pointer, where);
    RowSpec row;
    row.section = r.text(j, "section", pointer, where).value_or(QString());
    if (const auto texts = r.member(j, "texts", pointer, where, &QJsonValue::isArray, "a list of texts")) {
        const QJsonArray list = texts->toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (!list.at(i).isString())
                r.add(json::StrictJson::item(json::StrictJson::member(pointer, "texts"), i), where + ".texts",
                      QStringLiteral("item %1 is %2, not a text").arg(i).arg(json::describeJsonType(list.at(i))));
            row.texts << list.at(i).toString();
        }
    }
    if (const auto match = r.member(j, "match", pointer, where, &QJsonValue::isObject, "an object of settings")) {
        row.match = match->toObject();
        for (auto it = row.match.begin(); it != row.match.end(); ++it)
            if (it.value().isObject() || it.value().isArray() || it.value().isNull())
                r.add(json::StrictJson::member(json::StrictJson::member(pointer, "match"), it.key()), where + ".match",
                      QStringLiteral("%1 must be a text, number or true/false, not %2")
                          .arg(json::quoteForMessage(it.key()), json::describeJsonType(it.value())));
    }
    return row;
}

} // namespace

std::optional<TableSpec> specFromJson(const QByteArray &json, QStringList *errors)
{
    QStringList problems;
    auto fail = [&]() -> std::optional<TableSpec> {
        if (errors)
            *errors = problems;
        return std::nullopt;
    };
    QString parseError;
    const auto doc = json::StrictJson::parse(json, &parseError);
    if (!doc) {
        problems << QStringLiteral("not valid JSON: %1").arg(parseError);
        return fail();
    }
    if (!doc->root().isObject()) {
        problems << QStringLiteral("a table spec is a JSON object with \"columns\", not %1").arg(json::describeJsonType(doc->root()));
        return fail();
    }
    SpecReader r(*doc, &problems);
    const QJsonObject o = doc->root().toObject();
    r.onlyKeys(o, {"caption", "label", "group_by", "sort_column", "sort_descending", "spread", "baseline", "alpha",
                   "columns", "rows"},
               QString(), QString());
    TableSpec spec;
    spec.caption = r.text(o, "caption", QString(), QString()).value_or(QString());
    spec.label = r.text(o, "label", QString(), QString()).value_or(QString());
    const QString group = r.text(o, "group_by", QString(), QString()).value_or(QStringLiteral("seed"));
    if (group == QLatin1String("seed"))
        spec.grouping = TableSpec::Grouping::Seed;
    else if (group == QLatin1String("none"))
        spec.grouping = TableSpec::Grouping::None;
    else {
        spec.grouping = TableSpec::Grouping::Key;
        spec.groupKey = group;
    }
    spec.sortColumn = int(r.whole(o, "sort_column", QString(), QString(), 0, 1000).value_or(-1));
    spec.sortDescending = r.flag(o, "sort_descending", QString(), QString()).value_or(true);
    if (const auto spread = r.text(o, "spread", QString(), QString())) {
        if (const auto s = spreadFromName(*spread))
            spec.spread = *s;
        else
            r.add(json::StrictJson::member(QString(), "spread"), QStringLiteral("spread"),
                  QStringLiteral("'%1' is not std or ci95").arg(*spread));
    }
    spec.baseline = r.text(o, "baseline", QString(), QString()).value_or(QString());
    spec.alpha = r.number(o, "alpha", QString(), QString()).value_or(0.05);
    const auto columns = r.member(o, "columns", QString(), QString(), &QJsonValue::isArray, "a list of column objects");
    if (!o.contains("columns"))
        problems << QStringLiteral("\"columns\" is missing: a list of column objects");
    const QJsonArray columnList = columns ? columns->toArray() : QJsonArray();
    for (qsizetype i = 0; i < columnList.size(); ++i)
        if (const auto c = readColumn(r, columnList.at(i), json::StrictJson::item("/columns", i),
                                      QStringLiteral("columns[%1]").arg(i)))
            spec.columns.push_back(*c);
    const auto rows = r.member(o, "rows", QString(), QString(), &QJsonValue::isArray, "a list of row objects");
    const QJsonArray rowList = rows ? rows->toArray() : QJsonArray();
    for (qsizetype i = 0; i < rowList.size(); ++i)
        if (const auto row = readRow(r, rowList.at(i), json::StrictJson::item("/rows", i), QStringLiteral("rows[%1]").arg(i)))
            spec.rows.push_back(*row);
    problems << validateSpec(spec);
    if (!problems.isEmpty())
        return fail();
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
