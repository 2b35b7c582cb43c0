#include "sweepdistribution.h"

#include "fieldtable.h"
#include "runconfigjson.h"
#include "runvalidation.h"
#include "textvalues.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <map>

namespace gatefold::train {
namespace {

using json::StrictJson;

// Ends beyond this are refused: a range's width must stay a finite double (1e308 - -1e308 is not).
constexpr double kLargestEnd = 1e300;
// int_uniform's ends: whole numbers a double holds exactly (2^53).
constexpr double kLargestWhole = 9007199254740992.0;

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

QString number(double v)
{
    return QString::fromStdString(model::formatDouble(v));
}

constexpr std::pair<AxisKind, const char *> kKinds[] = {{AxisKind::Choice, "choice"},
                                                        {AxisKind::Uniform, "uniform"},
                                                        {AxisKind::LogUniform, "log_uniform"},
                                                        {AxisKind::IntUniform, "int_uniform"}};

std::optional<AxisKind> kindNamed(const QString &name)
{
    for (const auto &[kind, text] : kKinds)
        if (name == QLatin1String(text))
            return kind;
    return std::nullopt;
}

// One axis being read: where it is in the file and how messages name it.
struct AxisReader {
    const RunConfig &common;
    GridProblems &problems;
    QString at;     // the key's pointer
    QString shown;  // the key as messages show it
};

// A list's (or a choice's) values, each checked against the setting and listed once.
void readValues(const AxisReader &r, const QString &listAt, const QJsonArray &list, Axis *axis)
{
    std::map<std::string, qsizetype> seen;  // a value's text form → its index
    for (qsizetype i = 0; i < list.size(); ++i) {
        RunConfig probe = r.common;
        QString why;
        const QString itemAt = StrictJson::item(listAt, i);
        if (!applyJsonSetting(&probe, *axis->field, list.at(i), &why)) {
            r.problems.add(itemAt, tr("grid: %1: value %2 of %3: %4").arg(r.shown).arg(i + 1).arg(list.size()).arg(why));
            continue;
        }
        const auto [first, fresh] = seen.emplace(axis->field->get(probe), i);
        if (!fresh)
            r.problems.add(itemAt, tr("grid: %1: values %2 and %3 are the same (%4); list each value once")
                                       .arg(r.shown)
                                       .arg(first->second + 1)
                                       .arg(i + 1)
                                       .arg(QString::fromStdString(first->first)));
        axis->values.push_back(list.at(i));
    }
}

// Whether the setting can take numbers drawn from a range of this kind.
bool rangeFitsSetting(const AxisReader &r, const Axis &axis)
{
    const QString kind = axisKindName(axis.kind);
    const config::FieldType type = axis.field->type;
    if (type == config::FieldType::Number || (type == config::FieldType::Integer && axis.kind == AxisKind::IntUniform))
        return true;
    if (type == config::FieldType::Integer)
        r.problems.add(r.at, tr("grid: %1: takes whole numbers, and %2 draws fractions; use int_uniform (or choice)")
                                 .arg(r.shown, kind));
    else
        r.problems.add(r.at, tr("grid: %1: is not a number setting, and %2 draws numbers; use choice (or a list) "
                                "of its values").arg(r.shown, kind));
    return false;
}

// One end of a range: a finite number (whole for int_uniform).
bool readEnd(const AxisReader &r, const QString &endAt, const QJsonValue &end, const QString &which, const Axis &axis)
{
    const QString kind = axisKindName(axis.kind);
    if (!end.isDouble()) {
        r.problems.add(endAt, tr("grid: %1: %2: the %3 end is %4; give a number")
                                  .arg(r.shown, kind, which, json::describeJsonType(end)));
        return false;
    }
    const double x = end.toDouble();
    if (!(std::fabs(x) <= kLargestEnd)) {
        r.problems.add(endAt, tr("grid: %1: %2: the %3 end %4 is too large; give ends between -1e300 and 1e300")
                                  .arg(r.shown, kind, which, number(x)));
        return false;
    }
    if (axis.kind == AxisKind::IntUniform && (x != std::floor(x) || std::fabs(x) > kLargestWhole)) {
        r.problems.add(endAt, tr("grid: %1: int_uniform: the %2 end %3 is not a whole number between -2^53 and "
                                 "2^53 (int_uniform draws whole numbers; uniform draws fractions)")
                                  .arg(r.shown, which, number(x)));
        return false;
    }
    return true;
}

// Whether the setting takes an end: its parser, then its own rule (depth >= 1, lr >= 1e-12) over the
// file's base, so that a wrong end is named once, not in every run drawn near it (each run is
// validated too).
bool endAccepted(const AxisReader &r, const QString &endAt, const QJsonValue &end, const QString &which,
                 const Axis &axis)
{
    const QString kind = axisKindName(axis.kind);
    const QString shownEnd = number(end.toDouble());
    RunConfig probe = r.common;
    QString why;
    if (!applyJsonSetting(&probe, *axis.field, end, &why)) {
        r.problems.add(endAt, tr("grid: %1: %2: the %3 end %4: %5").arg(r.shown, kind, which, shownEnd, why));
        return false;
    }
    bool ok = true;
    for (const auto &p : validateRunConfig(probe))
        if (p.field == axis.field->key) {
            r.problems.add(endAt, tr("grid: %1: %2: the %3 end %4: %5")
                                      .arg(r.shown, kind, which, shownEnd, QString::fromStdString(p.message)));
            ok = false;
        }
    return ok;
}

// Whether [low, high] is a range of its kind: low <= high, and 0 < low < high for a log scale.
bool rangeShapeFits(const AxisReader &r, const QString &rangeAt, const Axis &axis)
{
    const QString kind = axisKindName(axis.kind);
    if (axis.low > axis.high)
        r.problems.add(rangeAt, tr("grid: %1: %2: the low end %3 is above the high end %4; write [low, high]")
                                    .arg(r.shown, kind, number(axis.low), number(axis.high)));
    else if (axis.kind == AxisKind::LogUniform && axis.low <= 0)
        r.problems.add(rangeAt, tr("grid: %1: log_uniform: the low end must be above 0 (a log scale has no 0 or "
                                   "negative numbers), not %2; use uniform to include it").arg(r.shown, number(axis.low)));
    else if (axis.kind == AxisKind::LogUniform && axis.low == axis.high)
        r.problems.add(rangeAt, tr("grid: %1: log_uniform: both ends are %2; give low < high (or put the value in "
                                   "\"base\")").arg(r.shown, number(axis.low)));
    else
        return true;
    return false;
}

// [low, high] of a uniform, log_uniform or int_uniform; false when it is not one (said).
bool readRange(const AxisReader &r, const QString &rangeAt, const QJsonValue &range, Axis *axis)
{
    const QString kind = axisKindName(axis->kind);
    if (!range.isArray() || range.toArray().size() != 2) {
        r.problems.add(rangeAt, tr("grid: %1: %2 takes [low, high], two numbers, not %3")
                                    .arg(r.shown, kind, json::describeJsonType(range)));
        return false;
    }
    if (!rangeFitsSetting(r, *axis))
        return false;
    const QJsonArray ends = range.toArray();
    const QString lowAt = StrictJson::item(rangeAt, 0);
    const QString highAt = StrictJson::item(rangeAt, 1);
    const bool lowOk = readEnd(r, lowAt, ends.at(0), tr("low"), *axis);
    const bool highOk = readEnd(r, highAt, ends.at(1), tr("high"), *axis);
    if (!lowOk || !highOk)
        return false;
    axis->low = ends.at(0).toDouble();
    axis->high = ends.at(1).toDouble();
    if (!rangeShapeFits(r, rangeAt, *axis))
        return false;
    const bool lowTaken = endAccepted(r, lowAt, ends.at(0), tr("low"), *axis);
    const bool highTaken = endAccepted(r, highAt, ends.at(1), tr("high"), *axis);
    return lowTaken && highTaken;
}

// {"choice": […]}, {"uniform": [a, b]}, {"log_uniform": [a, b]} or {"int_uniform": [a, b]}: one of them.
bool readDistribution(const AxisReader &r, const QJsonObject &object, Axis *axis)
{
    static const QString kinds = QStringLiteral("choice, uniform, log_uniform or int_uniform");
    if (object.isEmpty()) {
        r.problems.add(r.at, tr("grid: %1: the object is empty; give a list of values or one distribution: %2, "
                                "e.g. {\"uniform\": [0.1, 0.5]}").arg(r.shown, kinds));
        return false;
    }
    bool known = true;
    for (auto it = object.begin(); it != object.end(); ++it)
        if (!kindNamed(it.key())) {
            r.problems.add(StrictJson::member(r.at, it.key()), tr("grid: %1: %2 is not a distribution; use %3")
                                                                   .arg(r.shown, json::quoteForMessage(it.key()), kinds));
            known = false;
        }
    if (!known)
        return false;
    if (object.size() > 1) {
        r.problems.add(r.at, tr("grid: %1: give one distribution, not %2 (%3)")
                                 .arg(r.shown).arg(object.size()).arg(object.keys().join(QStringLiteral(", "))));
        return false;
    }
    axis->kind = *kindNamed(object.begin().key());
    const QString valueAt = StrictJson::member(r.at, object.begin().key());
    const QJsonValue value = object.begin().value();
    if (axis->kind != AxisKind::Choice)
        return readRange(r, valueAt, value, axis);
    if (!value.isArray() || value.toArray().isEmpty()) {
        r.problems.add(valueAt, tr("grid: %1: choice takes a non-empty list of values, not %2")
                                    .arg(r.shown, json::describeJsonType(value)));
        return false;
    }
    readValues(r, valueAt, value.toArray(), axis);
    return true;
}

} // namespace

QString axisKindName(AxisKind kind)
{
    for (const auto &[k, text] : kKinds)
        if (k == kind)
            return QString::fromLatin1(text);
    return QStringLiteral("list");
}

std::optional<AxisKind> axisKindOf(const QJsonValue &value)
{
    if (value.isArray())
        return AxisKind::List;
    const QJsonObject object = value.toObject();
    return object.size() == 1 ? kindNamed(object.begin().key()) : std::nullopt;
}

std::vector<Axis> readAxes(const RunConfig &common, GridProblems &problems)
{
    std::vector<Axis> axes;
    const QJsonValue grid = problems.doc().root().toObject().value("grid");
    if (!grid.isObject() || grid.toObject().isEmpty()) {
        problems.add("/grid", tr("grid: must be an object of settings to vary, e.g. {\"optim.lr\": [0.001, 0.0003]}"));
        return axes;
    }
    const QJsonObject object = grid.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const AxisReader r{common, problems, StrictJson::member("/grid", it.key()),
                           json::quoteForMessage(it.key()).mid(1).chopped(1)};
        Axis axis{it.key(), config::findField(it.key().toStdString()), AxisKind::List, {}, 0, 0};
        if (!axis.field) {
            problems.add(r.at, tr("grid: %1: unknown setting (gatefold-cli config --keys lists them)").arg(r.shown));
            continue;
        }
        if (it.value().isObject()) {
            if (readDistribution(r, it.value().toObject(), &axis))
                axes.push_back(std::move(axis));
            continue;
        }
        if (!it.value().isArray() || it.value().toArray().isEmpty()) {
            problems.add(r.at, tr("grid: %1: must be a non-empty list of values or a distribution such as "
                                  "{\"uniform\": [0.1, 0.5]}, not %2").arg(r.shown, json::describeJsonType(it.value())));
            continue;
        }
        readValues(r, r.at, it.value().toArray(), &axis);
        axes.push_back(std::move(axis));
    }
    return axes;
}

} // namespace gatefold::train
