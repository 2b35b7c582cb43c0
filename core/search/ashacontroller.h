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

    // The next job for a free slot (Kind::None: none now). A promotion is recorded before it is
    // returned, so a controller that dies before starting the engine still honours it.
    AshaJob next();
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
    QString m_error;
};

} // namespace gatefold::search
