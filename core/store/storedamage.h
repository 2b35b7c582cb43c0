#pragma once

// Values a store holds that are not of their column's type. SQLite keeps
// whatever a statement writes ('abc' in an INTEGER column, 'hello' in a REAL
// one) and Qt reads such a value as 0; the readers ask SQLite for each row's
// value types in the same query (no second pass over the data) and report a
// row with a wrong one as damage instead of reading it (RunStore::damageFound).
// PostgreSQL enforces the types itself.

#include "storesql.h"

#include <QString>

#include <vector>

class QSqlQuery;

namespace gatefold::store::damage {

enum class Kind { Integer, Real, IntegerOrNull };

struct TypedColumn {
    const char *name;  // the column, as the table names it
    Kind kind;
    int at;            // where the query selects its value
};
using TypedColumns = std::vector<TypedColumn>;

// A SELECT expression: the names of the columns whose value is not of their
// kind, separated by spaces; '' when every one is (always on PostgreSQL).
QString badColumnsSql(Dialect dialect, const TypedColumns &columns);

// In words, the values of the columns that `q`'s expression at `badAt` names:
// "value holds 'hello' (text), not a number"; empty when it names none.
QString badValues(const QSqlQuery &q, int badAt, const TypedColumns &columns);

} // namespace gatefold::store::damage
