#pragma once

#include "config/sweepgrid.h"
#include "config/trainconfig.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace gatefold::widgets {

// Builds a sweep over the run form's config: settings to vary, each with its
// values, and seeds; shows at once how many runs that makes (every point
// validated by the engine's rules) or what is wrong. The grid it writes is
// the same JSON a `gatefold-cli sweep --grid` file holds.
class SweepBuilder : public QDialog
{
    Q_OBJECT
public:
    SweepBuilder(const train::RunConfig &base, QWidget *parent = nullptr);

    void setName(const QString &name);
    // Adds a row "key: values" (values as typed: comma-separated, or semicolon-separated for list values).
    void addAxis(const QString &key, const QString &values);
    void setSeeds(const QString &seeds);
    // Where the runs go, on the button that queues them ("Submit to Slurm").
    void setQueueText(const QString &text);

    QByteArray gridJson() const;
    // The runs the grid makes, or nullopt with the problems.
    bool plan(train::SweepPlan *plan, QStringList *errors) const;
    QString summary() const;  // what the dialog shows under the grid

private:
    void update();

    train::RunConfig m_base;
    QLineEdit *m_name;
    QTableWidget *m_axes;
    QLineEdit *m_seeds;
    QLabel *m_summary;
    QPushButton *m_ok;
};

} // namespace gatefold::widgets
