#include "teacherref.h"

#include "runexecution.h"

#include "store/checkpointname.h"
#include "store/runstore.h"

#include <QFileInfo>

namespace gatefold::train {
namespace {

// The run RUN names: an id, else the newest run of that name.
std::optional<store::RunRecord> teacherRun(store::RunStore &store, const QString &run, QString *error)
{
    bool isId = false;
    const qint64 id = run.toLongLong(&isId);
    if (isId && id > 0)
        if (auto record = store.run(id))
            return record;
    std::optional<store::RunRecord> newest;
    for (const auto &record : store.runs())
        if (record.name == run && (!newest || record.id > newest->id))
            newest = record;
    if (!newest)
        *error = QStringLiteral("no run '%1' in %2; train the teacher first (its preset or `gatefold-cli train "
                                "--name %1 …`), or give a run id, a checkpoint file or an export folder")
                     .arg(run, store.displayName());
    return newest;
}

} // namespace

bool teacherIsPath(const QString &spec)
{
    return QFileInfo::exists(spec) || QFileInfo(spec).isSymLink() || spec.contains(QLatin1Char('/'));
}

std::optional<TeacherRef> resolveTeacher(store::RunStore *storePtr, const QString &spec, QString *error)
{
    if (teacherIsPath(spec)) {
        if (!QFileInfo::exists(spec)) {
            *error = QStringLiteral("%1 does not exist; give a checkpoint file, an export folder or a run").arg(spec);
            return std::nullopt;
        }
        return TeacherRef{QFileInfo(spec).absoluteFilePath(), 0, {}};
    }
    if (!storePtr) {
        *error = QStringLiteral("'%1' names a run, but no run store is open to find it in").arg(spec);
        return std::nullopt;
    }
    store::RunStore &store = *storePtr;
    const QString runPart = spec.section(QLatin1Char(':'), 0, 0);
    const QString asked = spec.section(QLatin1Char(':'), 1);
    const auto which = asked.isEmpty() ? std::optional(store::CheckpointName::best()) : store::CheckpointName::parse(asked);
    if (!which) {
        *error = QStringLiteral("'%1' is not RUN, RUN:best, RUN:last or RUN:epoch:N").arg(spec);
        return std::nullopt;
    }
    const auto run = teacherRun(store, runPart, error);
    if (!run)
        return std::nullopt;
    if (run->status != store::RunStatus::Finished) {
        *error = QStringLiteral("the teacher run %1 '%2' is %3, not finished; let it finish (or resume it) first")
                     .arg(run->id)
                     .arg(run->name, store::toString(run->status));
        return std::nullopt;
    }
    std::vector<store::CheckpointName> kinds{*which};
    if (asked.isEmpty())
        kinds.push_back(store::CheckpointName::last());
    for (const auto &kind : kinds) {
        const auto found = store.artifacts(run->id, kind.kind());
        if (!found.empty()) {
            TeacherRef ref{artifactFile(store, found.back()), run->id, {}};
            ref.trust.recordedSha256 = found.back().sha256;
            return ref;
        }
    }
    *error = QStringLiteral("the teacher run %1 keeps no %2 checkpoint; name one it keeps (best, last, epoch:N)")
                 .arg(run->id)
                 .arg(asked.isEmpty() ? QStringLiteral("best or last") : asked);
    return std::nullopt;
}

} // namespace gatefold::train
