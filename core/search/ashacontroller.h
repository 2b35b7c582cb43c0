#pragma once

// ASHA's decisions for one sweep, made from the store and recorded in it (asha.h, ashastore.h). Whoever
// runs the engines (the CLI's sweep controller, a test's synthetic engine) asks next() whenever a slot
// is free and calls arrived() when a run paused at a rung; a new controller on the same store decides
// exactly as the old one would have.

#include "asha.h"

#include <QString>

#include <set>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::search {

class AshaController
{
public:
    AshaController(store::RunStore &store, qint64 sweepId, AshaSettings settings);

    const AshaSettings &settings() const { return m_settings; }
    // Runs a person cancelled while this controller ran: done, never continued by it.
    void leaveAlone(qint64 runId) { m_leftAlone.insert(runId); }
    // Runs an engine was started for: training, whatever the store says until the engine claims
    // them (a queued run is not handed out twice), until released when the engine has ended.
    void engineStarted(qint64 runId) { m_busy.insert(runId); }
    void engineEnded(qint64 runId) { m_busy.erase(runId); }

    // The next job for a free slot (Kind::None: none now, or `parallel` of the sweep's runs are training
    // already — by engines of ours or any other, e.g. one an earlier controller started just before it
    // died: counted from the same read the job is chosen from). A promotion is recorded before it is
    // returned, so a controller that dies before starting the engine still honours it.
    AshaJob next(int parallel = 1 << 30);
    // Run `runId` paused at a rung (its engine ended `stopped`): unless it goes on at once, it is
    // recorded as stopped there with its standing.
    void arrived(qint64 runId);
    // Every waiting run's message brought up to its standing now (more runs reach its rung later).
    void refreshWaiting();
    // Whether any run of the sweep may still get a job or is training.
    bool anythingLeft();
    QString error() const { return m_error; }

private:
    store::RunStore &m_store;
    qint64 m_sweepId;
    AshaSettings m_settings;
    std::set<qint64> m_leftAlone;
    std::set<qint64> m_busy;
    std::vector<AshaRun> read();
    QString m_error;
};

} // namespace gatefold::search
