#include "quitdialog.h"

#include <QMessageBox>
#include <QPushButton>
#include <QStringList>

namespace gatefold::widgets {

QuitDialog::Choice QuitDialog::ask(QWidget *parent, int training, int waiting, int sweeps)
{
    QMessageBox box(QMessageBox::Question, tr("Quit Gatefold"), QString(), QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("quitDialog"));
    QStringList text;
    if (training > 0)
        text << tr("%n run(s) are training.", nullptr, training);
    if (waiting > 0)
        text << (training > 0 ? tr("%n more wait in the queue.", nullptr, waiting)
                              : tr("%n run(s) wait in the queue.", nullptr, waiting));
    if (sweeps > 0)
        text << tr("Sweeps with early stopping run by this window: %n. Quitting stops them either way (their runs "
                   "save a checkpoint); Run ▸ Continue sweep carries them on later.",
                   nullptr, sweeps);
    box.setText(text.join(QLatin1Char(' ')));
    box.setInformativeText(
        tr("Keep running: the runs train on in the background (the queued ones start in turn, as many at a "
           "time as now), and Gatefold shows them again when it next starts.\n"
           "Stop: each training run saves a checkpoint and ends as cancelled (Resume continues it); queued "
           "runs stay queued and are offered when Gatefold next starts."));
    auto *keep = box.addButton(tr("&Keep running in the background"), QMessageBox::AcceptRole);
    keep->setObjectName(QStringLiteral("keepRunning"));
    auto *stop = box.addButton(tr("&Stop at a checkpoint"), QMessageBox::DestructiveRole);
    stop->setObjectName(QStringLiteral("stopRuns"));
    auto *stay = box.addButton(tr("Sta&y"), QMessageBox::RejectRole);
    stay->setObjectName(QStringLiteral("stay"));
    box.setDefaultButton(keep);
    box.setEscapeButton(stay);
    box.exec();
    if (box.clickedButton() == keep)
        return Choice::KeepRunning;
    if (box.clickedButton() == stop)
        return Choice::Stop;
    return Choice::Stay;
}

} // namespace gatefold::widgets
