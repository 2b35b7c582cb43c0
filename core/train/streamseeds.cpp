#include "streamseeds.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

#include <mutex>

namespace gatefold::train {

std::uint64_t mixSeed(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t purpose, std::int64_t index)
{
    return mixSeed(mixSeed(mixSeed(seed) ^ purpose) ^ std::uint64_t(index));
}

std::uint64_t rankStreamSeed(std::uint64_t seed, std::uint64_t purpose, std::int64_t index, int rank)
{
    return streamSeed(streamSeed(seed, purpose, index), kRankStream, rank);
}

torch::Tensor cpuGeneratorState()
{
    auto generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    return generator.get_state();
}

void setCpuGeneratorState(const torch::Tensor &state)
{
    auto generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(state);
}

} // namespace gatefold::train
