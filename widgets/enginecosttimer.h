#pragma once

#include "tables/costtimer.h"

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QTemporaryDir;

namespace gatefold::widgets {

// The window's CostTimer for the table builder's latency and throughput
// columns: it answers from what the engine measured, and for a model it has
// no number of yet answers "pending" and has a `gatefold-cli cost --measure
// … --json CONFIG…` child time it (one child at a time, the models asked for
// meanwhile in one batch; core/tables/timingline.h is the child's answer).
// measured() says when numbers (or why there are none) arrived, so the
// table is computed again. The window never times a model itself and never
// waits for one. Numbers are kept per architecture and deploy form for the
// timer's life; the child is killed when the timer goes.
class EngineCostTimer : public QObject, public tables::CostTimer
{
    Q_OBJECT
public:
    explicit EngineCostTimer(QString enginePath, QObject *parent = nullptr);
    ~EngineCostTimer() override;

    tables::TimedCost latencyMs(const QByteArray &configJson, bool deployed) override;
    tables::TimedCost throughput(const QByteArray &configJson, bool deployed) override;

    // A child is timing models.
    bool isMeasuring() const { return m_process != nullptr; }
    QString enginePath() const { return m_enginePath; }

Q_SIGNALS:
    void measured();

private:
    enum Measure { Latency, Throughput };
    // One measure of one model: not asked yet, asked (queued or being timed), or its answer.
    struct Slot {
        enum class State { Unasked, Waiting, Measured, Failed } state = State::Unasked;
        double value = 0;
        QString problem;
        bool inBatch = false;  // being timed by the running child
    };
    struct Model {
        QByteArray config;  // a run config of this architecture
        Slot measures[2];  // by Measure
    };
    using Key = std::pair<QByteArray, bool>;  // architecture, deployed

    tables::TimedCost ask(const QByteArray &configJson, bool deployed, Measure measure);
    void startNext();
    void readAnswers();
    void childEnded(const QString &why);
    void answer(Model &model, std::optional<double> latency, std::optional<double> throughput, const QString &error);

    QString m_enginePath;
    std::map<Key, Model> m_models;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QTemporaryDir> m_files;  // the running batch's config files
    std::vector<Key> m_batch;                // the running batch, by the child's config index
    QByteArray m_stdout;
    QByteArray m_stderr;
    bool m_startQueued = false;
};

} // namespace gatefold::widgets
