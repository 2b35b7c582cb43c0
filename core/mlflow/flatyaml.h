#pragma once

#include <QByteArray>
#include <QString>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace gatefold::mlflow {

// One value of a flat YAML mapping: its text (quotes removed, escapes
// resolved), whether it was null (`null`, `~` or nothing) and whether it was
// quoted (a quoted '3' is the string "3", a plain 3 the number).
struct YamlScalar {
    QString text;
    bool isNull = false;
    bool quoted = false;
};

// The `key: value` form MLflow's meta.yaml files use (yaml.safe_dump of a
// flat dict): plain, 'single' and "double" quoted scalars, null, an empty
// list `[]`, comments, and long values folded onto indented continuation
// lines. Anything else (nested mappings, block lists, anchors, a line without
// `key:`) is refused: nullopt, `error` names the line and what is wrong.
std::optional<std::map<QString, YamlScalar>> readFlatYaml(const QByteArray &text, QString *error);

// Scalars in the form readFlatYaml reads back (and PyYAML's safe_load).
QString yamlString(const QString &value);  // quoted when plain would be read differently
QString yamlNumber(qint64 value);
QString yamlNull();
// key: value lines in the given order, values already formatted as above.
QByteArray writeFlatYaml(const std::vector<std::pair<QString, QString>> &entries);

} // namespace gatefold::mlflow
