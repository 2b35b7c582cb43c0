#pragma once

#include "inspectreport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::report {

// Typed reads out of a parsed JSON document for a strict reader: each read
// names where it is ("images[2].label") and what it wanted in the first
// problem it meets. After a problem every read fails at once, so a reader
// may go on and look at ok() at the end of a part.
class JsonWalk
{
public:
    bool ok() const { return m_problem.isEmpty(); }
    // "images[2].label: expected a whole number, found a text".
    QString problem() const { return m_problem; }
    // Records the first problem; returns false.
    bool fail(const QString &where, const QString &what);

    static QString member(const QString &where, const QString &key);
    static QString item(const QString &where, qsizetype index);

    // An object holding each key of `required`, and no key outside `required` and `optional`.
    std::optional<QJsonObject> object(const QJsonValue &value, const QString &where, const QStringList &required,
                                      const QStringList &optional = {});
    // An array, of exactly `size` items unless size is -1.
    std::optional<QJsonArray> array(const QJsonValue &value, const QString &where, qsizetype size = -1);
    // A whole number in [min, max].
    bool integer(const QJsonValue &value, const QString &where, qint64 min, qint64 max, qint64 *out);
    bool integer(const QJsonValue &value, const QString &where, qint64 min, qint64 max, int *out);
    // A number as the writer writes doubles (null is NaN, "inf"/"-inf" the infinities, "-0" −0), in [min, max]
    // unless NaN.
    bool number(const QJsonValue &value, const QString &where, double *out, double min = -qInf(), double max = qInf());
    bool text(const QJsonValue &value, const QString &where, QString *out);
    bool boolean(const QJsonValue &value, const QString &where, bool *out);
    // A rows × cols matrix as a list of rows of numbers (whole numbers in [0, maxInteger) with `maxInteger` > 0).
    bool matrix(const QJsonValue &value, const QString &where, int rows, int cols, Matrix *out,
                qint64 maxInteger = 0);
    // Matrices nested over `dims` ([d0][d1]…[rows][cols]), appended row-major over the leading dimensions.
    bool nestedMatrices(const QJsonValue &value, const QString &where, const std::vector<int> &dims, int rows,
                        int cols, std::vector<Matrix> *out);

private:
    QString m_problem;
};

// How a JSON value's type is called in messages: "a number", "a text", …
QString jsonTypeName(const QJsonValue &value);

} // namespace gatefold::report
