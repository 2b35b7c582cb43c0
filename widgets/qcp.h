#pragma once

// <qcustomplot.h> uses the `signals`/`slots`/`emit`/`foreach` keywords that
// QT_NO_KEYWORDS removes (Gatefold sets it: Qt's `signals`/`slots` macros collide with
// LibTorch's identifiers): give them back for this header only.
#if defined(QT_NO_KEYWORDS)
#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach
#else
#include <qcustomplot.h>
#endif
