#pragma once

// The run query's words (runquery.h), in the translation context "RunQuery".

#include <QCoreApplication>
#include <QString>

namespace gatefold::tables {

inline QString tr(const char *text)
{
    return QCoreApplication::translate("RunQuery", text);
}

} // namespace gatefold::tables
