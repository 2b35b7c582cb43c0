#pragma once

// Independent random streams of a run, each from (seed, purpose, index), so
// that batch order, augmentation, mixing and torch's generator never share
// draws and a resumed run draws what an uninterrupted one would.

#include <torch/types.h>

#include <cstdint>

namespace gatefold::train {

enum StreamPurpose : std::uint64_t {
    kOrderStream = 1,    // batch order of an epoch
    kTorchStream = 2,    // torch's CPU generator (init; dropout and drop-path per epoch)
    kAugmentStream = 3,  // augmentation of a step
    kMixStream = 4,      // mixup/cutmix of a step
    kRankStream = 5,     // a data-parallel rank's own draws (torch's generator, mixing) at a step
};

// The seed of stream `purpose` at `index` for data-parallel rank `rank`: several ranks never share draws.
std::uint64_t rankStreamSeed(std::uint64_t seed, std::uint64_t purpose, std::int64_t index, int rank);

// splitmix64: a well-mixed 64-bit value of `x`.
std::uint64_t mixSeed(std::uint64_t x);

// splitmix64 of splitmix64s: the seed of stream `purpose` at `index`.
std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t purpose, std::int64_t index);

// The state of torch's default CPU generator (dropout, drop-path), saved in
// checkpoints so a mid-epoch resume continues it exactly.
torch::Tensor cpuGeneratorState();
void setCpuGeneratorState(const torch::Tensor &state);

} // namespace gatefold::train
