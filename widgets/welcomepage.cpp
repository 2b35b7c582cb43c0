#include "welcomepage.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace gatefold::widgets {

WelcomePage::WelcomePage(const QString &storePath, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    auto *title = new QLabel(tr("No runs in this store yet"));
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    title->setFont(big);
    auto *where = new QLabel(tr("Store: %1").arg(storePath));
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    where->setForegroundRole(QPalette::PlaceholderText);
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(16);
    grid->setVerticalSpacing(14);
    m_demo = addChoice(grid, 0, tr("Queue the demo run"),
                       tr("A small ViT on the built-in shapes data set, about a minute on a laptop CPU. Its curves "
                          "appear here while it trains; Inspect and Export work on it when it is done."));
    m_open = addChoice(grid, 1, tr("Open a store…"),
                       tr("Runs trained before, in another run store (a .sqlite file). Gatefold starts again on it "
                          "and opens it from now on."));
    m_import = addChoice(grid, 2, tr("Import MLflow runs…"),
                         tr("Runs from an MLflow tracking folder (mlruns/): their parameters, metrics and "
                            "artifacts become runs of this store."));
    auto *form = new QLabel(tr("Or set a run up in the form on the left (presets: the papers' tables) and press "
                               "Queue run (Ctrl+Return)."));
    form->setWordWrap(true);
    auto *column = new QVBoxLayout;
    column->addWidget(title);
    column->addWidget(where);
    column->addSpacing(18);
    column->addLayout(grid);
    column->addSpacing(18);
    column->addWidget(form);
    auto *outer = new QGridLayout(this);
    outer->addLayout(column, 1, 1);
    outer->setRowStretch(0, 1);
    outer->setRowStretch(2, 2);
    outer->setColumnStretch(0, 1);
    outer->setColumnStretch(2, 1);
    outer->setColumnMinimumWidth(1, 420);
    connect(m_demo, &QPushButton::clicked, this, &WelcomePage::demoRequested);
    connect(m_open, &QPushButton::clicked, this, &WelcomePage::openStoreRequested);
    connect(m_import, &QPushButton::clicked, this, &WelcomePage::importRequested);
}

QPushButton *WelcomePage::addChoice(QGridLayout *grid, int row, const QString &title, const QString &text)
{
    auto *button = new QPushButton(title);
    button->setMinimumHeight(button->sizeHint().height() * 3 / 2);
    auto *label = new QLabel(text);
    label->setWordWrap(true);
    label->setMaximumWidth(460);
    grid->addWidget(button, row, 0);
    grid->addWidget(label, row, 1);
    return button;
}

} // namespace gatefold::widgets
