#pragma once

#include "computedtable.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::tables {

// Text made safe for a LaTeX text cell under pdflatex (OT1/T1 fonts): the
// specials _ & % $ # { } become \_ \& \% \$ \# \{ \}, ~ ^ \ become
// \textasciitilde{} \textasciicircum{} \textbackslash{}, and < > | (which
// OT1 sets as ¡ ¿ —) become \textless{} \textgreater{} \textbar{}.
// Greek λ α τ and ± × → become math (\ensuremath); line breaks become spaces (a cell is one line).
QString latexEscape(const QString &text);

// A booktabs table: \begin{table}, \centering, \caption, \label, tabular with
// l for text and r for number columns, \toprule, the headers, \midrule, the
// rows (a \midrule and an italic section line between sections),
// \bottomrule. Numbers as the column's format says, groups as
// "mean $\pm$ std", the best cells \textbf{…}, missing cells "--",
// scientific numbers as $m\times10^{e}$. A pooled row (runs differing in more
// than the seed) marks its metric cells $^{\dagger}$ ($^{\ddagger}$, … for the
// next) and a footnote-sized line under the tabular says n and the settings
// (pooledNote). Needs \usepackage{booktabs}.
// Statistics (issue 21): with Spread::Ci95 "±" is the 95 % interval's half-width (a note says so);
// with a baseline row (tablesignificance.h) a metric cell significantly better or worse than the
// baseline's is marked $^{\blacktriangle}$ / $^{\blacktriangledown}$, the baseline row says
// "(baseline)", a note names the test, alpha and the baseline, and the output starts with a comment
// that the marks need \usepackage{amssymb}. With either, a metric cell of fewer than kFewSeeds runs
// is marked $^{\ast}$ (a note explains it). Pooled rows keep their † and are tested (their note says so).
QString writeLatex(const ComputedTable &table);

// A whole LaTeX document around writeLatex (article, booktabs; amssymb with a baseline) — what the
// tests give pdflatex.
QString latexDocument(const ComputedTable &table);

// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled.
QString csvField(const QString &text);
// A header line and one line per row, CRLF-terminated (RFC 4180). Number
// columns of a group get two fields, "H" (the mean) and "H std"; a table with
// sections starts with a "section" column; missing cells are empty. A table
// with a pooled row ends every line with "n" (the runs counted) and "pooled
// across (not only the seed)" (the settings, "; "-separated, empty for seeds only).
// With Spread::Ci95 or a baseline, every metric column "H" has "H std", "H n", "H ci_low" and
// "H ci_high" (the mean's 95 % interval), and with a baseline "H diff", "H diff_ci_low", "H diff_ci_high"
// (row − baseline and its 95 % interval), "H t", "H df", "H p", "H test" (paired or welch) and
// "H verdict" (better, worse, not significant, untested; the baseline row: baseline). Intervals and
// differences are in the unit of the column's numbers (percent columns × 100), every statistic at
// full precision; a test impossible (a side with one run) is "—" (diff still the difference of means).
QString writeCsv(const ComputedTable &table);
// The records of RFC 4180 text (for tests and imports); nullopt on an unterminated quote.
std::optional<std::vector<QStringList>> parseCsv(const QString &text);

} // namespace gatefold::tables
