#pragma once

#include "checkpoint.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace gatefold::train {

// What rank 0 of a data-parallel job tells the other ranks through the
// rendezvous store, once it has claimed the run and chosen what it continues
// from: the run's config, the checkpoint to resume (and the bytes rank 0
// checked), the trust of init.from, where to stop. The other ranks never open
// the run store; they read the same checkpoint files (on a shared file system
// when the ranks are on several machines).
struct RankJob {
    qint64 runId = 0;
    QByteArray configJson;
    QString resumeFrom;
    CheckpointTrust resumeTrust;
    CheckpointTrust initTrust;
    CheckpointTrust teacherTrust;  // distill.teacher's
    std::int64_t stopAtStep = -1;
    std::int64_t pauseAtEpoch = -1;
    QString abandoned;  // non-empty: rank 0 could not start the run, and why (the ranks exit)

    QByteArray toJson() const;
    static std::optional<RankJob> fromJson(const QByteArray &json, QString *error);
};

} // namespace gatefold::train
