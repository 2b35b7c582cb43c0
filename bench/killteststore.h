#pragma once

// The run store as the kill test sees it, read through its own read-only
// SQLite connection (never through RunStore, which may write): integrity,
// runs, every metric point and the artifact records.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <utility>
#include <vector>

namespace gatefold::killtest {

struct ArtifactRow {
    QString kind;
    QString path;  // as recorded (relative to the store's folder, or absolute)
    QString sha256;
    QByteArray info;
};

struct RunRow {
    qint64 id = 0;
    QString name;
    QString status;
    QString message;
    QByteArray config;
    std::map<std::pair<QString, qint64>, double> metrics;  // (key, step) → value
    int duplicatePoints = 0;                               // (key, step) recorded more than once
    std::vector<ArtifactRow> artifacts;

    const ArtifactRow *artifact(const QString &kind) const;  // the newest of that kind
};

struct StoreState {
    bool exists = false;
    QString error;        // could not be read at all
    QString integrity;    // "ok", or what PRAGMA integrity_check says
    QStringList summaryMismatches;  // metric_summary rows that disagree with the points
    std::map<qint64, RunRow> runs;
};

StoreState readStore(const QString &storeFile);

// An artifact's file: relative paths are under the store's folder.
QString artifactPath(const QString &storeFile, const ArtifactRow &artifact);

} // namespace gatefold::killtest
