#pragma once

// A run that trains in a second on the built-in set (16 px, d 32, 2 blocks,
// 512 images, 16 steps an epoch, one thread), for the tests that start real
// engine processes.

#include "train/runfields.h"
#include "train/runpresets.h"

#include <QtGlobal>

namespace {

inline gatefold::train::RunConfig tinyRun(int epochs)
{
    auto config = gatefold::train::demoRun();
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                           "data.train_size=512", "data.val_size=64", "train.batch_size=32", "train.log_every=2",
                           "compute.threads=1"}) {
        std::string why;
        if (!gatefold::train::applyRunAssignment(config, kv, &why))
            qFatal("%s: %s", kv, why.c_str());
    }
    config.train.epochs = epochs;
    return config;
}

} // namespace
