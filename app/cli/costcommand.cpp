#include "costcommand.h"

#include "clicommon.h"
#include "costmeasure.h"
#include "costreport.h"
#include "foldreport.h"

#include "model/costmodel.h"
#include "model/foldaccounting.h"
#include "model/visiontransformer.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <torch/torch.h>

namespace gatefold::cli {

int runCost(const QStringList &arguments)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("cli", s); };
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Print a config's parameters and forward MACs per component (closed form next to counted), then the\n"
           "fold accounting: the trained model, its folds, a plain ViT of the same depth and the deep plain ViT\n"
           "it stands in for. Exit status 1 if a counted number differs from its formula.\n"
           "With --measure: time the models of run config files (a table's latency and throughput columns)."));
    parser.addHelpOption();
    addModelOptions(parser, QStringLiteral("cifar-fold2"));
    parser.addOption({"no-count", tr("Formulas only: do not build and run the models.")});
    parser.addOption({"absorb-norms", tr("Folded models with their LayerNorm affines absorbed forward.")});
    addMeasureOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments, true))
        return *exitCode;
    if (parser.isSet("measure"))
        return runMeasure(parser);
    if (!parser.positionalArguments().isEmpty()) {
        printErr(tr("error: unexpected argument '%1'; run config files go with --measure, see --help.")
                     .arg(parser.positionalArguments().first()));
        return ExitUsage;
    }
    const auto config = modelConfigFromOptions(parser);
    if (!config)
        return ExitUsage;
    const bool count = !parser.isSet("no-count");
    torch::manual_seed(0);
    bool agrees = true;
    const auto formula = model::closedFormCost(*config);
    if (count) {
        model::VisionTransformer net(*config);
        const auto counted = model::countedCost(net);
        printOut(formatCostTable(*config, formula, counted));
        agrees = costsAgree(formula, counted);
    } else {
        printOut(formatFormulaTable(*config, formula));
    }
    printOut(QString());
    model::ViTConfig accounted = *config;
    accounted.join.absorbNorms = accounted.join.absorbNorms || parser.isSet("absorb-norms");
    const auto rows = model::foldAccounting(accounted, count);
    printOut(formatFoldAccounting(rows));
    return agrees && foldAccountingAgrees(rows) ? ExitOk : ExitFailure;
}

} // namespace gatefold::cli
