#include "killtestcheckpoint.h"

#include "model/visiontransformer.h"
#include "train/checkpoint.h"
#include "config/runconfigjson.h"
#include "train/trainstate.h"

#include <QCryptographicHash>
#include <QFileInfo>

#include <torch/torch.h>

#include <map>

namespace gatefold::killtest {

CheckpointFacts readCheckpoint(const QString &path)
{
    CheckpointFacts facts;
    if (!QFileInfo::exists(path)) {
        facts.error = QStringLiteral("%1 does not exist").arg(path);
        return facts;
    }
    facts.fileSha256 = train::sha256OfFile(path);
    QByteArray configJson;
    if (!train::readCheckpointConfig(path, &configJson, &facts.error))
        return facts;
    train::RunConfig config;
    QStringList problems;
    if (!train::runConfigFromJson(configJson, &config, &problems)) {
        facts.error = problems.join(QStringLiteral("; "));
        return facts;
    }
    std::string why;
    auto model = model::buildModel(config.model, &why);
    if (!model) {
        facts.error = QString::fromStdString(why);
        return facts;
    }
    train::TrainState state;
    if (!train::loadCheckpoint(path, *model, nullptr, nullptr, &state, &facts.error))
        return facts;
    std::map<std::string, torch::Tensor> named;
    for (const auto &p : (*model)->named_parameters(true))
        named[p.key()] = p.value();
    for (const auto &b : (*model)->named_buffers(true))
        named[b.key()] = b.value();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const auto &[name, tensor] : named) {
        const torch::Tensor t = tensor.detach().contiguous().cpu();
        hash.addData(QByteArray::fromStdString(name));
        hash.addData(QByteArrayView(static_cast<const char *>(t.data_ptr()), qsizetype(t.nbytes())));
    }
    facts.weights = hash.result().toHex();
    facts.step = state.step;
    facts.bestStep = state.bestStep;
    facts.bestTop1 = state.bestTop1;
    facts.ok = true;
    return facts;
}

} // namespace gatefold::killtest
