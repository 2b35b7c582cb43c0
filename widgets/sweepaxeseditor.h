#pragma once

#include <QJsonObject>
#include <QStringList>
#include <QWidget>

class QTableWidget;

namespace gatefold::widgets {

// The settings a sweep varies, one row each: the setting, how it varies — a list of values (every
// one run, on a grid or drawn from at random), a choice (the same, by name), or a range to draw from
// (uniform, log-uniform, integer uniform [low, high]) — and its values or bounds. Bounds are
// checked in place (a field that is wrong turns red and says why); grid() is the "grid" object of a
// grid file (core/config/sweepgrid.h).
class SweepAxesEditor : public QWidget
{
    Q_OBJECT
public:
    enum class Kind { List, Choice, Uniform, LogUniform, IntUniform };

    explicit SweepAxesEditor(QWidget *parent = nullptr);

    // A row "key: values" (values as typed: comma-separated, or semicolon-separated for list values).
    void addAxis(const QString &key, const QString &values);
    // A row of another kind: `values` for List and Choice, `low`/`high` the bounds of a range.
    void addAxis(const QString &key, Kind kind, const QString &low, const QString &high = QString());
    void removeCurrent();
    int count() const;

    // {"key": [v…] | {"choice": [v…]} | {"uniform": [a, b]} | …}: values as the JSON type their
    // setting reads; text that does not read as one stays text (the planner names it).
    QJsonObject grid() const;
    // What is wrong, in words, and the wrong fields marked; `random`: the sweep draws at random (a
    // range cannot be laid on a grid).
    QStringList problems(bool random) const;
    static QString kindKey(Kind kind);  // "list", "choice", "uniform", "log_uniform", "int_uniform"

Q_SIGNALS:
    void changed();

private:
    Kind kindAt(int row) const;
    QString keyAt(int row) const;
    QString textAt(int row, int column) const;
    void kindChanged(int row);
    // The bounds of a range row: their problem, "" when they are right.
    QString rangeProblem(int row, bool *lowWrong, bool *highWrong) const;

    QTableWidget *m_table;
};

} // namespace gatefold::widgets
