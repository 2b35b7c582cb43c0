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

bool operator==(const JoinScheduleConfig &a, const JoinScheduleConfig &b)
{
    return a.kind == b.kind && a.warmupSteps == b.warmupSteps && a.adjustSteps == b.adjustSteps
        && a.stage == b.stage && a.startStep == b.startStep;
}

bool operator==(const JoinConfig &a, const JoinConfig &b)
{
    return a.branches == b.branches && a.variant == b.variant && a.strength == b.strength
        && a.diversity == b.diversity && a.schedule == b.schedule && a.deployed == b.deployed
        && a.absorbNorms == b.absorbNorms;
}

bool operator==(const GateConfig &a, const GateConfig &b)
{
    return a.kind == b.kind && a.assign == b.assign && a.target == b.target
        && a.codebookSize == b.codebookSize && a.topK == b.topK
        && a.temperature == b.temperature && a.strength == b.strength
        && a.codebookSharing == b.codebookSharing && a.embedSharing == b.embedSharing
        && a.scope == b.scope && a.blocks == b.blocks && a.embedInit == b.embedInit
        && a.codebookInit == b.codebookInit;
}

bool operator==(const ViTConfig &a, const ViTConfig &b)
{
    return a.imageSize == b.imageSize && a.patchSize == b.patchSize
        && a.inChannels == b.inChannels && a.numClasses == b.numClasses
        && a.embedDim == b.embedDim && a.depth == b.depth && a.numHeads == b.numHeads
        && a.mlpRatio == b.mlpRatio && a.qkvBias == b.qkvBias && a.pooling == b.pooling
        && a.weightInit == b.weightInit
        && a.dropRate == b.dropRate && a.attnDropRate == b.attnDropRate
        && a.projDropRate == b.projDropRate && a.dropPathRate == b.dropPathRate
        && a.gate == b.gate && a.join == b.join;
}

} // namespace gatefold::model
