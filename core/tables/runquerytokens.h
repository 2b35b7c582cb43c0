#pragma once

// The words of a run query (runquery.h): names, numbers, quoted text, the comparison operators,
// and, or, not and parentheses, each with where it starts in the text.

#include <QString>

#include <optional>
#include <vector>

namespace gatefold::tables {

// What is wrong with a query: where (0-based index into its text) and what was expected there.
struct QueryError {
    int position = 0;
    QString message;
    // "at 12: expected …" (1-based, as an editor counts characters).
    QString text() const;
};

struct QueryToken {
    enum Kind { Word, Number, Quoted, Op, Open, Close, And, Or, Not, End };
    Kind kind = End;
    int position = 0;
    QString text;        // as typed (quoted: without the quotes, escapes resolved)
    double number = 0;   // Number
};

// The tokens of `text`, ending with an End token; nullopt with `error` for a character no query
// holds, an unclosed quote or a lone '!'.
std::optional<std::vector<QueryToken>> queryTokens(const QString &text, QueryError *error);

} // namespace gatefold::tables
