#include "costsummary.h"

#include "config/configvalidator.h"
#include "config/costformula.h"

#include <QCoreApplication>
#include <QLocale>

namespace gatefold::widgets {

QString costSummary(const model::ViTConfig &config)
{
    if (!model::validateConfig(config).empty())
        return QCoreApplication::translate("ConfigForm", "Parameters and GFLOPs: — (the model settings have problems)");
    const auto rows = model::closedFormCost(config);
    const double gmacs = double(model::totalMacs(rows)) / 1e9;
    return QCoreApplication::translate("ConfigForm", "%1 parameters · %2 GMACs (%3 GFLOPs) per image, forward")
        .arg(QLocale().toString(qlonglong(model::totalParams(rows))), QLocale().toString(gmacs, 'f', 3),
             QLocale().toString(2.0 * gmacs, 'f', 3));
}

} // namespace gatefold::widgets
