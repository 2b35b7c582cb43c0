#include "checkpointfiles.h"

#include "runexecution.h"

#include "store/runstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace gatefold::train {

QString artifactPathFor(const store::RunStore &store, const QString &file)
{
    const QString relative = QDir(store.dataDirectory()).relativeFilePath(file);
    return relative.startsWith(QLatin1String("..")) || QFileInfo(relative).isAbsolute()
        ? QFileInfo(file).absoluteFilePath()
        : relative;
}

QStringList removeUnrecordedCheckpoints(store::RunStore &store, qint64 runId)
{
    QSet<QString> recorded;
    bool anyCheckpoint = false;
    for (const auto &artifact : store.artifacts(runId)) {
        recorded.insert(QFileInfo(artifactFile(store, artifact)).absoluteFilePath());
        anyCheckpoint = anyCheckpoint || artifact.kind.startsWith(QLatin1String("checkpoint/"));
    }
    const auto record = store.run(runId);
    if (!anyCheckpoint || !record)
        return {};
    // A file older than the run's record was not written by it (a folder that an older Gatefold
    // gave a second run when it handed a deleted run's id on): it is left alone.
    const double bornMs = record->created * 1000.0;
    static const QRegularExpression garbage(QStringLiteral(
        "^(step-\\d+(-\\d+)?\\.pt|step-\\d+\\.[A-Za-z0-9]{6}\\.tmp|last\\.pt|best\\.pt|epoch-\\d+\\.pt)$"));
    const QDir dir(store.runDirectory(runId));
    QStringList removed;
    for (const QFileInfo &file : dir.entryInfoList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (!garbage.match(file.fileName()).hasMatch() || recorded.contains(file.absoluteFilePath())
            || !(double(file.lastModified().toMSecsSinceEpoch()) >= bornMs))
            continue;
        if (QFile::remove(file.absoluteFilePath()))
            removed << file.absoluteFilePath();
    }
    return removed;
}

} // namespace gatefold::train
