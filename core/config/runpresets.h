#pragma once

#include "trainconfig.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gatefold::train {

// Whole-run presets: `demo` (a small ViT that learns the built-in set on a
// laptop CPU in minutes), the rows of the papers' tables at that size
// (paperpresets.h), and every model preset with the default training.
struct RunPreset {
    std::string name;
    std::string description;
    std::function<RunConfig()> make;
};

const std::vector<RunPreset> &runPresets();
std::optional<RunConfig> runPresetByName(const std::string &name);

RunConfig demoRun();
// The demo model at 28 px on Fashion-MNIST: the target of fine-tuning a demo run (train --preset
// fashion-mnist --init-from RUN) and, without --init-from, its from-scratch baseline.
RunConfig fashionMnistRun();

} // namespace gatefold::train
