#pragma once

// The exporters' words, in the translation context "export".

#include <QCoreApplication>
#include <QString>

namespace gatefold::exporting {

inline QString tr(const char *text)
{
    return QCoreApplication::translate("export", text);
}

} // namespace gatefold::exporting
