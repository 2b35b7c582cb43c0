#include "runquery.h"

#include "metricdirection.h"

#include "config/fieldtable.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace gatefold::tables {

struct RunQuery::Node {
    enum Kind { And, Or, Not, Compare };
    enum class Reduce { None, Last, Best, Min, Max };
    Kind kind = Compare;
    std::shared_ptr<const Node> left, right;
    // Compare: NAME (a metric when `metric`, reduced by `reduce`) OP VALUE.
    QString name;
    bool metric = false;
    Reduce reduce = Reduce::None;
    QString op;
    QueryToken value;
};

namespace {

using Node = RunQuery::Node;
using NodePtr = std::shared_ptr<const Node>;
using Reduce = Node::Reduce;

QString describe(const QueryToken &t)
{
    switch (t.kind) {
    case QueryToken::End: return QCoreApplication::translate("RunQuery", "the end of the query");
    case QueryToken::Quoted: return QStringLiteral("\"%1\"").arg(t.text);
    default: return QStringLiteral("'%1'").arg(t.text);
    }
}

bool isSetting(const QString &key)
{
    for (const auto &f : config::fields())
        if (key == QLatin1String(f.key.c_str()))
            return true;
    return false;
}

// Recursive descent over the tokens: or ← and ← not ← (…) | comparison.
class Parser
{
public:
    explicit Parser(std::vector<QueryToken> tokens) : m_tokens(std::move(tokens)) {}

    NodePtr query(QueryError *error)
    {
        NodePtr root = disjunction();
        if (root && peek().kind != QueryToken::End)
            failAt(peek(),
                peek().kind == QueryToken::Close
                    ? QCoreApplication::translate("RunQuery", "this ')' closes no '('")
                    : QCoreApplication::translate("RunQuery", "expected and, or or the end of the query"),
                peek().kind == QueryToken::Close);
        if (m_failed) {
            *error = m_error;
            return nullptr;
        }
        return root;
    }

private:
    const QueryToken &peek() const { return m_tokens[m_at]; }
    const QueryToken &take() { return m_tokens[m_at < m_tokens.size() - 1 ? m_at++ : m_at]; }

    // The first failure wins: where, what was expected there and (unless `alone`) what was found.
    NodePtr failAt(const QueryToken &t, const QString &expected, bool alone = false)
    {
        if (!m_failed)
            m_error = {t.position,
                alone ? expected : QCoreApplication::translate("RunQuery", "%1, found %2").arg(expected, describe(t))};
        m_failed = true;
        return nullptr;
    }

    NodePtr joined(Node::Kind kind, NodePtr left, NodePtr right)
    {
        auto n = std::make_shared<Node>();
        n->kind = kind;
        n->left = std::move(left);
        n->right = std::move(right);
        return n;
    }

    NodePtr disjunction()
    {
        NodePtr left = conjunction();
        while (left && peek().kind == QueryToken::Or) {
            take();
            NodePtr right = conjunction();
            left = right ? joined(Node::Or, left, right) : nullptr;
        }
        return left;
    }

    NodePtr conjunction()
    {
        NodePtr left = negation();
        while (left && peek().kind == QueryToken::And) {
            take();
            NodePtr right = negation();
            left = right ? joined(Node::And, left, right) : nullptr;
        }
        return left;
    }

    NodePtr negation()
    {
        // Depth 1 is a comparison at the top; each '(' or 'not' around it adds one: MaxDepth of them are fine.
        if (++m_depth > RunQuery::MaxDepth + 1)
            return failAt(
                peek(), QCoreApplication::translate("RunQuery", "nested too deeply (more than %1 parentheses or nots)")
                            .arg(RunQuery::MaxDepth));
        NodePtr n;
        if (peek().kind == QueryToken::Not) {
            take();
            NodePtr inner = negation();
            n = inner ? joined(Node::Not, inner, nullptr) : nullptr;
        } else if (peek().kind == QueryToken::Open) {
            const QueryToken open = take();
            n = disjunction();
            if (n && peek().kind != QueryToken::Close)
                n = failAt(peek(), QCoreApplication::translate("RunQuery", "expected ')' to close the '(' at %1")
                                       .arg(open.position + 1));
            else if (n)
                take();
        } else {
            n = comparison();
        }
        --m_depth;
        return n;
    }

    // NAME, or best|last|min|max ( METRIC ).
    bool name(Node &n)
    {
        const QueryToken t = take();
        if (t.kind != QueryToken::Word)
            return failAt(t, QCoreApplication::translate("RunQuery",
                                 "expected a setting, metric or run field (e.g. gate.kind, val/top1, name)")),
                   false;
        static const QStringList reducers = {"last", "best", "min", "max"};
        if (peek().kind == QueryToken::Open && reducers.contains(t.text.toLower())) {
            take();
            const QueryToken key = take();
            if (key.kind != QueryToken::Word || !key.text.contains(QLatin1Char('/')))
                return failAt(key, QCoreApplication::translate(
                                       "RunQuery", "expected a metric key with a '/' (e.g. val/top1) in %1(…)")
                                       .arg(t.text)),
                       false;
            if (peek().kind != QueryToken::Close)
                return failAt(peek(), QCoreApplication::translate("RunQuery", "expected ')' after the metric in %1(…)")
                                          .arg(t.text)),
                       false;
            take();
            n.metric = true;
            n.name = key.text;
            n.reduce = Reduce(reducers.indexOf(t.text.toLower()) + 1);
            return true;
        }
        n.name = t.text;
        n.metric = t.text.contains(QLatin1Char('/'));
        n.reduce = n.metric ? Reduce::Last : Reduce::None;
        if (!n.metric && !RunQuery::runFields().contains(t.text.toLower()) && !isSetting(t.text))
            return failAt(t, QCoreApplication::translate("RunQuery",
                                 "expected a setting, metric or run field: '%1' is none (settings as in the run "
                                 "form, e.g. gate.kind; metrics with a '/', e.g. val/top1; fields: %2)")
                                 .arg(t.text, RunQuery::runFields().join(QStringLiteral(", ")))),
                   false;
        if (!n.metric && RunQuery::runFields().contains(t.text.toLower()))
            n.name = t.text.toLower();
        return true;
    }

    NodePtr comparison()
    {
        auto n = std::make_shared<Node>();
        if (!name(*n))
            return nullptr;
        const QueryToken op = take();
        if (op.kind != QueryToken::Op)
            return failAt(
                op, QCoreApplication::translate("RunQuery", "expected an operator (= != < <= > >= ~) after '%1'")
                        .arg(n->name));
        n->op = op.text;
        const QueryToken value = take();
        if (value.kind != QueryToken::Word && value.kind != QueryToken::Number && value.kind != QueryToken::Quoted)
            return failAt(value, QCoreApplication::translate(
                                     "RunQuery", "expected a value after '%1' (a number, a word or \"quoted text\")")
                                     .arg(op.text));
        if (value.kind != QueryToken::Number && op.text != QLatin1String("=") && op.text != QLatin1String("!=")
            && op.text != QLatin1String("~"))
            return failAt(value,
                QCoreApplication::translate("RunQuery", "expected a number after '%1' (text compares with =, != or ~)")
                    .arg(op.text));
        n->value = value;
        return n;
    }

    std::vector<QueryToken> m_tokens;
    size_t m_at = 0;
    int m_depth = 0;
    bool m_failed = false;
    QueryError m_error;
};

std::optional<double> numberOf(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    if (v.isString()) {
        bool ok = false;
        const double d = v.toString().trimmed().toDouble(&ok);
        if (ok)
            return d;
    }
    return std::nullopt;
}

QString textOf(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 15);
    if (v.isArray()) {
        QStringList parts;
        for (const auto &e : v.toArray())
            parts << textOf(e);
        return parts.join(QStringLiteral(", "));
    }
    return v.toString();
}

bool compareNumbers(double a, const QString &op, double b)
{
    const bool equal = a == b || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
    if (op == QLatin1String("="))
        return equal;
    if (op == QLatin1String("!="))
        return !equal;
    if (op == QLatin1String("<"))
        return a < b && !equal;
    if (op == QLatin1String("<="))
        return a < b || equal;
    if (op == QLatin1String(">"))
        return a > b && !equal;
    return a > b || equal;  // >=
}

bool compare(const QJsonValue &v, const Node &n)
{
    if (v.isArray()
        && (n.op == QLatin1String("=") || n.op == QLatin1String("!="))) { // tags: = any of them, != none of them
        const QJsonArray items = v.toArray();
        const bool any = std::any_of(items.begin(), items.end(), [&n](const QJsonValue &e) {
            Node equal = n;
            equal.op = QStringLiteral("=");
            return compare(e, equal);
        });
        return n.op == QLatin1String("!=") ? !any : any;
    }
    if (n.op == QLatin1String("~"))
        return textOf(v).contains(n.value.text, Qt::CaseInsensitive);
    if (n.value.kind == QueryToken::Number) {
        if (const auto number = numberOf(v))
            return compareNumbers(*number, n.op, n.value.number);
        return n.op == QLatin1String("!=");  // text, not that number
    }
    const bool equal = textOf(v).compare(n.value.text, Qt::CaseInsensitive) == 0;
    return n.op == QLatin1String("=") ? equal : !equal;
}

bool evaluate(const Node &n, const QueryRun &run)
{
    switch (n.kind) {
    case Node::And: return evaluate(*n.left, run) && evaluate(*n.right, run);
    case Node::Or: return evaluate(*n.left, run) || evaluate(*n.right, run);
    case Node::Not: return !evaluate(*n.left, run);
    case Node::Compare: break;
    }
    if (!n.metric) {
        const QJsonValue v = run.values.value(n.name);
        return !v.isUndefined() && !v.isNull() && compare(v, n);
    }
    if (!run.metric)
        return false;
    const store::MetricSummary m = run.metric(n.name);
    if (m.count == 0)
        return false;
    const bool higher = higherIsBetter(n.name);
    const double v = n.reduce == Reduce::Min ? m.min
                   : n.reduce == Reduce::Max ? m.max
                   : n.reduce == Reduce::Best ? (higher ? m.max : m.min)
                                              : m.last;
    return compare(QJsonValue(v), n);
}

void collectMetrics(const Node &n, QStringList &keys)
{
    if (n.kind == Node::Compare) {
        if (n.metric && !keys.contains(n.name))
            keys << n.name;
        return;
    }
    collectMetrics(*n.left, keys);
    if (n.right)
        collectMetrics(*n.right, keys);
}

} // namespace

std::optional<RunQuery> RunQuery::parse(const QString &text, QueryError *error)
{
    if (text.size() > MaxLength) {
        *error
            = {MaxLength, QCoreApplication::translate("RunQuery", "the query is too long (%1 characters; at most %2)")
                              .arg(text.size())
                              .arg(MaxLength)};
        return std::nullopt;
    }
    auto tokens = queryTokens(text, error);
    if (!tokens)
        return std::nullopt;
    NodePtr root = Parser(std::move(*tokens)).query(error);
    if (!root)
        return std::nullopt;
    return RunQuery(root);
}

bool RunQuery::looksLikeQuery(const QString &text)
{
    for (const QChar c : text)
        if (QStringLiteral("=<>~!").contains(c))
            return true;
    return false;
}

QStringList RunQuery::runFields()
{
    return {"id", "name", "status", "sweep", "sweep_id", "tags", "notes", "device", "seed"};
}

QJsonObject RunQuery::runValues(const store::RunRecord &run, const QString &sweepName)
{
    QJsonObject o{{"id", run.id}, {"name", run.name}, {"status", store::toString(run.status)},
                  {"tags", QJsonArray::fromStringList(run.tags)}, {"notes", run.notes}, {"device", run.device},
                  {"seed", run.seed}};
    if (run.sweepId > 0) {
        o.insert("sweep", sweepName.isEmpty() ? QStringLiteral("#%1").arg(run.sweepId) : sweepName);
        o.insert("sweep_id", run.sweepId);
    }
    return o;
}

bool RunQuery::matches(const QueryRun &run) const
{
    return m_root && evaluate(*m_root, run);
}

QStringList RunQuery::metricKeys() const
{
    QStringList keys;
    if (m_root)
        collectMetrics(*m_root, keys);
    return keys;
}

} // namespace gatefold::tables
