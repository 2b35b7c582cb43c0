// The training engine in-process: run config JSON and validation, the
// schedules (and that they reach the model), weight-decay groups, the weight
// average, checkpoints (round trip, damaged files, wrong models), resume
// equivalence, NaN detection, a tiny model that learns the built-in set, and
// a CDE run's codebook measures per evaluation (metrics and usage snapshots).

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "filebytes.h"
#include "legacycheckpoints.h"
#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <numeric>
#include <set>

#include "analysis/branchcomparison.h"
#include "model/branchsimilarity.h"
#include "train/checkpoint.h"
#include "train/checkpointreader.h"
#include "train/checkpointseal.h"
#include "train/dictcheckpoint.h"
#include "train/legacycheckpoint.h"
#include "train/durablefile.h"
#include "config/resourceestimate.h"
#include "train/codebookrecord.h"
#include "train/evaluation.h"
#include "config/fieldtable.h"
#include "train/paramgroups.h"
#include "config/runconfigjson.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"
#include "train/runrecorder.h"
#include "train/runschedules.h"
#include "train/trainer.h"
#include "train/weightema.h"

#include "export/flatten.h"
#include "export/safetensors.h"
#include "model/costmodel.h"
#include "config/textvalues.h"
#include "model/picklearchive.h"
#include "store/runstore.h"

#include <torch/torch.h>

#include <cerrno>
#include <cmath>
#include <map>
#endif

using namespace gatefold;
using namespace gatefold::train;

using gatefold::test::readBytes;
using gatefold::test::writeBytes;

namespace {

// 16 px, 2 blocks of width 32: 8 steps per epoch of 256 images.
RunConfig tinyRun()
{
    RunConfig r;
    auto &m = r.model;
    m.imageSize = 16;
    m.patchSize = 4;
    m.numClasses = 10;
    m.embedDim = 32;
    m.depth = 2;
    m.numHeads = 2;
    m.mlpRatio = 2.0;
    m.pooling = model::Pooling::Average;
    auto &t = r.train;
    t.data.trainSize = 256;
    t.data.valSize = 64;
    t.epochs = 2;
    t.batchSize = 32;
    t.evalBatchSize = 64;
    t.logEvery = 2;
    t.optim.lr = 1e-3;
    t.optim.warmupEpochs = 0.5;
    return r;
}

// Every metric the trainer reports, and its checkpoints.
class Recorder : public TrainEvents
{
public:
    void metrics(const std::vector<store::MetricPoint> &points) override
    {
        for (const auto &p : points)
            if (p.key != "train/images_per_s" && p.key != "data/wait_fraction" && p.key != "dist/comm_wait_fraction")  // timings, not results
                values[{p.key, p.step}] = p.value;
    }
    bool checkpointed(const CheckpointReport &report, QString *) override
    {
        checkpoints.push_back(report);
        return true;
    }
    std::map<std::pair<QString, qint64>, double> values;
    std::vector<CheckpointReport> checkpoints;
};

TrainOutcome runTrainer(const RunConfig &config, const QString &dir, Recorder *events, std::int64_t stopAt = -1,
                   const QString &resumeFrom = QString())
{
    TrainerOptions options;
    options.runDir = dir;
    options.events = events;
    options.stopAtStep = stopAt;
    options.resumeFrom = resumeFrom;
    Trainer trainer(config, options);
    QString error;
    if (!trainer.prepare(&error)) {
        qWarning("prepare: %s", qPrintable(error));
        return {};
    }
    return trainer.run();
}

std::vector<torch::Tensor> weightsOf(const torch::nn::Module &m)
{
    std::vector<torch::Tensor> out;
    for (const auto &p : m.parameters())
        out.push_back(p.detach().clone());
    return out;
}

// The offset of the middle of the largest tensor stored in a torch zip (entries "…/data/N",
// stored uncompressed): a byte there is a weight, read by LibTorch without any check. Sizes
// come from the central directory (torch's local headers say 0 and use data descriptors).
qsizetype middleOfLargestTensor(const QByteArray &zip)
{
    auto u16 = [&](qsizetype o) { return qsizetype(uchar(zip[o])) | qsizetype(uchar(zip[o + 1])) << 8; };
    auto u32 = [&](qsizetype o) { return u16(o) | u16(o + 2) << 16; };
    qsizetype best = -1, bestSize = 0;
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0 && at + 46 <= zip.size(); at = zip.indexOf("PK\x01\x02", at + 4)) {
        const qsizetype size = u32(at + 20), nameLength = u16(at + 28), local = u32(at + 42);
        if (!zip.mid(at + 46, nameLength).contains("/data/") || size <= bestSize || size == 0xffffffff
            || local + 30 > zip.size())
            continue;
        bestSize = size;
        best = local + 30 + u16(local + 26) + u16(local + 28) + size / 2;
    }
    return best < zip.size() ? best : -1;
}

bool sameWeights(const std::vector<torch::Tensor> &a, const std::vector<torch::Tensor> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!torch::equal(a[i], b[i]))
            return false;
    return true;
}

// Every AdamW moment and step count, parameter by parameter through the groups (undefined where a
// parameter has no state): equal lists mean equal optimiser states of two models.
std::vector<torch::Tensor> optimizerTensors(const torch::optim::AdamW &optimizer)
{
    std::vector<torch::Tensor> out;
    for (const auto &group : optimizer.param_groups())
        for (const auto &p : group.params()) {
            const auto found = optimizer.state().find(c10::guts::to_string(p.unsafeGetTensorImpl()));
            if (found == optimizer.state().end()) {
                out.push_back(torch::Tensor());
                continue;
            }
            const auto &s = static_cast<const torch::optim::AdamWParamState &>(*found->second);
            out.push_back(torch::tensor(s.step(), torch::kInt64));
            out.push_back(s.exp_avg());
            out.push_back(s.exp_avg_sq());
        }
    return out;
}

bool sameTensors(const std::vector<torch::Tensor> &a, const std::vector<torch::Tensor> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].defined() != b[i].defined() || (a[i].defined() && !torch::equal(a[i], b[i])))
            return false;
    return true;
}

bool sameState(const TrainState &a, const TrainState &b)
{
    return a.step == b.step && a.bestTop1 == b.bestTop1 && a.bestStep == b.bestStep && a.trainSeconds == b.trainSeconds
        && a.emaUpdates == b.emaUpdates && a.window.loss == b.window.loss && a.window.gradNorm == b.window.gradNorm
        && a.window.diversity == b.window.diversity && a.window.steps == b.window.steps
        && a.window.images == b.window.images && a.window.seconds == b.window.seconds
        && a.cpuRngState.defined() == b.cpuRngState.defined()
        && (!a.cpuRngState.defined() || torch::equal(a.cpuRngState, b.cpuRngState));
}

} // namespace

class TstTrain : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void jsonRoundTrip_data();
    void jsonRoundTrip();
    void jsonNestedAndPartial();
    void jsonErrorsListedAtOnce();
    void choicesComeFromTheParsers();
    void paperPresetsAreValidRuns();
    void fieldsApplyWhenTheyMeanSomething();
    void fieldTypesMatchValues();
    void validationListsEveryProblem();
    void learningRateSchedule();
    void cdeSchedules();
    void schedulesReachTheModel();
    void weightDecayGroups();
    void weightAverage();
    void checkpointRoundTrip();
    void damagedCheckpointRefused();
    void checkpointOfAnotherModelRefused();
    void checkpointSealCatchesAFlippedByte();
    void olderCheckpointsLoadAsBefore();
    void checkpointOpensInPython();
    void newerCheckpointFormatRefused();
    void checkpointFilesAreNeverReplaced();
    void resourceEstimateNamesTheSetting_data();
    void resourceEstimateNamesTheSetting();
    void resourceEstimateMatchesTheModel();
    void memoryLimitSetting();
    void resumeReproducesTheRun_data();
    void resumeReproducesTheRun();
    void nanFailsKeepingTheCheckpoint();
    void initFromAnotherRun();
    void tinyModelLearns();
    void codebookMeasuresPerEval();
    void branchSimilarityPerEval();

private:
    QTemporaryDir m_dir;
};

void TstTrain::jsonRoundTrip_data()
{
    QTest::addColumn<QString>("preset");
    for (const char *name : {"demo", "cifar-vit", "cifar-cde", "cifar-cde-vq", "cifar-fold3", "cifar-fold2-plain"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TstTrain::jsonRoundTrip()
{
    QFETCH(QString, preset);
    auto config = runPresetByName(preset.toStdString());
    QVERIFY(config);
    config->train.optim.lr = 3.0e-4 / 7.0;  // needs all 17 digits
    config->train.seed = 1234567890123ULL;
    config->model.gate.blocks = {0, 2};
    const QByteArray json = runConfigToJson(*config);
    RunConfig back;  // other defaults underneath: every key must be written
    back.model.embedDim = 7;
    back.train.epochs = 99;
    QStringList errors;
    QVERIFY2(runConfigFromJson(json, &back, &errors), qPrintable(errors.join('\n')));
    QVERIFY(back == *config);
    QCOMPARE(runConfigToJson(back), json);
}

void TstTrain::jsonNestedAndPartial()
{
    RunConfig config = tinyRun();
    QStringList errors;
    QVERIFY(runConfigFromJson(R"({"gate": {"kind": "cde", "blocks": [1]}, "optim.lr": 0.01, "train": {"epochs": 3}})",
                              &config, &errors));
    QCOMPARE(config.model.gate.kind, model::GateKind::Cde);
    QCOMPARE(config.model.gate.blocks, std::vector<int>{1});
    QCOMPARE(config.train.optim.lr, 0.01);
    QCOMPARE(config.train.epochs, 3);
    QCOMPARE(config.model.embedDim, 32);  // untouched keys keep the base's values
}

void TstTrain::paperPresetsAreValidRuns()
{
    std::set<std::string> names;
    int cde = 0, joining = 0;
    for (const auto &p : runPresets()) {
        QVERIFY2(names.insert(p.name).second, p.name.c_str());
        const RunConfig c = p.make();
        const auto problems = validateRunConfig(c);
        QVERIFY2(problems.empty(), (p.name + ": " + model::formatProblems(problems)).c_str());
        cde += p.name.rfind("cde-t", 0) == 0;
        joining += p.name.rfind("join-t", 0) == 0;
    }
    QCOMPARE(cde, 11);     // Table 2: 4 CDE rows + ViT + DeepEmbed; Table 3: 5 ablations
    QCOMPARE(joining, 23); // Table 1: 4; Table 5: 10; Table 6: 9
    const auto r4 = *runPresetByName("join-t1-r4");
    QCOMPARE(r4.model.depth, 4);
    QCOMPARE(r4.model.join.branches, 3);
    QCOMPARE(r4.model.embedDim, demoRun().model.embedDim);
    const auto expand = *runPresetByName("cde-t2-soft-expand");
    QCOMPARE(expand.model.gate.codebookSize, 512);
    QCOMPARE(config::findField("gate.target")->get(expand), std::string("expand"));
    const auto none = *runPresetByName("join-t5-none");
    QCOMPARE(config::findField("join.lambda")->get(none), std::string("0"));
    QCOMPARE(config::findField("join.schedule")->get(none), std::string("none"));
}

void TstTrain::choicesComeFromTheParsers()
{
    auto choices = [](const char *key) { return config::findField(key)->choices; };
    QCOMPARE(choices("gate.kind"), (std::vector<std::string>{"none", "cde", "deep-embed"}));
    QCOMPARE(choices("join.stage"), (std::vector<std::string>{"A", "B", "C", "D", "step"}));
    QCOMPARE(choices("compute.device"), (std::vector<std::string>{"auto", "cpu", "cuda"}));
    QCOMPARE(choices("data.bad_images"), (std::vector<std::string>{"stop", "skip"}));
    QCOMPARE(choices("data.name").front(), std::string("builtin"));
    QCOMPARE(choices("data.name").size(), size_t(6));
    QVERIFY(choices("embed_dim").empty());
    QVERIFY(choices("data.path").empty());
    QVERIFY(choices("init.from").empty());
    // Every choice is accepted by the field it belongs to.
    for (const auto &field : config::fields())
        for (const auto &value : field.choices) {
            RunConfig c;
            model::ConfigProblem why;
            QVERIFY2(field.set(c, value, &why), (field.key + "=" + value + ": " + why.message).c_str());
        }
}

void TstTrain::fieldsApplyWhenTheyMeanSomething()
{
    RunConfig c = demoRun();
    QVERIFY(!config::fieldApplies(c, "gate.top_k"));
    QVERIFY(!config::fieldApplies(c, "cde.ramp_epochs"));
    QVERIFY(!config::fieldApplies(c, "join.lambda"));
    QVERIFY(!config::fieldApplies(c, "data.path"));
    QVERIFY(config::fieldApplies(c, "data.train_size"));
    QVERIFY(config::fieldApplies(c, "embed_dim") && config::fieldApplies(c, "optim.lr") && config::fieldApplies(c, "gate.kind"));
    std::string why;
    for (const char *kv : {"gate.kind=cde", "join.branches=2", "data.name=cifar100", "aug.mixup=0.8"})
        QVERIFY2(config::applyAssignment(c, kv, &why), why.c_str());
    QVERIFY(config::fieldApplies(c, "gate.top_k") && config::fieldApplies(c, "cde.ramp_epochs") && config::fieldApplies(c, "join.lambda"));
    QVERIFY(!config::fieldApplies(c, "cde.tau_end"));       // no τ schedule
    QVERIFY(!config::fieldApplies(c, "join.start_step"));   // stage is not "step"
    QVERIFY(config::fieldApplies(c, "data.path") && config::fieldApplies(c, "data.coarse_labels"));
    QVERIFY(!config::fieldApplies(c, "data.train_size") && !config::fieldApplies(c, "data.val_fraction"));
    QVERIFY(config::fieldApplies(c, "aug.mix_prob") && !config::fieldApplies(c, "aug.switch_prob"));
    for (const char *kv : {"gate.assign=vq", "cde.tau_schedule=linear", "join.stage=step"})
        QVERIFY2(config::applyAssignment(c, kv, &why), why.c_str());
    QVERIFY(!config::fieldApplies(c, "gate.top_k") && !config::fieldApplies(c, "gate.temperature"));
    QVERIFY(!config::fieldApplies(c, "cde.tau_end") && config::fieldApplies(c, "join.start_step"));
    QVERIFY2(config::applyAssignment(c, "gate.assign=soft-topk", &why), why.c_str());
    QVERIFY(config::fieldApplies(c, "cde.tau_end"));
}

void TstTrain::jsonErrorsListedAtOnce()
{
    RunConfig config = tinyRun();
    const RunConfig before = config;
    QStringList errors;
    QVERIFY(!runConfigFromJson(R"({"optim.lr": "fast", "train.epochs": 2.5, "bogus.key": 1,
                                   "gate.kind": "magic", "qkv_bias": 3, "depth": 4})",
                               &config, &errors));
    QCOMPARE(errors.size(), 5);
    for (const char *key : {"optim.lr", "train.epochs", "bogus.key", "gate.kind", "qkv_bias"})
        QVERIFY2(errors.filter(QString::fromLatin1(key) + ':').size() == 1, key);
    QVERIFY(config == before);  // nothing applied, not even the valid depth
    errors.clear();
    QVERIFY(!runConfigFromJson("{\n\"depth\": 4,\n}", &config, &errors));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.first().contains("line 3"), qPrintable(errors.first()));
    errors.clear();
    QVERIFY(!runConfigFromJson("[1, 2]", &config, &errors));
    QCOMPARE(errors.size(), 1);
}

void TstTrain::fieldTypesMatchValues()
{
    // The JSON type of each key agrees with the text its getter writes.
    const RunConfig config = tinyRun();
    for (const auto &field : config::fields()) {
        const std::string text = field.get(config);
        model::ConfigProblem why;
        switch (field.type) {
        case config::FieldType::Integer: {
            long long v = 0;
            QVERIFY2(model::parseWhole(text, LLONG_MIN, LLONG_MAX, &v, &why), field.key.c_str());
            break;
        }
        case config::FieldType::Number: {
            double v = 0;
            QVERIFY2(model::parseDouble(text, &v, &why), field.key.c_str());
            long long w = 0;
            QVERIFY2(!model::parseWhole(text, LLONG_MIN, LLONG_MAX, &w, nullptr) || field.key != "mlp_ratio"
                         || text == "2",
                     field.key.c_str());
            break;
        }
        case config::FieldType::Boolean:
            QVERIFY2(text == "true" || text == "false", field.key.c_str());
            break;
        case config::FieldType::IntegerList:
            QVERIFY2(text == "all", field.key.c_str());
            break;
        case config::FieldType::NumberList:
            QVERIFY2(text == "auto", field.key.c_str());
            break;
        case config::FieldType::Text:
            QVERIFY2(!field.get(config).empty() || field.key == "init.from" || field.key == "data.path"
                         || field.key == "data.val_labels" || field.key == "distill.teacher",
                     field.key.c_str());
            break;
        }
    }
    QVERIFY(config::findField("optim.lr") && config::findField("embed_dim") && config::isTrainingKey("optim.lr")
            && !config::isTrainingKey("embed_dim"));
}

void TstTrain::validationListsEveryProblem()
{
    RunConfig config = tinyRun();
    config.train.optim.lr = 0;
    config.train.epochs = 0;
    config.model.numClasses = 5;
    config.train.optim.labelSmoothing = 1.5;
    config.train.cde.rampEpochs = 1;  // without a CDE gate
    config.model.numHeads = 3;        // 32 is not divisible by 3: a model problem
    const auto problems = validateRunConfig(config);
    std::set<std::string> fields;
    for (const auto &p : problems)
        fields.insert(p.field);
    for (const char *key : {"optim.lr", "train.epochs", "num_classes", "optim.label_smoothing", "cde.ramp_epochs",
                            "num_heads"})
        QVERIFY2(fields.count(key), key);
    QVERIFY(validateRunConfig(tinyRun()).empty());
}

void TstTrain::learningRateSchedule()
{
    RunConfig config = tinyRun();
    config.train.epochs = 10;
    config.train.optim.lr = 1e-3;
    config.train.optim.minLr = 1e-5;
    config.train.optim.warmupEpochs = 1;
    const RunSchedules s(config, 100);  // 100 steps per epoch, 1000 in all
    QCOMPARE(s.totalSteps(), 1000);
    QCOMPARE(s.warmupSteps(), 100);
    QVERIFY(std::abs(s.learningRate(0) - 1e-5) < 1e-15);  // (0 + 1)/100 of the peak
    QVERIFY(std::abs(s.learningRate(49) - 5e-4) < 1e-15);
    QVERIFY(std::abs(s.learningRate(100) - 1e-3) < 1e-15);  // the peak, cosine starts
    QVERIFY(std::abs(s.learningRate(550) - (1e-3 + 1e-5) / 2) < 1e-15);  // half-way down
    QVERIFY(std::abs(s.learningRate(1000) - 1e-5) < 1e-15);
    for (int step = 101; step < 1000; ++step)
        QVERIFY(s.learningRate(step) < s.learningRate(step - 1));
}

void TstTrain::cdeSchedules()
{
    RunConfig config = tinyRun();
    config.model.gate.kind = model::GateKind::Cde;
    config.model.gate.codebookSize = 16;
    config.model.gate.strength = 0.8;
    config.model.gate.temperature = 16;
    config.train.epochs = 10;
    config.train.cde.rampEpochs = 4;
    config.train.cde.tauSchedule = TauSchedule::Geometric;
    config.train.cde.tauEnd = 4;
    RunSchedules s(config, 10);  // 100 steps
    QCOMPARE(s.gateStrength(0), 0.0);
    QVERIFY(std::abs(s.gateStrength(20) - 0.4) < 1e-15);  // half the ramp: half the target
    QCOMPARE(s.gateStrength(40), 0.8);
    QCOMPARE(s.gateStrength(99), 0.8);
    QCOMPARE(s.temperature(0), 16.0);
    QVERIFY(std::abs(s.temperature(99) - 4.0) < 1e-12);
    // Geometric: log-linear, the mid-point is the geometric mean.
    const double mid = 16.0 * std::pow(4.0 / 16.0, 49.5 / 99.0);
    QVERIFY(std::abs(mid - 8.0) < 1e-12);
    config.train.cde.tauSchedule = TauSchedule::Linear;
    RunSchedules lin(config, 10);
    QVERIFY(std::abs(lin.temperature(33) - (16.0 - 12.0 * 33.0 / 99.0)) < 1e-12);
    config.train.cde.tauSchedule = TauSchedule::None;
    config.train.cde.rampEpochs = 0;
    RunSchedules flat(config, 10);
    QCOMPARE(flat.temperature(50), 16.0);
    QCOMPARE(flat.gateStrength(0), 0.8);
}

void TstTrain::schedulesReachTheModel()
{
    // A CDE model with a λ ramp and τ annealing, and a joining model with a
    // cosine λ(t): after applySchedules(step) the model holds the scheduled
    // values, and the optimiser the scheduled learning rate.
    RunConfig cde = tinyRun();
    cde.model.gate.kind = model::GateKind::Cde;
    cde.model.gate.codebookSize = 16;
    cde.train.cde.rampEpochs = 1;
    cde.train.cde.tauSchedule = TauSchedule::Linear;
    cde.train.cde.tauEnd = 2;
    Trainer t1(cde, {});
    QString error;
    QVERIFY2(t1.prepare(&error), qPrintable(error));
    for (std::int64_t step : {0, 3, 8, 15}) {
        t1.applySchedules(step);
        QCOMPARE(t1.model()->gateStrength(), t1.schedules().gateStrength(step));
        QCOMPARE(t1.model()->temperature(), t1.schedules().temperature(step));
    }
    QCOMPARE(t1.model()->gateStrength(), 1.0);
    QVERIFY(t1.model()->temperature() < 12.0);

    RunConfig join = tinyRun();
    join.model.join.branches = 2;
    join.model.join.schedule.kind = model::JoinScheduleKind::Cosine;
    join.model.join.schedule.warmupSteps = 8;
    join.model.join.schedule.adjustSteps = 4;
    Trainer t2(join, {});
    QVERIFY2(t2.prepare(&error), qPrintable(error));
    for (std::int64_t step : {0, 4, 8, 15}) {
        t2.applySchedules(step);
        QCOMPARE(t2.model()->joinStrength(), t2.schedules().joinStrength(step));
    }
    QVERIFY(std::abs(t2.schedules().joinStrength(4) - 0.5) < 1e-12);  // cosine half-way
    // The metrics of a real run carry the same values.
    Recorder events;
    QVERIFY(runTrainer(join, m_dir.filePath("join"), &events).end == TrainEnd::Finished);
    const RunSchedules s(join, 8);
    for (std::int64_t step = 2; step <= 16; step += 2) {
        const auto it = events.values.find({QStringLiteral("train/lambda_join"), step});
        QVERIFY(it != events.values.end());
        QCOMPARE(it->second, s.joinStrength(step - 1));
        QVERIFY(events.values.count({QStringLiteral("train/diversity"), step}));
    }
}

void TstTrain::weightDecayGroups()
{
    RunConfig config = tinyRun();
    config.model.gate.kind = model::GateKind::Cde;
    config.model.gate.codebookSize = 16;
    config.model.pooling = model::Pooling::ClassToken;
    auto m = model::VisionTransformer(config.model);
    const auto groups = splitForWeightDecay(*m);
    QCOMPARE(groups.decay.size() + groups.noDecay.size(), m->parameters().size());
    std::set<std::string> exempt(groups.noDecayNames.begin(), groups.noDecayNames.end());
    for (const char *name : {"cls_token", "pos_embed", "blocks.0.norm1.weight", "blocks.0.norm1.bias",
                             "blocks.1.attn.qkv.bias", "norm.weight", "head.bias", "cde.codebook"})
        QVERIFY2(exempt.count(name), name);
    for (const auto &item : m->named_parameters()) {
        const bool isExempt = exempt.count(item.key()) > 0;
        const std::string &name = item.key();
        const bool matrix = name.size() > 7 && name.compare(name.size() - 7, 7, ".weight") == 0 && item.value().dim() == 2;
        if (matrix)
            QVERIFY2(!isExempt, name.c_str());  // qkv, proj, fc1, fc2, head, patch embed (4-D is "weight" too)
    }
    QVERIFY(decaysWeight("patch_embed.proj.weight", torch::zeros({8, 3, 4, 4})));
    QVERIFY(!decaysWeight("blocks.0.mlp.gate.embed", torch::zeros({16, 32})));
}

void TstTrain::weightAverage()
{
    auto linear = torch::nn::Linear(3, 2);
    WeightEma ema(*linear, 0.9);
    const auto w0 = linear->weight.detach().clone();
    {
        torch::NoGradGuard g;
        linear->weight.add_(1.0);
    }
    ema.update(*linear);  // first update: d = min(0.9, 1/10) = 0.1
    QVERIFY(torch::allclose(ema.tensors()[0], 0.1 * w0 + 0.9 * (w0 + 1.0), 0, 1e-6));
    const auto live = linear->weight.detach().clone();
    ema.swapInto(*linear);
    QVERIFY(torch::allclose(linear->weight, 0.1 * w0 + 0.9 * (w0 + 1.0), 0, 1e-6));
    ema.swapInto(*linear);
    QVERIFY(torch::equal(linear->weight, live));
    for (int i = 0; i < 200; ++i)
        ema.update(*linear);
    QCOMPARE(ema.updates(), 201);
    QVERIFY(torch::allclose(ema.tensors()[0], live, 0, 1e-5));  // converged onto constant weights
}

void TstTrain::checkpointRoundTrip()
{
    RunConfig config = tinyRun();
    config.train.optim.emaDecay = 0.99;
    config.model.dropPathRate = 0.1;
    Recorder events;
    QVERIFY(runTrainer(config, m_dir.filePath("a"), &events, 12).end == TrainEnd::Cancelled);
    const QString path = events.checkpoints.back().path;
    QCOMPARE(path, m_dir.filePath("a/step-12.pt"));  // immutable files named by their step
    QCOMPARE(events.checkpoints.back().kinds, QStringList{"checkpoint/last"});
    QVERIFY(QFile::exists(path));
    QCOMPARE(events.checkpoints.back().sha256, sha256OfFile(path));
    QByteArray json;
    QString error;
    QVERIFY2(readCheckpointConfig(path, &json, &error), qPrintable(error));
    RunConfig stored;
    QStringList errors;
    QVERIFY(runConfigFromJson(json, &stored, &errors));
    QVERIFY(stored == config);

    Trainer resumed(config, TrainerOptions{m_dir.filePath("b"), path, nullptr, -1, nullptr, {}, {}});
    QVERIFY2(resumed.prepare(&error), qPrintable(error));
    QCOMPARE(resumed.state().step, 12);
    QVERIFY(resumed.state().window.steps == 0);  // published at step 12 (log_every 2)
    QVERIFY(resumed.state().cpuRngState.defined());
    auto fresh = model::VisionTransformer(config.model);
    TrainState state;
    QVERIFY(loadCheckpoint(path, fresh, nullptr, nullptr, &state, &error));
    QVERIFY(sameWeights(weightsOf(*fresh), weightsOf(*resumed.model())));
    QCOMPARE(state.step, 12);
    QCOMPARE(state.emaUpdates, 12);
}

void TstTrain::damagedCheckpointRefused()
{
    RunConfig config = tinyRun();
    Recorder events;
    QVERIFY(runTrainer(config, m_dir.filePath("d"), &events, 8).end == TrainEnd::Cancelled);
    QFile good(events.checkpoints.back().path);
    QVERIFY(good.open(QIODevice::ReadOnly));
    const QByteArray bytes = good.readAll();
    auto model = model::VisionTransformer(config.model);
    const auto before = weightsOf(*model);
    QString error;
    // Truncated, bit-flipped in the middle, not a checkpoint at all, missing.
    const QString truncated = m_dir.filePath("truncated.pt");
    QFile t(truncated);
    QVERIFY(t.open(QIODevice::WriteOnly));
    t.write(bytes.left(bytes.size() / 2));
    t.close();
    QVERIFY(!loadCheckpoint(truncated, model, nullptr, nullptr, nullptr, &error));
    QVERIFY2(error.contains(truncated), qPrintable(error));
    const QString text = m_dir.filePath("text.pt");
    QFile x(text);
    QVERIFY(x.open(QIODevice::WriteOnly));
    x.write("not a checkpoint");
    x.close();
    QVERIFY(!loadCheckpoint(text, model, nullptr, nullptr, nullptr, &error));
    QVERIFY(!loadCheckpoint(m_dir.filePath("none.pt"), model, nullptr, nullptr, nullptr, &error));
    QVERIFY2(error.contains("does not exist"), qPrintable(error));
    QVERIFY(sameWeights(before, weightsOf(*model)));
    // The good file still loads.
    QVERIFY2(loadCheckpoint(good.fileName(), model, nullptr, nullptr, nullptr, &error), qPrintable(error));
    QVERIFY(!sameWeights(before, weightsOf(*model)));
}

void TstTrain::checkpointOfAnotherModelRefused()
{
    RunConfig config = tinyRun();
    Recorder events;
    QVERIFY(runTrainer(config, m_dir.filePath("o"), &events, 8).end == TrainEnd::Cancelled);
    const QString written = events.checkpoints.back().path;
    RunConfig other = config;
    other.model.depth = 3;
    other.model.mlpRatio = 3.0;
    auto model = model::VisionTransformer(other.model);
    const auto before = weightsOf(*model);
    QString error;
    QVERIFY(!loadCheckpoint(written, model, nullptr, nullptr, nullptr, &error));
    QVERIFY2(error.contains("blocks.2.") && error.contains("is missing"), qPrintable(error));
    QVERIFY2(error.contains("blocks.0.mlp.fc1.weight has shape"), qPrintable(error));
    QVERIFY(sameWeights(before, weightsOf(*model)));
}

void TstTrain::checkpointSealCatchesAFlippedByte()
{
    RunConfig config = tinyRun();
    Recorder events;
    QVERIFY(runTrainer(config, m_dir.filePath("seal"), &events, 8).end == TrainEnd::Cancelled);
    const QString good = events.checkpoints.back().path;
    const QByteArray bytes = readBytes(good);
    QVERIFY(readCheckpointSeal(bytes).intact());
    QCOMPARE(checkCheckpoint(good, {events.checkpoints.back().sha256, {}}).state, CheckpointState::Intact);
    // One flipped bit in the middle of a weight tensor.
    const qsizetype at = middleOfLargestTensor(bytes);
    QVERIFY(at > 0 && at < bytes.size() - 100);
    QByteArray flipped = bytes;
    flipped[at] = char(flipped[at] ^ 0x10);
    const QString bad = m_dir.filePath("seal/flipped.pt");
    writeBytes(bad, flipped);
    auto model = model::VisionTransformer(config.model);
    const auto before = weightsOf(*model);
    QString error;
    CheckpointCheck check;
    QVERIFY(!loadCheckpoint(bad, model, nullptr, nullptr, nullptr, &error, {}, &check));
    QCOMPARE(check.state, CheckpointState::Modified);
    QVERIFY2(error.contains("damaged or was changed") && error.contains("--accept-modified-checkpoint"),
             qPrintable(error));
    QByteArray configJson;
    QVERIFY(!readCheckpointConfig(bad, &configJson, &error));
    QVERIFY(sameWeights(before, weightsOf(*model)));
    // Without the seal LibTorch would load it as if nothing happened (it checks no CRC): what the
    // engine did before checkpoints were sealed. A file in the oldest format (/1, never sealed),
    // with a flipped weight and recorded by no run, is refused before LibTorch reads a byte of it.
    const QString legacy = m_dir.filePath("seal/legacy-flipped.pt");
    QVERIFY2(test::writeLegacyCopy(good, legacy, kLegacyUnsealedFormat, &error), qPrintable(error));
    QByteArray unsealed = readBytes(legacy);
    QVERIFY(!readCheckpointSeal(unsealed).present && unsealed.contains(kLegacyUnsealedFormat));
    const qsizetype legacyAt = middleOfLargestTensor(unsealed);
    QVERIFY(legacyAt > 0);
    unsealed[legacyAt] = char(unsealed[legacyAt] ^ 0x10);
    writeBytes(legacy, unsealed);
    QVERIFY(!loadCheckpoint(legacy, model, nullptr, nullptr, nullptr, &error, {}, &check));
    QCOMPARE(check.state, CheckpointState::Modified);
    QVERIFY2(error.contains("carries no content hash") && error.contains("--accept-modified-checkpoint"),
             qPrintable(error));
    QVERIFY(sameWeights(before, weightsOf(*model)));
    // A record of other bytes refuses it too …
    QVERIFY(!loadCheckpoint(legacy, model, nullptr, nullptr, nullptr, &error, {events.checkpoints.back().sha256, {}}, &check));
    QVERIFY2(error.contains("not the file the run recorded"), qPrintable(error));
    // … and the run's record of exactly these bytes (an older store's checkpoint) vouches for them.
    const QString legacySha = sha256OfFile(legacy);
    QVERIFY2(loadCheckpoint(legacy, model, nullptr, nullptr, nullptr, &error, {legacySha, {}}, &check), qPrintable(error));
    QCOMPARE(check.state, CheckpointState::Unsealed);
    // A sealed format whose seal was removed is not trusted either.
    QByteArray stripped = bytes.left(bytes.size() - 80);
    stripped[stripped.size() - 2] = 0;
    stripped[stripped.size() - 1] = 0;
    writeBytes(bad, stripped);
    QVERIFY(!loadCheckpoint(bad, model, nullptr, nullptr, nullptr, &error));
    QVERIFY2(error.contains("lost the content hash"), qPrintable(error));
    // A flipped byte in the seal itself.
    QByteArray seal = bytes;
    seal[seal.size() - 1] = seal[seal.size() - 1] == '0' ? '1' : '0';
    writeBytes(bad, seal);
    QCOMPARE(checkCheckpoint(bad).state, CheckpointState::Modified);
    // Accepting exactly these bytes loads them.
    writeBytes(bad, flipped);
    const QString found = sha256OfFile(bad);
    QVERIFY2(loadCheckpoint(bad, model, nullptr, nullptr, nullptr, &error, {QString(), {found}}, &check), qPrintable(error));
    QCOMPARE(check.state, CheckpointState::Accepted);
    // The intact file is still a torch zip: the seal is the zip's comment.
    QVERIFY2(loadCheckpoint(good, model, nullptr, nullptr, nullptr, &error), qPrintable(error));
}

void TstTrain::olderCheckpointsLoadAsBefore()
{
    // Checkpoints are written as the pickled dict; a copy in the format of older versions (torch's
    // archive: /2 sealed, /1 unsealed and vouched for by the run's record) loads to the same
    // weights, optimiser state, averages, training state and config, and is checked as before.
    RunConfig config = tinyRun();
    config.train.optim.emaDecay = 0.9;
    config.model.dropPathRate = 0.1;
    Recorder events;
    QVERIFY(runTrainer(config, m_dir.filePath("older"), &events, 10).end == TrainEnd::Cancelled);
    const QString now = events.checkpoints.back().path;
    QVERIFY(readBytes(now).contains(kCheckpointFormat) && !readBytes(now).contains("constants.pkl"));
    QString error;
    const QString sealed = m_dir.filePath("older/v2.pt"), unsealed = m_dir.filePath("older/v1.pt");
    QVERIFY2(test::writeLegacyCopy(now, sealed, kLegacySealedFormat, &error), qPrintable(error));
    QVERIFY2(test::writeLegacyCopy(now, unsealed, kLegacyUnsealedFormat, &error), qPrintable(error));
    QVERIFY(readBytes(sealed).contains("constants.pkl"));  // a TorchScript module archive
    const CheckpointTrust record{sha256OfFile(unsealed), {}};
    QCOMPARE(checkCheckpoint(sealed).state, CheckpointState::Intact);
    QCOMPARE(checkCheckpoint(unsealed).state, CheckpointState::Modified);  // nothing vouches for it
    QCOMPARE(checkCheckpoint(unsealed, record).state, CheckpointState::Unsealed);

    test::LegacySubject loaded[3];
    TrainState states[3];
    const std::pair<QString, CheckpointTrust> files[3] = {{now, {}}, {sealed, {}}, {unsealed, record}};
    for (int i = 0; i < 3; ++i) {
        QVERIFY2(test::buildLegacySubject(config, &loaded[i], &error), qPrintable(error));
        QVERIFY2(loadCheckpoint(files[i].first, loaded[i].model, loaded[i].optimizer.get(), &loaded[i].ema, &states[i],
                                &error, files[i].second),
                 qPrintable(error));
        QByteArray json;
        QVERIFY2(readCheckpointConfig(files[i].first, &json, &error, files[i].second), qPrintable(error));
        QCOMPARE(json, runConfigToJson(config));
        QVERIFY2(checkpointFits(files[i].first, loaded[i].model, &error, files[i].second), qPrintable(error));
    }
    QCOMPARE(states[0].step, 10);
    QVERIFY(!optimizerTensors(*loaded[0].optimizer).empty() && optimizerTensors(*loaded[0].optimizer)[0].defined());
    for (int i = 1; i < 3; ++i) {
        QVERIFY(sameWeights(weightsOf(*loaded[0].model), weightsOf(*loaded[i].model)));
        QVERIFY(sameTensors(optimizerTensors(*loaded[0].optimizer), optimizerTensors(*loaded[i].optimizer)));
        QVERIFY(sameTensors(loaded[0].ema.tensors(), loaded[i].ema.tensors()));
        QCOMPARE(loaded[i].ema.updates(), loaded[0].ema.updates());
        QVERIFY(sameState(states[0], states[i]));
    }
    QVERIFY(!sameTensors(loaded[0].ema.tensors(), weightsOf(*loaded[0].model)));

    // A flipped weight in the sealed older format breaks its seal; accepting those bytes loads them.
    QByteArray flipped = readBytes(sealed);
    const qsizetype at = middleOfLargestTensor(flipped);
    QVERIFY(at > 0);
    flipped[at] = char(flipped[at] ^ 0x10);
    const QString bad = m_dir.filePath("older/v2-flipped.pt");
    writeBytes(bad, flipped);
    CheckpointCheck check;
    QVERIFY(!loadCheckpoint(bad, loaded[1].model, nullptr, nullptr, nullptr, &error, {}, &check));
    QCOMPARE(check.state, CheckpointState::Modified);
    QVERIFY2(loadCheckpoint(bad, loaded[1].model, nullptr, nullptr, nullptr, &error, {{}, {sha256OfFile(bad)}}, &check),
             qPrintable(error));
    QCOMPARE(check.state, CheckpointState::Accepted);
    QVERIFY(!sameWeights(weightsOf(*loaded[0].model), weightsOf(*loaded[1].model)));
}

void TstTrain::checkpointOpensInPython()
{
    // Python's torch.load opens a checkpoint of a short real run as a dict (tests/checkpoint_python.py
    // asserts the keys, the timm-named weights equal to what this process wrote, the config, the step,
    // Python's AdamW taking the optimiser state, the averages and the generator state).
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"), {"-c", "import torch"});
    if (!probe.waitForFinished(60000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QSKIP("/usr/bin/python3 with torch is not installed: the checkpoint is not opened in Python");
    RunConfig config = tinyRun();
    config.train.optim.emaDecay = 0.99;
    const QString dir = m_dir.filePath("python");
    Recorder events;
    TrainerOptions options;
    options.runDir = dir;
    options.events = &events;
    options.stopAtStep = 6;
    Trainer trainer(config, options);
    QString error;
    QVERIFY2(trainer.prepare(&error), qPrintable(error));
    QCOMPARE(trainer.run().end, TrainEnd::Cancelled);
    const QString path = events.checkpoints.back().path;
    std::vector<exporting::NamedTensor> weights;  // the model that wrote it, as it stands
    for (const auto &[name, tensor] : namedWeights(*trainer.model()))
        weights.push_back(exporting::namedTensor(name, tensor));
    writeBytes(dir + "/weights.safetensors", exporting::encodeSafetensors(weights));
    writeBytes(dir + "/config.json", runConfigToJson(config));
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral(GATEFOLD_CHECKPOINT_SCRIPT), path,
                                                   dir + "/weights.safetensors", dir + "/config.json", "6"});
    QVERIFY(py.waitForFinished(120000));
    const QByteArray out = py.readAllStandardOutput();
    QVERIFY2(py.exitStatus() == QProcess::NormalExit && py.exitCode() == 0, py.readAllStandardError().constData());
    QVERIFY2(out.startsWith("ok: "), out.constData());
    qInfo("%s", out.trimmed().constData());
}

void TstTrain::newerCheckpointFormatRefused()
{
    // A sealed dict of a later format version (a newer Gatefold's) is named as such, untouched.
    auto dict = c10::impl::GenericDict(c10::StringType::get(), c10::AnyType::get());
    dict.insert("format", std::string("gatefold-checkpoint/4"));
    dict.insert("format_version", std::int64_t(4));
    dict.insert("config", std::string("{}"));
    std::string bytes;
    model::writePickleArchive(dict, &bytes);
    QVERIFY(sealCheckpoint(bytes));
    const QString path = m_dir.filePath("newer.pt");
    writeBytes(path, QByteArray::fromStdString(bytes));
    QCOMPARE(checkCheckpoint(path).state, CheckpointState::Intact);
    auto model = model::VisionTransformer(tinyRun().model);
    QString error;
    QVERIFY(!loadCheckpoint(path, model, nullptr, nullptr, nullptr, &error));
    QVERIFY2(error.contains(path) && error.contains("newer Gatefold (checkpoint format 4"), qPrintable(error));
    QByteArray json;
    QVERIFY(!readCheckpointConfig(path, &json, &error));
}

void TstTrain::checkpointFilesAreNeverReplaced()
{
    const QString dir = m_dir.filePath("never");
    QDir().mkpath(dir);
    QString first, second, error;
    QVERIFY2(writeNewFile(dir, "step-4", ".pt", "one", 3, &first, &error), qPrintable(error));
    QVERIFY2(writeNewFile(dir, "step-4", ".pt", "two", 3, &second, &error), qPrintable(error));
    QCOMPARE(QFileInfo(first).fileName(), QStringLiteral("step-4.pt"));
    QCOMPARE(QFileInfo(second).fileName(), QStringLiteral("step-4-2.pt"));
    QCOMPARE(readBytes(first), QByteArray("one"));
    QCOMPARE(readBytes(second), QByteArray("two"));
    QCOMPARE(QDir(dir).entryList(QDir::Files).size(), 2);  // no temporary file left
    QVERIFY(!writeNewFile(m_dir.filePath("no/such/dir"), "step-1", ".pt", "x", 1, &first, &error));
    QVERIFY2(error.contains("no/such/dir"), qPrintable(error));
    QVERIFY(writeErrorText(ENOSPC, dir + "/step-9.pt").startsWith("no space left on "));
    QVERIFY(writeErrorText(ENOSPC, dir + "/step-9.pt").contains("while writing " + dir + "/step-9.pt"));
}

void TstTrain::resourceEstimateNamesTheSetting_data()
{
    // Sizes nobody trains on this machine, each with the setting that makes it so.
    QTest::addColumn<QStringList>("settings");
    QTest::addColumn<QString>("key");
    QTest::newRow("width in the billions") << QStringList{"embed_dim=2000000000", "num_heads=1"} << "embed_dim";
    QTest::newRow("width 65536") << QStringList{"embed_dim=65536", "num_heads=1"} << "embed_dim";
    QTest::newRow("depth in the millions") << QStringList{"depth=5000000"} << "depth";
    QTest::newRow("image size 100000") << QStringList{"img_size=100000", "patch_size=4"} << "img_size";
    QTest::newRow("image size at int max") << QStringList{"img_size=2147483644", "patch_size=4"} << "img_size";
    QTest::newRow("patch size 1") << QStringList{"img_size=224", "patch_size=1"} << "patch_size";
    QTest::newRow("codebook in the billions")
        << QStringList{"gate.kind=cde", "gate.codebook_size=2000000000", "gate.top_k=1"} << "gate.codebook_size";
    QTest::newRow("classes in the billions") << QStringList{"num_classes=2000000000"} << "num_classes";
    QTest::newRow("batch in the billions") << QStringList{"train.batch_size=2000000000"} << "train.batch_size";
    QTest::newRow("branches") << QStringList{"join.branches=1000000", "embed_dim=1024", "num_heads=1"} << "join.branches";
    QTest::newRow("memory limit below the engine") << QStringList{"compute.memory_limit=16M"} << "compute.memory_limit";
    QTest::newRow("memory limit below the batch")
        << QStringList{"compute.memory_limit=2G", "train.batch_size=4096", "img_size=64", "patch_size=4"}
        << "train.batch_size";
}

void TstTrain::resourceEstimateNamesTheSetting()
{
    QFETCH(QStringList, settings);
    QFETCH(QString, key);
    RunConfig config = tinyRun();
    for (const QString &kv : settings) {
        std::string why;
        QVERIFY2(config::applyAssignment(config, kv.toStdString(), &why), why.c_str());
    }
    ResourceEstimate e;
    const QStringList problems = checkResources(config, &e);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.front().startsWith(key + ": "), qPrintable(problems.front()));
    QVERIFY2(problems.front().contains("memory"), qPrintable(problems.front()));
    QVERIFY(e.peakBytes > e.memoryLimitBytes);
    QVERIFY(e.parameters > 0 && e.activationBytes >= 0 && e.checkpointBytes > 0);  // saturated, never wrapped
}

void TstTrain::resourceEstimateMatchesTheModel()
{
    // Parameters as the built model counts them (plain, CDE, parallel), and an ordinary run fits.
    for (const auto &settings : std::vector<std::vector<const char *>>{
             {}, {"gate.kind=cde", "gate.codebook_size=16", "gate.top_k=2"}, {"join.branches=2"},
             {"gate.kind=cde", "gate.codebook=per-layer", "gate.target=expand"}}) {
        RunConfig config = tinyRun();
        for (const char *kv : settings) {
            std::string why;
            QVERIFY2(config::applyAssignment(config, kv, &why), why.c_str());
        }
        model::VisionTransformer built(config.model);
        std::int64_t counted = 0;
        for (const auto &p : built->parameters())
            counted += p.numel();
        const auto e = estimateResources(config);
        QVERIFY2(std::abs(double(e.parameters - counted)) <= 0.01 * double(counted),
                 qPrintable(QStringLiteral("%1 estimated, %2 counted").arg(e.parameters).arg(counted)));
        QVERIFY(checkResources(config).isEmpty());
        QVERIFY(e.memoryLimitBytes > 0);  // this machine's memory
    }
    // Twice the batch: more activation memory, the same state.
    RunConfig a = tinyRun(), b = tinyRun();
    b.train.batchSize *= 2;
    QVERIFY(estimateResources(b).activationBytes > estimateResources(a).activationBytes);
    QCOMPARE(estimateResources(b).stateBytes, estimateResources(a).stateBytes);
}

void TstTrain::memoryLimitSetting()
{
    RunConfig config = tinyRun();
    std::string why;
    QVERIFY(config::applyAssignment(config, "compute.memory_limit=8G", &why));
    QCOMPARE(config.train.memoryLimit, std::int64_t(8) << 30);
    QVERIFY(config::applyAssignment(config, "compute.memory_limit=1.5G", &why));
    QCOMPARE(config.train.memoryLimit, std::int64_t(3) << 29);
    QVERIFY(config::applyAssignment(config, "compute.memory_limit=512MiB", &why));
    QCOMPARE(config.train.memoryLimit, std::int64_t(512) << 20);
    for (const char *bad : {"compute.memory_limit=lots", "compute.memory_limit=-1G", "compute.memory_limit=99999999T",
                            "compute.memory_limit=1.3"})
        QVERIFY2(!config::applyAssignment(config, bad, &why), bad);
    // Written to JSON as it reads, and back.
    QVERIFY(config::applyAssignment(config, "compute.memory_limit=768M", &why));
    RunConfig back;
    QStringList errors;
    QVERIFY(runConfigFromJson(runConfigToJson(config), &back, &errors));
    QCOMPARE(back.train.memoryLimit, config.train.memoryLimit);
    QVERIFY(runConfigToJson(config).contains("\"compute.memory_limit\": \"768M\""));
}

void TstTrain::resumeReproducesTheRun_data()
{
    QTest::addColumn<int>("stopAt");
    QTest::addColumn<bool>("parallel");
    QTest::addColumn<bool>("augment");
    QTest::addColumn<bool>("legacy");  // resumed from a copy in the format of older versions (/2)
    QTest::newRow("mid-epoch, plain") << 11 << false << false << false;
    QTest::newRow("epoch end, plain") << 8 << false << false << false;
    QTest::newRow("mid-epoch, joining") << 13 << true << false << false;
    QTest::newRow("mid-epoch, augmented + mixup/cutmix, 2 data workers") << 11 << false << true << false;
    QTest::newRow("mid-epoch, plain, from an older version's checkpoint") << 11 << false << false << true;
    QTest::newRow("mid-epoch, joining, from an older version's checkpoint") << 13 << true << false << true;
}

void TstTrain::resumeReproducesTheRun()
{
    // Dropout, drop-path, EMA and (for a joining model) λ(t) and the diversity
    // term all depend on the step and the generator: a run stopped at `stopAt`
    // and resumed from its checkpoint reports exactly what an uninterrupted
    // run reports (float64 equality of every metric, tolerance 0).
    QFETCH(int, stopAt);
    QFETCH(bool, parallel);
    QFETCH(bool, augment);
    QFETCH(bool, legacy);
    RunConfig config = tinyRun();
    if (augment) {
        auto &a = config.train.augment;
        a.randomResizedCrop = true;
        a.hflip = 0.5;
        a.colorJitter = 0.3;
        a.randAugmentOps = 2;
        a.randomErasing = 0.25;
        a.mixup = 0.8;
        a.cutmix = 1.0;
        a.mixProb = 0.8;
        config.train.data.workers = 2;  // the batches do not depend on who makes them
    }
    config.model.dropRate = 0.1;
    config.model.dropPathRate = 0.1;
    config.train.optim.emaDecay = 0.9;
    config.train.epochs = 3;
    if (parallel) {
        config.model.join.branches = 2;
        config.model.join.schedule.warmupSteps = 10;
        config.model.join.schedule.adjustSteps = 4;
    }
    const QString tag = QString::number(stopAt) + (parallel ? "p" : "") + (augment ? "a" : "") + (legacy ? "l" : "");
    Recorder whole;
    const auto full = runTrainer(config, m_dir.filePath("whole" + tag), &whole);
    QCOMPARE(full.end, TrainEnd::Finished);
    Recorder first;
    const auto stopped = runTrainer(config, m_dir.filePath("split" + tag), &first, stopAt);
    QCOMPARE(stopped.end, TrainEnd::Cancelled);
    QCOMPARE(stopped.step, std::int64_t(stopAt));
    QString from = first.checkpoints.back().path;
    if (legacy) {
        QString error;
        const QString copy = m_dir.filePath("older" + tag + ".pt");
        QVERIFY2(test::writeLegacyCopy(from, copy, kLegacySealedFormat, &error), qPrintable(error));
        QVERIFY(readBytes(copy).contains(kLegacySealedFormat) && !readBytes(copy).contains(kCheckpointFormat));
        from = copy;
    }
    Recorder second;
    const auto resumed = runTrainer(config, m_dir.filePath("split" + tag), &second, -1, from);
    QCOMPARE(resumed.end, TrainEnd::Finished);
    auto joined = first.values;
    for (const auto &[key, value] : second.values)
        QVERIFY2(joined.emplace(key, value).second, "a metric reported twice");
    QCOMPARE(joined.size(), whole.values.size());
    for (const auto &[key, value] : whole.values) {
        const auto it = joined.find(key);
        QVERIFY(it != joined.end());
        QVERIFY2(it->second == value, qPrintable(QStringLiteral("%1 at step %2: %3 vs %4")
                                                     .arg(key.first).arg(key.second).arg(it->second, 0, 'g', 17)
                                                     .arg(value, 0, 'g', 17)));
    }
    QCOMPARE(resumed.bestTop1, full.bestTop1);
    QVERIFY(whole.values.count({QStringLiteral("val_ema/top1"), 24}));
    QVERIFY(readBytes(second.checkpoints.back().path).contains(kCheckpointFormat));  // written now: the dict
}

void TstTrain::nanFailsKeepingTheCheckpoint()
{
    RunConfig config = tinyRun();
    const QString dir = m_dir.filePath("nan");
    Recorder events;
    QVERIFY(runTrainer(config, dir, &events, 8).end == TrainEnd::Cancelled);  // a good checkpoint at step 8
    const QString last = events.checkpoints.back().path;
    const QString sha = sha256OfFile(last);
    Trainer trainer(config, TrainerOptions{dir, last, nullptr, -1, nullptr, {}, {}});
    QString error;
    QVERIFY(trainer.prepare(&error));
    {
        torch::NoGradGuard g;
        trainer.model()->head->weight[0][0] = std::numeric_limits<float>::quiet_NaN();
    }
    const auto outcome = trainer.run();
    QCOMPARE(outcome.end, TrainEnd::Failed);
    QCOMPARE(outcome.step, 8);  // the bad step was not taken
    QVERIFY2(outcome.message.contains("step 9") && outcome.message.contains("last good checkpoint"),
             qPrintable(outcome.message));
    QCOMPARE(sha256OfFile(last), sha);
    QCOMPARE(QDir(dir).entryList(QDir::Files), QStringList{QFileInfo(last).fileName()});  // nothing else written
}

void TstTrain::initFromAnotherRun()
{
    RunConfig config = tinyRun();
    Recorder events;
    QVERIFY(runTrainer(config, m_dir.filePath("pre"), &events).end == TrainEnd::Finished);
    QString best;
    for (const auto &c : events.checkpoints)
        if (c.kinds.contains("checkpoint/best"))
            best = c.path;
    RunConfig fine = config;
    fine.train.initFrom = best.toStdString();
    fine.train.seed = 5;
    Trainer trainer(fine, TrainerOptions{m_dir.filePath("fine"), {}, nullptr, -1, nullptr, {}, {}});
    QString error;
    QVERIFY2(trainer.prepare(&error), qPrintable(error));
    auto pretrained = model::VisionTransformer(config.model);
    QVERIFY(loadCheckpoint(best, pretrained, nullptr, nullptr, nullptr, &error));
    QVERIFY(sameWeights(weightsOf(*pretrained), weightsOf(*trainer.model())));
    QCOMPARE(trainer.state().step, 0);  // a new run: schedules start over
    fine.train.initFrom = m_dir.filePath("missing.pt").toStdString();
    Trainer bad(fine, TrainerOptions{m_dir.filePath("fine2"), {}, nullptr, -1, nullptr, {}, {}});
    QVERIFY(!bad.prepare(&error));
    QVERIFY2(error.contains("missing.pt"), qPrintable(error));
}

void TstTrain::tinyModelLearns()
{
    // Chance is 10 % (500 validation images: ±1.3 % at chance). A 2-block ViT
    // on 16 px images, 4,096 images × 8 epochs (1,024 steps, seconds on 2
    // cores), measured 28 %; it must be well above chance.
    RunConfig config = tinyRun();
    config.model.embedDim = 64;
    config.model.numHeads = 4;
    config.model.weightInit = model::WeightInit::Jax;
    config.train.data.trainSize = 4096;
    config.train.data.valSize = 500;
    config.train.epochs = 8;
    config.train.batchSize = 32;
    config.train.optim.lr = 2e-3;
    Recorder events;
    const auto outcome = runTrainer(config, m_dir.filePath("learn"), &events);
    QCOMPARE(outcome.end, TrainEnd::Finished);
    qInfo("best val top-1 %.3f", outcome.bestTop1);
    QVERIFY2(outcome.bestTop1 >= 0.2, qPrintable(QString::number(outcome.bestTop1)));
    // The training loss fell.
    const double first = events.values.at({QStringLiteral("train/loss"), 2});
    const double last = events.values.at({QStringLiteral("train/loss"), 1024});
    QVERIFY2(last < first - 0.2, qPrintable(QStringLiteral("%1 -> %2").arg(first).arg(last)));
}

void TstTrain::codebookMeasuresPerEval()
{
    // A CDE run records, per evaluation and gated block, perplexity, dead
    // codes, α entropy and gate norm as metrics, and the usage as a snapshot.
    RunConfig config = tinyRun();
    config.model.gate.kind = model::GateKind::Cde;
    config.model.gate.codebookSize = 16;
    config.model.gate.topK = 4;
    config.model.gate.embedInit = model::EmbedInit::Normal;
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("cde.sqlite"), &error);
    QVERIFY2(store, qPrintable(error));
    const auto runId = store->createRun({QStringLiteral("cde"), QByteArray("{}"), 0, 0, 0, {}, {}});
    QVERIFY(runId);
    // Checkpoints are recorded only by the engine that holds the run (RunStore::recordCheckpoint).
    QVERIFY(store->setStatus(*runId, store::RunStatus::Running));
    Recorder metrics;
    RunRecorder recorder(*store, *runId, &metrics);
    TrainerOptions options;
    options.runDir = m_dir.filePath("cde");
    options.events = &recorder;
    Trainer trainer(config, options);
    QVERIFY2(trainer.prepare(&error), qPrintable(error));
    QVERIFY(trainer.run().end == TrainEnd::Finished);
    QVERIFY(recorder.flush());
    for (qint64 step : {8, 16}) {  // one evaluation per epoch
        for (int block = 0; block < config.model.depth; ++block) {
            const auto at = [&](const char *what) {
                const auto it = metrics.values.find({QStringLiteral("cde/L%1/%2").arg(block).arg(what), step});
                return it == metrics.values.end() ? std::nan("") : it->second;
            };
            QVERIFY(at("perplexity") >= 1.0 && at("perplexity") <= 16.0);
            QVERIFY(at("dead_codes") >= 0.0 && at("dead_codes") <= 16.0 && at("dead_codes") == std::round(at("dead_codes")));
            QVERIFY(at("alpha_entropy") > 0.0 && at("alpha_entropy") <= std::log(4.0) + 1e-9);
            QVERIFY(at("gate_norm") > 0.0);
        }
    }
    const auto snapshots = store->snapshots(*runId, QStringLiteral("codebook/usage"));
    QCOMPARE(int(snapshots.size()), 2);
    QCOMPARE(snapshots.back().step, qint64(16));
    QVERIFY(store->snapshots(*runId, QStringLiteral("branches/similarity")).empty());  // single-branch
    const auto usageJson = QJsonDocument::fromJson(snapshots.back().dataJson).object();
    QCOMPARE(usageJson["blocks"].toArray().size(), config.model.depth);
    const auto layer0 = usageJson["layers"].toArray()[0].toArray();
    QCOMPARE(layer0.size(), 16);
    double mass = 0;
    for (const auto v : layer0)
        mass += v.toDouble();
    const int tokens = usageJson["tokens"].toArray()[0].toInt();
    QCOMPARE(tokens, 64 * config.model.numTokens());  // every validation token, no class token here
    QVERIFY(std::abs(mass - tokens) < 1e-6 * tokens);

    // The last evaluation's measures against an independent pass over the
    // validation set: dense α from the recorded assignments; logits unchanged.
    auto &net = trainer.model();
    const auto with = evaluate(net, trainer.dataset(), data::Split::Val, 64, trainer.device(),
                               trainer.normalization(), nullptr, true);
    const auto without = evaluate(net, trainer.dataset(), data::Split::Val, 64, trainer.device(),
                                  trainer.normalization());
    QCOMPARE(with.loss, without.loss);
    QCOMPARE(with.top1, without.top1);
    QVERIFY(without.codebook.empty());
    QCOMPARE(int(with.codebook.size()), config.model.depth);
    std::vector<std::int64_t> all(64);
    std::iota(all.begin(), all.end(), 0);
    const auto images = data::normalize(trainer.dataset().batch(data::Split::Val, all).first, trainer.normalization());
    net->eval();
    model::ForwardOptions record;
    record.assignments = true;
    torch::NoGradGuard noGrad;
    const auto out = net->forwardWithIntermediates(images, record);
    for (const auto &layer : with.codebook) {
        const auto &rec = out.blocks[size_t(layer.block)];
        const auto dense = (torch::one_hot(rec.codeIndices, 16).to(torch::kFloat64)
                            * rec.codeWeights.to(torch::kFloat64).unsqueeze(-1)).sum(2);  // (B, N, K)
        const auto usage = dense.mean(torch::IntArrayRef{0, 1});
        QVERIFY((layer.stats.usage - usage).abs().max().item<double>() < 1e-7);
        const double h = -(usage * usage.clamp_min(1e-300).log()).sum().item<double>();
        QVERIFY(std::abs(layer.stats.perplexity - std::exp(h)) < 1e-6);  // float32 α: p̄ normalised by its mass, not the token count
        QCOMPARE(layer.stats.deadCodes, (usage <= 1e-3 / 16).sum().item<std::int64_t>());
        QVERIFY(std::abs(layer.stats.meanGateNorm - rec.gateNorm.to(torch::kFloat64).mean().item<double>()) < 1e-6);
        const auto key = QStringLiteral("cde/L%1/perplexity").arg(layer.block);
        QVERIFY(std::abs(metrics.values[{key, 16}] - layer.stats.perplexity) < 1e-12);
    }
}

void TstTrain::branchSimilarityPerEval()
{
    // A joining run records, per evaluation, each parallel block's branch
    // feature similarity (first validation batch) and weight similarity as a
    // branches/similarity snapshot; a plain run records none.
    RunConfig config = tinyRun();
    config.model.join.branches = 3;
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("join.sqlite"), &error);
    QVERIFY2(store, qPrintable(error));
    const auto runId = store->createRun({QStringLiteral("join"), QByteArray("{}"), 0, 0, 0, {}, {}});
    QVERIFY(runId);
    // Checkpoints are recorded only by the engine that holds the run (RunStore::recordCheckpoint).
    QVERIFY(store->setStatus(*runId, store::RunStatus::Running));
    RunRecorder recorder(*store, *runId, nullptr);
    TrainerOptions options;
    options.runDir = m_dir.filePath("join");
    options.events = &recorder;
    Trainer trainer(config, options);
    QVERIFY2(trainer.prepare(&error), qPrintable(error));
    QVERIFY(trainer.run().end == TrainEnd::Finished);
    QVERIFY(recorder.flush());
    const auto snapshots = store->snapshots(*runId, QStringLiteral("branches/similarity"));
    QCOMPARE(int(snapshots.size()), 2);  // one per epoch
    QCOMPARE(snapshots.back().step, qint64(16));
    const auto data = QJsonDocument::fromJson(snapshots.back().dataJson).object();
    QCOMPARE(data["blocks"].toArray(), (QJsonArray{0, 1}));
    QCOMPARE(data["n"].toArray(), (QJsonArray{3, 3}));

    // The last snapshot against an independent computation on the final model.
    auto &net = trainer.model();
    net->eval();
    torch::NoGradGuard noGrad;
    std::vector<std::int64_t> first(size_t(config.train.evalBatchSize));
    std::iota(first.begin(), first.end(), 0);
    first.resize(size_t(std::min<std::int64_t>(config.train.evalBatchSize, trainer.dataset().size(data::Split::Val))));
    const auto images = data::normalize(trainer.dataset().batch(data::Split::Val, first).first, trainer.normalization());
    model::ForwardOptions record;
    record.branches = true;
    const auto out = net->forwardWithIntermediates(images, record);
    const auto weights = analysis::branchWeightSimilarity(*net);
    for (int b = 0; b < 2; ++b) {
        const auto values = [&](const char *key) {
            std::vector<double> v;
            for (const auto x : data[QLatin1String(key)].toArray()[b].toArray())
                v.push_back(x.toDouble());
            return torch::tensor(v, torch::kFloat64).reshape({3, 3});
        };
        const auto expectAttention = model::branchCosineMatrix(out.blocks[size_t(b)].attnBranches).to(torch::kFloat64);
        const auto expectMlp = model::branchCosineMatrix(out.blocks[size_t(b)].mlpBranches).to(torch::kFloat64);
        // The stored numbers are the float32 results written as doubles: equal to 1e-6.
        QVERIFY((values("attention") - expectAttention).abs().max().item<double>() < 1e-6);
        QVERIFY((values("mlp") - expectMlp).abs().max().item<double>() < 1e-6);
        QVERIFY((values("fc1") - weights[size_t(b)].fc1.to(torch::kFloat64)).abs().max().item<double>() < 1e-6);
        QVERIFY((values("qk") - weights[size_t(b)].qk.to(torch::kFloat64)).abs().max().item<double>() < 1e-6);
        // A branch is itself: 1 on the diagonals (no zero outputs here).
        QVERIFY((values("attention").diagonal() - 1).abs().max().item<double>() < 1e-5);
        QVERIFY((values("vo").diagonal() - 1).abs().max().item<double>() < 1e-5);
    }
    // Without gates there is no codebook snapshot.
    QVERIFY(store->snapshots(*runId, QStringLiteral("codebook/usage")).empty());
}

GATEFOLD_TEST_MAIN(TstTrain)
#include "tst_train.moc"
