#include "engineerror.h"

#include <QRegularExpression>
#include <QStringList>

namespace gatefold::widgets {

QString engineError(const QByteArray &stderrBytes)
{
    QStringList lines = QString::fromUtf8(stderrBytes).trimmed().split(QLatin1Char('\n'));
    const qsizetype first = lines.indexOf(QRegularExpression(QStringLiteral("^error: .*")));
    if (first < 0)
        return lines.join(QLatin1Char('\n')).trimmed();
    lines = lines.mid(first);
    lines.first().remove(0, 7);
    return lines.join(QLatin1Char('\n'));
}

} // namespace gatefold::widgets
