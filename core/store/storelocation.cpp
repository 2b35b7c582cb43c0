#include "storelocation.h"

#include "sqlitefile.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>

namespace gatefold::store {
namespace {

const QString kExample = QStringLiteral("postgresql://user@host:5432/database");

// libpq connection options that QPSQL passes through (the rest of the URL's query is refused).
bool isConnectOption(const QString &key)
{
    static const QStringList known = {QStringLiteral("sslmode"), QStringLiteral("sslrootcert"),
                                      QStringLiteral("sslcert"), QStringLiteral("sslkey"),
                                      QStringLiteral("connect_timeout"), QStringLiteral("application_name"),
                                      QStringLiteral("options"), QStringLiteral("target_session_attrs")};
    return known.contains(key);
}

QString defaultDataDir(const StoreLocation &l)
{
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/share");
    QString host = l.host;
    host.replace(QLatin1Char('/'), QLatin1Char('_'));
    return base + QStringLiteral("/gatefold/servers/%1-%2-%3").arg(host).arg(l.port).arg(l.database);
}

// A store file's location: its path with every symlink resolved, and its run
// folders beside that real file, whatever name led to it (a store opened
// through a link must not keep runs/ beside the link).
StoreLocation fileLocation(StoreLocation l, const QString &path)
{
    l.file = sqlitefile::canonicalPath(path);
    l.dataDir = QFileInfo(l.file).absolutePath();
    return l;
}

} // namespace

bool StoreLocation::looksLikeUrl(const QString &text)
{
    const QString t = text.trimmed();
    return t.contains(QLatin1String("://"));
}

QString StoreLocation::display() const
{
    if (!isPostgres())
        return QDir::toNativeSeparators(file);
    QString who = user.isEmpty() ? QString() : user + QLatin1Char('@');
    QString where = host.startsWith(QLatin1Char('/')) ? QStringLiteral("[%1]").arg(host) : host;
    return QStringLiteral("postgresql://%1%2:%3/%4").arg(who, where).arg(port).arg(database);
}

std::optional<StoreLocation> StoreLocation::parse(const QString &text, QString *error)
{
    StoreLocation l;
    l.given = text.trimmed();
    if (l.given.isEmpty()) {
        *error = QStringLiteral("no run store given; give a file path or a URL such as %1.").arg(kExample);
        return std::nullopt;
    }
    if (l.given.startsWith(QLatin1Char(':'))) {
        // Qt reads such a path as one of its built-in resources (and walks it
        // for ever), SQLite ":memory:" as a database that vanishes on close.
        *error = QStringLiteral("the store path '%1' starts with ':', which names no file (Qt reads it as a built-in "
                                "resource, SQLite ':memory:' as a database that is gone when the command ends); a "
                                "run store is a file: write ./%1 for a file of that name in this folder.")
                     .arg(l.given);
        return std::nullopt;
    }
    if (!looksLikeUrl(l.given))
        return fileLocation(l, l.given);
    const QUrl url(l.given, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("file"))
        return fileLocation(l, url.toLocalFile());
    if (scheme != QLatin1String("postgresql") && scheme != QLatin1String("postgres")) {
        *error = QStringLiteral("the store URL %1 has the scheme '%2'; a run store is a file path or a "
                                "PostgreSQL URL such as %3.")
                     .arg(l.given, url.scheme(), kExample);
        return std::nullopt;
    }
    if (!url.isValid()) {
        *error = QStringLiteral("the store URL is not a valid URL (%1); write it as %2.")
                     .arg(url.errorString(), kExample);
        return std::nullopt;
    }
    l.kind = Kind::Postgres;
    l.host = url.host();
    l.port = url.port(5432);
    l.user = url.userName();
    l.password = url.password();
    l.database = url.path().mid(1);
    QStringList options;
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("runs")) {
            l.dataDir = QDir::cleanPath(value);
        } else if (key == QLatin1String("host")) {
            l.host = value;
        } else if (isConnectOption(key)) {
            options << key + QLatin1Char('=') + value;
        } else {
            *error = QStringLiteral("the store URL has the parameter '%1', which Gatefold does not know; it knows "
                                    "runs, host, sslmode, sslrootcert, sslcert, sslkey, connect_timeout, "
                                    "application_name, options and target_session_attrs.")
                         .arg(key);
            return std::nullopt;
        }
    }
    if (l.host.isEmpty()) {
        *error = QStringLiteral("the store URL %1 names no server; write it as %2.").arg(l.display(), kExample);
        return std::nullopt;
    }
    if (l.database.isEmpty() || l.database.contains(QLatin1Char('/'))) {
        *error = QStringLiteral("the store URL %1 names no database (the path after the server); write it as %2.")
                     .arg(l.display(), kExample);
        return std::nullopt;
    }
    if (!l.dataDir.isEmpty() && !QDir::isAbsolutePath(l.dataDir)) {
        *error = QStringLiteral("the store URL's runs=%1 is not an absolute directory; give the full path that "
                                "every machine sees, e.g. runs=/shared/gatefold.")
                     .arg(l.dataDir);
        return std::nullopt;
    }
    if (!options.join(QLatin1Char(';')).contains(QLatin1String("connect_timeout")))
        options << QStringLiteral("connect_timeout=10");
    l.options = options.join(QLatin1Char(';'));
    if (l.dataDir.isEmpty())
        l.dataDir = defaultDataDir(l);
    return l;
}

} // namespace gatefold::store
