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
    if (!anyCheckpoint)
        return {};
    static const QRegularExpression garbage(QStringLiteral(
        "^(step-\\d+(-\\d+)?\\.pt|step-\\d+\\.[A-Za-z0-9]{6}\\.tmp|last\\.pt|best\\.pt|epoch-\\d+\\.pt)$"));
    const QDir dir(store.runDirectory(runId));
    QStringList removed;
    for (const QFileInfo &file : dir.entryInfoList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (!garbage.match(file.fileName()).hasMatch() || recorded.contains(file.absoluteFilePath()))
            continue;
        if (QFile::remove(file.absoluteFilePath()))
            removed << file.absoluteFilePath();
    }
    return removed;
}

} // namespace gatefold::train
