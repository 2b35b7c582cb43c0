// The engine's event stream as types (core/launch/engineevents.h), on its own (Qt Core, no
// LibTorch, no engine): every event written by the one writer and read back by the one parser is
// the same event, every field and number exact; the bytes are the ones README documents (what
// scripts and events.jsonl files hold); lines of older engines still read; damaged lines are
// refused with where and what, never a crash.

#include <QtTest/QtTest>

#include "launch/engineevents.h"

#include <QJsonDocument>

#include <cstring>
#include <limits>

using namespace gatefold;
using namespace gatefold::launch;

Q_DECLARE_METATYPE(gatefold::launch::EngineEvent)

namespace {

constexpr qint64 kBig = (qint64(1) << 53) + 1;  // not a double: exact only as a JSON integer
constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kTiny = std::numeric_limits<double>::denorm_min();

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

QString nameOf(const EngineEvent &event)
{
    return QString::fromLatin1(std::visit([](const auto &e) { return e.name; }, event));
}

StartedEvent started()
{
    StartedEvent e;
    e.run = 42;
    e.device = QStringLiteral("cuda:1");
    e.stepsPerEpoch = 781;
    e.totalSteps = kBig;
    e.startStep = 390;
    e.parameters = std::numeric_limits<qint64>::max();
    e.dataset = QStringLiteral("images \"ä\" 中\n/tmp");
    e.trainImages = 50000;
    e.valImages = 10000;
    e.memoryEstimate = 3LL << 40;
    return e;
}

MetricsEvent metrics()
{
    MetricsEvent e;
    e.run = 7;
    e.points = {{QStringLiteral("train/loss"), 0, 0.0, 1767225600.123456, 2.302585092994046},
                {QStringLiteral("val/top1"), kBig, 1.0 / 3.0, 1767225601.5, 0.1},
                {QStringLiteral("lr"), 3, kTiny, kMax, -1e-300}};
    return e;
}

EvalEvent eval(bool withEma)
{
    EvalEvent e;
    e.run = 9;
    e.step = 1562;
    e.epoch = 2.0000000000000004;
    e.val = {0.6931471805599453, 0.7, 0.95, 10000};
    if (withEma)
        e.valEma = EvalNumbers{0.5, 0.71, 0.96, 9999};
    e.best = true;
    return e;
}

} // namespace

class TstEngineEvents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void numbersAreExact();
    void nonFiniteNumbersComeBackAsNaN();
    void wireBytesAreTheDocumentedOnes();
    void readsLinesOfOlderEngines();
    void passesOverFieldsItDoesNotKnow();
    void refusesDamagedLines_data();
    void refusesDamagedLines();
};

void TstEngineEvents::roundTrip_data()
{
    QTest::addColumn<EngineEvent>("event");
    QTest::newRow("created") << EngineEvent(CreatedEvent{1, QStringLiteral("postgresql://u@h:5432/db")});
    QTest::newRow("started") << EngineEvent(started());
    QTest::newRow("progress") << EngineEvent(ProgressEvent{3, 17, kBig, 0.1 + 0.2, 1234.5678, 1e9, 2.5e-8});
    QTest::newRow("metrics") << EngineEvent(metrics());
    QTest::newRow("metrics none") << EngineEvent(MetricsEvent{4, {}});
    QTest::newRow("eval") << EngineEvent(eval(false));
    QTest::newRow("eval with EMA") << EngineEvent(eval(true));
    QTest::newRow("checkpoint") << EngineEvent(CheckpointEvent{5, QStringLiteral("checkpoint/best"),
                                                               QStringLiteral("/runs/5/best.pt"),
                                                               QString(64, QLatin1Char('a')), kBig, 780});
    QTest::newRow("message") << EngineEvent(MessageEvent{6, QStringLiteral("warning: \x1b[1m\t\"x\"\\ 中")});
    QTest::newRow("end") << EngineEvent(EndEvent{8, QStringLiteral("failed"), QStringLiteral("out of memory")});
    QTest::newRow("sweep") << EngineEvent(SweepEvent{2, 12, QStringLiteral("/data/runs.sqlite")});
    QTest::newRow("sweep_end") << EngineEvent(SweepEndEvent{2, 9, 2, 1});
    QTest::newRow("submitted") << EngineEvent(SubmittedEvent{9, QStringLiteral("12345_3"),
                                                             QStringLiteral("/shared/sweeps/2/slurm-1.sbatch")});
    QTest::newRow("job_state") << EngineEvent(JobStateEvent{9, QStringLiteral("12345_3"), QStringLiteral("pending")});
}

// Read back, the event writes the same bytes: a field the parser missed would come back as its
// default, one the writer missed would be refused as missing.
void TstEngineEvents::roundTrip()
{
    QFETCH(EngineEvent, event);
    const QByteArray line = eventLine(event);
    QVERIFY(line.endsWith('\n'));
    QCOMPARE(line.count('\n'), 1);  // one line, whatever the texts hold
    QString error;
    const auto back = parseEventLine(line, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->index(), event.index());
    QCOMPARE(nameOf(*back), nameOf(event));
    QCOMPARE(eventLine(*back), line);
    const auto fromObject = parseEventJson(eventJson(event), &error);
    QVERIFY2(fromObject, qPrintable(error));
    QCOMPARE(eventLine(*fromObject), line);
}

void TstEngineEvents::numbersAreExact()
{
    const auto s = std::get<StartedEvent>(*parseEventLine(eventLine(started())));
    QCOMPARE(s.totalSteps, kBig);
    QCOMPARE(s.parameters, std::numeric_limits<qint64>::max());
    QCOMPARE(s.memoryEstimate, 3LL << 40);
    QCOMPARE(s.dataset, started().dataset);

    const auto m = std::get<MetricsEvent>(*parseEventLine(eventLine(metrics())));
    const auto expected = metrics().points;
    QCOMPARE(m.points.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(m.points[i].key, expected[i].key);
        QCOMPARE(m.points[i].step, expected[i].step);
        QVERIFY(sameBits(m.points[i].epoch, expected[i].epoch));
        QVERIFY(sameBits(m.points[i].wall, expected[i].wall));
        QVERIFY(sameBits(m.points[i].value, expected[i].value));
    }

    const auto e = std::get<EvalEvent>(*parseEventLine(eventLine(eval(true))));
    QVERIFY(sameBits(e.epoch, 2.0000000000000004));
    QVERIFY(sameBits(e.val.loss, 0.6931471805599453));
    QCOMPARE(e.val.images, 10000);
    QVERIFY(e.valEma);
    QCOMPARE(e.valEma->images, 9999);
    QVERIFY(e.best);
    QVERIFY(!std::get<EvalEvent>(*parseEventLine(eventLine(eval(false)))).valEma);

    const auto p = std::get<ProgressEvent>(*parseEventLine(eventLine(ProgressEvent{3, 17, kBig, 0.1 + 0.2, 1.5, 2, 3})));
    QVERIFY(sameBits(p.epoch, 0.1 + 0.2));
    QCOMPARE(p.totalSteps, kBig);
    QCOMPARE(p.run, 3);
}

// A diverged run's loss: JSON has no NaN, Qt writes null, the parser reads NaN (never 0).
void TstEngineEvents::nonFiniteNumbersComeBackAsNaN()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QByteArray line = eventLine(ProgressEvent{1, 2, 3, 0.5, std::numeric_limits<double>::infinity(), nan, nan});
    QVERIFY2(line.contains("\"loss\":null"), line.constData());
    QString error;
    const auto back = parseEventLine(line, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(std::isnan(std::get<ProgressEvent>(*back).loss));
    QVERIFY(std::isnan(std::get<ProgressEvent>(*back).imagesPerSecond));
    QCOMPARE(std::get<ProgressEvent>(*back).epoch, 0.5);
}

// README's JSON lines, byte for byte: keys sorted, compact, one line each.
void TstEngineEvents::wireBytesAreTheDocumentedOnes()
{
    QCOMPARE(eventLine(ProgressEvent{7, 30, 60, 1.5, 250.5, 12, 0.25}),
             QByteArray(R"({"epoch":1.5,"eta_s":12,"event":"progress","images_per_s":250.5,"loss":0.25,"run":7,)"
                        R"("step":30,"total_steps":60})" "\n"));
    QCOMPARE(eventLine(MetricsEvent{7, {{QStringLiteral("train/loss"), 30, 1.5, 1767225600.25, 0.5}}}),
             QByteArray(R"({"event":"metrics","points":[{"epoch":1.5,"key":"train/loss","step":30,)"
                        R"("value":0.5,"wall":1767225600.25}],"run":7})" "\n"));
    QCOMPARE(eventLine(EndEvent{7, QStringLiteral("finished"), QStringLiteral("10 epochs")}),
             QByteArray(R"({"event":"end","message":"10 epochs","run":7,"status":"finished"})" "\n"));
    QCOMPARE(eventLine(SweepEndEvent{3, 4, 1, 0, 0}),
             QByteArray(R"({"cancelled":0,"event":"sweep_end","failed":1,"finished":4,"sweep":3})" "\n"));
    // Early stopping adds how many runs wait at a rung, read back; a line without it reads as 0.
    QCOMPARE(eventLine(SweepEndEvent{3, 1, 0, 0, 5}),
             QByteArray(R"({"cancelled":0,"event":"sweep_end","failed":0,"finished":1,"stopped":5,"sweep":3})" "\n"));
    {
        QString why;
        const auto back = parseEventLine(eventLine(SweepEndEvent{3, 1, 0, 0, 5}), &why);
        QVERIFY2(back && std::get<SweepEndEvent>(*back).stopped == 5, qPrintable(why));
        const auto old = parseEventLine(R"({"cancelled":0,"event":"sweep_end","failed":0,"finished":1,"sweep":3})", &why);
        QVERIFY2(old && std::get<SweepEndEvent>(*old).stopped == 0, qPrintable(why));
    }
    QCOMPARE(eventLine(CreatedEvent{7, QStringLiteral("s.sqlite")}),
             QByteArray(R"({"event":"created","run":7,"store":"s.sqlite"})" "\n"));
    QCOMPARE(eventLine(SubmittedEvent{7, QStringLiteral("41_2"), QStringLiteral("/s/slurm-1.sbatch")}),
             QByteArray(R"({"event":"submitted","job":"41_2","run":7,"script":"/s/slurm-1.sbatch"})" "\n"));
    QCOMPARE(eventLine(JobStateEvent{7, QStringLiteral("41_2"), QStringLiteral("running")}),
             QByteArray(R"({"event":"job_state","job":"41_2","run":7,"state":"running"})" "\n"));
}

// events.jsonl of a run trained before issue 16: "started" without memory_estimate, spaced as a
// person or another writer might, an "eval" without val_ema, numbers written as 2.0.
void TstEngineEvents::readsLinesOfOlderEngines()
{
    QString error;
    const auto s = parseEventLine(R"({"event": "started", "run": 3, "device": "cpu", "steps_per_epoch": 16, )"
                                  R"("total_steps": 32, "start_step": 0, "parameters": 118442, "dataset": "shapes", )"
                                  R"("train_images": 512, "val_images": 128})",
                                  &error);
    QVERIFY2(s, qPrintable(error));
    const auto &start = std::get<StartedEvent>(*s);
    QCOMPARE(start.run, 3);
    QCOMPARE(start.totalSteps, 32);
    QCOMPARE(start.dataset, QStringLiteral("shapes"));
    QCOMPARE(start.memoryEstimate, 0);  // not said
    const auto e = parseEventLine(R"({"best":false,"epoch":2.0,"event":"eval","run":3,"step":32,)"
                                  R"("val":{"images":128,"loss":0.2,"top1":0.9375,"top5":1}})" "\n",
                                  &error);
    QVERIFY2(e, qPrintable(error));
    QCOMPARE(std::get<EvalEvent>(*e).val.top5, 1.0);
    QCOMPARE(std::get<EvalEvent>(*e).epoch, 2.0);
    QVERIFY(!std::get<EvalEvent>(*e).valEma);
    const auto end = parseEventLine(R"({"event":"end","message":"","run":3,"status":"cancelled"})", &error);
    QVERIFY2(end, qPrintable(error));
    QCOMPARE(std::get<EndEvent>(*end).status, QStringLiteral("cancelled"));
}

void TstEngineEvents::passesOverFieldsItDoesNotKnow()
{
    QString error;
    const auto m = parseEventLine(R"({"event":"message","run":1,"text":"hi","severity":"warning","extra":[1]})", &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(std::get<MessageEvent>(*m).text, QStringLiteral("hi"));
}

void TstEngineEvents::refusesDamagedLines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("problem");
    const QByteArray progress = R"("event":"progress","run":1,"total_steps":10,"epoch":0.5,"images_per_s":1,"eta_s":2,"loss":3)";
    QTest::newRow("empty") << QByteArray() << "not JSON";
    QTest::newRow("text") << QByteArray("epoch 1 loss 0.3") << "not JSON";
    QTest::newRow("half a line") << QByteArray(R"({"event":"end","run":1,"stat)") << "not JSON";
    QTest::newRow("binary") << QByteArray("\x00\xff{\x01", 4) << "not JSON";
    QTest::newRow("a list") << QByteArray("[1,2]") << "not a JSON object";
    QTest::newRow("no event") << QByteArray(R"({"run":1,"status":"finished"})") << "no \"event\" field";
    QTest::newRow("event a number") << QByteArray(R"({"event":5,"run":1})") << "\"event\" is 5, not a text";
    QTest::newRow("unknown event") << QByteArray(R"({"event":"finish","run":1})") << "unknown event \"finish\" (known: created, started";
    QTest::newRow("step a text") << ("{" + progress + R"(,"step":"12"})") << "\"progress\" event: \"step\" is \"12\", not a whole number";
    QTest::newRow("step fractional") << ("{" + progress + R"(,"step":1.5})") << "\"step\" is 1.5, not a whole number";
    QTest::newRow("step too large") << ("{" + progress + R"(,"step":1e30})") << "\"step\" is 1e+30, not a whole number";
    QTest::newRow("step null") << ("{" + progress + R"(,"step":null})") << "\"step\" is null, not a whole number";
    QTest::newRow("step missing") << ("{" + progress + "}") << "\"progress\" event: \"step\" is missing";
    QTest::newRow("run missing") << QByteArray(R"({"event":"end","status":"finished","message":""})") << "\"end\" event: \"run\" is missing";
    QTest::newRow("run a text") << QByteArray(R"({"event":"end","run":"7","status":"finished","message":""})") << "\"run\" is \"7\", not a whole number";
    QTest::newRow("status a number") << QByteArray(R"({"event":"end","run":7,"status":0,"message":""})") << "\"status\" is 0, not a text";
    QTest::newRow("points an object") << QByteArray(R"({"event":"metrics","run":1,"points":{}})") << "\"points\" is {}, not a list";
    QTest::newRow("point a number") << QByteArray(R"({"event":"metrics","run":1,"points":[3]})") << "\"metrics\" event, \"points\"[0] is 3, not an object";
    QTest::newRow("point value a text")
        << QByteArray(R"({"event":"metrics","run":1,"points":[{"key":"a","step":1,"epoch":0,"wall":0,"value":1},)"
                      R"({"key":"a","step":2,"epoch":0,"wall":0,"value":"x"}]})")
        << "\"metrics\" event, \"points\"[1]: \"value\" is \"x\", not a number";
    QTest::newRow("point key missing") << QByteArray(R"({"event":"metrics","run":1,"points":[{"step":1,"epoch":0,"wall":0,"value":1}]})")
                                       << "\"points\"[0]: \"key\" is missing";
    QTest::newRow("val top5 missing")
        << QByteArray(R"({"event":"eval","run":1,"step":1,"epoch":1,"val":{"loss":1,"top1":0.5,"images":4},"best":true})")
        << "\"eval\" event, \"val\": \"top5\" is missing";
    QTest::newRow("val a list") << QByteArray(R"({"event":"eval","run":1,"step":1,"epoch":1,"val":[],"best":true})")
                                << "\"eval\" event: \"val\" is [], not an object";
    QTest::newRow("best a text")
        << QByteArray(R"({"event":"eval","run":1,"step":1,"epoch":1,"val":{"loss":1,"top1":0.5,"top5":1,"images":4},"best":"yes"})")
        << "\"best\" is \"yes\", not true or false";
    QTest::newRow("long value shortened")
        << QByteArray(R"({"event":"message","run":1,"text":[)" + QByteArray(4999, '1').replace("1", "1,") + "1]}")
        << "\"text\" is [1,1,1";
    QTest::newRow("sweep_end incomplete") << QByteArray(R"({"event":"sweep_end","sweep":1,"finished":1,"failed":0})")
                                          << "\"sweep_end\" event: \"cancelled\" is missing";
}

void TstEngineEvents::refusesDamagedLines()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, problem);
    QString error;
    QVERIFY(!parseEventLine(line, &error));
    QVERIFY2(error.contains(problem), qPrintable(QStringLiteral("%1\n  does not say: %2").arg(error, problem)));
    QVERIFY2(error.size() < 300, qPrintable(error));  // a long field is shortened, not pasted whole
    QVERIFY(!parseEventLine(line));  // no error string asked for: still no crash
}

QTEST_GUILESS_MAIN(TstEngineEvents)
#include "tst_engineevents.moc"
