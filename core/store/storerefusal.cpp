#include "storerefusal.h"

#include "storeschema.h"

namespace gatefold::store::refusal {

QString notAStore(const QString &shown, const QString &why)
{
    return QStringLiteral("%1 is not a Gatefold run store or is damaged (%2). It was not modified; choose another "
                          "file with --store or move this one away.")
        .arg(shown, why);
}

QString damagedTables(const QString &shown, const QStringList &missing, int version)
{
    const bool one = missing.size() == 1;
    return QStringLiteral("the run store %1 is damaged: %2 (every store of schema %3 has %4; something other than "
                          "Gatefold removed %4). It was not modified, and nothing is read from it or written to it "
                          "as it is: restore it from a backup, or give another store with --store.")
        .arg(shown, missing.join(QStringLiteral("; ")))
        .arg(version)
        .arg(one ? QStringLiteral("it") : QStringLiteral("them"));
}

QString damagedVersion(int version)
{
    return QStringLiteral("its schema version is %1, which no Gatefold writes").arg(version);
}

QString newer(const QString &shown, int version)
{
    return QStringLiteral("%1 was written by a newer Gatefold (store schema %2; this build reads up to %3). It was not "
                          "modified; update Gatefold to use it.")
        .arg(shown)
        .arg(version)
        .arg(currentSchemaVersion());
}

} // namespace gatefold::store::refusal
