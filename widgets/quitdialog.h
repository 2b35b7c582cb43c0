#pragma once

#include <QCoreApplication>

class QWidget;

namespace gatefold::widgets {

// What quitting does with the runs the window follows: they are detached
// engines, so they can train on without it (and the window re-attaches at
// its next start), stop at a checkpoint (Resume continues them), or the
// window stays open.
class QuitDialog
{
    Q_DECLARE_TR_FUNCTIONS(QuitDialog)
public:
    enum class Choice { KeepRunning, Stop, Stay };
    // `training`: engines running; `waiting`: runs in the window's queue not started yet; `sweeps`:
    // sweep controllers (early stopping) this window runs — they stop either way.
    static Choice ask(QWidget *parent, int training, int waiting, int sweeps = 0);
};

} // namespace gatefold::widgets
