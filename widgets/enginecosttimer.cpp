#include "enginecosttimer.h"

#include "tables/computedtable.h"
#include "tables/timingline.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

namespace gatefold::widgets {

EngineCostTimer::EngineCostTimer(QString enginePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
{
}

EngineCostTimer::~EngineCostTimer()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

tables::TimedCost EngineCostTimer::latencyMs(const QByteArray &configJson, bool deployed)
{
    return ask(configJson, deployed, Latency);
}

tables::TimedCost EngineCostTimer::throughput(const QByteArray &configJson, bool deployed)
{
    return ask(configJson, deployed, Throughput);
}

tables::TimedCost EngineCostTimer::ask(const QByteArray &configJson, bool deployed, Measure measure)
{
    Model &model = m_models[Key(tables::architectureKey(configJson), deployed)];
    if (model.config.isEmpty())
        model.config = configJson;
    Slot &slot = model.measures[measure];
    switch (slot.state) {
    case Slot::State::Measured: return tables::TimedCost::measured(slot.value);
    case Slot::State::Failed: return tables::TimedCost::failed(slot.problem);
    case Slot::State::Waiting: return tables::TimedCost::pending();
    case Slot::State::Unasked: break;
    }
    slot.state = Slot::State::Waiting;
    if (!m_process && !m_startQueued) {  // after the table that asks is done: its other models join the batch
        m_startQueued = true;
        QTimer::singleShot(0, this, &EngineCostTimer::startNext);
    }
    return tables::TimedCost::pending();
}

// One child for the models waiting in one deploy form; what it times is answered line by line.
void EngineCostTimer::startNext()
{
    m_startQueued = false;
    if (m_process)
        return;
    std::optional<bool> deployed;
    bool latency = false, throughput = false;
    m_batch.clear();
    for (auto &[key, model] : m_models) {
        const bool waitsL = model.measures[Latency].state == Slot::State::Waiting;
        const bool waitsT = model.measures[Throughput].state == Slot::State::Waiting;
        if ((!waitsL && !waitsT) || (deployed && *deployed != key.second))
            continue;
        deployed = key.second;
        latency = latency || waitsL;
        throughput = throughput || waitsT;
        m_batch.push_back(key);
    }
    if (m_batch.empty())
        return;
    m_files = std::make_unique<QTemporaryDir>(QDir::temp().filePath(QStringLiteral("gatefold-timing-XXXXXX")));
    QStringList measures, files;
    if (latency)
        measures << QStringLiteral("latency");
    if (throughput)
        measures << QStringLiteral("throughput");
    QStringList args{QStringLiteral("cost"), QStringLiteral("--measure"), measures.join(QLatin1Char(',')),
                     QStringLiteral("--json")};
    if (!*deployed)
        args << QStringLiteral("--as-trained");
    for (size_t i = 0; i < m_batch.size(); ++i) {
        Model &model = m_models[m_batch[i]];
        for (Slot &slot : model.measures)
            slot.inBatch = slot.state == Slot::State::Waiting;
        const QString path = QDir(m_files->path()).filePath(QStringLiteral("config-%1.json").arg(i));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(model.config) != model.config.size()) {
            childEnded(tr("the model's config could not be handed to the engine (%1: %2)").arg(path, file.errorString()));
            return;
        }
        args << path;
    }
    m_stdout.clear();
    m_stderr.clear();
    m_process = std::make_unique<QProcess>();
    connect(m_process.get(), &QProcess::readyReadStandardOutput, this, &EngineCostTimer::readAnswers);
    connect(m_process.get(), &QProcess::readyReadStandardError, this,
            [this] { m_stderr += m_process->readAllStandardError(); });
    connect(m_process.get(), &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        readAnswers();
        m_stderr += m_process->readAllStandardError();
        const QString said = QString::fromUtf8(m_stderr).trimmed().section(QLatin1Char('\n'), -1);
        childEnded(status != QProcess::NormalExit
                       ? tr("the engine stopped before it timed this model (killed, or it crashed)")
                       : tr("the engine gave no number for it (exit status %1%2)")
                             .arg(exitCode)
                             .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said));
    });
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            childEnded(tr("the engine %1 could not be started (%2); the window times models with gatefold-cli: "
                          "install it beside gatefold, or name it with $GATEFOLD_CLI")
                           .arg(m_enginePath, m_process->errorString()));
    });
    m_process->start(m_enginePath, args);
}

void EngineCostTimer::readAnswers()
{
    m_stdout += m_process->readAllStandardOutput();
    bool any = false;
    for (qsizetype end = m_stdout.indexOf('\n'); end >= 0; end = m_stdout.indexOf('\n')) {
        const QByteArray line = m_stdout.left(end).trimmed();
        m_stdout.remove(0, end + 1);
        QString error;
        const auto timing = tables::timingLineFromJson(line, &error);
        if (!timing || timing->index < 0 || size_t(timing->index) >= m_batch.size())
            continue;  // not an answer about this batch: the models it leaves out fail when the child ends
        answer(m_models[m_batch[size_t(timing->index)]], timing->latencyMs, timing->throughput, timing->error);
        any = true;
    }
    if (any)
        Q_EMIT measured();
}

void EngineCostTimer::answer(Model &model, std::optional<double> latency, std::optional<double> throughput,
                             const QString &error)
{
    const std::optional<double> values[2] = {latency, throughput};
    for (int m : {Latency, Throughput}) {
        Slot &slot = model.measures[m];
        if (!slot.inBatch)
            continue;
        slot.inBatch = false;
        if (values[m]) {
            slot.state = Slot::State::Measured;
            slot.value = *values[m];
        } else {
            slot.state = Slot::State::Failed;
            slot.problem = error.isEmpty() ? tr("the engine did not time it") : error;
        }
    }
}

// The child is gone: what it did not answer fails with `why`; then the next batch.
void EngineCostTimer::childEnded(const QString &why)
{
    if (m_process)
        m_process.release()->deleteLater();  // maybe inside its signal
    m_files.reset();
    for (const Key &key : m_batch)
        answer(m_models[key], std::nullopt, std::nullopt, why);
    m_batch.clear();
    Q_EMIT measured();
    if (!m_startQueued) {
        m_startQueued = true;
        QTimer::singleShot(0, this, &EngineCostTimer::startNext);
    }
}

} // namespace gatefold::widgets
