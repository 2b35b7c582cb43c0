// Checkpoints that are not files: a folder, a fifo, a link loop, a link to
// /dev/zero — named as --init-from, and as the file a run's record names
// (analyze, export, train --init-from RUN:last). Each is refused before
// anything is read from it (a fifo never blocks, /dev/zero is never read),
// saying what stands there; the way out offered is a checkpoint that is
// intact, never the broken one. A checkpoint of another model is refused
// before the run is created.

#include "badinput.h"
#include "badinputfiles.h"

namespace gatefold::test {
namespace {

const QString kLast = QStringLiteral("store/runs/1/step-4.pt");  // run 1's last and epoch-2 checkpoint

// What takes the place of run 1's last checkpoint file.
struct Spoil {
    QString name;
    std::function<void(const CaseFolder &)> apply;
    QString says;
};

std::vector<Spoil> spoils()
{
    return {{"a folder", [](const CaseFolder &f) { f.remove(kLast); f.mkdir(kLast); }, "is a folder"},
            {"a fifo", [](const CaseFolder &f) { f.remove(kLast); f.fifo(kLast); }, "is a fifo"},
            {"a link loop", [](const CaseFolder &f) { f.remove(kLast); f.symlink("step-4.pt", kLast); }, "loop"},
            {"a link to dev zero", [](const CaseFolder &f) { f.remove(kLast); f.symlink("/dev/zero", kLast); },
             "is a device"}};
}

// The broken last checkpoint of the template store's run 1, asked for by `arguments`.
BadInput brokenLast(const QString &command, const Spoil &spoil, const QStringList &arguments, const QStringList &mentions,
                    const QStringList &absent)
{
    BadInput c{"checkpoint " + command + "/last is " + spoil.name,
               [spoil](const CaseFolder &f) {
                   f.copyStore("store");
                   spoil.apply(f);
               },
               arguments, 2, QStringList{"{dir}/" + kLast, spoil.says} + mentions};
    c.absent = absent;
    return c;
}

// --init-from FILE where FILE is what `setup` makes of {dir}/c.pt.
BadInput initFrom(const QString &name, const std::function<void(const CaseFolder &)> &setup, const QString &says,
                  const QString &file = QStringLiteral("{dir}/c.pt"))
{
    return {"init-from/" + name, setup,
            QStringList{"train", "--store", "{dir}/store/runs.sqlite", "--init-from", file} + tinyModel(), 2,
            {file, says, "nothing was created"}};
}

void addCheckpoints(std::vector<BadInput> &cases)
{
    const QString store = QStringLiteral("{dir}/store/runs.sqlite");
    for (const Spoil &spoil : spoils()) {
        // The broken file is no way out: only epoch 1 (and best, when it is there) is offered.
        cases.push_back(brokenLast("analyze", spoil, {"analyze", "--run", "1", "--checkpoint", "last", "--store", store},
                                   {"the last checkpoint of run 1", "epoch:1"},
                                   {"epoch:2", "last (epoch", "file is gone"}));
        cases.push_back(brokenLast("export", spoil, {"export", "--run", "1", "--checkpoint", "last", "--store", store},
                                   {"the last checkpoint of run 1", "epoch:1"},
                                   {"epoch:2", "last (epoch", "file is gone"}));
        cases.push_back(brokenLast("init-from", spoil,
                                   QStringList{"train", "--store", store, "--init-from", "1:last"} + tinyModel(),
                                   {"--init-from", "nothing was created"}, {}));
    }
    cases.push_back(initFrom("dev zero", {}, "is a device", "/dev/zero"));
    cases.push_back(initFrom("a fifo nobody writes", [](const CaseFolder &f) { f.fifo("c.pt"); }, "is a fifo"));
    cases.push_back(initFrom("a folder", [](const CaseFolder &f) { f.mkdir("c.pt"); }, "is a folder"));
    cases.push_back(initFrom("a link loop", [](const CaseFolder &f) { f.symlink("c.pt", "c.pt"); }, "loop"));
    cases.push_back(initFrom("a link to dev zero", [](const CaseFolder &f) { f.symlink("/dev/zero", "c.pt"); },
                             "is a device"));
    // Another model's checkpoint (embed_dim 16 there, 32 here): refused before the run exists, the
    // differences counted, not listed one by one.
    cases.push_back({"init-from/a checkpoint of another model", [](const CaseFolder &f) { f.copyStore("store"); },
                     QStringList{"train", "--store", store, "--init-from", "{dir}/" + kLast} + tinyModel()
                         + QStringList{"--set", "embed_dim=32"},
                     2,
                     {"{dir}/" + kLast, "does not fit the model", "differences", "more", "nothing was created"}});
}

} // namespace

GATEFOLD_BAD_INPUTS(addCheckpoints);

} // namespace gatefold::test
