#include <QtTest/QtTest>

#include "config/settingcomparison.h"

#include <QJsonObject>

// Which settings tell stored runs apart and which runs are one experiment over
// seeds (core/config/settingcomparison.h): the legend, Compare, Groups, the
// curves' groups and the tables all read these answers.

using namespace gatefold::config;

namespace {

// A flat stored config with a few settings set (the rest absent, as in a hand-written file).
ComparedRun run(std::initializer_list<std::pair<const char *, QJsonValue>> settings)
{
    QJsonObject flat;
    for (const auto &[key, value] : settings)
        flat.insert(QString::fromLatin1(key), value);
    return comparedRun(flat);
}

} // namespace

class tst_settingcomparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // gate.codebook_size differs between an ungated and a CDE run, but means nothing for the
    // ungated one: gate.kind tells them apart, the codebook size is no difference.
    void settingsThatDoNotApplyAreNoDifference()
    {
        const std::vector<ComparedRun> runs = {
            run({{"gate.kind", "none"}, {"gate.codebook_size", 64}, {"join.branches", 1}, {"join.warmup_steps", 10}}),
            run({{"gate.kind", "cde"}, {"gate.codebook_size", 128}, {"join.branches", 1}, {"join.warmup_steps", 99}}),
        };
        QVERIFY(!runs[0].applies(QStringLiteral("gate.codebook_size")));
        QVERIFY(runs[1].applies(QStringLiteral("gate.codebook_size")));
        QVERIFY(!runs[0].applies(QStringLiteral("join.warmup_steps")));  // one branch: no joining
        QCOMPARE(differingSettings(runs), QStringList{QStringLiteral("gate.kind")});
        QCOMPARE(runs[0].text(QStringLiteral("gate.codebook_size")), QStringLiteral("—"));
        QCOMPARE(describeSettings(runs[0], {QStringLiteral("gate.kind"), QStringLiteral("gate.codebook_size")}),
                 QStringLiteral("gate.kind=none"));
        // Between two CDE runs the codebook size is a difference.
        const std::vector<ComparedRun> gated = {run({{"gate.kind", "cde"}, {"gate.codebook_size", 64}}),
                                                run({{"gate.kind", "cde"}, {"gate.codebook_size", 128}})};
        QCOMPARE(differingSettings(gated), QStringList{QStringLiteral("gate.codebook_size")});
    }

    // Most discriminative first: lr splits 4 runs 2/2, depth 3/1, the seed comes last whatever it
    // splits, bookkeeping (threads) never.
    void mostDiscriminativeFirstSeedLast()
    {
        std::vector<ComparedRun> runs;
        const double lrs[] = {1e-3, 1e-3, 3e-3, 3e-3};
        const int depths[] = {2, 2, 2, 4};
        for (int i = 0; i < 4; ++i)
            runs.push_back(run({{"optim.lr", lrs[i]}, {"depth", depths[i]}, {"train.seed", i},
                                {"compute.threads", i + 1}}));
        QCOMPARE(differingSettings(runs),
                 (QStringList{QStringLiteral("optim.lr"), QStringLiteral("depth"), QStringLiteral("train.seed")}));
        QCOMPARE(differingBeyondSeed(runs), (QStringList{QStringLiteral("optim.lr"), QStringLiteral("depth")}));
        // Equal splits keep the field table's order (depth before optim.lr), not the alphabet.
        std::vector<ComparedRun> even = {run({{"optim.lr", 1e-3}, {"depth", 2}}), run({{"optim.lr", 3e-3}, {"depth", 4}})};
        QCOMPARE(differingSettings(even), (QStringList{QStringLiteral("depth"), QStringLiteral("optim.lr")}));
    }

    // A 2-lr × 2-seed sweep groups into two groups of two by "all but seed" and by optim.lr alone.
    void allButSeedGroupsASweep()
    {
        std::vector<ComparedRun> runs;
        for (const double lr : {1e-3, 3e-3})
            for (const int seed : {0, 1})
                runs.push_back(run({{"optim.lr", lr}, {"train.seed", seed}, {"data.workers", seed + 2}}));
        const auto groups = groupBySettings(runs, {}, true);
        QCOMPARE(int(groups.size()), 2);
        QCOMPARE(groups[0].members, (std::vector<int>{0, 1}));
        QCOMPARE(groups[1].members, (std::vector<int>{2, 3}));
        QCOMPARE(groups[0].label, QStringLiteral("optim.lr=0.001"));
        const auto byLr = groupBySettings(runs, {QStringLiteral("optim.lr")}, false);
        QCOMPARE(int(byLr.size()), 2);
        QCOMPARE(byLr[1].members, (std::vector<int>{2, 3}));
        // By the seed: two groups across the learning rates.
        const auto bySeed = groupBySettings(runs, {QStringLiteral("train.seed")}, false);
        QCOMPARE(bySeed[0].members, (std::vector<int>{0, 2}));
        // Several keys at once: four groups.
        QCOMPARE(int(groupBySettings(runs, {QStringLiteral("optim.lr"), QStringLiteral("train.seed")}, false).size()), 4);
        // Seeds only: one group, nothing beyond the seed.
        std::vector<ComparedRun> seeds = {run({{"train.seed", 0}}), run({{"train.seed", 1}})};
        QVERIFY(differingBeyondSeed(seeds).isEmpty());
        QCOMPARE(int(groupBySettings(seeds, {}, true).size()), 1);
    }

    // A key that does not apply groups as "—": an ungated run and a CDE run grouped by the codebook size.
    void groupsByAKeyThatDoesNotApply()
    {
        std::vector<ComparedRun> runs = {run({{"gate.kind", "none"}, {"gate.codebook_size", 64}}),
                                         run({{"gate.kind", "none"}, {"gate.codebook_size", 128}}),
                                         run({{"gate.kind", "cde"}, {"gate.codebook_size", 64}})};
        const auto groups = groupBySettings(runs, {QStringLiteral("gate.codebook_size")}, false);
        QCOMPARE(int(groups.size()), 2);
        QCOMPARE(groups[0].members, (std::vector<int>{0, 1}));
        QCOMPARE(groups[0].label, QStringLiteral("gate.codebook_size=—"));
        // All but seed splits the ungated runs from the CDE run, not the ungated runs by codebook size.
        QCOMPARE(int(groupBySettings(runs, {}, true).size()), 2);
    }

    // Seeds share one reading of what applies (remembered without the seed): the answers are those of
    // a fresh reading, the seed itself applies, and a changed gate changes them.
    void seedsShareTheirReading()
    {
        const ComparedRun a = run({{"gate.kind", "none"}, {"gate.codebook_size", 64}, {"train.seed", 0}});
        const ComparedRun b = run({{"gate.kind", "none"}, {"gate.codebook_size", 64}, {"train.seed", 7}});
        QCOMPARE(a.applying, b.applying);
        QVERIFY(a.applies(QStringLiteral("train.seed")) && !a.applies(QStringLiteral("gate.codebook_size")));
        const ComparedRun gated = run({{"gate.kind", "cde"}, {"gate.codebook_size", 64}, {"train.seed", 7}});
        QVERIFY(gated.applies(QStringLiteral("gate.codebook_size")));
        const ComparedRun seedless = run({{"gate.kind", "none"}, {"gate.codebook_size", 64}});
        QVERIFY(!seedless.applies(QStringLiteral("train.seed")));  // only keys the config has
        QCOMPARE(seedless.applying.size(), a.applying.size() - 1);
    }

    // A stale or unknown key does not blind the rest; a text that is no JSON compares as empty.
    void staleKeysStillCompare()
    {
        std::vector<ComparedRun> runs = {run({{"gate.kind", "none"}, {"gate.codebook_size", 64}, {"old.key", 1}}),
                                         run({{"gate.kind", "none"}, {"gate.codebook_size", 128}, {"old.key", 2}})};
        QVERIFY(!runs[0].applies(QStringLiteral("gate.codebook_size")));
        QVERIFY(runs[0].applies(QStringLiteral("old.key")));
        QCOMPARE(differingSettings(runs), QStringList{QStringLiteral("old.key")});
        QVERIFY(comparedRun(QByteArray("not json")).flat.isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_settingcomparison)
#include "tst_settingcomparison.moc"
