#include "settingsconfig.h"

#include "runconfigjson.h"
#include "fieldtable.h"
#include "runvalidation.h"
#include "runpresets.h"

namespace gatefold::train {

bool isRunSetting(const QString &key)
{
    return config::findField(key.toStdString()) != nullptr;
}

bool applySettings(const QMap<QString, QString> &settings, RunConfig *config, QStringList *problems)
{
    QStringList found;
    for (auto it = settings.begin(); it != settings.end(); ++it) {
        const config::Field *field = config::findField(it.key().toStdString());
        if (!field) {
            found << QStringLiteral("%1: not a Gatefold setting").arg(it.key());
            continue;
        }
        QString value = it.value().trimmed();
        const bool list = field->type == config::FieldType::IntegerList || field->type == config::FieldType::NumberList;
        if (list && value.startsWith(QLatin1Char('[')) && value.endsWith(QLatin1Char(']')))
            value = value.mid(1, value.size() - 2).remove(QLatin1Char(' '));  // Python's str(list)
        if (field->type == config::FieldType::Boolean && (value == QLatin1String("True") || value == QLatin1String("False")))
            value = value.toLower();  // Python's str(bool)
        std::string why;
        if (!config::applyAssignment(*config, (it.key() + QLatin1Char('=') + value).toStdString(), &why))
            found << QString::fromStdString(why);
    }
    if (problems)
        *problems << found;
    return found.isEmpty();
}

bool runConfigFromSettings(const QMap<QString, QString> &settings, QByteArray *configJson, QStringList *problems)
{
    // Settings not given keep the values `gatefold-cli train` starts from.
    RunConfig config = demoRun();
    QStringList found;
    if (applySettings(settings, &config, &found))
        for (const auto &p : validateRunConfig(config))
            found << QStringLiteral("%1: %2").arg(QString::fromStdString(p.field), QString::fromStdString(p.message));
    if (problems)
        *problems = found;
    if (!found.isEmpty())
        return false;
    if (configJson)
        *configJson = runConfigToJson(config);
    return true;
}

} // namespace gatefold::train
