#pragma once

#include "store/storetypes.h"

#include <QDialog>
#include <QList>

#include <vector>

class QTreeWidget;

namespace gatefold::widgets {

// At start: the runs nobody will run any more — queued by a window or queue
// that is gone, or marked running by an engine that died (now crashed) —
// listed once, each with what taking it up does (queue it again, or resume it
// from its last checkpoint). Nothing happens to them unless the user says so.
class StrandedRunsDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Choice { TakeUp, CancelQueued, Leave };

    explicit StrandedRunsDialog(const std::vector<store::RunRecord> &runs, QWidget *parent = nullptr);

    Choice choice() const { return m_choice; }
    QList<qint64> checkedRuns() const;  // the rows left ticked

private:
    QTreeWidget *m_list;
    Choice m_choice = Choice::Leave;
};

} // namespace gatefold::widgets
