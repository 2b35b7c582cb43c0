// The window never loads LibTorch (issue 17): the `gatefold` binary names no LibTorch, OpenCV or ONNX
// library among its DT_NEEDED entries, nor among what the loader maps for it (ldd), and the widgets
// library links none of the engine's targets; core/slurm links Qt Core alone. Qt only: this test links
// nothing of the engine either.

#include <QtTest/QtTest>

#include <QFile>
#include <QProcess>

#include <cstring>
#include <elf.h>

namespace {

// The DT_NEEDED entries of a 64-bit little-endian ELF file; empty with `error` set when it is not one.
QStringList neededLibraries(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    const QByteArray bytes = file.readAll();
    Elf64_Ehdr header;
    if (bytes.size() < qsizetype(sizeof header) || !bytes.startsWith(ELFMAG) || bytes[EI_CLASS] != ELFCLASS64) {
        *error = QStringLiteral("not a 64-bit ELF file");
        return {};
    }
    std::memcpy(&header, bytes.constData(), sizeof header);
    const auto section = [&](int i) {
        Elf64_Shdr s;
        std::memcpy(&s, bytes.constData() + header.e_shoff + qsizetype(i) * header.e_shentsize, sizeof s);
        return s;
    };
    QStringList needed;
    for (int i = 0; i < header.e_shnum; ++i) {
        const Elf64_Shdr dynamic = section(i);
        if (dynamic.sh_type != SHT_DYNAMIC)
            continue;
        const Elf64_Shdr strings = section(int(dynamic.sh_link));
        for (Elf64_Xword at = 0; at + sizeof(Elf64_Dyn) <= dynamic.sh_size; at += sizeof(Elf64_Dyn)) {
            Elf64_Dyn entry;
            std::memcpy(&entry, bytes.constData() + dynamic.sh_offset + at, sizeof entry);
            if (entry.d_tag == DT_NEEDED)
                needed << QString::fromLatin1(bytes.constData() + strings.sh_offset + entry.d_un.d_val);
        }
    }
    if (needed.isEmpty())
        *error = QStringLiteral("no DT_NEEDED entries found");
    return needed;
}

const QStringList kEngineLibraries = {QStringLiteral("libtorch"), QStringLiteral("libc10"),
                                      QStringLiteral("libopencv"), QStringLiteral("libonnx")};

QStringList engineLibrariesIn(const QStringList &libraries)
{
    QStringList found;
    for (const QString &library : libraries)
        for (const QString &engine : kEngineLibraries)
            if (library.contains(engine))
                found << library;
    return found;
}

} // namespace

class TstLayering : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readerSeesTheEngineInTheCli();
    void windowNeedsNoEngineLibrary();
    void windowMapsNoEngineLibrary();
    void widgetsLinkNoEngineTarget();
    void slurmLinksQtCoreAlone();
};

void TstLayering::readerSeesTheEngineInTheCli()
{
    // The reader is honest: the engine binary does name LibTorch.
    QString error;
    const QStringList needed = neededLibraries(QStringLiteral(GATEFOLD_CLI_PATH), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(!engineLibrariesIn(needed).isEmpty(), qPrintable(needed.join(", ")));
}

void TstLayering::windowNeedsNoEngineLibrary()
{
    QString error;
    const QStringList needed = neededLibraries(QStringLiteral(GATEFOLD_GUI_PATH), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(needed.join(' ').contains(QStringLiteral("libQt6Widgets")), qPrintable(needed.join(", ")));
    const QStringList engine = engineLibrariesIn(needed);
    QVERIFY2(engine.isEmpty(), qPrintable(QStringLiteral("gatefold needs ") + engine.join(", ")));
}

void TstLayering::windowMapsNoEngineLibrary()
{
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {QStringLiteral(GATEFOLD_GUI_PATH)});
    if (!ldd.waitForStarted())
        QSKIP("ldd is not installed");
    QVERIFY(ldd.waitForFinished(60000));
    const QStringList mapped = QString::fromLocal8Bit(ldd.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
    QVERIFY2(mapped.size() > 5, qPrintable(mapped.join('\n')));
    const QStringList engine = engineLibrariesIn(mapped);
    QVERIFY2(engine.isEmpty(), qPrintable(QStringLiteral("gatefold maps ") + engine.join(", ")));
}

void TstLayering::widgetsLinkNoEngineTarget()
{
    // What CMake links gatefold_widgets with (written at configure time), and what those link in turn.
    QFile file(QStringLiteral(GATEFOLD_WIDGETS_LINKS));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
    const QStringList links = QString::fromUtf8(file.readAll()).split(QRegularExpression(QStringLiteral("[\\s;]+")),
                                                                      Qt::SkipEmptyParts);
    QVERIFY2(links.contains(QStringLiteral("Gatefold::config")), qPrintable(links.join(", ")));
    for (const char *forbidden : {"Gatefold::train", "Gatefold::model", "Gatefold::analysis", "Gatefold::inspect",
                                  "Gatefold::export", "Gatefold::data", "Gatefold::runtime", "gatefold_train",
                                  "gatefold_model", "gatefold_analysis", "gatefold_inspect", "gatefold_export",
                                  "gatefold_data", "torch", "opencv_core", "onnx"})
        QVERIFY2(!links.contains(QString::fromLatin1(forbidden)), forbidden);
}

void TstLayering::slurmLinksQtCoreAlone()
{
    // core/slurm (issue 18) talks to Slurm's commands and writes scripts: Qt Core, nothing else of
    // ours or of the engine, so the window can use it through core/launch.
    QFile file(QStringLiteral(GATEFOLD_SLURM_LINKS));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
    const QStringList links = QString::fromUtf8(file.readAll()).split(QRegularExpression(QStringLiteral("[\\s;]+")),
                                                                      Qt::SkipEmptyParts);
    QCOMPARE(links, QStringList{QStringLiteral("Qt6::Core")});
}

QTEST_GUILESS_MAIN(TstLayering)
#include "tst_layering.moc"
