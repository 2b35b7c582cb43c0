#pragma once

// AdamW's state as Python's torch.optim.AdamW.state_dict() lays it out, for
// checkpoints (checkpoint.h): {"state": {index: {"step": 0-dim float64 tensor,
// "exp_avg": tensor, "exp_avg_sq": tensor[, "max_exp_avg_sq": tensor]}},
// "param_groups": [{"params": [index, …], "param_names": [name, …], "lr",
// "betas": (β1, β2), "eps", "weight_decay", "amsgrad"}]}. Parameters are
// numbered through the groups in order, as Python numbers them, so Python's
// AdamW over the same parameters in the same groups loads it
// (optimizer.load_state_dict). "step" is float64 so that it is exact to 2^53
// steps; Python's own is float32.

#include <ATen/core/ivalue.h>
#include <torch/optim/adamw.h>

#include <functional>
#include <map>
#include <string>

namespace gatefold::train {

// `names`: each parameter's name in the model, by its TensorImpl (param_names).
c10::IValue adamWStateDict(const torch::optim::AdamW &optimizer, const std::map<const void *, std::string> &names);

// Checks `stored` (an adamWStateDict, or Python's) against `optimizer`
// without changing it — as many groups, as many parameters in each, every
// moment of a parameter's shape — and returns what restores the moments and
// step counts it holds (a parameter without an entry keeps its own). The
// group hyperparameters stay as `optimizer` has them: the run config is their
// source, as for checkpoints of older versions. Throws std::runtime_error
// saying what does not fit.
std::function<void()> adamWRestore(const c10::IValue &stored, torch::optim::AdamW &optimizer,
                                   const std::map<const void *, std::string> &names);

} // namespace gatefold::train
