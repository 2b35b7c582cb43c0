#pragma once

#include <QFrame>
#include <QString>

class QComboBox;
class QToolButton;

namespace gatefold::widgets {

class CurvePlot;

// One panel of the curves workspace: a metric (chosen or typed) above its plot, with buttons to fit
// the view, export what is drawn (PNG, SVG, PDF or CSV) and remove the panel.
class CurvePanel : public QFrame
{
    Q_OBJECT
public:
    explicit CurvePanel(const QString &metric, QWidget *parent = nullptr);

    QString metric() const;
    void setMetric(const QString &key);
    CurvePlot *plot() const { return m_plot; }
    QComboBox *metricBox() const { return m_metric; }
    QToolButton *fitButton() const { return m_fit; }
    QToolButton *removeButton() const { return m_remove; }
    void setRemovable(bool on);  // the last panel stays
    // Asks for a file and writes the plot there (by its extension); false when cancelled or refused.
    bool exportTo();

    // The metrics offered in every panel's list (any other key can be typed).
    static QStringList knownMetrics();

Q_SIGNALS:
    void metricChanged(const QString &key);
    void removeRequested();

private:
    QComboBox *m_metric;
    QToolButton *m_fit;
    QToolButton *m_export;
    QToolButton *m_remove;
    CurvePlot *m_plot;
};

} // namespace gatefold::widgets
