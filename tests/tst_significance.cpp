#include <QtTest/QtTest>

#include "tables/significance.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>

#include <cmath>

// Student-t intervals and t-tests (core/tables/significance.h, issue 21): against values worked by
// hand and tabulated, and against Debian's SciPy (python3-scipy) on random groups — paired and
// unpaired, equal and unequal variances, 2 to 10 seeds.

using namespace gatefold::tables;

namespace {

// SciPy's answers for `cases` (each {"a": [...], "b": [...]}): t.ppf(0.975, n-1) for a, Welch and
// paired tests; empty when /usr/bin/python3 has no SciPy.
QJsonArray scipyAnswers(const QJsonArray &cases)
{
    const char *script = R"(
import json, sys
from scipy import stats
out = []
for c in json.load(sys.stdin):
    a, b = c["a"], c["b"]
    w = stats.ttest_ind(a, b, equal_var=False)
    r = {"q": stats.t.ppf(0.975, len(a) - 1), "wt": w.statistic, "wp": w.pvalue,
         "cdf": stats.t.cdf(c["x"], c["df"])}
    if len(a) == len(b):
        p = stats.ttest_rel(a, b)
        r["pt"], r["pp"] = p.statistic, p.pvalue
    out.append(r)
json.dump(out, sys.stdout)
)";
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QString::fromLatin1(script)});
    if (!python.waitForStarted(10000))
        return {};
    python.write(QJsonDocument(cases).toJson(QJsonDocument::Compact));
    python.closeWriteChannel();
    if (!python.waitForFinished(60000) || python.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(python.readAllStandardOutput()).array();
}

QJsonArray toJson(const std::vector<double> &v)
{
    QJsonArray a;
    for (double x : v)
        a.append(x);
    return a;
}

} // namespace

class tst_significance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Tabulated two-sided 95 % quantiles: t_{0.975}(1) = 12.7062, (4) = 2.7764, (30) = 2.0423, and the
    // Cauchy CDF at 1 (df = 1) is 3/4 exactly.
    void tabulatedQuantiles()
    {
        QVERIFY(std::fabs(studentTQuantile(0.975, 1) - 12.706204736174698) < 1e-9);
        QVERIFY(std::fabs(studentTQuantile(0.975, 4) - 2.7764451051977987) < 1e-12);
        QVERIFY(std::fabs(studentTQuantile(0.975, 30) - 2.0422724563012373) < 1e-12);
        QVERIFY(std::fabs(studentTCdf(1.0, 1) - 0.75) < 1e-14);
        QVERIFY(std::fabs(studentTCdf(0.0, 7.3) - 0.5) < 1e-15);
        // df = 2: F(t) = 1/2 + t / (2√(2 + t²)).
        for (double t : {-3.0, -0.5, 0.25, 4.0})
            QVERIFY(std::fabs(studentTCdf(t, 2) - (0.5 + t / (2 * std::sqrt(2 + t * t)))) < 1e-14);
    }

    // By hand: {1, 2, 3}: mean 2, s = 1, half-width t_{0.975}(2)·1/√3 = 4.302653/1.732051 = 2.484138.
    void meanIntervalByHand()
    {
        const MeanInterval m = meanInterval({1, 2, 3});
        QCOMPARE(m.n, 3);
        QCOMPARE(m.mean, 2.0);
        QCOMPARE(m.std, 1.0);
        QVERIFY(m.halfWidth && std::fabs(*m.halfWidth - 4.302652729749464 / std::sqrt(3.0)) < 1e-12);
        QVERIFY(!meanInterval({5.0}).halfWidth);  // one seed: no interval
        QCOMPARE(meanInterval({5.0}).mean, 5.0);
    }

    // By hand: a = {1, 2, 3}, b = {2, 4, 6, 8}: difference −3, se = √(1/3 + 20/3/4) = √2, t = −2.1213,
    // Welch df = 2²/((1/3)²/2 + (5/3)²/3) = 4.2353; SciPy gives p = 0.0999128643118008.
    void welchByHand()
    {
        const auto r = welchTest({1, 2, 3}, {2, 4, 6, 8});
        QVERIFY(r);
        QCOMPARE(r->difference, -3.0);
        QVERIFY(std::fabs(r->t + 3 / std::sqrt(2.0)) < 1e-14);
        QVERIFY(std::fabs(r->df - 4.0 / (1.0 / 18 + 25.0 / 27)) < 1e-12);
        QVERIFY(std::fabs(r->p - 0.0999128643118008) < 1e-12);
        QVERIFY(!r->paired);
        QVERIFY(!welchTest({1.0}, {2, 3}));          // fewer than two seeds
        QVERIFY(!welchTest({1, 1}, {2, 2}));         // no spread at all
    }

    // Paired by seed: d = a − b = {−0.5, −0.1, 0.5}: t = −0.1147, df 2, p = 0.91915 (SciPy's ttest_rel).
    void pairedByHand()
    {
        const auto r = pairedTest({1, 2, 3.5}, {1.5, 2.1, 3.0});
        QVERIFY(r);
        QVERIFY(r->paired);
        QCOMPARE(r->df, 2.0);
        QVERIFY(std::fabs(r->t + 0.114707866935281) < 1e-12);
        QVERIFY(std::fabs(r->p - 0.9191547916545556) < 1e-12);
        QVERIFY(!pairedTest({1, 2}, {1, 2, 3}));  // not the same seeds
    }

    // The baseline rule: the same seeds (in any order) pair; other seeds, a seed twice or one side
    // short fall back to Welch; the verdict follows the metric's direction and α.
    void baselineRule()
    {
        const std::vector<SeedValue> row{{2, 3.5}, {0, 1}, {1, 2}}, base{{0, 1.5}, {1, 2.1}, {2, 3.0}};
        const auto paired = testAgainstBaseline(row, base);
        QVERIFY(paired && paired->paired);
        QVERIFY(std::fabs(paired->p - 0.9191547916545556) < 1e-12);
        const auto welch = testAgainstBaseline({{0, 1}, {1, 2}, {2, 3}}, {{3, 2}, {4, 4}, {5, 6}, {6, 8}});
        QVERIFY(welch && !welch->paired);
        QVERIFY(std::fabs(welch->p - 0.0999128643118008) < 1e-12);
        const auto twice = testAgainstBaseline({{0, 1}, {0, 2}}, {{0, 1.5}, {0, 2.5}});
        QVERIFY(twice && !twice->paired);
        QVERIFY(!testAgainstBaseline({{0, 1}}, {{0, 1.5}, {1, 2.5}}));
        QCOMPARE(verdictOf(std::nullopt, 0.05, true), Verdict::Untested);
        QCOMPARE(verdictOf(welch, 0.05, true), Verdict::NotSignificant);  // p = 0.0999
        QCOMPARE(verdictOf(welch, 0.1, true), Verdict::Worse);            // row lower, higher is better
        QCOMPARE(verdictOf(welch, 0.1, false), Verdict::Better);
    }

    // 200 random cases against SciPy: 2–10 seeds a side, equal and unequal variances, paired when the
    // sizes agree; quantiles, CDFs at fractional df, t and p within 1e-9 relative.
    void agreesWithScipy()
    {
        QRandomGenerator rng(20);
        QJsonArray cases;
        std::vector<std::pair<std::vector<double>, std::vector<double>>> groups;
        std::vector<std::pair<double, double>> cdfAt;
        for (int c = 0; c < 200; ++c) {
            const int na = 2 + int(rng.bounded(9)), nb = c % 2 ? na : 2 + int(rng.bounded(9));
            const double sa = 0.01 + rng.generateDouble(), sb = c % 3 ? sa : 0.01 + 3 * rng.generateDouble();
            std::vector<double> a(static_cast<size_t>(na)), b(static_cast<size_t>(nb));
            for (double &x : a)
                x = 0.7 + sa * (rng.generateDouble() - 0.5);
            for (double &x : b)
                x = 0.7 + 0.05 * rng.generateDouble() + sb * (rng.generateDouble() - 0.5);
            const double x = 8 * (rng.generateDouble() - 0.5), df = 0.5 + 40 * rng.generateDouble();
            cases.append(QJsonObject{{"a", toJson(a)}, {"b", toJson(b)}, {"x", x}, {"df", df}});
            groups.emplace_back(a, b);
            cdfAt.emplace_back(x, df);
        }
        const QJsonArray answers = scipyAnswers(cases);
        if (answers.isEmpty())
            QSKIP("/usr/bin/python3 has no SciPy (scripts/setup-deps.sh installs python3-scipy)");
        QCOMPARE(answers.size(), cases.size());
        auto close = [](double ours, double theirs) {
            return std::fabs(ours - theirs) <= 1e-9 * std::max(1.0, std::fabs(theirs));
        };
        for (int c = 0; c < answers.size(); ++c) {
            const QJsonObject s = answers[c].toObject();
            const auto &[a, b] = groups[size_t(c)];
            QVERIFY2(close(studentTQuantile(0.975, double(a.size() - 1)), s["q"].toDouble()), qPrintable(QString::number(c)));
            QVERIFY2(close(studentTCdf(cdfAt[size_t(c)].first, cdfAt[size_t(c)].second), s["cdf"].toDouble()),
                     qPrintable(QStringLiteral("cdf %1").arg(c)));
            const auto w = welchTest(a, b);
            QVERIFY(w);
            QVERIFY2(close(w->t, s["wt"].toDouble()) && close(w->p, s["wp"].toDouble()),
                     qPrintable(QStringLiteral("welch %1: %2 %3 vs %4 %5").arg(c).arg(w->t).arg(w->p)
                                    .arg(s["wt"].toDouble()).arg(s["wp"].toDouble())));
            if (s.contains("pt")) {
                const auto p = pairedTest(a, b);
                QVERIFY(p);
                QVERIFY2(close(p->t, s["pt"].toDouble()) && close(p->p, s["pp"].toDouble()),
                         qPrintable(QStringLiteral("paired %1").arg(c)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(tst_significance)
#include "tst_significance.moc"
