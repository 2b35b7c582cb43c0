#include <QtTest/QtTest>

#include "tables/metricdirection.h"
#include "tables/runquery.h"

#include <QJsonObject>

// The run query of the run browser and `runs list --where` (core/tables/runquery.h): precedence,
// each operator, numbers, missing keys, metrics, quoted text, and bad input answered with a position
// and what was expected — never a crash.

using namespace gatefold;
using namespace gatefold::tables;

namespace {

// A run with a few settings and metrics (val/top1 last 0.92, best 0.95; val/loss last 0.4, lowest 0.3).
QueryRun cdeRun()
{
    QueryRun run;
    run.values = QJsonObject{{"name", "cde demo 1"}, {"status", "finished"}, {"id", 7}, {"tags", QJsonArray{"baseline", "paper"}},
                             {"gate.kind", "cde"}, {"optim.lr", 1e-3}, {"join.branches", 1}, {"data.name", "fashion mnist"}};
    run.metric = [](const QString &key) {
        store::MetricSummary m;
        if (key == QLatin1String("val/top1"))
            m = {3, 30, 0.92, 0.5, 0.95};
        else if (key == QLatin1String("val/loss"))
            m = {3, 30, 0.4, 0.3, 1.2};
        return m;
    };
    return run;
}

bool matches(const QString &query, const QueryRun &run = cdeRun())
{
    QueryError error;
    const auto q = RunQuery::parse(query, &error);
    if (!q)
        qWarning("%s: %s", qPrintable(query), qPrintable(error.text()));
    return q && q->matches(run);
}

} // namespace

class tst_runquery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachOperator()
    {
        QVERIFY(matches("gate.kind = cde"));
        QVERIFY(matches("gate.kind == CDE"));  // text without regard to case
        QVERIFY(!matches("gate.kind = none"));
        QVERIFY(matches("gate.kind != none"));
        QVERIFY(!matches("gate.kind != cde"));
        QVERIFY(matches("val/top1 > 0.9"));
        QVERIFY(!matches("val/top1 > 0.92"));
        QVERIFY(matches("val/top1 >= 0.92"));
        QVERIFY(matches("val/top1 < 0.93"));
        QVERIFY(!matches("val/top1 < 0.92"));
        QVERIFY(matches("val/top1 <= 0.92"));
        QVERIFY(matches("val/top1 = 0.92"));
        QVERIFY(matches("name ~ DEMO"));
        QVERIFY(!matches("name ~ vit"));
        QVERIFY(matches("status = finished"));
        QVERIFY(matches("id = 7"));
        QVERIFY(matches("tags = paper"));       // any of the tags
        QVERIFY(!matches("tags != paper"));
        QVERIFY(matches("tags ~ base"));
    }

    void numbersInExponentForm()
    {
        QVERIFY(matches("optim.lr = 1e-3"));
        QVERIFY(matches("optim.lr <= 1E-3"));
        QVERIFY(matches("optim.lr < 1.5e-3"));
        QVERIFY(!matches("optim.lr < 1e-3"));
        QVERIFY(matches("optim.lr > 9.99e-4"));
        QVERIFY(matches("optim.lr > -1"));
        QVERIFY(matches("optim.lr = .001"));
        QVERIFY(matches("join.branches = +1"));
    }

    void precedence()
    {
        // not > and > or: "a or b and c" is "a or (b and c)".
        QVERIFY(matches("gate.kind = cde or gate.kind = none and val/top1 > 0.99"));
        QVERIFY(!matches("(gate.kind = cde or gate.kind = none) and val/top1 > 0.99"));
        QVERIFY(!matches("not gate.kind = cde and val/top1 > 0.9"));   // (not a) and b
        QVERIFY(matches("not (gate.kind = none and val/top1 > 0.9)"));
        QVERIFY(!matches("not (join.branches = 1)"));
        QVERIFY(matches("not not (join.branches = 1)"));
        QVERIFY(matches("gate.kind = cde AND val/top1 > 0.9"));
        QVERIFY(matches("optim.lr <= 1e-3 or name ~ nothing"));
        QVERIFY(matches("optim.lr > 1 or name ~ demo"));
        QVERIFY(!matches("optim.lr > 1 or name ~ nothing"));
        QVERIFY(matches("((gate.kind = cde))"));
    }

    // A comparison on a key a run lacks is false, whichever the operator; not of it is true.
    void missingKeysAndUnknownMetrics()
    {
        QVERIFY(!matches("gate.codebook_size = 64"));
        QVERIFY(!matches("gate.codebook_size != 64"));
        QVERIFY(!matches("gate.codebook_size ~ 6"));
        QVERIFY(matches("not gate.codebook_size = 64"));
        QVERIFY(!matches("val/nothing > 0"));
        QVERIFY(!matches("val/nothing <= 0"));
        QVERIFY(!matches("best(val/nothing) > 0"));
        QVERIFY(!matches("sweep ~ a"));  // not part of a sweep
        QueryRun noMetrics = cdeRun();
        noMetrics.metric = nullptr;
        QVERIFY(!matches("val/top1 > 0", noMetrics));
        QVERIFY(matches("gate.kind = cde", noMetrics));
        // Text against a number: not equal, never less or greater.
        QVERIFY(!matches("gate.kind = 3"));
        QVERIFY(matches("gate.kind != 3"));
        QVERIFY(!matches("gate.kind > 3"));
    }

    // best(…) goes the metric's way: highest top-1, lowest loss; last/min/max as said.
    void bestLastMinMax()
    {
        QVERIFY(matches("best(val/top1) = 0.95"));
        QVERIFY(matches("best(val/loss) = 0.3"));
        QVERIFY(matches("last(val/loss) = 0.4"));
        QVERIFY(matches("min(val/top1) = 0.5"));
        QVERIFY(matches("max(val/loss) = 1.2"));
        QVERIFY(matches("BEST(val/top1) > 0.94"));
        QueryError error;
        const auto q = RunQuery::parse("best(val/top1) > 0.9 and val/loss < 1 or best(val/top1) > 2", &error);
        QVERIFY(q);
        QCOMPARE(q->metricKeys(), (QStringList{"val/top1", "val/loss"}));
    }

    void quotedText()
    {
        QVERIFY(matches("name = \"cde demo 1\""));
        QVERIFY(matches("data.name = 'Fashion MNIST'"));
        QVERIFY(matches("name ~ \"demo 1\""));
        QVERIFY(!matches("name = \"cde demo\""));
        QVERIFY(matches("name != 'and or not'"));
        QueryRun quoted = cdeRun();
        quoted.values.insert("name", "say \"hi\" (twice)");
        QVERIFY(matches("name = \"say \\\"hi\\\" (twice)\"", quoted));
        QVERIFY(matches("name ~ '(twice)'", quoted));
    }

    void whichWayIsBetter()
    {
        QVERIFY(higherIsBetter("val/top1"));
        QVERIFY(higherIsBetter("val_ema/top1"));
        QVERIFY(higherIsBetter("val/accuracy"));
        QVERIFY(higherIsBetter("train/images_per_s"));
        QVERIFY(!higherIsBetter("val/loss"));
        QVERIFY(!higherIsBetter("train/loss"));
        QVERIFY(!higherIsBetter("data/wait_fraction"));
        QVERIFY(!higherIsBetter("val/error"));
        // Best first, ties by id, runs without a value (or NaN) left out, at most k.
        const std::vector<std::pair<qint64, std::optional<double>>> top1 = {
            {1, 0.5}, {2, std::nullopt}, {3, 0.9}, {4, 0.7}, {5, 0.9}, {6, std::nan("")}};
        QCOMPARE(bestRuns(top1, 3, "val/top1"), (std::vector<qint64>{3, 5, 4}));
        QCOMPARE(bestRuns(top1, 2, "val/loss"), (std::vector<qint64>{1, 4}));
        QCOMPARE(bestRuns(top1, 10, "val/top1").size(), size_t(4));
        QVERIFY(bestRuns(top1, 0, "val/top1").empty());
    }

    void looksLikeQuery()
    {
        QVERIFY(RunQuery::looksLikeQuery("gate.kind = cde"));
        QVERIFY(RunQuery::looksLikeQuery("name ~ demo"));
        QVERIFY(RunQuery::looksLikeQuery("val/top1>0.9"));
        QVERIFY(!RunQuery::looksLikeQuery("cde demo"));
        QVERIFY(!RunQuery::looksLikeQuery("finished"));
    }

    // Bad input: an error naming a position inside (or just past) the text and what was expected.
    void hostileInputs_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("position");  // 1-based, as the message says it
        QTest::addColumn<QString>("says");
        QTest::newRow("empty") << "" << 1 << "expected a setting";
        QTest::newRow("blank") << "   " << 4 << "expected a setting";
        QTest::newRow("open") << "(" << 2 << "expected a setting";
        QTest::newRow("close") << ")" << 1 << "expected a setting";
        QTest::newRow("unbalanced open") << "(gate.kind = cde" << 17 << "expected ')' to close the '(' at 1";
        QTest::newRow("unbalanced close") << "gate.kind = cde)" << 16 << "closes no '('";
        QTest::newRow("dangling and") << "gate.kind = cde and" << 20 << "expected a setting";
        QTest::newRow("dangling or") << "gate.kind = cde or " << 20 << "expected a setting";
        QTest::newRow("leading and") << "and gate.kind = cde" << 1 << "expected a setting";
        QTest::newRow("dangling not") << "not" << 4 << "expected a setting";
        QTest::newRow("dangling operator") << "val/top1 >" << 11 << "expected a value after '>'";
        QTest::newRow(">>") << "val/top1 >> 0.9" << 11 << "expected a value after '>'";
        QTest::newRow("=<") << "val/top1 =< 0.9" << 11 << "expected a value after '='";
        QTest::newRow("no operator") << "gate.kind cde" << 11 << "expected an operator";
        QTest::newRow("no value") << "gate.kind =" << 12 << "expected a value";
        QTest::newRow("operator first") << "= cde" << 1 << "expected a setting";
        QTest::newRow("two comparisons") << "gate.kind = cde val/top1 > 1" << 17 << "expected and, or";
        QTest::newRow("lone bang") << "! gate.kind = cde" << 1 << "expected '=' after '!'";
        QTest::newRow("unclosed quote") << "name = \"demo" << 8 << "quoted text is not closed";
        QTest::newRow("unclosed single quote") << "name = 'demo" << 8 << "quoted text is not closed";
        QTest::newRow("unknown key") << "gate.knd = cde" << 1 << "'gate.knd' is none";
        QTest::newRow("text with <") << "gate.kind < cde" << 13 << "expected a number after '<'";
        QTest::newRow("best of a setting") << "best(optim.lr) > 1" << 6 << "expected a metric key";
        QTest::newRow("best unclosed") << "best(val/top1 > 1" << 15 << "expected ')' after the metric";
        QTest::newRow("empty parens") << "()" << 2 << "expected a setting";
        QTest::newRow("semicolon") << "gate.kind = cde; drop table runs" << 16 << "unexpected character ';'";
        QTest::newRow("unicode operator") << "val/top1 ≥ 0.9" << 10 << "unexpected character '≥'";
        QTest::newRow("emoji") << "name = 🙂" << 8 << "unexpected character '🙂'";
        QTest::newRow("control character") << QStringLiteral("name = a\x01") << 9 << "U+0001";
        QTest::newRow("nul") << QString(QChar(0)) << 1 << "U+0000";
        QTest::newRow("deep parens") << QString(500, QLatin1Char('(')) << RunQuery::MaxDepth + 2 << "nested too deeply";
        QTest::newRow("deep nots") << QString("not ").repeated(200) + "id = 1" << 4 * RunQuery::MaxDepth + 5 << "nested too deeply";
        QTest::newRow("too large a number") << "optim.lr = 1e999" << 12 << "too large a number";
        QTest::newRow("too large a metric bound") << "val/top1 > 1e309" << 12 << "too large a number";
        QTest::newRow("very long") << QString("id = 1 or ").repeated(1000) + "id = 2" << RunQuery::MaxLength + 1 << "too long";
        QTest::newRow("number as name") << "3 = 3" << 1 << "expected a setting";
        QTest::newRow("quoted as name") << "\"gate.kind\" = cde" << 1 << "expected a setting";
        QTest::newRow("and and") << "id = 1 and and id = 2" << 12 << "expected a setting";
        QTest::newRow("value is an operator") << "id = =" << 6 << "expected a value";
        QTest::newRow("value is a keyword") << "name = and" << 8 << "expected a value";
        QTest::newRow("tilde tilde") << "name ~~ a" << 7 << "expected a value";
        QTest::newRow("stray comma") << "id = 1, id = 2" << 7 << "unexpected character ','";
    }

    // Exactly MaxDepth parentheses or nots around a comparison are fine (one more is refused above);
    // the largest double is a number like any other.
    void limitsHold()
    {
        const QString parens = QString(RunQuery::MaxDepth, QLatin1Char('(')) + QStringLiteral("id = 1")
                             + QString(RunQuery::MaxDepth, QLatin1Char(')'));
        QueryError error;
        QVERIFY2(RunQuery::parse(parens, &error), qPrintable(error.text()));
        QVERIFY2(RunQuery::parse(QString("not ").repeated(RunQuery::MaxDepth) + "id = 1", &error), qPrintable(error.text()));
        QVERIFY(!RunQuery::parse(QString(RunQuery::MaxDepth + 1, QLatin1Char('(')) + QStringLiteral("id = 1")
                                     + QString(RunQuery::MaxDepth + 1, QLatin1Char(')')),
                                 &error));
        QVERIFY2(RunQuery::parse(QStringLiteral("optim.lr < 1.7e308"), &error), qPrintable(error.text()));
    }

    void hostileInputs()
    {
        QFETCH(QString, query);
        QFETCH(int, position);
        QFETCH(QString, says);
        QueryError error;
        const auto q = RunQuery::parse(query, &error);
        QVERIFY2(!q, qPrintable(query));
        QVERIFY2(error.message.contains(says), qPrintable(error.text()));
        QCOMPARE(error.position + 1, position);
        QVERIFY(error.text().startsWith(QStringLiteral("at %1: ").arg(position)));
    }
};

QTEST_GUILESS_MAIN(tst_runquery)
#include "tst_runquery.moc"
