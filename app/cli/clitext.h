#pragma once

// The command line's words, in the translation context "cli".

#include <QCoreApplication>
#include <QString>

namespace gatefold::cli {

inline QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

} // namespace gatefold::cli
