#pragma once

#include "config/field.h"

#include <QString>
#include <QStringList>

namespace gatefold::widgets {

// The run form's section titles, translated, in the field table's group order
// (config::fieldGroups(): Training, Data, Augmentation, Model, Gates (CDE), Folds
// (joining), Optimisation, Schedules, Compute, Distillation).
QStringList fieldGroupTitles();

// A setting's help, translated (context "RunField"), with its choices: what
// the form shows as the tooltip and the placeholder.
QString fieldHelp(const config::Field &field);

} // namespace gatefold::widgets
