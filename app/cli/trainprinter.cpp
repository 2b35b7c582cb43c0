#include "trainprinter.h"
#include "clitext.h"

#include "clicommon.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace gatefold::cli {
namespace {

QJsonObject event(const char *name, qint64 runId)
{
    return QJsonObject{{"event", QString::fromLatin1(name)}, {"run", runId}};
}

QJsonObject evalObject(const train::EvalResult &r)
{
    return QJsonObject{{"loss", r.loss}, {"top1", r.top1}, {"top5", r.top5}, {"images", qint64(r.images)}};
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
    const QByteArray line = QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    if (std::fwrite(line.constData(), 1, size_t(line.size()), stdout) != size_t(line.size()) || std::fflush(stdout) != 0)
        std::clearerr(stdout);
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
        auto o = event("started", m_runId);
        o.insert("device", s.device);
        o.insert("steps_per_epoch", qint64(s.stepsPerEpoch));
        o.insert("total_steps", qint64(s.totalSteps));
        o.insert("start_step", qint64(s.startStep));
        o.insert("parameters", qint64(s.parameters));
        o.insert("dataset", s.dataset);
        o.insert("train_images", qint64(s.trainImages));
        o.insert("val_images", qint64(s.valImages));
        o.insert("memory_estimate", qint64(s.memoryEstimate));
        printJson(o);
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
    if (!m_json)
        return;
    QJsonArray list;
    for (const auto &p : points)
        list.append(QJsonObject{{"key", p.key}, {"step", p.step}, {"epoch", p.epoch}, {"wall", p.wall},
                                {"value", p.value}});
    auto o = event("metrics", m_runId);
    o.insert("points", list);
    printJson(o);
}

void TrainPrinter::progress(const train::Progress &p)
{
    const bool last = p.step == p.totalSteps;
    if (!last && m_sinceProgress.isValid() && m_sinceProgress.elapsed() < (m_json ? 500 : 200))
        return;
    m_sinceProgress.restart();
    if (m_json) {
        auto o = event("progress", m_runId);
        o.insert("step", qint64(p.step));
        o.insert("total_steps", qint64(p.totalSteps));
        o.insert("epoch", p.epoch);
        o.insert("images_per_s", p.imagesPerSecond);
        o.insert("eta_s", p.etaSeconds);
        o.insert("loss", p.loss);
        printJson(o);
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
        auto o = event("eval", m_runId);
        o.insert("step", qint64(r.step));
        o.insert("epoch", r.epoch);
        o.insert("val", evalObject(r.result));
        if (r.ema)
            o.insert("val_ema", evalObject(*r.ema));
        o.insert("best", r.best);
        printJson(o);
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
        for (const QString &kind : r.kinds) {
            auto o = event("checkpoint", m_runId);
            o.insert("kind", kind);
            o.insert("path", r.path);
            o.insert("sha256", r.sha256);
            o.insert("bytes", r.bytes);
            o.insert("step", qint64(r.step));
            printJson(o);
        }
    }
    return true;
}

void TrainPrinter::message(const QString &text)
{
    if (m_json) {
        auto o = event("message", m_runId);
        o.insert("text", text);
        printJson(o);
        logLine(text);
        return;
    }
    clearBar();
    printOut(text);
}

void TrainPrinter::finished(const QString &status, const QString &message)
{
    if (m_json) {
        auto o = event("end", m_runId);
        o.insert("status", status);
        o.insert("message", message);
        printJson(o);
        logLine(QStringLiteral("end: %1: %2").arg(status, message));
        return;
    }
    clearBar();
    printOut(tr("run %1 %2: %3").arg(m_runId).arg(status, message));
}

} // namespace gatefold::cli
