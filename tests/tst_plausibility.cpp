#include <QtTest/QtTest>

#include "config/fieldtable.h"
#include "config/presets.h"
#include "config/plausibility.h"
#include "config/runpresets.h"

#include <set>

// The plausibility warnings (core/config/plausibility.h): each rule fires just past its limit and
// not at it, only on a setting that applies, with its template filled in; every preset is plausible.

using namespace gatefold;

namespace {

train::RunConfig with(std::initializer_list<const char *> assignments)
{
    train::RunConfig c = train::demoRun();
    for (const char *a : assignments) {
        std::string why;
        if (!config::applyAssignment(c, a, &why))
            qFatal("%s: %s", a, why.c_str());
    }
    return c;
}

std::set<std::string> warnedKeys(const train::RunConfig &c)
{
    std::set<std::string> keys;
    for (const auto &w : config::plausibilityWarnings(c))
        keys.insert(w.field);
    return keys;
}

} // namespace

class tst_plausibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyRuleNamesARealSetting()
    {
        std::set<std::string> seen;
        for (const auto &rule : config::plausibilityRules()) {
            QVERIFY2(config::findField(rule.key), rule.key.c_str());
            QVERIFY2(seen.insert(rule.key).second, rule.key.c_str());
            QVERIFY(std::string(rule.text).find("%1") != std::string::npos);
        }
        QVERIFY(seen.size() >= 8);
    }

    void limits_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("plausible");
        QTest::addColumn<QString>("implausible");
        QTest::newRow("lr") << "optim.lr" << "0.1" << "0.11";
        QTest::newRow("branches") << "join.branches" << "8" << "9";
        QTest::newRow("epochs") << "train.epochs" << "1000" << "1001";
        QTest::newRow("batch") << "train.batch_size" << "4096" << "4097";
        QTest::newRow("drop path") << "drop_path_rate" << "0.5" << "0.51";
        QTest::newRow("weight decay") << "optim.weight_decay" << "0.5" << "0.6";
        QTest::newRow("label smoothing") << "optim.label_smoothing" << "0.5" << "0.6";
    }

    void limits()
    {
        QFETCH(QString, key);
        QFETCH(QString, plausible);
        QFETCH(QString, implausible);
        const std::string ok = (key + "=" + plausible).toStdString(), bad = (key + "=" + implausible).toStdString();
        QVERIFY(!warnedKeys(with({ok.c_str()})).count(key.toStdString()));
        QVERIFY(warnedKeys(with({bad.c_str()})).count(key.toStdString()));
    }

    void messagesFillTheirTemplates()
    {
        const auto warnings = config::plausibilityWarnings(with({"optim.lr=2", "train.epochs=4", "optim.warmup_epochs=4"}));
        QCOMPARE(warnings.size(), size_t(2));
        QCOMPARE(warnings[0].field, std::string("optim.lr"));
        QCOMPARE(warnings[0].args, std::vector<std::string>{"2"});
        QCOMPARE(warnings[0].message, model::fillPlaceholders(warnings[0].text, warnings[0].args));
        QVERIFY(warnings[0].message.find("a peak learning rate of 2 is far above") == 0);
        QCOMPARE(warnings[1].field, std::string("optim.warmup_epochs"));
        QCOMPARE(warnings[1].args, (std::vector<std::string>{"4", "4"}));
        QVERIFY2(warnings[1].message.find("the warm-up of 4 epochs lasts the whole run of 4") == 0, warnings[1].message.c_str());
    }

    void onlySettingsThatApply()
    {
        // A codebook of 65536 codes means nothing without a CDE gate; the diversity weight nothing with one branch.
        QVERIFY(warnedKeys(with({"gate.codebook_size=65536", "join.diversity=3"})).empty());
        QCOMPARE(warnedKeys(with({"gate.kind=cde", "gate.codebook_size=65536", "join.branches=2", "join.diversity=3"})),
                 (std::set<std::string>{"gate.codebook_size", "join.diversity"}));
    }

    void presetsArePlausible()
    {
        std::vector<std::string> names;
        for (const auto &p : train::runPresets())
            names.push_back(p.name);
        for (const auto &p : model::presets::all())
            names.push_back(p.name);
        QVERIFY(names.size() > 5);
        for (const auto &name : names) {
            const auto c = train::runPresetByName(name);
            QVERIFY2(c, name.c_str());
            const auto w = config::plausibilityWarnings(*c);
            QVERIFY2(w.empty(), (name + ": " + (w.empty() ? std::string() : w[0].message)).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(tst_plausibility)
#include "tst_plausibility.moc"
