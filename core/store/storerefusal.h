#pragma once

// The messages that refuse to open a store, shared by its SQLite and
// PostgreSQL openers (runstoreopen.cpp, runstoreopenpostgres.cpp). Each says
// what is wrong and what to do; `shown` is the store as the user knows it
// (StoreLocation::display()).

#include <QString>
#include <QStringList>

namespace gatefold::store::refusal {

// A file that is no run store, or one damaged beyond its tables (`why`).
QString notAStore(const QString &shown, const QString &why);

// A store whose tables or columns were dropped by something else: every read of them would
// come back empty or as zeros, and a run created in it could not be found again.
QString damagedTables(const QString &shown, const QStringList &missing, int version);

// The reason notAStore() gives for a schema version below 0.
QString damagedVersion(int version);

// A store of a schema this build does not know.
QString newer(const QString &shown, int version);

} // namespace gatefold::store::refusal
