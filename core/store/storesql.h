#pragma once

// Small helpers the RunStore files share (not part of the store's API).

#include <QString>
#include <QStringList>
#include <QVariant>

namespace gatefold::store::sql {

// Unix seconds with milliseconds.
double now();
// A unique Qt Sql connection name.
QString connectionName();
// A null QString would bind as SQL NULL; our text columns hold '' instead.
QVariant text(const QString &value);
// A foreign key: the id, or SQL NULL for 0.
QVariant idOrNull(qint64 id);
QString tagsJson(const QStringList &tags);
QStringList tagsFromJson(const QString &json);

} // namespace gatefold::store::sql
