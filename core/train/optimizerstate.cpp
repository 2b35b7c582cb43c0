#include "optimizerstate.h"

#include "pickledfields.h"

#include <torch/torch.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

namespace gatefold::train {
namespace {

using torch::optim::AdamWOptions;
using torch::optim::AdamWParamState;

// How LibTorch's Optimizer keys its state: the parameter's TensorImpl, as text.
std::string stateKeyOf(const torch::Tensor &parameter)
{
    return c10::guts::to_string(parameter.unsafeGetTensorImpl());
}

std::string parameterName(const torch::Tensor &parameter, const std::map<const void *, std::string> &names)
{
    const auto found = names.find(parameter.unsafeGetTensorImpl());
    return found == names.end() ? std::string() : found->second;
}

c10::IValue momentsOf(const AdamWParamState &s)
{
    auto entry = namedDict();
    // 0-dim, as Python keeps it; float64 holds every step count up to 2^53 exactly.
    entry.insert("step", torch::tensor(double(s.step()), torch::kFloat64));
    entry.insert("exp_avg", s.exp_avg().detach().cpu());
    entry.insert("exp_avg_sq", s.exp_avg_sq().detach().cpu());
    if (s.max_exp_avg_sq().defined())
        entry.insert("max_exp_avg_sq", s.max_exp_avg_sq().detach().cpu());
    return entry;
}

c10::IValue groupOf(const AdamWOptions &o, const c10::impl::GenericList &params, const c10::impl::GenericList &names)
{
    auto group = namedDict();
    group.insert("lr", o.lr());
    group.insert("betas", c10::ivalue::Tuple::create({std::get<0>(o.betas()), std::get<1>(o.betas())}));
    group.insert("eps", o.eps());
    group.insert("weight_decay", o.weight_decay());
    group.insert("amsgrad", o.amsgrad());
    group.insert("params", params);
    group.insert("param_names", names);
    return group;
}

// A step count as Python or adamWStateDict writes it: a 1-element tensor (float or integer) or an int.
std::int64_t stepOf(const c10::IValue &entry, const std::string &where)
{
    const c10::IValue &value = field(entry, "step", where);
    double step = -1;
    if (value.isInt())
        step = double(value.toInt());
    else if (value.isTensor() && value.toTensor().defined() && value.toTensor().numel() == 1)
        step = value.toTensor().item<double>();
    if (!(step >= 0 && step <= 9007199254740992.0 && std::floor(step) == step))  // 2^53
        throw std::runtime_error(fieldName(where, "step") + " is not a step count");
    return std::int64_t(step);
}

torch::Tensor momentOf(const c10::IValue &entry, const std::string &key, const std::string &where,
                       const torch::Tensor &parameter, const std::string &name)
{
    const torch::Tensor t = tensorField(entry, key, where);
    if (t.sizes() != parameter.sizes() || !t.is_floating_point())
        throw std::runtime_error(fieldName(where, key) + " has shape " + c10::str(t.sizes()) + " (" + c10::str(t.dtype())
                                 + "), its parameter " + name + " " + c10::str(parameter.sizes()));
    return t.to(parameter.device(), parameter.scalar_type());
}

std::shared_ptr<const AdamWParamState> paramStateOf(const c10::IValue &entry, const std::string &where,
                                                    const torch::Tensor &parameter, const std::string &name)
{
    auto s = std::make_shared<AdamWParamState>();
    s->step(stepOf(entry, where));
    s->exp_avg(momentOf(entry, "exp_avg", where, parameter, name));
    s->exp_avg_sq(momentOf(entry, "exp_avg_sq", where, parameter, name));
    if (findField(entry, "max_exp_avg_sq", where))
        s->max_exp_avg_sq(momentOf(entry, "max_exp_avg_sq", where, parameter, name));
    return s;
}

} // namespace

c10::IValue adamWStateDict(const torch::optim::AdamW &optimizer, const std::map<const void *, std::string> &names)
{
    auto state = indexedDict();
    auto groups = anyList();
    std::int64_t index = 0;
    for (const auto &group : optimizer.param_groups()) {
        auto params = anyList();
        auto paramNames = anyList();
        for (const auto &parameter : group.params()) {
            const auto found = optimizer.state().find(stateKeyOf(parameter));
            if (found != optimizer.state().end())
                state.insert(index, momentsOf(dynamic_cast<const AdamWParamState &>(*found->second)));
            params.push_back(index++);
            paramNames.push_back(parameterName(parameter, names));
        }
        groups.push_back(groupOf(dynamic_cast<const AdamWOptions &>(group.options()), params, paramNames));
    }
    auto dict = namedDict();
    dict.insert("state", state);
    dict.insert("param_groups", groups);
    return dict;
}

std::function<void()> adamWRestore(const c10::IValue &stored, torch::optim::AdamW &optimizer,
                                   const std::map<const void *, std::string> &names)
{
    const c10::List<c10::IValue> groups = listField(stored, "param_groups", "optimizer");
    const c10::IValue &state = dictField(stored, "state", "optimizer");
    if (groups.size() != optimizer.param_groups().size())
        throw std::runtime_error("the optimiser state has " + std::to_string(groups.size())
                                 + " parameter groups, the optimiser " + std::to_string(optimizer.param_groups().size()));
    std::vector<std::pair<std::string, std::shared_ptr<const AdamWParamState>>> staged;
    for (size_t g = 0; g < groups.size(); ++g) {
        const std::string where = "optimizer.param_groups[" + std::to_string(g) + "]";
        const c10::List<c10::IValue> indices = listField(groups.get(g), "params", where);
        const auto &params = optimizer.param_groups()[g].params();
        if (indices.size() != params.size())
            throw std::runtime_error(where + " has " + std::to_string(indices.size()) + " parameters, the optimiser's "
                                     + std::to_string(params.size()));
        for (size_t i = 0; i < params.size(); ++i) {
            const c10::IValue index = indices.get(i);
            if (!index.isInt())
                throw std::runtime_error(where + ".params holds something other than parameter numbers");
            const auto dict = state.toGenericDict();
            const auto entry = dict.find(index);
            if (entry == dict.end())
                continue;  // a parameter without state (no gradient yet)
            const std::string entryName = "optimizer.state[" + std::to_string(index.toInt()) + "]";
            staged.emplace_back(stateKeyOf(params[i]), paramStateOf(entry->value(), entryName, params[i],
                                                                    parameterName(params[i], names)));
        }
    }
    return [staged, &optimizer] {
        for (const auto &[key, s] : staged)
            optimizer.state()[key] = std::make_unique<AdamWParamState>(*s);
    };
}

} // namespace gatefold::train
