// zh_CN and de stay complete: lupdate (a real child process) is run on the UI
// sources into copies of the .ts files, and every message must then have a
// finished translation with the same placeholders as its source.

#include <QtTest/QtTest>

#include <QProcess>
#include <QRegularExpression>
#include <QXmlStreamReader>

class TstTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fieldHelpIsCurrent();
    void completeAfterLupdate_data();
    void completeAfterLupdate();
};

void TstTranslations::fieldHelpIsCurrent()
{
    // Every setting's help text (what the form shows as its tooltip) is in translations/fieldhelp.cpp.
    QProcess cli;
    cli.start(QStringLiteral(GATEFOLD_CLI_PATH), {QStringLiteral("config"), QStringLiteral("--keys")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    QFile file(QStringLiteral(GATEFOLD_SOURCE_DIR) + QStringLiteral("/translations/fieldhelp.cpp"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString marked = QString::fromUtf8(file.readAll());
    QStringList missing;
    for (const QString &line : QString::fromUtf8(cli.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts)) {
        const QString help = line.section(QStringLiteral("  "), 1).trimmed();
        QString escaped = help;
        escaped.replace('\\', QStringLiteral("\\\\")).replace('"', QStringLiteral("\\\""));
        if (!help.isEmpty() && !marked.contains(QStringLiteral("\"%1\"").arg(escaped)))
            missing << line.section(' ', 0, 0);
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("run scripts/update-field-help.sh; not in fieldhelp.cpp: ")
                                           + missing.join(QStringLiteral(", "))));
}

void TstTranslations::completeAfterLupdate_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("target");
    QTest::newRow("de") << "de" << "de_DE";
    QTest::newRow("zh_CN") << "zh_CN" << "zh_CN";
}

void TstTranslations::completeAfterLupdate()
{
    QFETCH(QString, language);
    QFETCH(QString, target);
    const QString root = QStringLiteral(GATEFOLD_SOURCE_DIR);
    const QString lupdate = QStringLiteral(GATEFOLD_LUPDATE);
    QTemporaryDir dir;
    const QString ts = dir.filePath(QStringLiteral("gatefold_%1.ts").arg(language));
    QVERIFY(QFile::copy(root + QStringLiteral("/translations/gatefold_%1.ts").arg(language), ts));
    QFile::setPermissions(ts, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QStringList sources;
    for (const QString &folder : {QStringLiteral("widgets"), QStringLiteral("app/gui"), QStringLiteral("core/launch")})
        for (const QFileInfo &f : QDir(root + '/' + folder).entryInfoList({"*.cpp", "*.h"}, QDir::Files))
            sources << f.absoluteFilePath();
    sources << root + QStringLiteral("/translations/fieldhelp.cpp");
    QProcess p;
    p.start(lupdate, QStringList{"-no-obsolete", "-target-language", target} + sources + QStringList{"-ts", ts});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);

    QFile file(ts);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int messages = 0;
    QStringList missing;
    QString source;
    static const QRegularExpression placeholder(QStringLiteral("%[0-9n]"));
    auto placeholders = [](const QString &text) {
        QStringList found;
        auto it = placeholder.globalMatch(text);
        while (it.hasNext())
            found << it.next().captured();
        found.sort();
        found.removeDuplicates();
        return found;
    };
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            ++messages;
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (unfinished || text.trimmed().isEmpty())
                missing << source;
            else if (placeholders(text) != placeholders(source))
                missing << QStringLiteral("%1 (placeholders differ: %2)").arg(source, text);
        }
    }
    QVERIFY(!xml.hasError());
    QVERIFY(messages > 100);
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 untranslated in %2:\n").arg(missing.size()).arg(language)
                                           + missing.join('\n')));
}

QTEST_GUILESS_MAIN(TstTranslations)
#include "tst_translations.moc"
