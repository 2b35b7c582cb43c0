#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::widgets {

// The run form's sections, in order: Data, Augmentation, Model, Gates (CDE),
// Folds (joining), Optimisation, Schedules, Compute.
QStringList fieldGroups();
// The section a setting key belongs to.
QString fieldGroup(const QString &key);

} // namespace gatefold::widgets
