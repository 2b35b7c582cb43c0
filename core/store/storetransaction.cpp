#include "storetransaction.h"

#include <QSqlError>
#include <QSqlQuery>

namespace gatefold::store {

WriteTransaction::WriteTransaction(QSqlDatabase &db, Dialect dialect, Lock lock)
    : m_db(db)
{
    if (dialect == Dialect::Postgres) {
        m_began = m_db.transaction();
        if (!m_began)
            m_error = m_db.lastError().text();
        return;
    }
    // Qt Sql has no BEGIN IMMEDIATE: a statement of our own, whose error is
    // the query's (the connection's lastError() does not see it).
    QSqlQuery q(m_db);
    m_began = q.exec(lock == Lock::Exclusive ? QStringLiteral("BEGIN EXCLUSIVE") : QStringLiteral("BEGIN IMMEDIATE"));
    if (!m_began)
        m_error = q.lastError().text();
}

WriteTransaction::~WriteTransaction()
{
    if (m_began && !m_committed)
        m_db.rollback();
}

bool WriteTransaction::commit()
{
    if (!m_began || m_committed)
        return m_committed;
    m_committed = m_db.commit();
    if (!m_committed)
        m_error = m_db.lastError().text();
    return m_committed;
}

} // namespace gatefold::store
