#include "runrecorder.h"

#include "branchrecord.h"
#include "checkpointfiles.h"
#include "codebookrecord.h"
#include "testkillpoint.h"

namespace gatefold::train {

RunRecorder::RunRecorder(store::RunStore &store, qint64 runId, TrainEvents *next)
    : m_store(store)
    , m_runId(runId)
    , m_next(next)
{
    m_sinceFlush.start();
    // $GATEFOLD_HEARTBEAT_SECONDS (tests) shortens the beat.
    bool ok = false;
    const double seconds = qEnvironmentVariable("GATEFOLD_HEARTBEAT_SECONDS").toDouble(&ok);
    m_heartbeat = std::make_unique<Heartbeat>(m_store.path(), m_runId, ok && seconds > 0 ? int(seconds * 1000) : 5000);
}

RunRecorder::~RunRecorder() = default;

void RunRecorder::started(const RunStart &start)
{
    if (m_next)
        m_next->started(start);
}

void RunRecorder::metrics(const std::vector<store::MetricPoint> &points)
{
    m_buffer.insert(m_buffer.end(), points.begin(), points.end());
    if (m_buffer.size() >= 256 || m_sinceFlush.elapsed() >= 2000)
        flush();
    if (m_next)
        m_next->metrics(points);
}

void RunRecorder::progress(const Progress &progress)
{
    if (m_sinceFlush.elapsed() >= 2000)
        flush();
    if (m_next)
        m_next->progress(progress);
}

void RunRecorder::evaluated(const EvalReport &report)
{
    if (!report.result.codebook.empty()) {
        store::Snapshot snapshot;
        snapshot.runId = m_runId;
        snapshot.kind = QStringLiteral("codebook/usage");
        snapshot.step = report.step;
        snapshot.epoch = report.epoch;
        snapshot.dataJson = codebookUsageJson(report.result.codebook);
        // A lost snapshot is worth a message, not the run.
        if (!m_store.addSnapshot(snapshot) && m_next)
            m_next->message(QStringLiteral("the store cannot record the codebook usage: %1").arg(m_store.lastError()));
    }
    if (!report.result.branches.empty()) {
        store::Snapshot snapshot;
        snapshot.runId = m_runId;
        snapshot.kind = QStringLiteral("branches/similarity");
        snapshot.step = report.step;
        snapshot.epoch = report.epoch;
        snapshot.dataJson = branchSimilarityJson(report.result.branches);
        if (!m_store.addSnapshot(snapshot) && m_next)
            m_next->message(QStringLiteral("the store cannot record the branch similarity: %1").arg(m_store.lastError()));
    }
    if (m_next)
        m_next->evaluated(report);
}

bool RunRecorder::checkpointed(const CheckpointReport &report, QString *error)
{
    std::vector<store::Artifact> records;
    for (const QString &kind : report.kinds) {
        store::Artifact artifact;
        artifact.runId = m_runId;
        artifact.kind = kind;
        artifact.path = artifactPathFor(m_store, report.path);
        artifact.sha256 = report.sha256;
        artifact.infoJson = report.infoJson;
        records.push_back(artifact);
    }
    if (!m_store.recordCheckpoint(m_runId, m_buffer, records)) {
        *error = QStringLiteral("the checkpoint %1 is written, but the store cannot record it (the run goes on from "
                                "the previous one when resumed): %2")
                     .arg(report.path, m_store.lastError());
        return false;
    }
    m_buffer.clear();
    m_sinceFlush.restart();
    testKillPoint("after-checkpoint-record");
    removeUnrecordedCheckpoints(m_store, m_runId);
    return !m_next || m_next->checkpointed(report, error);
}

void RunRecorder::message(const QString &text)
{
    if (m_next)
        m_next->message(text);
}

bool RunRecorder::flush()
{
    if (m_buffer.empty())  // the timer keeps running: after a quiet spell the next point is written at once
        return true;
    m_sinceFlush.restart();
    if (!m_store.addMetrics(m_runId, m_buffer)) {
        m_error = QStringLiteral("the store cannot record metrics: %1").arg(m_store.lastError());
        return false;  // kept in the buffer; the next flush tries again
    }
    m_buffer.clear();
    testKillPoint("after-metrics-flush");
    return true;
}

} // namespace gatefold::train
