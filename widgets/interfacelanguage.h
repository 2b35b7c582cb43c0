#pragma once

#include <QLocale>
#include <QString>

class QTranslator;

namespace gatefold::widgets {

// The interface language: `language` ("de", "zh_CN"; empty: the system's) as a locale; C becomes
// English so plural forms ("1 run", "2 runs") come from gatefold_en.
QLocale interfaceLocale(const QString &language);

// Loads and installs our strings (`ours`, from :/i18n) and Qt's own (`qts`: Yes/No, the standard
// dialogs, from Debian's qt6-translations-l10n) for `locale`. Both must live as long as the
// application. Returns whether Qt's own strings were found (English needs none).
bool installTranslators(const QLocale &locale, QTranslator &ours, QTranslator &qts);

} // namespace gatefold::widgets
