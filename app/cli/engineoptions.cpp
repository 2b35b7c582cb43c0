#include "engineoptions.h"
#include "clitext.h"

#include "runoptions.h"

#include <QCommandLineParser>

namespace gatefold::cli {

void addEngineOptions(QCommandLineParser &parser)
{
    addStoreOption(parser);
    parser.addOption({"json", tr("Print one JSON object per line on stdout (for the GUI and scripts).")});
    parser.addOption({"stop-at-step",
                      tr("Stop as if cancelled once this many steps are taken (saves a checkpoint; resume continues)."),
                      tr("n")});
    parser.addOption({"accept-modified-checkpoint",
                      tr("Load a checkpoint although it is not what was written (its content hash or the store's "
                         "sha256 differs); recorded in the run as checkpoint/accepted-modified.")});
}

std::optional<qint64> wholeOption(const QCommandLineParser &parser, const QString &name, QStringList *errors)
{
    if (!parser.isSet(name))
        return std::nullopt;
    bool ok = false;
    const qint64 v = parser.value(name).toLongLong(&ok);
    if (!ok || v < 0) {
        errors->append(tr("--%1 must be a whole number >= 0, not '%2'").arg(name, parser.value(name)));
        return std::nullopt;
    }
    return v;
}

} // namespace gatefold::cli
