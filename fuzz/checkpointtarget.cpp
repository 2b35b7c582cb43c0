// Training checkpoints (resume, --init-from, analyze, export): the input is a
// checkpoint file; its config is read and parsed, and it is loaded into the
// subject model with optimiser, averages and state. LibTorch's own reader is
// not safe on damaged bytes (fuzz/regressions/checkpoint/libtorch-*), so the
// property checked is that no byte reaches it without an intact seal.

#include "checkpointsubject.h"
#include "fuzzharnesses.h"
#include "scratchdir.h"

#include "train/checkpoint.h"
#include "config/runconfigjson.h"

#include <QString>

namespace gatefold::fuzz {

bool fuzzCheckpoint(const std::uint8_t *data, std::size_t size)
{
    static const ScratchDir dir("checkpoint");
    static CheckpointSubject subject = makeCheckpointSubject();
    dir.write("input.pt", data, size);
    const QString path = QString::fromStdString(dir.file("input.pt"));

    QByteArray configJson;
    QString error;
    const bool hasConfig = train::readCheckpointConfig(path, &configJson, &error);
    if (!hasConfig)
        FUZZ_CHECK(error.contains(path), "a refusal that does not name the checkpoint: " + error);
    else {
        train::RunConfig config;
        QStringList problems;
        train::runConfigFromJson(configJson, &config, &problems);
    }

    // Nothing vouches for these bytes but a seal (no run records them, the user accepted none):
    // whatever is not sealed intact must be refused before LibTorch parses it.
    const train::CheckpointCheck verdict = train::checkCheckpoint(path);
    FUZZ_CHECK(verdict.usable() == (verdict.state == train::CheckpointState::Intact),
               "bytes without an intact seal are usable: " + verdict.problem);
    if (!verdict.usable())
        FUZZ_CHECK(verdict.problem.contains(path), "a verdict that does not name the checkpoint: " + verdict.problem);
    FUZZ_CHECK(!hasConfig || verdict.usable(), "a config was read from bytes nothing vouches for");

    train::TrainState state;
    error.clear();
    train::CheckpointCheck loadVerdict;
    const bool loaded = train::loadCheckpoint(path, subject.model, subject.optimizer.get(), &subject.ema, &state, &error,
                                              {}, &loadVerdict);
    FUZZ_CHECK(loadVerdict.state == verdict.state, "the load's verdict differs from the check's");
    if (!loaded)
        FUZZ_CHECK(error.contains(path), "a refusal that does not name the checkpoint: " + error);
    // A weights-only load (--init-from) of the same file; a weights-only
    // checkpoint (no optimiser, no EMA) is refused above and accepted here.
    QString initError;
    const bool initLoaded = train::loadCheckpoint(path, subject.model, nullptr, nullptr, nullptr, &initError);
    if (!initLoaded)
        FUZZ_CHECK(initError.contains(path), "a refusal that does not name the checkpoint: " + initError);
    return hasConfig && (loaded || initLoaded);
}

} // namespace gatefold::fuzz
