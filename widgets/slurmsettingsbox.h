#pragma once

#include "slurm/slurmoptions.h"

#include <QGroupBox>

class QLabel;
class QLineEdit;
class QSpinBox;

namespace gatefold::widgets {

// The Slurm options runs queued from the window ask for (Settings): partition, time limit, CPUs per
// task, generic resources, nodes, processes per node and further sbatch options, each checked as
// it is typed by core/slurm's own rules (the CLI's), its problem in red under it.
class SlurmSettingsBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit SlurmSettingsBox(QWidget *parent = nullptr);

    void setOptions(const slurm::SlurmOptions &options);
    // What the fields say (sbatch options split at spaces).
    slurm::SlurmOptions options() const;
    // Every problem, one line each; empty when the options are valid.
    QStringList problems() const;

Q_SIGNALS:
    void edited();

private:
    QLineEdit *addText(const QString &label, const QString &placeholder, const QString &tip);
    QSpinBox *addCount(const QString &label, int low, int high, const QString &special, const QString &tip);
    // Shows under each text field the problems that field alone has.
    void check();

    QLineEdit *m_partition = nullptr;
    QLineEdit *m_time = nullptr;
    QSpinBox *m_cpus = nullptr;
    QLineEdit *m_gres = nullptr;
    QSpinBox *m_nodes = nullptr;
    QSpinBox *m_nproc = nullptr;
    QLineEdit *m_sbatchArgs = nullptr;
    std::vector<std::pair<QWidget *, QLabel *>> m_errors;  // a field and the red line under it
};

} // namespace gatefold::widgets
