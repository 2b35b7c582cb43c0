// The Debian package as cpack builds it from this build tree (nothing is
// rebuilt and nothing installed): its control fields, its file list, the
// desktop entry and AppStream metainfo through Debian's own validators, the
// icons, the man pages, and the packaged executables run from an extracted
// copy (dpkg-deb -x).

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#endif

namespace {

struct Result {
    int exitCode = -1;  // -1: did not start, crashed or hung
    QString out;
    QString err;
};

Result run(const QString &program, const QStringList &arguments,
           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(), int timeoutMs = 120000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(program, arguments);
    Result r;
    if (!process.waitForStarted() || !process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

// A control file ("Field: value", continuation lines indented) as field → value.
QMap<QString, QString> parseControl(const QString &text)
{
    QMap<QString, QString> fields;
    QString last;
    for (const QString &line : text.split('\n')) {
        if (line.isEmpty())
            continue;
        if (line.front().isSpace() && !last.isEmpty()) {
            fields[last] += '\n' + line;
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        last = line.left(colon);
        fields[last] = line.mid(colon + 1).trimmed();
    }
    return fields;
}

// A .desktop file's [Desktop Entry] group as key → value.
QMap<QString, QString> parseDesktopEntry(const QString &path)
{
    QMap<QString, QString> keys;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return keys;
    bool inEntry = false;
    for (const QString &line : QString::fromUtf8(file.readAll()).split('\n')) {
        if (line.startsWith('['))
            inEntry = line == QLatin1String("[Desktop Entry]");
        else if (inEntry && line.contains('='))
            keys.insert(line.section('=', 0, 0), line.section('=', 1));
    }
    return keys;
}

const QStringList kIconSizes = {"16", "32", "48", "64", "128", "256"};

} // namespace

class TstPackage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void controlFields();
    void dependsComputed();
    void fileList_data();
    void fileList();
    void nothingOutsideUsr();
    void desktopEntry();
    void metainfo();
    void icons();
    void manPages();
    void packagedCliRuns();
    void packagedGuiRuns();
    void translationsInsideTheBinary();
    void packagedWindowOpens();
    void aptResolvesDependencies();

private:
    QString dpkgDeb() const { return QStandardPaths::findExecutable(QStringLiteral("dpkg-deb")); }
    QString extracted(const QString &path) const { return m_root + '/' + path; }

    QTemporaryDir m_dir;
    QString m_deb;
    QString m_root;  // the package extracted with dpkg-deb -x
    QMap<QString, QString> m_control;
    QStringList m_contents;  // paths as dpkg-deb --contents lists them, without the leading "./"
    QMap<QString, QString> m_modes;
};

void TstPackage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(!dpkgDeb().isEmpty(), "dpkg-deb is part of dpkg: every Debian system has it");

    // cpack on the already-built tree, into our own directory (the build dir
    // is shared; its _CPack_Packages staging stays out of it).
    QElapsedTimer timer;
    timer.start();
    const Result cpack = run(QStringLiteral(GATEFOLD_CPACK), {"-G", "DEB", "--config", QStringLiteral(GATEFOLD_BUILD_DIR "/CPackConfig.cmake"),
                                                          "-B", m_dir.path()}, QProcessEnvironment::systemEnvironment(), 300000);
    QVERIFY2(cpack.exitCode == 0, qPrintable(cpack.out + cpack.err));
    qInfo("cpack -G DEB: %.1f s", timer.elapsed() / 1000.0);
    const QStringList debs = QDir(m_dir.path()).entryList({"*.deb"}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    m_deb = m_dir.filePath(debs.front());
    const QString arch = run("dpkg", {"--print-architecture"}).out.trimmed();
    QCOMPARE(debs.front(), QStringLiteral("gatefold_%1_%2.deb").arg(QStringLiteral(GATEFOLD_VERSION), arch));

    const Result info = run(dpkgDeb(), {"--info", m_deb, "control"});
    QVERIFY2(info.exitCode == 0, qPrintable(info.err));
    m_control = parseControl(info.out);

    const Result contents = run(dpkgDeb(), {"--contents", m_deb});
    QVERIFY2(contents.exitCode == 0, qPrintable(contents.err));
    // drwxr-xr-x root/root         0 2026-11-22 00:00 ./usr/bin/
    for (const QString &line : contents.out.split('\n', Qt::SkipEmptyParts)) {
        const QStringList columns = line.split(' ', Qt::SkipEmptyParts);
        QVERIFY2(columns.size() >= 6 && columns.last().startsWith(QLatin1String("./")), qPrintable(line));
        QString path = columns.last().mid(2);
        if (path.endsWith('/'))
            path.chop(1);
        m_contents << path;
        m_modes.insert(path, columns.front());
    }

    m_root = m_dir.filePath(QStringLiteral("root"));
    const Result x = run(dpkgDeb(), {"-x", m_deb, m_root});
    QVERIFY2(x.exitCode == 0, qPrintable(x.err));
}

void TstPackage::controlFields()
{
    QCOMPARE(m_control.value("Package"), QStringLiteral("gatefold"));
    QCOMPARE(m_control.value("Version"), QStringLiteral(GATEFOLD_VERSION));
    QCOMPARE(m_control.value("Architecture"), run("dpkg", {"--print-architecture"}).out.trimmed());
    QCOMPARE(m_control.value("Section"), QStringLiteral("science"));
    QVERIFY2(m_control.value("Maintainer").contains(QRegularExpression("<[^@>]+@[^>]+>")), qPrintable(m_control.value("Maintainer")));
    // A synopsis line, then an extended description of indented lines.
    const QStringList description = m_control.value("Description").split('\n');
    QVERIFY2(description.size() >= 5, qPrintable(m_control.value("Description")));
    QVERIFY(description.front().contains(QLatin1String("Vision Transformer")));
    QVERIFY(description.front().size() <= 80);
    for (qsizetype i = 1; i < description.size(); ++i)
        QVERIFY2(description.at(i).startsWith(' ') && description.at(i).size() <= 81, qPrintable(description.at(i)));
    QVERIFY(m_control.value("Description").contains(QLatin1String("gatefold-cli")));
    QVERIFY(m_control.value("Installed-Size").toLongLong() > 1000);  // KiB: the two executables at least
}

void TstPackage::dependsComputed()
{
    // Depends comes from dpkg-shlibdeps on the executables, plus the SQL plugin it cannot see.
    const QString depends = m_control.value("Depends");
    qInfo("Depends: %s", qPrintable(depends));
    for (const char *package : {"libtorch", "libqt6core6", "libqt6gui6", "libqt6widgets6", "libqt6sql6",
                                "libqt6svg6", "libqcustomplot", "libc6", "libstdc++6", "libqt6sql6-sqlite"})
        QVERIFY2(depends.contains(QRegularExpression(QStringLiteral("(^|, )%1[^,]*").arg(QRegularExpression::escape(package)))),
                 qPrintable(QStringLiteral("%1 missing from Depends: %2").arg(package, depends)));
    QVERIFY2(depends.contains(QRegularExpression(R"(libqt6core6 \(>= 6\.\d+)")), qPrintable(depends));
    const QString recommends = m_control.value("Recommends");
    for (const char *package : {"libqt6sql6-psql", "fonts-wqy-microhei", "qt6-qpa-plugins"})
        QVERIFY2(recommends.contains(QLatin1String(package)), qPrintable(recommends));
}

void TstPackage::fileList_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("executable");
    QTest::newRow("gatefold") << "usr/bin/gatefold" << true;
    QTest::newRow("gatefold-cli") << "usr/bin/gatefold-cli" << true;
    QTest::newRow("desktop") << "usr/share/applications/gatefold.desktop" << false;
    QTest::newRow("metainfo") << "usr/share/metainfo/org.gatefold.Gatefold.metainfo.xml" << false;
    QTest::newRow("svg") << "usr/share/icons/hicolor/scalable/apps/gatefold.svg" << false;
    for (const QString &size : kIconSizes)
        QTest::newRow(qPrintable("png " + size)) << QStringLiteral("usr/share/icons/hicolor/%1x%1/apps/gatefold.png").arg(size) << false;
    QTest::newRow("man gatefold") << "usr/share/man/man1/gatefold.1.gz" << false;
    QTest::newRow("man gatefold-cli") << "usr/share/man/man1/gatefold-cli.1.gz" << false;
    QTest::newRow("copyright") << "usr/share/doc/gatefold/copyright" << false;
}

void TstPackage::fileList()
{
    QFETCH(QString, path);
    QFETCH(bool, executable);
    QVERIFY2(m_contents.contains(path), qPrintable(path + " not in the package:\n" + m_contents.join('\n')));
    QCOMPARE(m_modes.value(path), executable ? QStringLiteral("-rwxr-xr-x") : QStringLiteral("-rw-r--r--"));
    QVERIFY(QFileInfo(extracted(path)).size() > 0);
}

void TstPackage::nothingOutsideUsr()
{
    // Only /usr, and in it only what a desktop application installs: no
    // headers, static libraries, tests, benchmarks or the icon render tool.
    const QRegularExpression allowed(R"(^(usr|usr/(bin|share)(/.*)?)$)");
    for (const QString &path : m_contents)
        if (!path.isEmpty())
            QVERIFY2(allowed.match(path).hasMatch(), qPrintable(path));
    const QStringList bin = QDir(extracted("usr/bin")).entryList(QDir::Files);
    QCOMPARE(bin, QStringList({"gatefold", "gatefold-cli"}));
    // No build-tree RPATH left in the executables.
    const QString readelf = QStandardPaths::findExecutable(QStringLiteral("readelf"));
    if (readelf.isEmpty())
        QSKIP("readelf (binutils) is not installed: the RPATH check is skipped");
    for (const QString &exe : bin) {
        const Result dyn = run(readelf, {"-d", extracted("usr/bin/" + exe)});
        QCOMPARE(dyn.exitCode, 0);
        QVERIFY2(!dyn.out.contains(QLatin1String("RPATH")) && !dyn.out.contains(QLatin1String("RUNPATH")), qPrintable(dyn.out));
    }
}

void TstPackage::desktopEntry()
{
    const QString path = extracted("usr/share/applications/gatefold.desktop");
    const QMap<QString, QString> keys = parseDesktopEntry(path);
    QCOMPARE(keys.value("Type"), QStringLiteral("Application"));
    QCOMPARE(keys.value("Name"), QStringLiteral("Gatefold"));
    QCOMPARE(keys.value("Icon"), QStringLiteral("gatefold"));
    QCOMPARE(keys.value("Terminal"), QStringLiteral("false"));
    QVERIFY(keys.value("Categories").split(';').contains(QLatin1String("Science")));
    QVERIFY(!keys.value("Keywords").isEmpty());
    for (const char *key : {"GenericName", "Comment", "Keywords"})
        for (const char *lang : {"de", "zh_CN"})
            QVERIFY2(!keys.value(QStringLiteral("%1[%2]").arg(key, lang)).isEmpty(), qPrintable(QStringLiteral("%1[%2]").arg(key, lang)));
    // What Exec starts is in the package, in /usr/bin.
    const QString exec = keys.value("Exec").section(' ', 0, 0);
    QCOMPARE(exec, QStringLiteral("gatefold"));
    QVERIFY(m_contents.contains("usr/bin/" + exec));

    const QString validator = QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
    if (validator.isEmpty())
        QSKIP("desktop-file-validate is not installed (apt-get install desktop-file-utils): validation skipped");
    const Result r = run(validator, {path});
    QVERIFY2(r.exitCode == 0 && r.out.trimmed().isEmpty(), qPrintable(r.out + r.err));
}

void TstPackage::metainfo()
{
    const QString path = extracted("usr/share/metainfo/org.gatefold.Gatefold.metainfo.xml");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString xml = QString::fromUtf8(file.readAll());
    QVERIFY(xml.contains(QLatin1String("<id>org.gatefold.Gatefold</id>")));
    QVERIFY(xml.contains(QLatin1String("<metadata_license>CC0-1.0</metadata_license>")));
    QVERIFY(xml.contains(QLatin1String("<project_license>GPL-3.0-or-later</project_license>")));
    QVERIFY(xml.contains(QStringLiteral("<release version=\"%1\"").arg(QStringLiteral(GATEFOLD_VERSION))));
    // The launchable and the binaries it provides are in the package.
    QVERIFY(xml.contains(QLatin1String("<launchable type=\"desktop-id\">gatefold.desktop</launchable>")));
    QVERIFY(m_contents.contains("usr/share/applications/gatefold.desktop"));
    for (const char *binary : {"gatefold", "gatefold-cli"}) {
        QVERIFY(xml.contains(QStringLiteral("<binary>%1</binary>").arg(binary)));
        QVERIFY(m_contents.contains(QStringLiteral("usr/bin/%1").arg(binary)));
    }

    const QString validator = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
    if (validator.isEmpty())
        QSKIP("appstreamcli is not installed (apt-get install appstream): validation skipped");
    const Result r = run(validator, {"validate", "--no-net", "--explain", path});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    // Errors and warnings fail; pedantic notes (e.g. the upper-case letter in the id) are allowed.
    QVERIFY2(!r.out.contains(QRegularExpression(R"(^\s*[EW]: )", QRegularExpression::MultilineOption)), qPrintable(r.out));
}

void TstPackage::icons()
{
    QSvgRenderer svg(extracted("usr/share/icons/hicolor/scalable/apps/gatefold.svg"));
    QVERIFY(svg.isValid());
    QCOMPARE(svg.defaultSize(), QSize(256, 256));
    for (const QString &size : kIconSizes) {
        const QImage png(extracted(QStringLiteral("usr/share/icons/hicolor/%1x%1/apps/gatefold.png").arg(size)));
        QVERIFY2(!png.isNull(), qPrintable(size));
        QCOMPARE(png.size(), QSize(size.toInt(), size.toInt()));
        QVERIFY(png.hasAlphaChannel());
        // The rounded corners are transparent and the middle is drawn (the render is of the mark, not empty).
        QCOMPARE(qAlpha(png.pixel(0, 0)), 0);
        QCOMPARE(qAlpha(png.pixel(png.width() / 2, png.height() / 2)), 255);
    }
    // The 256 px render is the SVG drawn at 256 px.
    QImage reference(256, 256, QImage::Format_ARGB32_Premultiplied);
    reference.fill(Qt::transparent);
    QPainter painter(&reference);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter, QRectF(0, 0, 256, 256));
    painter.end();
    const QImage png = QImage(extracted("usr/share/icons/hicolor/256x256/apps/gatefold.png")).convertToFormat(QImage::Format_ARGB32_Premultiplied);
    int worst = 0;
    for (int y = 0; y < 256; ++y)
        for (int x = 0; x < 256; ++x) {
            const QRgb a = png.pixel(x, y), b = reference.pixel(x, y);
            worst = std::max({worst, std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                              std::abs(qBlue(a) - qBlue(b)), std::abs(qAlpha(a) - qAlpha(b))});
        }
    QVERIFY2(worst <= 1, qPrintable(QString::number(worst)));
}

void TstPackage::manPages()
{
    for (const QString &page : {QStringLiteral("gatefold"), QStringLiteral("gatefold-cli")}) {
        const Result r = run("gzip", {"-dc", extracted("usr/share/man/man1/" + page + ".1.gz")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(".TH " + page.toUpper() + " 1 "), qPrintable(r.out.left(80)));
        QVERIFY(r.out.contains(QStringLiteral("Gatefold %1").arg(QStringLiteral(GATEFOLD_VERSION))));
        QVERIFY(r.out.contains(QLatin1String(".SH SYNOPSIS")));
    }
}

void TstPackage::packagedCliRuns()
{
    const Result r = run(extracted("usr/bin/gatefold-cli"), {"--version"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral(GATEFOLD_VERSION)), qPrintable(r.out));
}

void TstPackage::packagedGuiRuns()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    const Result r = run(extracted("usr/bin/gatefold"), {"--version"}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QCOMPARE(r.out.trimmed(), QStringLiteral("gatefold %1").arg(QStringLiteral(GATEFOLD_VERSION)));
}

void TstPackage::translationsInsideTheBinary()
{
    // The package ships no .qm files: gatefold carries them as a Qt resource
    // (app/gui), so the packaged binary alone speaks German and Chinese.
    for (const QString &path : std::as_const(m_contents))
        QVERIFY2(!path.endsWith(QLatin1String(".qm")), qPrintable(path));
    QTemporaryDir config;  // no Settings language of the person running the test
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", config.path());
    env.remove("LANGUAGE");
    env.remove("LC_MESSAGES");
    const QList<QPair<QString, QString>> cases = {{"de_DE.UTF-8", "eine Werkbank für die Forschung an Vision Transformern"},
                                                  {"C.UTF-8", "a workbench for Vision Transformer research"}};
    for (const auto &[locale, expected] : cases) {
        env.insert("LC_ALL", locale);
        env.insert("LANG", locale);
        const Result r = run(extracted("usr/bin/gatefold"), {"--help"}, env);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(expected), qPrintable(locale + ":\n" + r.out));
    }
}

void TstPackage::packagedWindowOpens()
{
    // The whole start-up of the packaged window, offscreen, on a new store in
    // a temp dir: plugins, store driver, run form, a picture of the window.
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", home.filePath("config"));
    env.insert("XDG_DATA_HOME", home.filePath("data"));
    env.remove("GATEFOLD_CLI");
    const QString shot = home.filePath("window.png");
    const Result r = run(extracted("usr/bin/gatefold"),
                         {"--store", home.filePath("runs.sqlite"), "--screenshot", shot, "--screenshot-after", "300"}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const QImage picture(shot);
    QVERIFY2(!picture.isNull() && picture.width() > 400 && picture.height() > 300, qPrintable(r.err));
    QVERIFY(QFileInfo(home.filePath("runs.sqlite")).size() > 0);
}

void TstPackage::aptResolvesDependencies()
{
    // apt's solver, simulating only (-s: nothing is installed, no root needed), on the
    // local package lists: every Depends and Recommends is a package Debian has.
    const QString aptGet = QStandardPaths::findExecutable(QStringLiteral("apt-get"));
    if (aptGet.isEmpty())
        QSKIP("apt-get is not installed: the dependency resolution check is skipped");
    const Result r = run(aptGet, {"install", "--simulate", m_deb});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QLatin1String("Inst gatefold ")) || r.out.contains(QLatin1String("gatefold is already the newest version")),
             qPrintable(r.out));
}

GATEFOLD_TEST_MAIN(TstPackage)
#include "tst_package.moc"
