#include "engineevents.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QVariant>

#include <cmath>
#include <limits>

// The parser (engineevents.h). Strict on what the writer always wrote, lenient on what it added
// later (optional) and on fields it does not know.
namespace gatefold::launch {
namespace {

// The messages' translation context (scripts/update-translations.sh reads core/launch).
struct EngineEvents {
    Q_DECLARE_TR_FUNCTIONS(EngineEvents)
};

// A value as the line wrote it, short: what the message shows after "is".
QString shown(const QJsonValue &value)
{
    const QByteArray inList = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);  // [value]
    const QString text = QString::fromUtf8(inList.mid(1).chopped(1));
    return text.size() > 40 ? text.left(37) + QStringLiteral("…") : text;
}

// Reads the fields of one object (an event, a point, a split's numbers); the first problem is kept
// and every later read returns a default, so a parse function reads like the event's field list.
class Fields
{
public:
    Fields(const QJsonObject &object, QString where)
        : m_object(object)
        , m_where(std::move(where))
    {
    }

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    bool has(const char *key) const { return m_object.contains(QLatin1String(key)); }

    qint64 whole(const char *key)
    {
        const QJsonValue v = value(key);
        if (v.isDouble()) {
            // Qt keeps a JSON integer that fits in 64 bits as one: exact beyond 2^53.
            if (const QVariant exact = v.toVariant(); exact.typeId() == QMetaType::LongLong)
                return exact.toLongLong();
            const double d = v.toDouble();  // 2.0, 1e3: whole numbers written as doubles
            if (std::trunc(d) == d && std::abs(d) < std::ldexp(1.0, 63))
                return qint64(d);
        }
        wrongType(key, v, EngineEvents::tr("a whole number"));
        return 0;
    }

    // JSON has no NaN or infinity: the writer writes them as null, read back as NaN.
    double number(const char *key)
    {
        const QJsonValue v = value(key);
        if (v.isDouble())
            return v.toDouble();
        if (v.isNull())
            return std::numeric_limits<double>::quiet_NaN();
        wrongType(key, v, EngineEvents::tr("a number"));
        return 0.0;
    }

    QString text(const char *key)
    {
        const QJsonValue v = value(key);
        if (v.isString())
            return v.toString();
        wrongType(key, v, EngineEvents::tr("a text"));
        return {};
    }

    bool flag(const char *key)
    {
        const QJsonValue v = value(key);
        if (v.isBool())
            return v.toBool();
        wrongType(key, v, EngineEvents::tr("true or false"));
        return false;
    }

    QJsonObject object(const char *key)
    {
        const QJsonValue v = value(key);
        if (v.isObject())
            return v.toObject();
        wrongType(key, v, EngineEvents::tr("an object"));
        return {};
    }

    QJsonArray list(const char *key)
    {
        const QJsonValue v = value(key);
        if (v.isArray())
            return v.toArray();
        wrongType(key, v, EngineEvents::tr("a list"));
        return {};
    }

    // A problem found in a nested object (a point, a split), already placed.
    void fail(const QString &error)
    {
        if (m_error.isEmpty())
            m_error = error;
    }

    QString where() const { return m_where; }

private:
    QJsonValue value(const char *key)
    {
        if (!ok())
            return QJsonValue(QJsonValue::Undefined);
        const auto it = m_object.constFind(QLatin1String(key));
        if (it == m_object.constEnd())
            fail(EngineEvents::tr("%1: \"%2\" is missing").arg(m_where, QLatin1String(key)));
        return it == m_object.constEnd() ? QJsonValue(QJsonValue::Undefined) : it.value();
    }

    void wrongType(const char *key, const QJsonValue &v, const QString &expected)
    {
        if (ok())
            fail(EngineEvents::tr("%1: \"%2\" is %3, not %4").arg(m_where, QLatin1String(key), shown(v), expected));
    }

    QJsonObject m_object;
    QString m_where;
    QString m_error;
};

EvalNumbers numbers(Fields &event, const char *key)
{
    Fields f(event.object(key), QStringLiteral("%1, \"%2\"").arg(event.where(), QLatin1String(key)));
    EvalNumbers n;
    n.loss = f.number("loss");
    n.top1 = f.number("top1");
    n.top5 = f.number("top5");
    n.images = f.whole("images");
    if (event.ok())  // else the object itself was the problem, said already
        event.fail(f.error());
    return n;
}

store::MetricPoint point(const QJsonValue &value, const QString &where, Fields &event)
{
    if (!value.isObject()) {
        event.fail(EngineEvents::tr("%1 is %2, not %3").arg(where, shown(value), EngineEvents::tr("an object")));
        return {};
    }
    Fields f(value.toObject(), where);
    store::MetricPoint p;
    p.key = f.text("key");
    p.step = f.whole("step");
    p.epoch = f.number("epoch");
    p.wall = f.number("wall");
    p.value = f.number("value");
    event.fail(f.error());
    return p;
}

EngineEvent read(Fields &f, CreatedEvent e)
{
    e.store = f.text("store");
    return e;
}

EngineEvent read(Fields &f, StartedEvent e)
{
    e.device = f.text("device");
    e.stepsPerEpoch = f.whole("steps_per_epoch");
    e.totalSteps = f.whole("total_steps");
    e.startStep = f.whole("start_step");
    e.parameters = f.whole("parameters");
    e.dataset = f.text("dataset");
    e.trainImages = f.whole("train_images");
    e.valImages = f.whole("val_images");
    if (f.has("memory_estimate"))
        e.memoryEstimate = f.whole("memory_estimate");
    return e;
}

EngineEvent read(Fields &f, ProgressEvent e)
{
    e.step = f.whole("step");
    e.totalSteps = f.whole("total_steps");
    e.epoch = f.number("epoch");
    e.imagesPerSecond = f.number("images_per_s");
    e.etaSeconds = f.number("eta_s");
    e.loss = f.number("loss");
    return e;
}

EngineEvent read(Fields &f, MetricsEvent e)
{
    const QJsonArray points = f.list("points");
    e.points.reserve(size_t(points.size()));
    for (qsizetype i = 0; i < points.size() && f.ok(); ++i)
        e.points.push_back(point(points.at(i), QStringLiteral("%1, \"points\"[%2]").arg(f.where()).arg(i), f));
    return e;
}

EngineEvent read(Fields &f, EvalEvent e)
{
    e.step = f.whole("step");
    e.epoch = f.number("epoch");
    e.val = numbers(f, "val");
    if (f.has("val_ema"))
        e.valEma = numbers(f, "val_ema");
    e.best = f.flag("best");
    return e;
}

EngineEvent read(Fields &f, CheckpointEvent e)
{
    e.kind = f.text("kind");
    e.path = f.text("path");
    e.sha256 = f.text("sha256");
    e.bytes = f.whole("bytes");
    e.step = f.whole("step");
    return e;
}

EngineEvent read(Fields &f, MessageEvent e)
{
    e.text = f.text("text");
    return e;
}

EngineEvent read(Fields &f, EndEvent e)
{
    e.status = f.text("status");
    e.message = f.text("message");
    return e;
}

EngineEvent read(Fields &f, SweepEvent e)
{
    e.sweep = f.whole("sweep");
    e.runs = f.whole("runs");
    e.store = f.text("store");
    return e;
}

EngineEvent read(Fields &f, SweepEndEvent e)
{
    e.sweep = f.whole("sweep");
    e.finished = f.whole("finished");
    e.failed = f.whole("failed");
    e.cancelled = f.whole("cancelled");
    e.stopped = f.has("stopped") ? f.whole("stopped") : 0;
    return e;
}

EngineEvent read(Fields &f, SubmittedEvent e)
{
    e.job = f.text("job");
    e.script = f.text("script");
    return e;
}

EngineEvent read(Fields &f, JobStateEvent e)
{
    e.job = f.text("job");
    e.state = f.text("state");
    return e;
}

// Every run's event names its run first; the sweep's own events have none.
template<typename Event>
EngineEvent readEvent(Fields &f)
{
    Event e;
    if constexpr (std::is_same_v<Event, SweepEvent> || std::is_same_v<Event, SweepEndEvent>)
        return read(f, e);
    else {
        e.run = f.whole("run");
        return read(f, e);
    }
}

// The event names and their readers, in the variant's order (the writer's types).
template<std::size_t... I>
std::optional<EngineEvent> readNamed(const QString &name, Fields &f, std::index_sequence<I...>)
{
    std::optional<EngineEvent> event;
    ((name == QLatin1String(std::variant_alternative_t<I, EngineEvent>::name)
          ? void(event = readEvent<std::variant_alternative_t<I, EngineEvent>>(f))
          : void()),
     ...);
    return event;
}

template<std::size_t... I>
QStringList eventNames(std::index_sequence<I...>)
{
    return {QString::fromLatin1(std::variant_alternative_t<I, EngineEvent>::name)...};
}

} // namespace

std::optional<EngineEvent> parseEventJson(const QJsonObject &object, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QJsonValue kind = object.value(QLatin1String("event"));
    if (kind.isUndefined())
        return fail(EngineEvents::tr("no \"event\" field: not an engine event"));
    if (!kind.isString())
        return fail(EngineEvents::tr("\"event\" is %1, not %2").arg(shown(kind), EngineEvents::tr("a text")));
    const QString name = kind.toString();
    Fields fields(object, EngineEvents::tr("\"%1\" event").arg(name));
    auto event = readNamed(name, fields, std::make_index_sequence<std::variant_size_v<EngineEvent>>{});
    if (!event)
        return fail(EngineEvents::tr("unknown event \"%1\" (known: %2)")
                        .arg(name, eventNames(std::make_index_sequence<std::variant_size_v<EngineEvent>>{})
                                       .join(QStringLiteral(", "))));
    if (!fields.ok())
        return fail(fields.error());
    return event;
}

std::optional<EngineEvent> parseEventLine(const QByteArray &line, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = EngineEvents::tr("not JSON (%1 at byte %2)")
                         .arg(parseError.errorString())
                         .arg(parseError.offset);
        return std::nullopt;
    }
    if (!document.isObject()) {
        if (error)
            *error = EngineEvents::tr("not a JSON object");
        return std::nullopt;
    }
    return parseEventJson(document.object(), error);
}

} // namespace gatefold::launch
