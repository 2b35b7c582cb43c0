#pragma once

#include "field.h"
#include "gridproblems.h"
#include "trainconfig.h"

#include <QJsonValue>
#include <QString>

#include <optional>
#include <vector>

namespace gatefold::train {

// What a grid file's key holds (sweepgrid.h): a plain list, or one of the four distributions.
enum class AxisKind { List, Choice, Uniform, LogUniform, IntUniform };

// "list", "choice", "uniform", "log_uniform", "int_uniform": the names grid files use.
QString axisKindName(AxisKind kind);
// The kind of a grid key's value when it has one of the five shapes (not checked further).
std::optional<AxisKind> axisKindOf(const QJsonValue &value);

// One axis of a sweep: a setting and what it takes, every value and bound checked against it.
struct Axis {
    QString key;
    const config::Field *field = nullptr;
    AxisKind kind = AxisKind::List;
    std::vector<QJsonValue> values;  // List, Choice: each value once
    double low = 0;                  // Uniform, LogUniform, IntUniform: both ends included
    double high = 0;
    // Sampled from a range (only random search takes it), not listed.
    bool ranged() const { return kind == AxisKind::Uniform || kind == AxisKind::LogUniform || kind == AxisKind::IntUniform; }
};

// The file's "grid" object, each key an axis (in the object's key order), each problem with its
// line in `problems`. `common` is the base the values are checked on.
std::vector<Axis> readAxes(const RunConfig &common, GridProblems &problems);

} // namespace gatefold::train
