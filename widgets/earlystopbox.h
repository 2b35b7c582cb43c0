#pragma once

#include "ashasettings.h"

#include <QGroupBox>

#include <optional>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace gatefold::widgets {

// The Sweep dialog's "Early stopping" group, off by default: ASHA with the metric it ranks runs by
// (the usual ones offered, any typed), whether higher or lower is better (set from the metric's
// direction when the metric changes), the rungs (epochs, checked in place against the runs'
// train.epochs) and η.
class EarlyStopBox : public QGroupBox
{
    Q_OBJECT
public:
    // `epochs`: the base config's train.epochs (the last rung may not lie past it).
    explicit EarlyStopBox(int epochs, QWidget *parent = nullptr);

    // nullopt when early stopping is off or a field is wrong (problems() says what).
    std::optional<AshaSettings> settings() const;
    // What is wrong with the fields, in words (none when off); the rungs field is marked in place.
    QStringList problems() const;

Q_SIGNALS:
    void changed();

private:
    void metricChanged(const QString &metric);
    void check();

    int m_epochs;
    QComboBox *m_metric;
    QComboBox *m_mode;
    QLineEdit *m_rungs;
    QSpinBox *m_eta;
};

} // namespace gatefold::widgets
