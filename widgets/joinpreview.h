#pragma once

#include "config/trainconfig.h"

#include <QVector>
#include <QWidget>

#include <cstdint>

class QCustomPlot;
class QLabel;

namespace gatefold::widgets {

// λ(t) of a joining run as the trainer will set it (config::JoinSchedule, the same code the
// trainer runs): a small plot over the run's optimiser steps with the warm-up and adjustment
// phases marked, and a line that says where they fall — and when the run ends before λ reaches 1.
// The steps per epoch come from the training images (known for the built-in sets; a folder's
// once the engine has read it: setTrainImages) over train.batch_size x train.accum_steps.
class JoinPreview : public QWidget
{
    Q_OBJECT
public:
    explicit JoinPreview(QWidget *parent = nullptr);

    // 0: as far as the data set's name tells (folder: unknown).
    void setConfig(const train::RunConfig &config, std::int64_t trainImages = 0);

    // What is drawn (tests): the steps and λ at each, and the run's steps (0: not known).
    const QVector<double> &steps() const { return m_steps; }
    const QVector<double> &lambdas() const { return m_lambdas; }
    std::int64_t totalSteps() const { return m_totalSteps; }
    QString caption() const;
    QCustomPlot *plot() const { return m_plot; }

    // The training images of a config's data set where its name says (builtin: data.train_size;
    // cifar10/100: 50000; mnist, fashion-mnist: 60000); 0 for a folder.
    static std::int64_t knownTrainImages(const train::RunConfig &config);

protected:
    void changeEvent(QEvent *event) override;

private:
    void draw(const train::RunConfig &config);
    void markPhase(double step, const QString &label);

    QCustomPlot *m_plot;
    QLabel *m_caption;
    QVector<double> m_steps;
    QVector<double> m_lambdas;
    std::int64_t m_totalSteps = 0;
};

} // namespace gatefold::widgets
