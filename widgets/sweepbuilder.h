#pragma once

#include "ashasettings.h"
#include "sweepaxeseditor.h"

#include "config/sweepgrid.h"
#include "config/trainconfig.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace gatefold::widgets {

class EarlyStopBox;

// Builds a sweep over the run form's config: how settings are searched (every combination of their
// values on a grid, or N settings drawn at random from a search seed), each setting with its values
// or the range it is drawn from, the seeds, and optionally early stopping (ASHA); shows at once how
// many runs that makes (every point validated by the engine's rules) or what is wrong. The grid it
// writes is the same JSON a `gatefold-cli sweep --grid` file holds.
class SweepBuilder : public QDialog
{
    Q_OBJECT
public:
    SweepBuilder(const train::RunConfig &base, QWidget *parent = nullptr);

    void setName(const QString &name);
    // Adds a row "key: values" (values as typed: comma-separated, or semicolon-separated for list values).
    void addAxis(const QString &key, const QString &values);
    // Adds a row of another kind: a choice of `low` (its values), or a range [low, high].
    void addAxis(const QString &key, SweepAxesEditor::Kind kind, const QString &low, const QString &high = QString());
    void setSeeds(const QString &seeds);
    // Random search with `runs` settings drawn from `searchSeed`; false: a grid.
    void setRandom(bool random, int runs = 20, int searchSeed = 0);
    // Where the runs go, on the button that queues them ("Submit to Slurm").
    void setQueueText(const QString &text);
    // Early stopping cannot be had here (`why`: what to do instead); turning it on is then a problem.
    void refuseEarlyStop(const QString &why);

    QByteArray gridJson() const;
    // The runs the grid makes, or false with the problems.
    bool plan(train::SweepPlan *plan, QStringList *errors) const;
    QString summary() const;  // what the dialog shows under the grid
    // Early stopping when it is on (and its fields are right): the sweep is then run by a controller.
    std::optional<AshaSettings> earlyStop() const;

private:
    void update();
    QLayout *searchRow();

    train::RunConfig m_base;
    QLineEdit *m_name;
    QComboBox *m_method;
    QSpinBox *m_runs;
    QSpinBox *m_searchSeed;
    SweepAxesEditor *m_axes;
    QLineEdit *m_seeds;
    EarlyStopBox *m_earlyStop;
    QLabel *m_summary;
    QPushButton *m_ok;
    QString m_queueText;
    QString m_noEarlyStop;  // why early stopping cannot be had, "" when it can
};

} // namespace gatefold::widgets
