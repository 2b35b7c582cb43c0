#pragma once

// Free text in the store (run names, tags, notes, messages) on its way in and
// out: names and tags are one line of printable text, and whatever a store
// holds reaches a terminal only escaped (an escape sequence in a note must
// not move the cursor, recolour or retitle the terminal of `runs show`).

#include <QString>
#include <QStringList>

namespace gatefold::store {

// Whether `c` is a character a terminal or a table does not show as itself:
// a control character (C0, DEL, C1), a line or paragraph separator, or a
// bidirectional embedding, override or isolate (they reorder what follows).
bool isControlCharacter(QChar c);

// Why `text` cannot be a run's `what` ("name", "tag"): the first control
// character in it, written as an escape, and its position; empty when it can.
QString oneLineProblem(const QString &what, const QString &text);
// The same for each of `texts` (e.g. a run's tags); empty when all can.
QString oneLineProblem(const QString &what, const QStringList &texts);

// `text` with every control character written as an escape (\n, \t, \r,
// \x1b, \u202e), everything else as it is: safe to print to a terminal.
QString escapedForTerminal(const QString &text);

} // namespace gatefold::store
