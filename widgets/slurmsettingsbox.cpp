#include "slurmsettingsbox.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {
namespace {

QStringList splitArguments(const QString &text)
{
    return text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

} // namespace

SlurmSettingsBox::SlurmSettingsBox(QWidget *parent)
    : QGroupBox(tr("Slurm options"), parent)
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_partition = addText(tr("Partition (--partition):"), tr("the cluster's default partition"),
                          tr("Where the jobs wait and run; sinfo -s lists the partitions"));
    m_time = addText(tr("Time limit (--time):"), tr("the partition's limit, e.g. 90, 4:00:00 or 2-00:00:00"),
                     tr("A job still training at its limit is stopped and its run marked crashed; Resume "
                        "continues it from its last checkpoint"));
    m_cpus = addCount(tr("CPUs per task (--cpus-per-task):"), 0, 4096, tr("Slurm's default (1)"),
                      tr("Cores each task gets; runs with compute.threads = 0 train with as many threads"));
    m_gres = addText(tr("Generic resources (--gres):"), tr("none, e.g. gpu:1 or gpu:a100:2"),
                     tr("What each node of a job needs besides cores, such as GPUs"));
    m_nodes = addCount(tr("Nodes (--nodes):"), 1, 10000, QString(),
                       tr("Machines one run's data-parallel job spans; more than one needs a store every node "
                          "reaches (a postgresql:// URL), never an SQLite file"));
    m_nproc = addCount(tr("Processes per node (--nproc):"), 1, 1024, QString(),
                       tr("Data-parallel ranks srun starts on each node (one per GPU with --gres gpu:N). With 1 on "
                          "one node, a run whose compute.processes is above 1 starts its ranks itself inside its "
                          "one task"));
    m_sbatchArgs = addText(tr("Further sbatch options:"), tr("e.g. --account=lab --qos=high"),
                           tr("Each written as one #SBATCH line of the job's script, as --name=value, separated by "
                              "spaces"));
    m_partition->setObjectName(QStringLiteral("slurmPartition"));
    m_time->setObjectName(QStringLiteral("slurmTime"));
    m_cpus->setObjectName(QStringLiteral("slurmCpusPerTask"));
    m_gres->setObjectName(QStringLiteral("slurmGres"));
    m_nodes->setObjectName(QStringLiteral("slurmNodes"));
    m_nproc->setObjectName(QStringLiteral("slurmProcessesPerNode"));
    m_sbatchArgs->setObjectName(QStringLiteral("slurmSbatchArgs"));
    for (auto *line : {m_partition, m_time, m_gres, m_sbatchArgs})
        connect(line, &QLineEdit::textChanged, this, [this] {
            check();
            Q_EMIT edited();
        });
    for (auto *spin : {m_cpus, m_nodes, m_nproc})
        connect(spin, &QSpinBox::valueChanged, this, &SlurmSettingsBox::edited);
    check();
}

QLineEdit *SlurmSettingsBox::addText(const QString &label, const QString &placeholder, const QString &tip)
{
    auto *line = new QLineEdit(this);
    line->setPlaceholderText(placeholder);
    line->setToolTip(tip);
    auto *error = new QLabel(this);
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #c62828;"));
    error->hide();
    auto *cell = new QWidget(this);
    auto *cellLayout = new QVBoxLayout(cell);
    cellLayout->setContentsMargins(0, 0, 0, 0);
    cellLayout->setSpacing(1);
    cellLayout->addWidget(line);
    cellLayout->addWidget(error);
    static_cast<QFormLayout *>(layout())->addRow(label, cell);
    m_errors.emplace_back(line, error);
    return line;
}

QSpinBox *SlurmSettingsBox::addCount(const QString &label, int low, int high, const QString &special, const QString &tip)
{
    auto *spin = new QSpinBox(this);
    spin->setRange(low, high);
    spin->setSpecialValueText(special);
    spin->setToolTip(tip);
    static_cast<QFormLayout *>(layout())->addRow(label, spin);
    return spin;
}

void SlurmSettingsBox::setOptions(const slurm::SlurmOptions &options)
{
    m_partition->setText(options.partition);
    m_time->setText(options.time);
    m_cpus->setValue(options.cpusPerTask);
    m_gres->setText(options.gres);
    m_nodes->setValue(options.nodes);
    m_nproc->setValue(options.nproc);
    m_sbatchArgs->setText(options.sbatchArgs.join(QLatin1Char(' ')));
}

slurm::SlurmOptions SlurmSettingsBox::options() const
{
    slurm::SlurmOptions o;
    o.partition = m_partition->text().trimmed();
    o.time = m_time->text().trimmed();
    o.cpusPerTask = m_cpus->value();
    o.gres = m_gres->text().trimmed();
    o.nodes = m_nodes->value();
    o.nproc = m_nproc->value();
    o.sbatchArgs = splitArguments(m_sbatchArgs->text());
    return o;
}

QStringList SlurmSettingsBox::problems() const
{
    return slurm::slurmOptionProblems(options());
}

// Each field checked alone (the others at Slurm's defaults), so its problems are its own: no
// message is taken apart to find out which field it is about.
void SlurmSettingsBox::check()
{
    const slurm::SlurmOptions all = options();
    for (const auto &[field, error] : m_errors) {
        slurm::SlurmOptions alone;
        if (field == m_partition)
            alone.partition = all.partition;
        else if (field == m_time)
            alone.time = all.time;
        else if (field == m_gres)
            alone.gres = all.gres;
        else
            alone.sbatchArgs = all.sbatchArgs;
        const QStringList problems = slurm::slurmOptionProblems(alone);
        error->setText(problems.join(QLatin1Char('\n')));
        error->setVisible(!problems.isEmpty());
        // A form row does not ask a wrapped label for the height its width needs: all its lines
        // are on show only with a minimum height (the dialog grows to it).
        error->setMinimumHeight(problems.isEmpty() ? 0 : error->heightForWidth(std::max(field->width(), 240)));
    }
}

} // namespace gatefold::widgets
