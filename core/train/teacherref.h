#pragma once

#include "checkpoint.h"

#include <QString>

#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::train {

// What distill.teacher names, found: the file to load, the run it belongs to (0 for a file or an
// export given directly) and the store's sha256 of it (its trust).
struct TeacherRef {
    QString file;
    qint64 runId = 0;
    CheckpointTrust trust;
};

// Whether `spec` names a file or folder (a checkpoint or an export) rather than a run.
bool teacherIsPath(const QString &spec);

// distill.teacher = RUN, RUN:best, RUN:last or RUN:epoch:N — RUN a run's id or name (the newest run of
// that name) — resolved in `store`: the run must exist and be finished, and keep that checkpoint
// (RUN alone: its best, else its last). A path is taken as it is (made absolute). nullopt with a
// sentence in `error` that says what is wrong and what to do. `store` may be null for a path.
std::optional<TeacherRef> resolveTeacher(store::RunStore *store, const QString &spec, QString *error);

} // namespace gatefold::train
