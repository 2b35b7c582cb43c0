// zh_CN and de stay complete: scripts/update-translations.sh (lupdate as a
// real child process) is run into copies of the .ts files, and every message
// must then have a finished translation with the same placeholders as its
// source. The core validator's and parsers' message templates are among them,
// each one the run form can show is checked, and a German translator changes
// what a real ConfigForm shows under a bad field.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "widgets/configform.h"
#include "widgets/problemtext.h"
#include "widgets/interfacelanguage.h"

#include "config/fieldtable.h"
#include "config/plausibility.h"
#include "config/distillplan.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <QtTest/QtTest>

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QProcess>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>

#include <algorithm>
#include <map>
#include <set>
#endif

using namespace gatefold;

// Named, not anonymous: TstTranslations keeps a Catalogue (a bundle compiles several test files as one).
namespace gatefold::test::translations {

struct Entry {
    QStringList translations;  // one, or the plural forms
    bool finished = false;
};
using Catalogue = std::map<std::pair<QString, QString>, Entry>;  // (context, source) → entry

Catalogue readTs(const QString &path, QString *error)
{
    Catalogue out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context, source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            Entry entry;
            entry.finished = xml.attributes().value(QLatin1String("type")).isEmpty();
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    entry.translations << xml.readElementText();
                else if (xml.isCharacters())
                    text += xml.text();
            }
            if (entry.translations.isEmpty())
                entry.translations << text;
            out[{context, source}] = entry;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression placeholder(QStringLiteral("%[0-9n]"));
    QStringList found;
    auto it = placeholder.globalMatch(text);
    while (it.hasNext())
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

// Configs that break every rule of validateRunConfig (and so validateConfig) at least once.
const std::vector<std::vector<std::string>> &badAssignments()
{
    static const std::vector<std::vector<std::string>> sets = {
        {"img_size=0", "patch_size=0", "in_chans=0", "num_classes=0", "embed_dim=0", "depth=0", "num_heads=0"},
        {"img_size=8", "patch_size=16"},
        {"img_size=30", "patch_size=4"},
        {"embed_dim=96", "num_heads=5", "mlp_ratio=0", "drop_rate=2", "attn_drop_rate=-1"},
        {"gate.kind=cde", "gate.blocks=7,1,1", "gate.codebook_size=0", "gate.top_k=0", "gate.temperature=-1",
         "gate.strength=-1", "gate.scope=once", "gate.codebook=per-layer"},
        {"gate.kind=cde", "gate.codebook_size=8", "gate.top_k=9"},
        {"gate.kind=deep-embed", "depth=2", "gate.blocks=5"},
        {"join.branches=20", "join.lambda=2", "join.diversity=-1", "join.warmup_steps=-1", "join.adjust_steps=-1",
         "join.start_step=-1", "join.absorb_norms=true"},
        {"data.name=foo", "data.channels=2", "data.val_fraction=0", "data.crop_pct=0", "data.workers=-2",
         "data.prefetch=0", "data.cache_mb=-1", "data.mean=0.5", "data.std=auto"},
        {"data.name=cifar10", "data.path=", "data.mean=0.5,0.5,0.5,123", "data.std=0.5,0.5,0.5,58"},
        {"data.train_size=0", "aug.hflip=2", "aug.color_jitter=1", "aug.randaugment_ops=11",
         "aug.randaugment_magnitude=11", "aug.mixup=-1", "optim.min_lr=-1", "optim.warmup_epochs=-1",
         "optim.weight_decay=-1", "optim.eps=0", "optim.clip_grad=-1", "optim.ema_decay=1", "cde.tau_end=0",
         "compute.threads=-1", "optim.lr=1e-300", "aug.scale_min=0"},
        {"cde.ramp_epochs=1", "cde.tau_schedule=linear", "img_size=4", "patch_size=2"},
        {"data.val_size=100000001"},
        {"pos.kind=rope2d", "embed_dim=24", "num_heads=4", "pos.rope_theta=0"},
        {"compute.processes=0", "compute.dist_timeout=0", "optim.layer_decay=0", "train.accum_steps=0",
         "optim.ema_warmup=-1"},
        {"optim.layer_decay=1.5"},
        {"compute.processes=3", "train.batch_size=64", "compute.device=cpu", "compute.dist_backend=nccl"},
        {"distill.attention=-1", "distill.logits=-1", "distill.temperature=0",
         "distill.layers=first"},
        {"distill.teacher=t", "depth=2", "distill.layers=1", "join.deployed=true"},
    };
    return sets;
}

// Valid configs that fire every plausibility warning (config/plausibility.h) at least once.
const std::vector<std::vector<std::string>> &implausibleAssignments()
{
    static const std::vector<std::vector<std::string>> sets = {
        {"train.epochs=2000", "train.batch_size=8192", "optim.lr=2", "drop_path_rate=0.9", "join.branches=12",
         "join.diversity=3", "optim.weight_decay=2", "optim.label_smoothing=0.8"},
        {"gate.kind=cde", "gate.codebook_size=65536", "train.epochs=4", "optim.warmup_epochs=4"},
    };
    return sets;
}

// Text no setting of these keys accepts: every parser's complaint.
const std::vector<std::pair<std::string, std::string>> &badTexts()
{
    static const std::vector<std::pair<std::string, std::string>> texts = {
        {"embed_dim", "12a"}, {"optim.lr", "fast"},     {"qkv_bias", "maybe"},       {"gate.kind", "foo"},
        {"gate.blocks", "a"}, {"data.mean", "0.5,x"},   {"data.bad_images", "halt"}, {"compute.device", "gpu"},
        {"train.seed", "-1"},     {"compute.memory_limit", "lots"},   {"data.path", "a\nb"},
        {"optim.lr", "0x1p-3"},   {"optim.eps", "1e-400"},            {"optim.beta1", "1e400"},
        {"distill.heads", "some"},
    };
    return texts;
}

std::vector<model::ConfigProblem> everyProblem()
{
    std::vector<model::ConfigProblem> out;
    for (const auto &set : badAssignments()) {
        train::RunConfig config = train::demoRun();
        for (const auto &assignment : set) {
            std::string why;
            if (!config::applyAssignment(config, assignment, &why))
                qFatal("%s: %s", assignment.c_str(), why.c_str());
        }
        for (auto &p : train::validateRunConfig(config))
            out.push_back(std::move(p));
    }
    for (const auto &set : implausibleAssignments()) {
        train::RunConfig config = train::demoRun();
        for (const auto &assignment : set)
            if (std::string why; !config::applyAssignment(config, assignment, &why))
                qFatal("%s: %s", assignment.c_str(), why.c_str());
        for (auto &p : config::plausibilityWarnings(config))
            out.push_back(std::move(p));
    }
    // distill.teacher against a teacher that fits in no way (what train checks before creating a run).
    train::RunConfig student = train::demoRun();
    for (const char *assignment : {"distill.teacher=t", "distill.attention=1", "distill.logits=1", "distill.layers=0,1,2,9"})
        if (std::string why; !config::applyAssignment(student, assignment, &why))
            qFatal("%s: %s", assignment, why.c_str());
    model::ViTConfig teacher = student.model;
    teacher.imageSize = 64;
    teacher.numHeads = 6;
    teacher.numClasses = 7;
    for (auto &p : train::teacherProblems(student, teacher))
        out.push_back(std::move(p));
    for (const auto &[key, text] : badTexts()) {
        train::RunConfig config;
        model::ConfigProblem problem;
        const config::Field *field = config::findField(key);
        if (!field || field->set(config, text, &problem))
            qFatal("%s accepts '%s'", key.c_str(), text.c_str());
        problem.field = key;
        out.push_back(std::move(problem));
    }
    return out;
}

} // namespace gatefold::test::translations

using namespace gatefold::test::translations;

class TstTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void fieldHelpIsTranslated();
    void completeAfterLupdate_data();
    void completeAfterLupdate();
    void problemsCarryTheirTemplates();
    void valuesAreNotPlaceholders();
    void problemTemplatesTranslated_data();
    void problemTemplatesTranslated();
    void formShowsProblemsInGerman();
    void qtsOwnStringsTranslated_data();
    void qtsOwnStringsTranslated();

private:
    QTemporaryDir m_dir;
    std::map<QString, Catalogue> m_catalogues;  // language → the .ts after lupdate
};

void TstTranslations::initTestCase()
{
    // The .ts files as the update script leaves them, in a temporary copy.
    const QString root = QStringLiteral(GATEFOLD_SOURCE_DIR);
    for (const QString &language : {QStringLiteral("de"), QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        const QString ts = m_dir.filePath(QStringLiteral("gatefold_%1.ts").arg(language));
        QVERIFY(QFile::copy(root + QStringLiteral("/translations/gatefold_%1.ts").arg(language), ts));
        QFile::setPermissions(ts, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    QProcess script;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LUPDATE"), QStringLiteral(GATEFOLD_LUPDATE));
    script.setProcessEnvironment(env);
    script.setProcessChannelMode(QProcess::MergedChannels);
    QElapsedTimer timer;
    timer.start();
    script.start(QStringLiteral("bash"), {root + QStringLiteral("/scripts/update-translations.sh"),
                                          QStringLiteral("--ts-dir"), m_dir.path()});
    QVERIFY(script.waitForFinished(60000));
    QVERIFY2(script.exitCode() == 0, script.readAll().constData());
    // No include path reaches LibTorch: the three lupdate runs take well under a second (not minutes).
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
    for (const QString &language : {QStringLiteral("de"), QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        QString error;
        m_catalogues[language] = readTs(m_dir.filePath(QStringLiteral("gatefold_%1.ts").arg(language)), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
}

void TstTranslations::fieldHelpIsTranslated()
{
    // Every setting's help (the form's tooltip) and every tab title is read by lupdate from the field
    // table itself (core/config), and translated in both languages.
    for (const QString &language : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
        const Catalogue &catalogue = m_catalogues[language];
        QStringList missing;
        const auto check = [&](const char *context, const char *text, const std::string &what) {
            const auto it = catalogue.find({QString::fromLatin1(context), QString::fromUtf8(text)});
            if (it == catalogue.end() || !it->second.finished || it->second.translations.value(0).isEmpty())
                missing << QString::fromStdString(what);
        };
        for (const auto &field : config::fields())
            check("RunField", field.help, field.key);
        for (config::FieldGroup group : config::fieldGroups())
            check("FieldGroups", config::groupName(group), config::groupName(group));
        QVERIFY2(missing.isEmpty(), qPrintable(language + QStringLiteral(": not translated: ") + missing.join(", ")));
    }
}

void TstTranslations::completeAfterLupdate_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("atLeast");
    QTest::newRow("de") << "de" << 300;
    QTest::newRow("zh_CN") << "zh_CN" << 300;
    QTest::newRow("en") << "en" << 4;  // plural forms only
}

void TstTranslations::completeAfterLupdate()
{
    QFETCH(QString, language);
    QFETCH(int, atLeast);
    const Catalogue &catalogue = m_catalogues[language];
    QStringList missing;
    for (const auto &[key, entry] : catalogue) {
        const QString &source = key.second;
        if (!entry.finished || entry.translations.join(QString()).trimmed().isEmpty()) {
            missing << QStringLiteral("[%1] %2").arg(key.first, source);
            continue;
        }
        const QString text = entry.translations.join(QStringLiteral(" | "));  // plural forms together
        if (placeholders(text) != placeholders(source))
            missing << QStringLiteral("%1 (placeholders differ: %2)").arg(source, text);
    }
    QVERIFY2(int(catalogue.size()) >= atLeast, qPrintable(QString::number(catalogue.size())));
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 untranslated in %2 (run scripts/update-translations.sh "
                                                          "and translate them):\n")
                                               .arg(missing.size())
                                               .arg(language)
                                           + missing.join('\n')));
}

void TstTranslations::problemsCarryTheirTemplates()
{
    // Each problem's English message is its template filled in, and each argument has its placeholder.
    std::set<std::string> templates;
    for (const auto &p : everyProblem()) {
        const QString where = QString::fromStdString(p.field + ": " + p.message);
        QVERIFY2(!p.text.empty(), qPrintable(where + " has no template"));
        QCOMPARE(p.message, model::fillPlaceholders(p.text, p.args));
        QStringList expected;
        for (size_t i = 0; i < p.args.size(); ++i)
            expected << QStringLiteral("%%1").arg(i + 1);
        QVERIFY2(placeholders(QString::fromStdString(p.text)) == expected, qPrintable(where));
        templates.insert(p.text);
    }
    // The bad configs above reach every template lupdate finds: none is left unchecked.
    QStringList unreached;
    for (const auto &[key, entry] : m_catalogues["de"])
        if (key.first == QLatin1String("ConfigProblem") && !templates.count(key.second.toStdString()))
            unreached << key.second;
    QVERIFY2(unreached.isEmpty(), qPrintable(QStringLiteral("no bad config here shows:\n") + unreached.join('\n')));
    QVERIFY(templates.size() >= 60);
}

void TstTranslations::valuesAreNotPlaceholders()
{
    // A typed value that looks like a placeholder is shown as typed, in English and through the form's path.
    train::RunConfig config = train::demoRun();
    config.train.data.name = "x%2y%1";
    const auto problems = train::validateRunConfig(config);
    const auto it =
        std::find_if(problems.begin(), problems.end(), [](const auto &p) { return p.field == "data.name"; });
    QVERIFY(it != problems.end());
    QCOMPARE(QString::fromStdString(it->message),
             QStringLiteral("unknown data set 'x%2y%1'; use one of: builtin, cifar10, cifar100, mnist, fashion-mnist, "
                            "folder"));
    QCOMPARE(widgets::problemText(*it), QString::fromStdString(it->message));
    QCOMPARE(model::fillPlaceholders("%2 and %1, %3 stays", {"a%2", "b"}), std::string("b and a%2, %3 stays"));
    QCOMPARE(widgets::problemText({"k", "the message", "", {}}), QStringLiteral("the message"));  // no template
}

void TstTranslations::problemTemplatesTranslated_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("de") << "de";
    QTest::newRow("zh_CN") << "zh_CN";
}

void TstTranslations::problemTemplatesTranslated()
{
    QFETCH(QString, language);
    const Catalogue &catalogue = m_catalogues[language];
    QStringList missing;
    for (const auto &p : everyProblem()) {
        const QString source = QString::fromStdString(p.text);
        const auto it = catalogue.find({QStringLiteral("ConfigProblem"), source});
        if (it == catalogue.end())
            missing << source + QStringLiteral(" (not in the .ts: is its file in scripts/update-translations.sh?)");
        else if (!it->second.finished || it->second.translations.value(0) == source
                 || placeholders(it->second.translations.value(0)) != placeholders(source))
            missing << source;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join('\n')));
}

void TstTranslations::formShowsProblemsInGerman()
{
    QProcess lrelease;
    const QString ts = m_dir.filePath(QStringLiteral("gatefold_de.ts"));
    const QString qm = m_dir.filePath(QStringLiteral("gatefold_de.qm"));
    lrelease.start(QStringLiteral(GATEFOLD_LRELEASE), {QStringLiteral("-silent"), ts, QStringLiteral("-qm"), qm});
    QVERIFY(lrelease.waitForFinished(60000));
    QCOMPARE(lrelease.exitCode(), 0);

    auto shown = [](const widgets::ConfigForm &form, const QString &key) {
        // The problem as the label under the field shows it.
        const QString text = form.problemFor(key);
        const auto labels = form.findChildren<QLabel *>();
        const bool visible = std::any_of(labels.begin(), labels.end(), [&](const QLabel *l) {
            return l->text() == text && !l->isHidden();
        });
        return visible ? text : QStringLiteral("(no label shows \"%1\")").arg(text);
    };
    auto breakIt = [](widgets::ConfigForm &form) {
        form.setConfig(train::demoRun());
        form.setFieldText(QStringLiteral("img_size"), QStringLiteral("30"));  // not divisible by the patch size 4
        form.setFieldText(QStringLiteral("embed_dim"), QStringLiteral("12a"));  // not a number
    };
    widgets::ConfigForm english;
    breakIt(english);
    QCOMPARE(shown(english, "img_size"), QStringLiteral("The image size 30 is not divisible by the patch size 4; "
                                                        "patches must tile the image (e.g. 224/16, 32/4)."));
    QCOMPARE(shown(english, "embed_dim"),
             QStringLiteral("'12a' is not a whole number between -2147483648 and 2147483647"));

    QTranslator german;
    QVERIFY(german.load(qm));
    QVERIFY(QCoreApplication::installTranslator(&german));
    widgets::ConfigForm form;
    breakIt(form);
    QCoreApplication::removeTranslator(&german);
    QCOMPARE(shown(form, "img_size"),
             QString::fromUtf8("Die Bildgröße 30 ist nicht durch die Patch-Größe 4 teilbar; die Patches müssen das "
                               "Bild lückenlos bedecken (z. B. 224/16, 32/4)."));
    QCOMPARE(shown(form, "embed_dim"),
             QString::fromUtf8("„12a“ ist keine ganze Zahl zwischen -2147483648 und 2147483647"));
    // The summary's count is translated too.
    const auto *summary = form.findChild<QLabel *>(QStringLiteral("problemSummary"));
    QVERIFY(summary && summary->text().contains(QString::fromUtf8("Probleme")));
}

void TstTranslations::qtsOwnStringsTranslated_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("yes");
    QTest::addColumn<QString>("cancel");
    QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("&Ja") << QStringLiteral("Abbrechen");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QString::fromUtf8("是(&Y)") << QString::fromUtf8("取消");
    QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("&Yes") << QStringLiteral("Cancel");
}

// Qt's own buttons (a quit question's Yes/No, the file dialogs) follow the interface language:
// the window's translator set-up (widgets/interfacelanguage.h) finds Debian's qtbase_*.qm.
void TstTranslations::qtsOwnStringsTranslated()
{
    QFETCH(QString, language);
    QFETCH(QString, yes);
    QFETCH(QString, cancel);
    QTranslator ours, qts;
    QVERIFY2(widgets::installTranslators(widgets::interfaceLocale(language), ours, qts),
             "Qt's translations are missing: scripts/setup-deps.sh installs qt6-translations-l10n");
    QDialogButtonBox box(QDialogButtonBox::Yes | QDialogButtonBox::Cancel);
    const QString shownYes = box.button(QDialogButtonBox::Yes)->text();
    const QString shownCancel = box.button(QDialogButtonBox::Cancel)->text();
    QCoreApplication::removeTranslator(&ours);
    QCoreApplication::removeTranslator(&qts);
    QCOMPARE(shownYes, yes);
    QCOMPARE(shownCancel, cancel);
}

GATEFOLD_TEST_MAIN(TstTranslations)
#include "tst_translations.moc"
