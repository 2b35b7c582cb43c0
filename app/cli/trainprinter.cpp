#include "trainprinter.h"
#include "clitext.h"

#include "clicommon.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>

#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace gatefold::cli {
namespace {

launch::EvalNumbers evalNumbers(const train::EvalResult &r)
{
    return launch::EvalNumbers{r.loss, r.top1, r.top5, qint64(r.images)};
}

void writeStdout(const QByteArray &line)
{
    if (std::fwrite(line.constData(), 1, size_t(line.size()), stdout) != size_t(line.size()) || std::fflush(stdout) != 0)
        std::clearerr(stdout);
}

} // namespace

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return QStringLiteral("?");
    const qint64 s = qint64(std::llround(seconds));
    if (s >= 3600)
        return QStringLiteral("%1h%2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (s >= 60)
        return QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1s").arg(s);
}

TrainPrinter::TrainPrinter(bool json, qint64 runId)
    : m_json(json)
    , m_bar(!json && ::isatty(STDERR_FILENO))
    , m_runId(runId)
{
}

// A reader that went away (the window quit, `| head` closed) must not end the run: SIGPIPE is
// ignored (installStopHandlers) and a failed write is dropped — the store has everything.
void TrainPrinter::printJson(const QJsonObject &object)
{
    writeStdout(QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n');
}

void TrainPrinter::printEvent(const launch::EngineEvent &event)
{
    writeStdout(launch::eventLine(event));
}

// With --json, stdout is for programs; what a person reads after the fact (the engine's log, which
// the window appends stderr to) gets the messages and the ending too, time-stamped.
void TrainPrinter::logLine(const QString &text)
{
    const QByteArray line = (QDateTime::currentDateTime().toString(Qt::ISODate) + QLatin1Char(' ') + text).toUtf8() + '\n';
    if (std::fwrite(line.constData(), 1, size_t(line.size()), stderr) != size_t(line.size()) || std::fflush(stderr) != 0)
        std::clearerr(stderr);
}

void TrainPrinter::clearBar()
{
    if (m_barShown) {
        std::fputs("\r\033[K", stderr);
        m_barShown = false;
    }
}

void TrainPrinter::started(const train::RunStart &s)
{
    m_sinceProgress.start();
    if (m_json) {
        launch::StartedEvent e;
        e.run = m_runId;
        e.device = s.device;
        e.stepsPerEpoch = qint64(s.stepsPerEpoch);
        e.totalSteps = qint64(s.totalSteps);
        e.startStep = qint64(s.startStep);
        e.parameters = qint64(s.parameters);
        e.dataset = s.dataset;
        e.trainImages = qint64(s.trainImages);
        e.valImages = qint64(s.valImages);
        e.memoryEstimate = qint64(s.memoryEstimate);
        printEvent(e);
        return;
    }
    printOut(tr("run %1 on %2: %3 parameters, data %4 (%5 train / %6 val), %7 steps (%8 per epoch)%9")
                 .arg(m_runId)
                 .arg(s.device)
                 .arg(s.parameters)
                 .arg(s.dataset)
                 .arg(s.trainImages)
                 .arg(s.valImages)
                 .arg(s.totalSteps)
                 .arg(s.stepsPerEpoch)
                 .arg(s.startStep > 0 ? tr(", resumed at step %1").arg(s.startStep) : QString()));
}

void TrainPrinter::metrics(const std::vector<store::MetricPoint> &points)
{
    if (m_json)
        printEvent(launch::MetricsEvent{m_runId, points});
}

void TrainPrinter::progress(const train::Progress &p)
{
    const bool last = p.step == p.totalSteps;
    if (!last && m_sinceProgress.isValid() && m_sinceProgress.elapsed() < (m_json ? 500 : 200))
        return;
    m_sinceProgress.restart();
    if (m_json) {
        printEvent(launch::ProgressEvent{m_runId, qint64(p.step), qint64(p.totalSteps), p.epoch, p.imagesPerSecond,
                                         p.etaSeconds, p.loss});
        return;
    }
    if (!m_bar)
        return;
    const int width = 24;
    const double fraction = p.totalSteps > 0 ? double(p.step) / double(p.totalSteps) : 1.0;
    const int filled = int(fraction * width);
    const QString bar = QString(filled, QLatin1Char('#')) + QString(width - filled, QLatin1Char('.'));
    const QString line = tr("\r[%1] %2% step %3/%4 epoch %5 loss %6 %7 img/s ETA %8")
                             .arg(bar)
                             .arg(int(fraction * 100), 3)
                             .arg(p.step)
                             .arg(p.totalSteps)
                             .arg(p.epoch, 0, 'f', 2)
                             .arg(p.loss, 0, 'f', 4)
                             .arg(p.imagesPerSecond, 0, 'f', 0)
                             .arg(formatDuration(p.etaSeconds));
    std::fputs(line.toLocal8Bit().constData(), stderr);
    std::fputs("\033[K", stderr);
    std::fflush(stderr);
    m_barShown = true;
}

void TrainPrinter::evaluated(const train::EvalReport &r)
{
    if (m_json) {
        launch::EvalEvent e;
        e.run = m_runId;
        e.step = qint64(r.step);
        e.epoch = r.epoch;
        e.val = evalNumbers(r.result);
        if (r.ema)
            e.valEma = evalNumbers(*r.ema);
        e.best = r.best;
        printEvent(e);
        return;
    }
    clearBar();
    QString line = tr("epoch %1 (step %2): val top-1 %3%  top-5 %4%  loss %5")
                       .arg(r.epoch, 0, 'f', 2)
                       .arg(r.step)
                       .arg(100.0 * r.result.top1, 0, 'f', 2)
                       .arg(100.0 * r.result.top5, 0, 'f', 2)
                       .arg(r.result.loss, 0, 'f', 4);
    if (r.ema)
        line += tr("  (EMA top-1 %1%)").arg(100.0 * r.ema->top1, 0, 'f', 2);
    if (r.best)
        line += tr("  best");
    printOut(line);
}

bool TrainPrinter::checkpointed(const train::CheckpointReport &r, QString *)
{
    if (m_json) {
        // One event per record the file now has (last, best, epoch-N), after the store committed them.
        for (const QString &kind : r.kinds)
            printEvent(launch::CheckpointEvent{m_runId, kind, r.path, r.sha256, r.bytes, qint64(r.step)});
    }
    return true;
}

void TrainPrinter::message(const QString &text)
{
    if (m_json) {
        printEvent(launch::MessageEvent{m_runId, text});
        logLine(text);
        return;
    }
    clearBar();
    printOut(text);
}

void TrainPrinter::finished(const QString &status, const QString &message)
{
    if (m_json) {
        printEvent(launch::EndEvent{m_runId, status, message});
        logLine(QStringLiteral("end: %1: %2").arg(status, message));
        return;
    }
    clearBar();
    printOut(tr("run %1 %2: %3").arg(m_runId).arg(status, message));
}

} // namespace gatefold::cli
