#include "posembedresample.h"

#include <torch/nn/functional/upsampling.h>
#include <torch/torch.h>

#include <stdexcept>
#include <string>

namespace gatefold::model {

torch::Tensor resamplePosEmbed(const torch::Tensor &posEmbed, TokenGridSize from, TokenGridSize to,
                               int prefixTokens)
{
    if (posEmbed.dim() != 3 || posEmbed.size(0) != 1 || prefixTokens < 0
        || posEmbed.size(1) != prefixTokens + from.tokens() || from.tokens() < 1 || to.tokens() < 1)
        throw std::invalid_argument("position embeddings of shape " + c10::str(posEmbed.sizes()) + " do not hold "
                                    + std::to_string(prefixTokens) + " prefix token(s) and a "
                                    + std::to_string(from.rows) + "x" + std::to_string(from.cols) + " grid");
    if (from == to)
        return posEmbed;
    namespace F = torch::nn::functional;
    const auto d = posEmbed.size(2);
    const auto prefix = posEmbed.narrow(1, 0, prefixTokens);                           // (1, prefix, d)
    const auto grid = posEmbed.narrow(1, prefixTokens, from.tokens())
                          .to(torch::kFloat32)
                          .reshape({1, from.rows, from.cols, d})
                          .permute({0, 3, 1, 2});                                       // (1, d, rows, cols)
    const auto resized = F::interpolate(grid, F::InterpolateFuncOptions()
                                                  .size(std::vector<int64_t>{to.rows, to.cols})
                                                  .mode(torch::kBicubic)
                                                  .align_corners(false)
                                                  .antialias(true));                   // (1, d, rows', cols')
    const auto tokens = resized.permute({0, 2, 3, 1}).reshape({1, to.tokens(), d}).to(posEmbed.scalar_type());
    return torch::cat({prefix, tokens}, 1);                                             // (1, prefix + rows'·cols', d)
}

} // namespace gatefold::model
