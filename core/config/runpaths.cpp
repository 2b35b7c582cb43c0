#include "runpaths.h"

#include "runconfigjson.h"
#include "fieldtable.h"
#include "runvalidation.h"

#include <QDir>

namespace gatefold::train {
namespace {

QString absolutePath(const QString &path, const QString &base)
{
    if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
        return QDir::cleanPath(QDir::homePath() + path.mid(1));
    return QDir::cleanPath(QDir(base).absoluteFilePath(path));
}

} // namespace

RunConfig withAbsolutePaths(RunConfig config, const QString &base)
{
    for (const config::Field &field : config::fields()) {
        if (!field.path)
            continue;
        const QString value = QString::fromStdString(field.get(config));
        if (value.isEmpty())
            continue;  // not set: nothing to anchor
        const QString anchored = absolutePath(value, base);
        if (anchored != value)
            field.set(config, anchored.toStdString(), nullptr);
    }
    return config;
}

RunConfig withAbsolutePaths(RunConfig config)
{
    return withAbsolutePaths(std::move(config), QDir::currentPath());
}

} // namespace gatefold::train
