#pragma once

// A write transaction that rolls back unless committed (not part of the
// store's API: the RunStore files and the schema share it).

#include "storesql.h"

#include <QSqlDatabase>
#include <QString>

namespace gatefold::store {

// Begins a write transaction on `db` when made; commit() ends it, and the
// destructor rolls back one that was begun and not committed (an early
// return, a failed statement, a failed commit), so no path leaves the
// connection inside a transaction. Holds `db` by reference: a RunStore that
// reopens its connection in between rolls back on the connection it has then.
//
// SQLite: BEGIN IMMEDIATE takes the write lock up front (waiting up to the
// busy timeout). A deferred BEGIN that reads first and writes later cannot
// wait: SQLite fails it at once with "database is locked" when another
// process wrote in between. Lock::Exclusive (BEGIN EXCLUSIVE) is for creating
// or migrating the schema (storeschema.cpp). PostgreSQL: a plain transaction
// (row locks wait by themselves); `lock` does not apply.
class WriteTransaction
{
public:
    enum class Lock { Immediate, Exclusive };

    WriteTransaction(QSqlDatabase &db, Dialect dialect, Lock lock = Lock::Immediate);
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    // Whether it began; if not, error() says why and nothing is rolled back.
    bool began() const { return m_began; }
    // False with error() when it did not begin or the commit failed; a failed
    // commit is rolled back by the destructor.
    bool commit();
    // Why it did not begin, or why the commit failed.
    QString error() const { return m_error; }

private:
    QSqlDatabase &m_db;
    bool m_began = false;
    bool m_committed = false;
    QString m_error;
};

} // namespace gatefold::store
