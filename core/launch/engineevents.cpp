#include "engineevents.h"

#include <QJsonArray>
#include <QJsonDocument>

// The writer. QJsonObject orders its keys, so a line's bytes depend on its fields alone: the same
// lines as the engines before this header wrote.
namespace gatefold::launch {
namespace {

template<typename Event>
QJsonObject header(const Event &e)
{
    return QJsonObject{{"event", QString::fromLatin1(Event::name)}, {"run", e.run}};
}

QJsonObject numbersJson(const EvalNumbers &n)
{
    return QJsonObject{{"loss", n.loss}, {"top1", n.top1}, {"top5", n.top5}, {"images", n.images}};
}

QJsonObject toJson(const CreatedEvent &e)
{
    auto o = header(e);
    o.insert("store", e.store);
    return o;
}

QJsonObject toJson(const StartedEvent &e)
{
    auto o = header(e);
    o.insert("device", e.device);
    o.insert("steps_per_epoch", e.stepsPerEpoch);
    o.insert("total_steps", e.totalSteps);
    o.insert("start_step", e.startStep);
    o.insert("parameters", e.parameters);
    o.insert("dataset", e.dataset);
    o.insert("train_images", e.trainImages);
    o.insert("val_images", e.valImages);
    o.insert("memory_estimate", e.memoryEstimate);
    return o;
}

QJsonObject toJson(const ProgressEvent &e)
{
    auto o = header(e);
    o.insert("step", e.step);
    o.insert("total_steps", e.totalSteps);
    o.insert("epoch", e.epoch);
    o.insert("images_per_s", e.imagesPerSecond);
    o.insert("eta_s", e.etaSeconds);
    o.insert("loss", e.loss);
    return o;
}

QJsonObject toJson(const MetricsEvent &e)
{
    QJsonArray points;
    for (const auto &p : e.points)
        points.append(QJsonObject{{"key", p.key}, {"step", p.step}, {"epoch", p.epoch}, {"wall", p.wall},
                                  {"value", p.value}});
    auto o = header(e);
    o.insert("points", points);
    return o;
}

QJsonObject toJson(const EvalEvent &e)
{
    auto o = header(e);
    o.insert("step", e.step);
    o.insert("epoch", e.epoch);
    o.insert("val", numbersJson(e.val));
    if (e.valEma)
        o.insert("val_ema", numbersJson(*e.valEma));
    o.insert("best", e.best);
    return o;
}

QJsonObject toJson(const CheckpointEvent &e)
{
    auto o = header(e);
    o.insert("kind", e.kind);
    o.insert("path", e.path);
    o.insert("sha256", e.sha256);
    o.insert("bytes", e.bytes);
    o.insert("step", e.step);
    return o;
}

QJsonObject toJson(const MessageEvent &e)
{
    auto o = header(e);
    o.insert("text", e.text);
    return o;
}

QJsonObject toJson(const EndEvent &e)
{
    auto o = header(e);
    o.insert("status", e.status);
    o.insert("message", e.message);
    return o;
}

QJsonObject toJson(const SweepEvent &e)
{
    return QJsonObject{{"event", QString::fromLatin1(SweepEvent::name)}, {"sweep", e.sweep}, {"runs", e.runs},
                       {"store", e.store}};
}

QJsonObject toJson(const SweepEndEvent &e)
{
    QJsonObject o{{"event", QString::fromLatin1(SweepEndEvent::name)}, {"sweep", e.sweep},
                  {"finished", e.finished}, {"failed", e.failed}, {"cancelled", e.cancelled}};
    if (e.stopped > 0)  // a sweep with early stopping: sweeps without keep their bytes
        o.insert("stopped", e.stopped);
    return o;
}

QJsonObject toJson(const SubmittedEvent &e)
{
    auto o = header(e);
    o.insert("job", e.job);
    o.insert("script", e.script);
    return o;
}

QJsonObject toJson(const JobStateEvent &e)
{
    auto o = header(e);
    o.insert("job", e.job);
    o.insert("state", e.state);
    return o;
}

} // namespace

QJsonObject eventJson(const EngineEvent &event)
{
    return std::visit([](const auto &e) { return toJson(e); }, event);
}

QByteArray eventLine(const EngineEvent &event)
{
    return QJsonDocument(eventJson(event)).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace gatefold::launch
