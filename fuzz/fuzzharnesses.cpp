#include "fuzzharnesses.h"

#include <cstdio>
#include <cstdlib>

namespace gatefold::fuzz {

const std::vector<Harness> &harnesses()
{
    // max lengths: about twice the largest seed of each (fuzzseeds.cpp), so
    // inputs can grow past what a valid file holds without drowning in size.
    static const std::vector<Harness> all = {
        {"configjson", &fuzzConfigJson, 8192, "train::runConfigFromJson (strict and partial), validateRunConfig, round trip"},
        {"cifar", &fuzzCifar, 16384, "data::CifarBinary::open (CIFAR-10, -100, -100 coarse) and every image"},
        {"idx", &fuzzIdx, 32768, "data::IdxDataset::open (images or labels file, plain or gzip) and every image"},
        {"image", &fuzzImage, 65536, "data::ImageFolder::open + image() (OpenCV decode), colour and grey"},
        {"checkpoint", &fuzzCheckpoint, 262144, "train::readCheckpointConfig + loadCheckpoint (model, optimiser, EMA, state)"},
        {"safetensors", &fuzzSafetensors, 16384, "exporting::decodeSafetensors, round trip through encodeSafetensors"},
        {"mlflow", &fuzzMlflow, 32768, "mlflow::readMlflowRuns on a file store unpacked from the input (treepack)"},
        {"report", &fuzzReport, 16384, "report::readReportJson (report.json), round trip through reportJson"},
    };
    return all;
}

const Harness *findHarness(const std::string &name)
{
    for (const Harness &h : harnesses())
        if (name == h.name)
            return &h;
    return nullptr;
}

void propertyBroken(const char *condition, const std::string &what, const char *file, int line)
{
    std::fprintf(stderr, "\n==fuzz== property broken at %s:%d: %s\n==fuzz== %s\n", file, line, condition, what.c_str());
    std::fflush(stderr);
    std::abort();
}

} // namespace gatefold::fuzz
