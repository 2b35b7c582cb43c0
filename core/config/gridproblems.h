#pragma once

#include "json/strictjson.h"

#include <QCoreApplication>
#include <QStringList>

namespace gatefold::train {

// Collects "line N: what" problems of one grid file (sweepgrid.h), the message translated in
// context "cli" by the caller.
class GridProblems
{
public:
    GridProblems(const json::StrictJson &doc, QStringList *out) : m_doc(doc), m_out(out), m_before(out->size()) {}
    void add(const QString &pointer, const QString &what)
    {
        const int line = m_doc.lineOf(pointer);
        m_out->append(line > 0 ? QCoreApplication::translate("cli", "line %1: %2").arg(line).arg(what) : what);
    }
    // A problem of no line of the file (an option that contradicts it).
    void addWithoutLine(const QString &what) { m_out->append(what); }
    bool any() const { return m_out->size() != m_before; }
    qsizetype count() const { return m_out->size(); }
    const json::StrictJson &doc() const { return m_doc; }

private:
    const json::StrictJson &m_doc;
    QStringList *m_out;
    qsizetype m_before;
};

} // namespace gatefold::train
