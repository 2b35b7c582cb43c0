#include <QtTest/QtTest>

#include "configsamples.h"

#include "config/configenums.h"
#include "config/configvalidator.h"
#include "config/fieldtable.h"
#include "config/presets.h"
#include "config/runconfigjson.h"
#include "config/settingsconfig.h"
#include "mlflow/configparams.h"
#include "widgets/configform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>

#include <QFile>

#include <algorithm>
#include <functional>
#include <limits>
#include <set>

using namespace gatefold;
using namespace gatefold::model;

// A config edit for data-driven rows; QFETCH needs a registered type.
using ConfigEdit = std::function<void(ViTConfig &)>;
Q_DECLARE_METATYPE(ConfigEdit)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The model-only view of the field table, as the model's own tests use it.
std::vector<gatefold::config::Field> configFields()
{
    std::vector<gatefold::config::Field> out;
    for (const auto &f : gatefold::config::fields())
        if (f.model)
            out.push_back(f);
    return out;
}

const gatefold::config::Field *findConfigField(const std::string &key)
{
    const auto *f = gatefold::config::findField(key);
    return f && f->model ? f : nullptr;
}

std::optional<std::string> configValue(const ViTConfig &c, const std::string &key)
{
    return gatefold::config::value(c, key);
}

bool applyAssignment(ViTConfig &c, const std::string &assignment, std::string *error = nullptr)
{
    return gatefold::config::applyModelAssignment(c, assignment, error);
}

bool setConfigValue(ViTConfig &c, const std::string &key, const std::string &value, std::string *error = nullptr)
{
    return applyAssignment(c, key + "=" + value, error);
}

// A small valid CDE config: every gate check is live.
ViTConfig smallCde()
{
    ViTConfig c;
    c.imageSize = 16;
    c.patchSize = 4;
    c.numClasses = 5;
    c.embedDim = 12;
    c.depth = 3;
    c.numHeads = 3;
    c.gate.kind = GateKind::Cde;
    c.gate.codebookSize = 8;
    c.gate.topK = 2;
    return c;
}

QString describe(const std::vector<ConfigProblem> &problems)
{
    return QString::fromStdString(formatProblems(problems));
}

bool hasProblem(const std::vector<ConfigProblem> &problems, const std::string &field, const std::string &mention)
{
    for (const auto &p : problems)
        if (p.field == field && p.message.find(mention) != std::string::npos)
            return true;
    return false;
}

// Every member differs from a default-constructed ViTConfig, so that a round
// trip through each key really moves a value.
ViTConfig everyFieldChanged()
{
    ViTConfig c;
    c.imageSize = 96;
    c.patchSize = 8;
    c.inChannels = 1;
    c.numClasses = 7;
    c.embedDim = 48;
    c.depth = 5;
    c.numHeads = 4;
    c.mlpRatio = 2.5;
    c.qkvBias = false;
    c.pooling = Pooling::Average;
    c.weightInit = WeightInit::Jax;
    c.dropRate = 0.1;
    c.attnDropRate = 0.2;
    c.projDropRate = 0.3;
    c.dropPathRate = 1.0 / 3.0;  // not exact in decimal: the text form must keep all digits
    c.gate.kind = GateKind::DeepEmbed;
    c.gate.assign = AssignKind::HardVq;
    c.gate.target = GateTarget::Expand;
    c.gate.codebookSize = 64;
    c.gate.topK = 3;
    c.gate.temperature = 0.1;
    c.gate.strength = 0.7;
    c.gate.codebookSharing = Sharing::PerLayer;
    c.gate.embedSharing = Sharing::Shared;
    c.gate.scope = AssignScope::Once;
    c.gate.blocks = {0, 3};
    c.gate.embedInit = EmbedInit::Normal;
    c.gate.codebookInit = CodebookInit::KMeans;
    c.join.branches = 3;
    c.join.variant = JoinVariant::Projections;
    c.join.strength = 0.25;
    c.join.diversity = 0.1;
    c.join.schedule.kind = JoinScheduleKind::SquareRoot;
    c.join.schedule.warmupSteps = 123;
    c.join.schedule.adjustSteps = 4567;
    c.join.schedule.stage = JoinStage::Step;
    c.join.schedule.startStep = 8900000000;  // beyond 32 bits
    c.join.deployed = true;
    c.join.absorbNorms = true;
    c.pos.kind = PositionKind::Rope2d;
    c.pos.ropeTheta = 100.0;
    return c;
}

} // namespace

class TstConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validatorReportsProblem_data();
    void validatorReportsProblem();
    void zeroWidthReportsOnlyWidth_data();
    void zeroWidthReportsOnlyWidth();
    void validatorReportsEveryProblem();
    void gateProblemsIgnoredWithoutGate();
    void hardVqIgnoresTopK();

    void everyKeyRoundTrips();
    void unknownKeyIsRejected();
    void unknownEnumValueListsChoices_data();
    void unknownEnumValueListsChoices();
    void malformedValuesAreRejected_data();
    void malformedValuesAreRejected();
    void blockListParses();
    void applyAssignmentParses();
    void applyAssignmentRejectsMalformed_data();
    void applyAssignmentRejectsMalformed();

    // The one field table (core/config/fieldtable.h).
    void tableRowsAreWhole();
    void everySettingRoundTripsThroughSet();
    void everySettingRoundTripsThroughJson();
    void everySettingRoundTripsThroughMlflowParams();
    void equalitySeesEverySetting();
    void enumChoicesComeFromTheirTable();
    void choiceFieldsRefuseOtherValues();
    void everySettingRoundTripsThroughTheForm();
    void noLibTorchInThisProcess();

    void presetsAreValid();
    void presetsAreFoundByName();
    void unknownPresetIsNullopt();
    void vitTinyIsDeitTiny();
};

void TstConfig::validatorReportsProblem_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("mention");  // the offending value(s) as the message writes them

    auto row = [](const char *name, ConfigEdit edit, const char *field, const char *mention) {
        QTest::newRow(name) << edit << QString(field) << QString(mention);
    };
    row("width not divisible by heads", [](ViTConfig &c) { c.numHeads = 5; }, "num_heads", "12 is not divisible by 5");
    row("k > K", [](ViTConfig &c) { c.gate.topK = 9; }, "gate.top_k", "k = 9");
    row("k > K names K", [](ViTConfig &c) { c.gate.topK = 9; }, "gate.top_k", "K = 8");
    row("k = 0", [](ViTConfig &c) { c.gate.topK = 0; }, "gate.top_k", "not 0");
    row("k < 0", [](ViTConfig &c) { c.gate.topK = -2; }, "gate.top_k", "not -2");
    row("tau = 0", [](ViTConfig &c) { c.gate.temperature = 0.0; }, "gate.temperature", "not 0");
    row("tau < 0", [](ViTConfig &c) { c.gate.temperature = -1.5; }, "gate.temperature", "not -1.5");
    row("tau NaN", [](ViTConfig &c) { c.gate.temperature = kNaN; }, "gate.temperature", "nan");
    row("image not divisible by patch", [](ViTConfig &c) { c.imageSize = 18; }, "img_size",
        "18 is not divisible by the patch size 4");
    row("patch larger than image", [](ViTConfig &c) { c.patchSize = 32; }, "patch_size", "32");
    row("img_size 0", [](ViTConfig &c) { c.imageSize = 0; }, "img_size", "not 0");
    row("img_size < 0", [](ViTConfig &c) { c.imageSize = -16; }, "img_size", "not -16");
    row("patch_size 0", [](ViTConfig &c) { c.patchSize = 0; }, "patch_size", "not 0");
    row("in_chans 0", [](ViTConfig &c) { c.inChannels = 0; }, "in_chans", "not 0");
    row("num_classes < 0", [](ViTConfig &c) { c.numClasses = -1; }, "num_classes", "not -1");
    row("depth 0", [](ViTConfig &c) { c.depth = 0; }, "depth", "not 0");
    row("num_heads 0", [](ViTConfig &c) { c.numHeads = 0; }, "num_heads", "not 0");
    row("drop_rate < 0", [](ViTConfig &c) { c.dropRate = -0.1; }, "drop_rate", "-0.1");
    row("drop_rate = 1", [](ViTConfig &c) { c.dropRate = 1.0; }, "drop_rate", "not 1");
    row("attn_drop_rate > 1", [](ViTConfig &c) { c.attnDropRate = 1.5; }, "attn_drop_rate", "1.5");
    row("proj_drop_rate NaN", [](ViTConfig &c) { c.projDropRate = kNaN; }, "proj_drop_rate", "nan");
    row("branches 0", [](ViTConfig &c) { c.join.branches = 0; }, "join.branches", "not 0");
    row("branches 17", [](ViTConfig &c) { c.join.branches = 17; }, "join.branches", "not 17");
    row("join lambda > 1", [](ViTConfig &c) { c.join.strength = 1.5; }, "join.lambda", "not 1.5");
    row("join lambda NaN", [](ViTConfig &c) { c.join.strength = kNaN; }, "join.lambda", "nan");
    row("diversity < 0", [](ViTConfig &c) { c.join.diversity = -0.05; }, "join.diversity", "-0.05");
    row("warm-up < 0", [](ViTConfig &c) { c.join.schedule.warmupSteps = -3; }, "join.warmup_steps", "-3");
    row("adjust < 0", [](ViTConfig &c) { c.join.schedule.adjustSteps = -4; }, "join.adjust_steps", "-4");
    row("start < 0", [](ViTConfig &c) { c.join.schedule.startStep = -5; }, "join.start_step", "-5");
    row("absorb without deploy", [](ViTConfig &c) { c.join.absorbNorms = true; }, "join.absorb_norms",
        "deploy form");
    row("drop_path_rate = 1", [](ViTConfig &c) { c.dropPathRate = 1.0; }, "drop_path_rate", "not 1");
    row("lambda < 0", [](ViTConfig &c) { c.gate.strength = -0.5; }, "gate.strength", "-0.5");
    row("lambda NaN", [](ViTConfig &c) { c.gate.strength = kNaN; }, "gate.strength", "nan");
    row("lambda inf", [](ViTConfig &c) { c.gate.strength = std::numeric_limits<double>::infinity(); },
        "gate.strength", "inf");
    row("block past the end", [](ViTConfig &c) { c.gate.blocks = {0, 3}; }, "gate.blocks", "Block 3");
    row("negative block", [](ViTConfig &c) { c.gate.blocks = {-1, 2}; }, "gate.blocks", "Block -1");
    row("duplicated block", [](ViTConfig &c) { c.gate.blocks = {1, 2, 1}; }, "gate.blocks", "Block 1 is listed twice");
    row("assign once, per-layer codebook", [](ViTConfig &c) {
        c.gate.scope = AssignScope::Once;
        c.gate.codebookSharing = Sharing::PerLayer;
    }, "gate.codebook", "once");
    row("K = 0", [](ViTConfig &c) { c.gate.codebookSize = 0; }, "gate.codebook_size", "not 0");
    row("K < 0", [](ViTConfig &c) { c.gate.codebookSize = -3; }, "gate.codebook_size", "not -3");
    row("mlp_ratio 0", [](ViTConfig &c) { c.mlpRatio = 0.0; }, "mlp_ratio", "ratio 0");
    row("mlp_ratio < 0", [](ViTConfig &c) { c.mlpRatio = -2.0; }, "mlp_ratio", "ratio -2");
    row("mlp_ratio NaN", [](ViTConfig &c) { c.mlpRatio = kNaN; }, "mlp_ratio", "nan");
    row("mlp_ratio leaves < 1 unit", [](ViTConfig &c) { c.mlpRatio = 0.05; }, "mlp_ratio", "0.05");
}

void TstConfig::validatorReportsProblem()
{
    QFETCH(ConfigEdit, edit);
    QFETCH(QString, field);
    QFETCH(QString, mention);

    ViTConfig c = smallCde();
    QVERIFY2(validateConfig(c).empty(), qPrintable(describe(validateConfig(c))));
    edit(c);
    const auto problems = validateConfig(c);
    // Each row breaks one thing, and the validator says exactly that one thing.
    QCOMPARE(int(problems.size()), 1);
    QCOMPARE(QString::fromStdString(problems[0].field), field);
    QVERIFY2(problems[0].message.find(mention.toStdString()) != std::string::npos,
             qPrintable(describe(problems)));
}

void TstConfig::zeroWidthReportsOnlyWidth_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("0") << 0;
    QTest::newRow("-12") << -12;
}

// A nonpositive width is one mistake. The mlp_ratio check multiplies by the
// width and so also reports "The MLP ratio 4 leaves no hidden units; use ...
// such as 4", which blames a correct field and asks for the value it has.
void TstConfig::zeroWidthReportsOnlyWidth()
{
    QFETCH(int, width);
    ViTConfig c = smallCde();
    c.embedDim = width;
    const auto problems = validateConfig(c);
    QVERIFY2(hasProblem(problems, "embed_dim", "not " + std::to_string(width)), qPrintable(describe(problems)));
    QVERIFY2(!hasProblem(problems, "mlp_ratio", ""), qPrintable(describe(problems)));
    QCOMPARE(int(problems.size()), 1);
}

void TstConfig::validatorReportsEveryProblem()
{
    ViTConfig c = smallCde();
    c.numHeads = 5;
    c.gate.topK = 20;
    c.gate.temperature = -1.0;
    c.dropRate = 2.0;
    c.gate.strength = -3.0;
    c.gate.blocks = {1, 1};
    const auto problems = validateConfig(c);
    QCOMPARE(int(problems.size()), 6);
    QVERIFY(hasProblem(problems, "num_heads", "5"));
    QVERIFY(hasProblem(problems, "gate.top_k", "20"));
    QVERIFY(hasProblem(problems, "gate.temperature", "-1"));
    QVERIFY(hasProblem(problems, "drop_rate", "2"));
    QVERIFY(hasProblem(problems, "gate.strength", "-3"));
    QVERIFY(hasProblem(problems, "gate.blocks", "twice"));

    // formatProblems gives one "field: message" line per problem.
    const std::string text = formatProblems(problems);
    QCOMPARE(int(std::count(text.begin(), text.end(), '\n')), 6);
    QVERIFY(text.find("gate.top_k: ") != std::string::npos);
}

void TstConfig::gateProblemsIgnoredWithoutGate()
{
    ViTConfig c = smallCde();
    c.gate.codebookSize = 0;
    c.gate.topK = -1;
    c.gate.temperature = kNaN;
    c.gate.strength = -1.0;
    c.gate.blocks = {7, 7, -2};
    c.gate.scope = AssignScope::Once;
    c.gate.codebookSharing = Sharing::PerLayer;
    QVERIFY(!validateConfig(c).empty());  // the same gate is wrong when it is on

    c.gate.kind = GateKind::None;
    QVERIFY2(validateConfig(c).empty(), qPrintable(describe(validateConfig(c))));

    // DeepEmbed has no codebook: only its block list is checked.
    c.gate.kind = GateKind::DeepEmbed;
    const auto problems = validateConfig(c);
    QVERIFY2(!problems.empty(), "DeepEmbed must check gate.blocks");
    for (const auto &p : problems)
        QCOMPARE(QString::fromStdString(p.field), QStringLiteral("gate.blocks"));
}

void TstConfig::hardVqIgnoresTopK()
{
    ViTConfig c = smallCde();
    c.gate.assign = AssignKind::HardVq;
    c.gate.topK = 100;  // k is not used by VQ (k = 1)
    QVERIFY2(validateConfig(c).empty(), qPrintable(describe(validateConfig(c))));
    QCOMPARE(c.effectiveTopK(), 1);
}

void TstConfig::everyKeyRoundTrips()
{
    const ViTConfig source = everyFieldChanged();
    ViTConfig target;
    QVERIFY(source != target);
    QCOMPARE(int(configFields().size()), 41);  // a new ViTConfig member needs a key and a row here
    for (const auto &field : configFields()) {
        const auto value = configValue(source, field.key);
        QVERIFY(value.has_value());
        QVERIFY2(*configValue(target, field.key) != *value, field.key.c_str());  // the round trip moves it
        std::string error;
        QVERIFY2(setConfigValue(target, field.key, *value, &error), error.c_str());
        QCOMPARE(QString::fromStdString(*configValue(target, field.key)), QString::fromStdString(*value));
        QVERIFY2(*field.help, field.key.c_str());
        QVERIFY(findConfigField(field.key) != nullptr);
    }
    QVERIFY(target == source);
    QVERIFY(target.dropPathRate == 1.0 / 3.0);  // bit-exact through text, not just fuzzy-equal
}

void TstConfig::unknownKeyIsRejected()
{
    ViTConfig c;
    const ViTConfig before = c;
    std::string error;
    QVERIFY(!setConfigValue(c, "gate.colour", "red", &error));
    QVERIFY2(error.find("gate.colour") != std::string::npos, error.c_str());
    QVERIFY(c == before);
    QVERIFY(!configValue(c, "gate.colour").has_value());
    QVERIFY(findConfigField("gate.colour") == nullptr);
    QVERIFY(!setConfigValue(c, "gate.colour", "red"));  // no error pointer: still safe
    QVERIFY(c == before);
}

void TstConfig::unknownEnumValueListsChoices_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("choices");
    QTest::newRow("gate.assign") << "gate.assign" << "fuzzy" << QStringList{"soft-topk", "vq"};
    QTest::newRow("gate.kind") << "gate.kind" << "CDE" << QStringList{"none", "cde", "deep-embed"};
    QTest::newRow("gate.target") << "gate.target" << "both" << QStringList{"width", "expand"};
    QTest::newRow("gate.codebook") << "gate.codebook" << "global" << QStringList{"shared", "per-layer"};
    QTest::newRow("gate.embed") << "gate.embed" << "" << QStringList{"shared", "per-layer"};
    QTest::newRow("gate.scope") << "gate.scope" << "twice" << QStringList{"per-layer", "once"};
    QTest::newRow("gate.embed_init") << "gate.embed_init" << "ones" << QStringList{"zeros", "normal"};
    QTest::newRow("gate.codebook_init") << "gate.codebook_init" << "pca" << QStringList{"random", "kmeans"};
    QTest::newRow("global_pool") << "global_pool" << "max" << QStringList{"token", "avg"};
}

void TstConfig::unknownEnumValueListsChoices()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QStringList, choices);
    ViTConfig c = everyFieldChanged();
    const ViTConfig before = c;
    std::string error;
    QVERIFY(!setConfigValue(c, key.toStdString(), value.toStdString(), &error));
    const QString text = QString::fromStdString(error);
    QVERIFY2(text.contains(key), qPrintable(text));
    QVERIFY2(text.contains("'" + value + "'"), qPrintable(text));
    for (const auto &choice : choices)
        QVERIFY2(text.contains(choice), qPrintable(text));
    QVERIFY(c == before);
}

void TstConfig::malformedValuesAreRejected_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::newRow("int: letters") << "depth" << "six";
    QTest::newRow("int: trailing text") << "depth" << "6x";
    QTest::newRow("int: empty") << "embed_dim" << "";
    QTest::newRow("int: fraction") << "num_heads" << "1.5";
    QTest::newRow("int: too large") << "img_size" << "99999999999";
    QTest::newRow("gate int: letters") << "gate.codebook_size" << "many";
    QTest::newRow("gate int: fraction") << "gate.top_k" << "2.0";
    QTest::newRow("double: letters") << "mlp_ratio" << "four";
    QTest::newRow("double: NaN") << "drop_rate" << "nan";
    QTest::newRow("double: inf") << "gate.temperature" << "inf";
    QTest::newRow("double: overflow") << "gate.strength" << "1e999";
    QTest::newRow("double: trailing") << "gate.strength" << "0.5x";
    QTest::newRow("bool") << "qkv_bias" << "maybe";
    QTest::newRow("blocks: word") << "gate.blocks" << "first";
    QTest::newRow("blocks: empty item") << "gate.blocks" << "1,,2";
    QTest::newRow("blocks: fraction") << "gate.blocks" << "1,2.5";
}

void TstConfig::malformedValuesAreRejected()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    ViTConfig c = everyFieldChanged();
    const ViTConfig before = c;
    std::string error;
    QVERIFY(!setConfigValue(c, key.toStdString(), value.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).startsWith(key + ": "), error.c_str());
    QVERIFY2(QString::fromStdString(error).contains("'" + value + "'"), error.c_str());
    QVERIFY(c == before);
}

void TstConfig::blockListParses()
{
    ViTConfig c;
    QVERIFY(setConfigValue(c, "gate.blocks", "0,2,5"));
    QCOMPARE(c.gate.blocks, (std::vector<int>{0, 2, 5}));
    QCOMPARE(QString::fromStdString(*configValue(c, "gate.blocks")), QStringLiteral("0,2,5"));
    QVERIFY(setConfigValue(c, "gate.blocks", "all"));
    QVERIFY(c.gate.blocks.empty());
    QCOMPARE(QString::fromStdString(*configValue(c, "gate.blocks")), QStringLiteral("all"));
}

void TstConfig::applyAssignmentParses()
{
    ViTConfig c;
    std::string error;
    QVERIFY2(applyAssignment(c, "depth=7", &error), error.c_str());
    QCOMPARE(c.depth, 7);
    QVERIFY2(applyAssignment(c, "gate.assign=vq", &error), error.c_str());
    QVERIFY(c.gate.assign == AssignKind::HardVq);  // enums: QCOMPARE would pick toString() by ADL
    QVERIFY2(applyAssignment(c, "gate.temperature=0.25", &error), error.c_str());
    QCOMPARE(c.gate.temperature, 0.25);
    QVERIFY2(applyAssignment(c, "gate.blocks=1,3", &error), error.c_str());
    QCOMPARE(c.gate.blocks, (std::vector<int>{1, 3}));
    QVERIFY2(applyAssignment(c, "qkv_bias=false", &error), error.c_str());
    QCOMPARE(c.qkvBias, false);
}

void TstConfig::applyAssignmentRejectsMalformed_data()
{
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<QString>("mention");
    QTest::newRow("no equals sign") << "depth" << "key=value";
    QTest::newRow("no key") << "=6" << "key=value";
    QTest::newRow("empty") << "" << "key=value";
    QTest::newRow("no value") << "depth=" << "depth";
    QTest::newRow("two equals signs") << "depth=3=4" << "'3=4'";
    QTest::newRow("unknown key") << "width=3" << "'width'";
    QTest::newRow("space before equals") << "depth =3" << "'depth '";
    QTest::newRow("bad enum") << "gate.assign=fuzzy" << "soft-topk";
}

void TstConfig::applyAssignmentRejectsMalformed()
{
    QFETCH(QString, assignment);
    QFETCH(QString, mention);
    ViTConfig c = everyFieldChanged();
    const ViTConfig before = c;
    std::string error;
    QVERIFY(!applyAssignment(c, assignment.toStdString(), &error));
    QVERIFY2(QString::fromStdString(error).contains(mention), error.c_str());
    QVERIFY(c == before);
}

void TstConfig::tableRowsAreWhole()
{
    std::set<std::string> keys;
    const train::RunConfig defaults;
    for (const auto &field : config::fields()) {
        QVERIFY2(keys.insert(field.key).second, field.key.c_str());  // one row per key
        QVERIFY2(*field.help, field.key.c_str());
        QVERIFY2(field.get && field.set && field.same && field.applies, field.key.c_str());
        QCOMPARE(QString::fromStdString(field.get(defaults)), QString::fromStdString(field.defaultText));
        QVERIFY(config::findField(field.key) == &field);
        QCOMPARE(config::isTrainingKey(field.key), !field.model);
        // Model keys have no training prefix; training keys all have one.
        const bool trainingPrefix = field.key.find('.') != std::string::npos && field.key.rfind("gate.", 0) != 0
                                 && field.key.rfind("join.", 0) != 0 && field.key.rfind("pos.", 0) != 0;
        QVERIFY2(trainingPrefix != field.model, field.key.c_str());
    }
    QVERIFY(config::findField("no.such_key") == nullptr);
    QVERIFY(config::fieldApplies(defaults, "no.such_key"));
}

void TstConfig::everySettingRoundTripsThroughSet()
{
    for (const auto &field : config::fields()) {
        const std::string text = test::otherValue(field);
        train::RunConfig c;
        std::string error;
        QVERIFY2(config::applyAssignment(c, field.key + "=" + text, &error), (field.key + ": " + error).c_str());
        QVERIFY2(field.get(c) != field.defaultText, field.key.c_str());  // the value really moved
        train::RunConfig again;
        QVERIFY(config::applyAssignment(again, field.key + "=" + field.get(c), &error));
        QVERIFY2(field.same(c, again), field.key.c_str());
        QVERIFY2(c == again, field.key.c_str());
    }
}

void TstConfig::everySettingRoundTripsThroughJson()
{
    const train::RunConfig changed = test::everySettingChanged();
    const QByteArray json = train::runConfigToJson(changed);
    train::RunConfig read;
    QStringList errors;
    QVERIFY2(train::runConfigFromJson(json, &read, &errors), qPrintable(errors.join('\n')));
    for (const auto &field : config::fields()) {
        QVERIFY2(field.same(read, changed), field.key.c_str());
        QVERIFY2(field.get(read) != field.defaultText, field.key.c_str());
    }
    QVERIFY(read == changed);
    QCOMPARE(train::runConfigToJson(read), json);
}

void TstConfig::everySettingRoundTripsThroughMlflowParams()
{
    const train::RunConfig changed = test::everySettingChanged();
    const auto params = mlflow::configParams(train::runConfigToJson(changed));
    QCOMPARE(params.size(), config::fields().size());  // one param per setting
    QMap<QString, QString> settings;
    for (const auto &[key, value] : params) {
        QVERIFY2(train::isRunSetting(key), qPrintable(key));
        settings.insert(key, value);
    }
    train::RunConfig read;
    QStringList problems;
    QVERIFY2(train::applySettings(settings, &read, &problems), qPrintable(problems.join('\n')));
    for (const auto &field : config::fields())
        QVERIFY2(field.same(read, changed), field.key.c_str());
    QVERIFY(read == changed);
}

void TstConfig::equalitySeesEverySetting()
{
    const train::RunConfig defaults;
    for (const auto &field : config::fields()) {
        train::RunConfig c;
        QVERIFY(field.set(c, test::otherValue(field), nullptr));
        QVERIFY2(!(c == defaults), field.key.c_str());
        QVERIFY2(!field.same(c, defaults), field.key.c_str());
        // The part the setting belongs to sees it, and no other part does.
        QCOMPARE(c.model == defaults.model, !field.model);
        QCOMPARE(c.train == defaults.train, field.model);
        const bool data = field.key.rfind("data.", 0) == 0;
        const bool aug = field.key.rfind("aug.", 0) == 0;
        QCOMPARE(c.train.data == defaults.train.data, !data);
        QCOMPARE(c.train.augment == defaults.train.augment, !aug);
    }
}

void TstConfig::enumChoicesComeFromTheirTable()
{
    const auto check = [](const char *key, std::vector<std::string> expected) {
        const auto *field = config::findField(key);
        QVERIFY2(field, key);
        QCOMPARE(field->choices, expected);
        for (const std::string &choice : field->choices) {
            train::RunConfig c;
            QVERIFY2(field->set(c, choice, nullptr), (std::string(key) + "=" + choice).c_str());
            QCOMPARE(field->get(c), choice);  // parse and print are one table
        }
    };
    check("gate.kind", config::enumChoices<GateKind>());
    check("gate.assign", config::enumChoices<AssignKind>());
    check("global_pool", config::enumChoices<Pooling>());
    check("join.schedule", config::enumChoices<JoinScheduleKind>());
    check("join.stage", config::enumChoices<JoinStage>());
    check("cde.tau_schedule", config::enumChoices<train::TauSchedule>());
    check("compute.device", config::enumChoices<train::DeviceChoice>());
    check("data.name", config::dataSetNames());
    QCOMPARE(config::enumChoices<GateKind>(), (std::vector<std::string>{"none", "cde", "deep-embed"}));
    QCOMPARE(toString(GateKind::DeepEmbed), std::string("deep-embed"));
    QCOMPARE(train::toString(train::DeviceChoice::Cuda), std::string("cuda"));
    // Every text field with a closed set of values says which.
    for (const auto &field : config::fields())
        if (field.key.find("schedule") != std::string::npos || field.key == "compute.device")
            QVERIFY2(!field.choices.empty(), field.key.c_str());
}

void TstConfig::choiceFieldsRefuseOtherValues()
{
    for (const auto &field : config::fields()) {
        if (field.choices.empty() || field.key == "data.name")
            continue;  // data.name parses any name; validation names the data sets
        train::RunConfig c;
        const train::RunConfig before = c;
        model::ConfigProblem why;
        QVERIFY2(!field.set(c, "no-such-value", &why), field.key.c_str());
        QVERIFY(c == before);
        for (const std::string &choice : field.choices)
            QVERIFY2(why.message.find(choice) != std::string::npos, why.message.c_str());
    }
}

void TstConfig::noLibTorchInThisProcess()
{
    // This test links core/config, core/mlflow and the widgets (the run form) only: nothing of LibTorch
    // may be loaded, in the engine's libraries or in the window's.
    QFile maps(QStringLiteral("/proc/self/maps"));
    QVERIFY(maps.open(QIODevice::ReadOnly));
    const QByteArray mapped = maps.readAll();
    QVERIFY(!mapped.isEmpty());
    QVERIFY2(!mapped.contains("libtorch"), "libtorch is mapped");
    QVERIFY2(!mapped.contains("libc10"), "libc10 is mapped");
    QVERIFY2(!mapped.contains("libopencv"), "OpenCV is mapped");
}

// What an editor shows, as the text its field parses.
QString formEditorText(QWidget *editor)
{
    if (auto *box = qobject_cast<QCheckBox *>(editor))
        return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        return combo->currentText();
    if (auto *line = qobject_cast<QLineEdit *>(editor))
        return line->text();
    return QStringLiteral("<no editor>");
}

void TstConfig::everySettingRoundTripsThroughTheForm()
{
    // Every row of the field table: shown as the config has it, and typed into the form back into the config.
    const train::RunConfig changed = test::everySettingChanged();
    widgets::ConfigForm shown;
    shown.setConfig(changed);
    QVERIFY(shown.config() == changed);  // showing a config does not change it
    for (const auto &field : config::fields()) {
        const QString key = QString::fromStdString(field.key);
        if (field.key == "join.deployed")
            continue;  // written by fold, never by hand: no editor (editorsFitTheirFields)
        QWidget *editor = shown.editorFor(key);
        QVERIFY2(editor, qPrintable(key));
        QCOMPARE(formEditorText(editor), QString::fromStdString(field.get(changed)));

        widgets::ConfigForm typed;
        typed.setConfig(train::RunConfig{});
        typed.setFieldText(key, QString::fromStdString(test::otherValue(field)));
        train::RunConfig expected;
        QVERIFY(field.set(expected, test::otherValue(field), nullptr));
        QVERIFY2(field.same(typed.config(), expected), qPrintable(key));
        QVERIFY2(typed.config() == expected, qPrintable(key));  // and nothing else moved
    }
}

void TstConfig::presetsAreValid()
{
    QVERIFY(presets::all().size() >= 10);
    for (const auto &p : presets::all()) {
        QVERIFY2(validateConfig(p.make()).empty(), p.name.c_str());
        QVERIFY2(!p.description.empty(), p.name.c_str());
    }
}

void TstConfig::presetsAreFoundByName()
{
    std::set<std::string> names;
    for (const auto &p : presets::all()) {
        QVERIFY2(names.insert(p.name).second, p.name.c_str());  // names are unique
        const auto found = presets::byName(p.name);
        QVERIFY2(found.has_value(), p.name.c_str());
        QVERIFY(*found == p.make());
    }
    QVERIFY(*presets::byName("cifar-cde-vq") == presets::cifarCdeVq());
    QVERIFY(presets::byName("cifar-cde-vq")->gate.assign == AssignKind::HardVq);
    QVERIFY(presets::byName("cifar-cde-once")->gate.scope == AssignScope::Once);
    QVERIFY(presets::byName("cifar-cde-expand")->gate.target == GateTarget::Expand);
    QVERIFY(presets::byName("cifar-deepembed")->gate.kind == GateKind::DeepEmbed);
}

void TstConfig::unknownPresetIsNullopt()
{
    QVERIFY(!presets::byName("vit-huge").has_value());
    QVERIFY(!presets::byName("").has_value());
    QVERIFY(!presets::byName("VIT-TI16").has_value());  // names are case-sensitive
}

void TstConfig::vitTinyIsDeitTiny()
{
    const ViTConfig c = *presets::byName("vit-ti16");
    QCOMPARE(c.imageSize, 224);
    QCOMPARE(c.patchSize, 16);
    QCOMPARE(c.embedDim, 192);
    QCOMPARE(c.depth, 12);
    QCOMPARE(c.numHeads, 3);
    QCOMPARE(c.numClasses, 1000);
    QCOMPARE(c.inChannels, 3);
    QCOMPARE(c.mlpRatio, 4.0);
    QCOMPARE(c.mlpHidden(), 768);
    QCOMPARE(c.qkvBias, true);
    QVERIFY(c.pooling == Pooling::ClassToken);
    QCOMPARE(c.numTokens(), 197);
    QVERIFY(c.gate.kind == GateKind::None);
}

QTEST_MAIN(TstConfig)
#include "tst_config.moc"
