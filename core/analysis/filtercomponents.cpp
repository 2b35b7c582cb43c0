#include "filtercomponents.h"

#include <torch/torch.h>

#include <algorithm>
#include <limits>

namespace gatefold::analysis {

FilterComponents filterComponents(const torch::Tensor &weight, std::int64_t maxComponents)
{
    TORCH_CHECK(weight.dim() == 4, "filterComponents: the patch embedding's weight must be (D, C, P, P), got ",
                weight.sizes());
    TORCH_CHECK(maxComponents >= 0, "filterComponents: maxComponents must be ≥ 0");
    const auto d = weight.size(0);
    const auto x = weight.detach().to(torch::kCPU, torch::kFloat64).reshape({d, -1});  // (D, F)
    const auto centred = x - x.mean(0, /*keepdim=*/true);
    FilterComponents out;
    out.filters = d;
    const auto shape = [&](std::int64_t k) {
        return std::vector<std::int64_t>{k, weight.size(1), weight.size(2), weight.size(3)};
    };
    if (d < 2 || x.size(1) == 0) {  // one filter has no variance
        out.components = torch::zeros(shape(0), torch::kFloat64);
        out.variance = out.ratio = torch::zeros({0}, torch::kFloat64);
        return out;
    }
    const auto [u, s, vh] = torch::linalg_svd(centred, /*full_matrices=*/false);  // s descending
    const double top = s.numel() ? s[0].item<double>() : 0.0;
    const double tolerance = top * double(std::max(d, x.size(1))) * std::numeric_limits<double>::epsilon();
    const std::int64_t rank = (s > tolerance).sum().item<std::int64_t>();
    const std::int64_t k = std::min(rank, maxComponents);
    auto components = vh.narrow(0, 0, k).clone();  // (K, F)
    if (k > 0) {
        // The entry of largest magnitude positive (sklearn's svd_flip on the components).
        const auto largest = components.abs().argmax(1, /*keepdim=*/true);
        components = components * components.gather(1, largest).sign();
    }
    const auto squares = s * s;
    const double total = squares.sum().item<double>();
    out.components = components.reshape(shape(k));
    out.variance = squares.narrow(0, 0, k) / double(d - 1);
    out.ratio = total > 0 ? squares.narrow(0, 0, k) / total : torch::zeros({k}, torch::kFloat64);
    return out;
}

} // namespace gatefold::analysis
