#pragma once

#include <QByteArray>
#include <QString>

namespace gatefold::widgets {

// What a gatefold-cli child said went wrong on its standard error: from its first "error: " line on,
// that prefix left out (lines before it are its warnings and notes, or a library's); everything when
// it printed no such line.
QString engineError(const QByteArray &stderrBytes);

} // namespace gatefold::widgets
