#pragma once

// For looking at a widget test: with GATEFOLD_SCREENSHOTS=DIR set, saves the widget as DIR/NAME.

#include <QWidget>

namespace gatefold::test {

inline void screenshot(QWidget *w, const char *name)
{
    if (qEnvironmentVariableIsSet("GATEFOLD_SCREENSHOTS"))
        w->grab().save(qEnvironmentVariable("GATEFOLD_SCREENSHOTS") + QLatin1Char('/') + QLatin1String(name));
}

} // namespace gatefold::test
