#include "fieldtext.h"

#include "config/enumnames.h"

#include <QCoreApplication>

namespace gatefold::widgets {

QStringList fieldGroupTitles()
{
    QStringList titles;
    for (config::FieldGroup group : config::fieldGroups())
        titles << QCoreApplication::translate("FieldGroups", config::groupName(group));
    return titles;
}

QString fieldHelp(const config::Field &field)
{
    const QString help = QCoreApplication::translate("RunField", field.help);
    if (field.choices.empty())
        return help;
    return QStringLiteral("%1 (%2)").arg(help, QString::fromStdString(config::joinChoices(field.choices)));
}

} // namespace gatefold::widgets
