#include "interfacelanguage.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace gatefold::widgets {

QLocale interfaceLocale(const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    return locale.language() == QLocale::C ? QLocale(QLocale::English) : locale;
}

bool installTranslators(const QLocale &locale, QTranslator &ours, QTranslator &qts)
{
    if (ours.load(locale, QStringLiteral("gatefold"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&ours);
    if (!qts.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        return locale.language() == QLocale::English;
    QCoreApplication::installTranslator(&qts);
    return true;
}

} // namespace gatefold::widgets
