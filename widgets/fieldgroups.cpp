#include "fieldgroups.h"

#include <QCoreApplication>

namespace gatefold::widgets {
namespace {

bool isScheduleKey(const QString &key)
{
    static const QStringList keys = {"train.epochs", "optim.warmup_epochs", "optim.min_lr", "cde.ramp_epochs",
                                     "cde.tau_schedule", "cde.tau_end", "join.schedule", "join.warmup_steps",
                                     "join.adjust_steps", "join.stage", "join.start_step"};
    return keys.contains(key);
}

} // namespace

QStringList fieldGroups()
{
    return {QCoreApplication::translate("FieldGroups", "Data"),
            QCoreApplication::translate("FieldGroups", "Augmentation"),
            QCoreApplication::translate("FieldGroups", "Model"),
            QCoreApplication::translate("FieldGroups", "Gates (CDE)"),
            QCoreApplication::translate("FieldGroups", "Folds (joining)"),
            QCoreApplication::translate("FieldGroups", "Optimisation"),
            QCoreApplication::translate("FieldGroups", "Schedules"),
            QCoreApplication::translate("FieldGroups", "Compute")};
}

QString fieldGroup(const QString &key)
{
    const QStringList groups = fieldGroups();
    if (isScheduleKey(key))
        return groups[6];
    if (key.startsWith(QLatin1String("data.")) && key != QLatin1String("data.workers")
        && key != QLatin1String("data.prefetch") && key != QLatin1String("data.cache_mb"))
        return groups[0];
    if (key.startsWith(QLatin1String("aug.")))
        return groups[1];
    if (key.startsWith(QLatin1String("gate.")) || key.startsWith(QLatin1String("cde."))
        || key == QLatin1String("train.kmeans_batches"))
        return groups[3];
    if (key.startsWith(QLatin1String("join.")))
        return groups[4];
    if (key.startsWith(QLatin1String("optim.")) || key == QLatin1String("train.batch_size"))
        return groups[5];
    if (key.startsWith(QLatin1String("compute.")) || key.startsWith(QLatin1String("train."))
        || key.startsWith(QLatin1String("data.")) || key.startsWith(QLatin1String("init.")))
        return groups[7];
    return groups[2];  // the model's own keys: img_size, embed_dim, depth, …
}

} // namespace gatefold::widgets
