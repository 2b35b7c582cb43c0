#pragma once

// For looking at a widget test: with GATEFOLD_SCREENSHOTS=DIR set, saves the widget as DIR/NAME.

#include <QDir>
#include <QString>
#include <QWidget>

namespace gatefold::test {

// The folder screenshots go to; empty when none are wanted.
inline QString screenshotDir()
{
    return qEnvironmentVariable("GATEFOLD_SCREENSHOTS");
}

inline void screenshot(QWidget *w, const QString &name)
{
    if (!screenshotDir().isEmpty())
        w->grab().save(QDir(screenshotDir()).filePath(name));
}

} // namespace gatefold::test
