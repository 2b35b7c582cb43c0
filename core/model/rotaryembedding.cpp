#include "rotaryembedding.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::model {
namespace {

// cos and sin of the angles of one grid, (T, 1, c/2) in the input's dtype and device. Every block
// of a forward pass asks for the same ones: the last pair asked for on this thread is kept.
struct Tables {
    torch::Tensor cos, sin;
};

struct TableKey {
    std::int64_t grid = -1;
    int chunk = 0, prefix = 0;
    double theta = 0;
    torch::ScalarType dtype = torch::kFloat32;
    torch::Device device = torch::Device(torch::kCPU);

    bool operator==(const TableKey &o) const
    {
        return grid == o.grid && chunk == o.chunk && prefix == o.prefix && theta == o.theta && dtype == o.dtype
            && device == o.device;
    }
};

Tables tablesFor(const RotaryEmbedding &rope, const TableKey &key)
{
    thread_local TableKey lastKey;
    thread_local Tables last;
    if (lastKey == key && last.cos.defined())
        return last;
    torch::NoGradGuard noGrad;
    const auto angles = rope.angles(key.grid).unsqueeze(1);  // (T, 1, c/2) float64
    last.cos = angles.cos().to(key.device, key.dtype);
    last.sin = angles.sin().to(key.device, key.dtype);
    lastKey = key;
    return last;
}

} // namespace

RotaryEmbedding::RotaryEmbedding(int chunkWidth, double theta, int prefixTokens)
    : m_chunk(chunkWidth)
    , m_theta(theta)
    , m_prefix(prefixTokens)
{
    TORCH_CHECK(chunkWidth > 0 && chunkWidth % 4 == 0,
                "2-D rotary embeddings need a head width that is a multiple of 4, not ", chunkWidth);
    TORCH_CHECK(theta > 0.0 && std::isfinite(theta), "the rotary base theta must be finite and > 0, not ", theta);
}

RotaryEmbedding RotaryEmbedding::of(const ViTConfig &config)
{
    if (!config.rotaryPositions())
        return {};
    return RotaryEmbedding(config.headDim(), config.pos.ropeTheta, config.pooling == Pooling::ClassToken ? 1 : 0);
}

std::int64_t RotaryEmbedding::gridSide(std::int64_t tokens) const
{
    const std::int64_t patches = tokens - m_prefix;
    const auto side = std::int64_t(std::llround(std::sqrt(double(std::max<std::int64_t>(patches, 0)))));
    TORCH_CHECK(patches > 0 && side * side == patches, "2-D rotary embeddings need the patches of a square grid: ",
                tokens, " tokens with ", m_prefix, " before the patches leave ", patches, ", not a square");
    return side;
}

torch::Tensor RotaryEmbedding::angles(std::int64_t grid) const
{
    const auto f64 = torch::TensorOptions().dtype(torch::kFloat64);
    const std::int64_t quarter = m_chunk / 4;
    // θ^(−4j/c) = θ^(−2j/(c/2)): the reference's inverse frequencies over a half-chunk of c/2 channels.
    const auto inverse = torch::pow(m_theta, torch::arange(quarter, f64) * (-4.0 / m_chunk));  // (c/4)
    const auto index = torch::arange(grid * grid, f64);
    const auto rows = torch::floor(index / double(grid)), cols = index - rows * double(grid);
    const auto patches = torch::cat({cols.unsqueeze(1) * inverse, rows.unsqueeze(1) * inverse}, 1);  // (g², c/2)
    return torch::cat({torch::zeros({m_prefix, m_chunk / 2}, f64), patches}, 0);
}

torch::Tensor RotaryEmbedding::apply(const torch::Tensor &x) const
{
    if (!enabled())
        return x;
    const std::int64_t width = x.size(-1), chunk = m_chunk;
    TORCH_CHECK(width % chunk == 0, "rotary embedding: width ", width, " is not a multiple of the chunk ", chunk);
    const Tables t = tablesFor(*this, {gridSide(x.size(-2)), m_chunk, m_prefix, m_theta, x.scalar_type(), x.device()});
    auto shape = x.sizes().vec();
    shape.back() = width / chunk;
    shape.push_back(chunk / 2);
    shape.push_back(2);
    const auto pairs = x.reshape(shape);  // (..., T, w/c, c/2, 2)
    const auto even = pairs.select(-1, 0), odd = pairs.select(-1, 1);
    return torch::stack({even * t.cos - odd * t.sin, odd * t.cos + even * t.sin}, -1).view(x.sizes());
}

} // namespace gatefold::model
