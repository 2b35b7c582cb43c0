#include "sweepfiles.h"

#include <QCoreApplication>
#include <QFile>

namespace gatefold::widgets {
namespace {

bool writeWhole(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

SweepFiles writeSweepFiles(const QByteArray &configJson, const QByteArray &gridJson, QString *error)
{
    SweepFiles files{std::make_unique<QTemporaryDir>(), {}, {}};
    files.config = files.folder->filePath(QStringLiteral("config.json"));
    files.grid = files.folder->filePath(QStringLiteral("grid.json"));
    if (files.folder->isValid() && writeWhole(files.config, configJson) && writeWhole(files.grid, gridJson))
        return files;
    *error = QCoreApplication::translate("SweepFiles",
                                         "the sweep's grid and config could not be written to a temporary folder (%1)")
                 .arg(files.folder->errorString());
    files.folder.reset();
    return files;
}

} // namespace gatefold::widgets
