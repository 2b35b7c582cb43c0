#include "jsonwalk.h"

#include <cmath>
#include <limits>

namespace gatefold::report {

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a true/false value");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a text");
    case QJsonValue::Array: return QStringLiteral("a list");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

bool JsonWalk::fail(const QString &where, const QString &what)
{
    if (m_problem.isEmpty())
        m_problem = where.isEmpty() ? what : QStringLiteral("%1: %2").arg(where, what);
    return false;
}

QString JsonWalk::member(const QString &where, const QString &key)
{
    return where.isEmpty() ? key : where + QLatin1Char('.') + key;
}

QString JsonWalk::item(const QString &where, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(where).arg(index);
}

std::optional<QJsonObject> JsonWalk::object(const QJsonValue &value, const QString &where,
                                            const QStringList &required, const QStringList &optional)
{
    if (!ok())
        return std::nullopt;
    if (!value.isObject()) {
        fail(where, QStringLiteral("expected an object, found %1").arg(jsonTypeName(value)));
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    for (const QString &key : required)
        if (!o.contains(key)) {
            fail(member(where, key), QStringLiteral("missing"));
            return std::nullopt;
        }
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!required.contains(it.key()) && !optional.contains(it.key())) {
            fail(member(where, it.key()), QStringLiteral("not a key of this format"));
            return std::nullopt;
        }
    return o;
}

std::optional<QJsonArray> JsonWalk::array(const QJsonValue &value, const QString &where, qsizetype size)
{
    if (!ok())
        return std::nullopt;
    if (!value.isArray()) {
        fail(where, QStringLiteral("expected a list, found %1").arg(jsonTypeName(value)));
        return std::nullopt;
    }
    const QJsonArray a = value.toArray();
    if (size >= 0 && a.size() != size) {
        fail(where, QStringLiteral("holds %1 item(s); expected %2").arg(a.size()).arg(size));
        return std::nullopt;
    }
    return a;
}

bool JsonWalk::integer(const QJsonValue &value, const QString &where, qint64 min, qint64 max, qint64 *out)
{
    if (!ok())
        return false;
    const double d = value.toDouble(std::nan(""));
    // Whole and within ±2^53, where a double holds every integer exactly.
    if (!value.isDouble() || std::floor(d) != d || std::abs(d) > 9007199254740992.0)
        return fail(where, QStringLiteral("expected a whole number, found %1")
                               .arg(value.isDouble() ? QString::number(d, 'g', 17) : jsonTypeName(value)));
    const qint64 v = value.toInteger();
    if (v < min || v > max)
        return fail(where, QStringLiteral("%1 is outside [%2, %3]").arg(v).arg(min).arg(max));
    *out = v;
    return true;
}

bool JsonWalk::integer(const QJsonValue &value, const QString &where, qint64 min, qint64 max, int *out)
{
    qint64 v = 0;
    if (!integer(value, where, std::max<qint64>(min, std::numeric_limits<int>::min()),
                 std::min<qint64>(max, std::numeric_limits<int>::max()), &v))
        return false;
    *out = int(v);
    return true;
}

bool JsonWalk::number(const QJsonValue &value, const QString &where, double *out, double min, double max)
{
    if (!ok())
        return false;
    double v = 0;
    if (value.isDouble())
        v = value.toDouble();
    else if (value.isNull())
        v = std::nan("");
    else if (value.toString() == QLatin1String("inf"))
        v = qInf();
    else if (value.toString() == QLatin1String("-inf"))
        v = -qInf();
    else if (value.toString() == QLatin1String("-0"))
        v = -0.0;
    else
        return fail(where, QStringLiteral("expected a number, found %1").arg(jsonTypeName(value)));
    if (!std::isnan(v) && (v < min || v > max))
        return fail(where, QStringLiteral("%1 is outside [%2, %3]")
                               .arg(QString::number(v, 'g', 17), QString::number(min), QString::number(max)));
    *out = v;
    return true;
}

bool JsonWalk::text(const QJsonValue &value, const QString &where, QString *out)
{
    if (!ok())
        return false;
    if (!value.isString())
        return fail(where, QStringLiteral("expected a text, found %1").arg(jsonTypeName(value)));
    *out = value.toString();
    return true;
}

bool JsonWalk::boolean(const QJsonValue &value, const QString &where, bool *out)
{
    if (!ok())
        return false;
    if (!value.isBool())
        return fail(where, QStringLiteral("expected true or false, found %1").arg(jsonTypeName(value)));
    *out = value.toBool();
    return true;
}

bool JsonWalk::matrix(const QJsonValue &value, const QString &where, int rows, int cols, Matrix *out,
                      qint64 maxInteger)
{
    const auto list = array(value, where, rows);
    if (!list)
        return false;
    Matrix m{rows, cols, {}};  // no reserve(rows * cols): the sizes are the file's word until the rows are read
    for (int r = 0; r < rows; ++r) {
        const QString at = item(where, r);
        const auto row = array(list->at(r), at, cols);
        if (!row)
            return false;
        for (int c = 0; c < cols; ++c) {
            double v = 0;
            qint64 whole = 0;
            const bool read = maxInteger > 0 ? integer(row->at(c), item(at, c), 0, maxInteger - 1, &whole)
                                             : number(row->at(c), item(at, c), &v);
            if (!read)
                return false;
            m.values.push_back(maxInteger > 0 ? double(whole) : v);
        }
    }
    *out = std::move(m);
    return true;
}

bool JsonWalk::nestedMatrices(const QJsonValue &value, const QString &where, const std::vector<int> &dims, int rows,
                              int cols, std::vector<Matrix> *out)
{
    if (dims.empty()) {
        Matrix m;
        if (!matrix(value, where, rows, cols, &m))
            return false;
        out->push_back(std::move(m));
        return true;
    }
    const auto list = array(value, where, dims.front());
    if (!list)
        return false;
    const std::vector<int> inner(dims.begin() + 1, dims.end());
    for (qsizetype i = 0; i < list->size(); ++i)
        if (!nestedMatrices(list->at(i), item(where, i), inner, rows, cols, out))
            return false;
    return true;
}

} // namespace gatefold::report
