#include "vitconfig.h"

#include <algorithm>

namespace gatefold::model {

int ViTConfig::effectiveTopK() const
{
    if (gate.assign == AssignKind::HardVq)
        return 1;
    return std::min(gate.topK, gate.codebookSize);
}

bool ViTConfig::isGated(int block) const
{
    if (gate.kind == GateKind::None || block < 0 || block >= depth)
        return false;
    return gate.blocks.empty()
        || std::find(gate.blocks.begin(), gate.blocks.end(), block) != gate.blocks.end();
}

int ViTConfig::numGatedBlocks() const
{
    int n = 0;
    for (int i = 0; i < depth; ++i)
        n += isGated(i) ? 1 : 0;
    return n;
}

int ViTConfig::firstGatedBlock() const
{
    for (int i = 0; i < depth; ++i)
        if (isGated(i))
            return i;
    return -1;
}

bool ViTConfig::readsMlpInput(int block) const
{
    if (gate.kind != GateKind::Cde || !isGated(block))
        return false;
    return gate.scope == AssignScope::PerLayer || block == firstGatedBlock();
}

int ViTConfig::attnQkDim() const
{
    if (join.deployed && join.variant != JoinVariant::Projections)
        return join.branches * embedDim;
    return embedDim;
}

int ViTConfig::attnVDim() const
{
    if (join.deployed && join.variant == JoinVariant::Logits)
        return join.branches * embedDim;
    return embedDim;
}

ViTConfig deployConfig(const ViTConfig &trained, bool absorbNorms)
{
    ViTConfig c = trained;
    c.join.deployed = true;
    c.join.absorbNorms = trained.join.absorbNorms || absorbNorms;
    return c;
}

} // namespace gatefold::model
