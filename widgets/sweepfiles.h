#pragma once

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace gatefold::widgets {

// A sweep's run config and grid written for an engine child to read (`sweep --config C --grid G`):
// config.json and grid.json in a temporary folder that lives as long as the returned object.
struct SweepFiles {
    std::unique_ptr<QTemporaryDir> folder;
    QString config;
    QString grid;
};

// The files written, or an empty `folder` with `error` saying why they could not be.
SweepFiles writeSweepFiles(const QByteArray &configJson, const QByteArray &gridJson, QString *error);

} // namespace gatefold::widgets
