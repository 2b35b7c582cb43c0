// core/json and core/files: the strict JSON reader (what QJsonDocument lets
// through — a key given twice, NaN, trailing text — refused with the line,
// the column and the key; every good document read as QJsonDocument reads
// it) and reading a file a user named (folders, fifos, devices, dangling and
// looping links, empty and oversized files named as such, never a hang).

#include <QtTest/QtTest>

#include "files/userfile.h"
#include "json/strictjson.h"
#include "json/usertext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <sys/stat.h>
#include <unistd.h>

using gatefold::json::StrictJson;

class TstJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsWhatQtReads_data();
    void readsWhatQtReads();
    void refusesWithLineAndKey_data();
    void refusesWithLineAndKey();
    void linesOfKeys();
    void integersStayExact();
    void userFiles_data();
    void userFiles();
    void fifoWithoutWriterDoesNotBlock();

private:
    QTemporaryDir m_dir;
};

void TstJson::readsWhatQtReads_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("object") << QByteArray(R"({"a": 1, "b": [true, false, null], "c": {"d": "e"}})");
    QTest::newRow("numbers") << QByteArray(R"([0, 1.5, -2e-3, 1E+10, 123456789012, 0.1, 1e308, 5e-324])");
    QTest::newRow("escapes") << QByteArray(R"(["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00"])");
    QTest::newRow("utf-8") << QByteArray("[\"gr\xc3\xbc\xc3\x9f \xe4\xb8\xad \xf0\x9f\x98\x80\"]");
    QTest::newRow("white space") << QByteArray(" \r\n\t{ \"a\" :\n[ ] , \"b\":{} }\n\n");
    QTest::newRow("scalar root") << QByteArray("42");
    QTest::newRow("empty key") << QByteArray(R"({"": 1})");
    QTest::newRow("deep") << QByteArray(QByteArray(90, '[') + QByteArray(90, ']'));
}

void TstJson::readsWhatQtReads()
{
    QFETCH(QByteArray, text);
    QString error;
    const auto strict = StrictJson::parse(text, &error);
    QVERIFY2(strict, qPrintable(error));
    QJsonParseError qtError;
    const QJsonDocument qt = QJsonDocument::fromJson("[" + text + "]", &qtError);  // wrapped: Qt takes no scalar root
    QCOMPARE(qtError.error, QJsonParseError::NoError);
    QCOMPARE(strict->root(), qt.array().at(0));
}

void TstJson::refusesWithLineAndKey_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("mentions");
    auto row = [](const char *name, const QByteArray &text, const QStringList &mentions) {
        QTest::newRow(name) << text << mentions;
    };
    row("duplicate key", "{\n  \"embed_dim\": 192,\n  \"depth\": 4,\n  \"embed_dim\": 864\n}",
        {"line 4", "\"embed_dim\" is given twice", "first on line 2"});
    row("nested duplicate", "{\"optim\": {\n\"lr\": 1,\n\"lr\": 2}}", {"line 3", "in optim:", "\"lr\" is given twice"});
    row("trailing comma", "{\n\"depth\": 4,\n}", {"line 3", "trailing comma"});
    row("trailing comma in list", "[1, 2,]", {"line 1", "trailing comma"});
    row("text after the value", "{}\n{}", {"line 2", "more text after the end"});
    row("garbage after", "{\"a\": 1} x", {"line 1, column 10", "more text"});
    row("comment", "{\n// a comment\n\"a\": 1}", {"line 2", "no comments"});
    row("single quotes", "{'a': 1}", {"single quotes"});
    row("unquoted key", "{a: 1}", {"double quotes"});
    row("NaN", "{\"optim.lr\": NaN}", {"in optim.lr", "NaN and Infinity"});
    row("Infinity", "[-Infinity]", {"NaN and Infinity"});
    row("huge number", "{\"x\": 1e400}", {"in x", "too large"});
    row("leading zero", "[012]", {"leading zeros"});
    row("plus sign", "[+1]", {"starts with a digit"});
    row("bare point", "[.5]", {"starts with a digit"});
    row("point without digits", "[1.]", {"digit must follow"});
    row("exponent without digits", "[1e]", {"exponent"});
    row("Python None", "{\"a\": None}", {"None is Python"});
    row("True", "[True]", {"lower case"});
    row("line break in text", "{\"a\": \"x\ny\"}", {"line 1", "line break"});
    row("tab in text", "[\"a\tb\"]", {"tab"});
    row("control character", QByteArray("[\"a\x01\"]", 5), {"control character"});
    row("NUL outside", QByteArray("{\"a\":\0}", 7), {"0x00"});
    row("bad escape", R"(["C:\data"])", {"\\d is not an escape", "backslash"});
    row("lone high surrogate", R"(["\ud800"])", {"second half"});
    row("lone low surrogate", R"(["\udc00x"])", {"first half"});
    row("short \\u", R"(["\u12"])", {"four hex digits"});
    row("invalid UTF-8", "[\"\xff\"]", {"not UTF-8"});
    row("overlong UTF-8", "[\"\xc0\xaf\"]", {"not UTF-8"});
    row("UTF-8 surrogate", "[\"\xed\xa0\x80\"]", {"not UTF-8"});
    row("UTF-16", QByteArray("\xff\xfe{\0}\0", 6), {"UTF-16"});
    row("empty", "", {"empty"});
    row("only space", " \n ", {"empty or only white space"});
    row("unclosed object", "{\"a\": 1", {"opens on line 1", "a } is missing"});
    row("unclosed list", "[1,\n2", {"opens on line 1", "a ] is missing"});
    row("unclosed text", "{\"a\": \"abc", {"never closed"});
    row("missing comma", "{\"a\": 1\n\"b\": 2}", {"line 2", "comma is missing"});
    row("missing colon", "{\"a\" 1}", {"':'"});
    row("too deep", QByteArray(200, '['), {"deeper than 100"});
    row("truncated literal", "[tru", {"line 1"});
}

void TstJson::refusesWithLineAndKey()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, mentions);
    QString error;
    QVERIFY(!StrictJson::parse(text, &error));
    QVERIFY2(error.startsWith("line "), qPrintable(error));
    for (const QString &m : mentions)
        QVERIFY2(error.contains(m), qPrintable(error + " — lacks: " + m));
}

void TstJson::linesOfKeys()
{
    const QByteArray text = "{\n  \"a\": 1,\n  \"b\": {\n    \"c/d\": [\n      true,\n      {\"e~\": 2}\n    ]\n  }\n}";
    QString error;
    const auto doc = StrictJson::parse(text, &error);
    QVERIFY2(doc, qPrintable(error));
    QCOMPARE(doc->lineOf(""), 1);
    QCOMPARE(doc->lineOf("/a"), 2);
    QCOMPARE(doc->lineOf("/b"), 3);
    QCOMPARE(StrictJson::member("/b", "c/d"), QStringLiteral("/b/c~1d"));
    QCOMPARE(doc->lineOf("/b/c~1d"), 4);
    QCOMPARE(doc->lineOf("/b/c~1d/0"), 5);
    QCOMPARE(doc->lineOf(StrictJson::member("/b/c~1d/1", "e~")), 6);
    QCOMPARE(doc->lineOf("/nothing"), 0);
}

void TstJson::integersStayExact()
{
    QString error;
    const auto doc = StrictJson::parse("[9007199254740993, 9223372036854775807, -9223372036854775808, 1e2, 2.5]",
                                       &error);
    QVERIFY2(doc, qPrintable(error));
    const QJsonArray a = doc->root().toArray();
    QCOMPARE(a.at(0).toInteger(), Q_INT64_C(9007199254740993));  // beyond a double's 2^53
    QCOMPARE(a.at(1).toInteger(), std::numeric_limits<qint64>::max());
    QCOMPARE(a.at(2).toInteger(), std::numeric_limits<qint64>::min());
    QCOMPARE(a.at(3).toInteger(), Q_INT64_C(100));
    QCOMPARE(a.at(4).toDouble(), 2.5);
}

void TstJson::userFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("mention");
    QTest::newRow("missing") << "missing.json" << "does not exist";
    QTest::newRow("folder") << "folder" << "is a folder, not a file";
    QTest::newRow("empty") << "empty.json" << "is empty";
    QTest::newRow("dangling link") << "dangling.json" << "which does not exist";
    QTest::newRow("link loop") << "loop.json" << "loop";
    QTest::newRow("device") << "/dev/zero" << "is a device";
    QTest::newRow("too large") << "large.json" << "more than the 16.0 MiB";
    QTest::newRow("under a file") << "plain.json/x" << "a part of the path is a file";
}

void TstJson::userFiles()
{
    QFETCH(QString, name);
    QFETCH(QString, mention);
    QVERIFY(m_dir.isValid());
    const QString d = m_dir.path();
    QDir().mkpath(d + "/folder");
    QFile(d + "/empty.json").open(QIODevice::WriteOnly);
    QFile plain(d + "/plain.json");
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.write("{}");
    plain.close();
    QFile::link(d + "/nowhere.json", d + "/dangling.json");
    QFile::link(d + "/loop.json", d + "/loop.json");
    if (!QFile::exists(d + "/large.json")) {
        QFile large(d + "/large.json");
        QVERIFY(large.open(QIODevice::WriteOnly));
        QVERIFY(large.resize(qint64(17) << 20));  // sparse: nothing written
    }
    const QString path = name.startsWith('/') ? name : d + "/" + name;
    QString error;
    QVERIFY(!gatefold::json::readUserText(path, &error));
    QVERIFY2(error.contains(mention), qPrintable(error));
    QVERIFY2(error.contains(path), qPrintable(error));  // names the file
    QVERIFY(gatefold::json::readUserText(d + "/plain.json", &error).value() == "{}");
}

void TstJson::fifoWithoutWriterDoesNotBlock()
{
    // A fifo nobody writes to reads as empty (a plain open() would wait for a writer for ever).
    const QString fifo = m_dir.filePath("fifo.json");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    QString error;
    QVERIFY(!gatefold::json::readUserText(fifo, &error));
    QVERIFY2(error.contains("is empty"), qPrintable(error));
    // A data file must be a regular file: a fifo is refused as such, without reading it.
    std::string why;
    std::vector<std::uint8_t> bytes;
    QVERIFY(!gatefold::files::readFile(fifo.toStdString(), 1 << 20, gatefold::files::Accept::RegularFile, &bytes, &why));
    QVERIFY2(QString::fromStdString(why).contains("fifo"), why.c_str());
}

QTEST_GUILESS_MAIN(TstJson)
#include "tst_json.moc"
