#include "costreport.h"

#include <QCoreApplication>
#include <QLocale>

namespace gatefold::cli {
namespace {

QString grouped(std::int64_t v)
{
    QLocale c(QLocale::C);
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    return c.toString(qlonglong(v));
}

const model::CostRow *find(const std::vector<model::CostRow> &rows, const std::string &component)
{
    for (const auto &r : rows)
        if (r.component == component)
            return &r;
    return nullptr;
}

QString footer(const model::ViTConfig &config, std::int64_t macs)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("cli", s); };
    QString out = tr("Per image, forward: %1 GMAC = %2 GFLOPs (FLOPs = 2 x MACs).\n")
                      .arg(double(macs) / 1e9, 0, 'g', 5)
                      .arg(2.0 * double(macs) / 1e9, 0, 'g', 5);
    if (config.isParallel())
        out += tr("A parallel model's forward at lambda = %1; at lambda = 1 what the branches share is computed "
                  "once.\n").arg(config.join.strength);
    if (const auto vq = model::vqBackwardMacs(config))
        out += tr("Hard-VQ straight-through backward adds %1 MACs per image (N*K*d_g per gated block), "
                  "which the one-hot forward does not show.\n")
                   .arg(grouped(vq));
    return out;
}

} // namespace

bool costsAgree(const std::vector<model::CostRow> &formula, const std::vector<model::CostRow> &counted)
{
    for (const auto &c : counted) {
        const model::CostRow *f = find(formula, c.component);
        if (!f || f->params != c.params || f->macs != c.macs)
            return false;
    }
    return formula.size() == counted.size();
}

QString formatCostTable(const model::ViTConfig &config, const std::vector<model::CostRow> &formula,
                        const std::vector<model::CostRow> &counted)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("cli", s); };
    if (counted.empty())
        return formatFormulaTable(config, formula);
    QString out;
    const QString row = QStringLiteral("%1 %2 %3 %4 %5  %6\n");
    out += row.arg(tr("component"), -13)
               .arg(tr("params (formula)"), 17)
               .arg(tr("params (counted)"), 17)
               .arg(tr("MACs (formula)"), 15)
               .arg(tr("MACs (counted)"), 15)
               .arg(QString());
    std::vector<std::string> names;
    for (const auto &r : formula)
        names.push_back(r.component);
    for (const auto &r : counted)
        if (!find(formula, r.component))
            names.push_back(r.component);
    for (const auto &name : names) {
        const model::CostRow zero{name, 0, 0};
        const model::CostRow *f = find(formula, name);
        const model::CostRow *c = find(counted, name);
        f = f ? f : &zero;
        c = c ? c : &zero;
        if (f->params == 0 && f->macs == 0 && c->params == 0 && c->macs == 0)
            continue;
        const bool same = f->params == c->params && f->macs == c->macs;
        out += row.arg(QString::fromStdString(name), -13)
                   .arg(grouped(f->params), 17)
                   .arg(grouped(c->params), 17)
                   .arg(grouped(f->macs), 15)
                   .arg(grouped(c->macs), 15)
                   .arg(same ? tr("agree") : tr("DIFFER"));
    }
    const auto fp = model::totalParams(formula), cp = model::totalParams(counted);
    const auto fm = model::totalMacs(formula), cm = model::totalMacs(counted);
    out += row.arg(tr("total"), -13)
               .arg(grouped(fp), 17)
               .arg(grouped(cp), 17)
               .arg(grouped(fm), 15)
               .arg(grouped(cm), 15)
               .arg(fp == cp && fm == cm ? tr("agree") : tr("DIFFER"));
    out += footer(config, fm);
    return out;
}

QString formatFormulaTable(const model::ViTConfig &config, const std::vector<model::CostRow> &formula)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("cli", s); };
    const QString row = QStringLiteral("%1 %2 %3\n");
    QString out = row.arg(tr("component"), -13).arg(tr("params (formula)"), 17).arg(tr("MACs (formula)"), 15);
    for (const auto &r : formula)
        if (r.params != 0 || r.macs != 0)
            out += row.arg(QString::fromStdString(r.component), -13).arg(grouped(r.params), 17).arg(grouped(r.macs), 15);
    const auto fm = model::totalMacs(formula);
    out += row.arg(tr("total"), -13).arg(grouped(model::totalParams(formula)), 17).arg(grouped(fm), 15);
    out += footer(config, fm);
    return out;
}

} // namespace gatefold::cli
