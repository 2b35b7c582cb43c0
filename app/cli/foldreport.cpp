#include "foldreport.h"

#include <QCoreApplication>

namespace gatefold::cli {
namespace {

// Four decimals where they say something, significant digits for tiny models.
QString scaled(std::int64_t v, double unit, int decimals)
{
    if (v < 0)
        return QStringLiteral("-");
    const double x = double(v) / unit;
    return x >= 0.01 ? QString::number(x, 'f', decimals) : QString::number(x, 'g', 4);
}

QString millions(std::int64_t v)
{
    return scaled(v, 1e6, 3);
}

QString giga(std::int64_t v)
{
    return scaled(v, 1e9, 4);
}

} // namespace

bool foldAccountingAgrees(const std::vector<model::FoldCost> &rows)
{
    for (const auto &r : rows)
        if (r.countedParams >= 0 && (r.countedParams != r.formulaParams || r.countedMacs != r.formulaMacs))
            return false;
    return true;
}

QString formatFoldAccounting(const std::vector<model::FoldCost> &rows)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("cli", s); };
    const double reference = rows.empty() ? 1.0 : double(rows.back().formulaMacs);
    QString out = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                      .arg(tr("model"), -52)
                      .arg(tr("params M"), 10)
                      .arg(tr("counted"), 10)
                      .arg(tr("GMAC"), 9)
                      .arg(tr("counted"), 9)
                      .arg(tr("blocks"), 9)
                      .arg(tr("MACs/deep"), 9)
                      .arg(tr("check"));
    for (const auto &r : rows) {
        const bool counted = r.countedParams >= 0;
        const bool agrees = r.countedParams == r.formulaParams && r.countedMacs == r.formulaMacs;
        out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                   .arg(QString::fromStdString(r.label), -52)
                   .arg(millions(r.formulaParams), 10)
                   .arg(millions(r.countedParams), 10)
                   .arg(giga(r.formulaMacs), 9)
                   .arg(giga(r.countedMacs), 9)
                   .arg(giga(r.blockMacs), 9)
                   .arg(QString::number(double(r.formulaMacs) / reference, 'f', 3), 9)
                   .arg(!counted ? QString() : agrees ? tr("ok") : tr("MISMATCH"));
    }
    out += tr("Forward MACs per image; FLOPs = 2 x MACs. \"blocks\" counts attention and MLP only (the spec's\n"
              "1.225 / 0.876 / 0.612 GMAC figures at 224/16); MACs/deep is the total relative to the last row.\n"
              "The trained row has every branch computed (lambda < 1). The plain rows carry the config's gates\n"
              "(the deep baseline gates each of its layers). Counted = built and run once, instrumented.");
    return out;
}

} // namespace gatefold::cli
