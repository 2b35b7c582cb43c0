#include "problemtext.h"

#include <QCoreApplication>
#include <QStringList>

namespace gatefold::widgets {

QString problemText(const model::ConfigProblem &problem)
{
    if (problem.text.empty())
        return QString::fromStdString(problem.message);
    const QString text = QCoreApplication::translate("ConfigProblem", problem.text.c_str());
    // %1 … %9 in one pass, as model::fillPlaceholders does: a value that itself holds "%2" stays as typed.
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar next = i + 1 < text.size() ? text[i + 1] : QChar();
        const int n = next.digitValue();
        if (text[i] == QLatin1Char('%') && n >= 1 && n <= 9 && size_t(n) <= problem.args.size()) {
            out += QString::fromStdString(problem.args[size_t(n - 1)]);
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace gatefold::widgets
