#include "fieldtable.h"

#include "configenums.h"
#include "fieldrows.h"

#include <algorithm>

namespace gatefold::config {
namespace {

std::vector<Field> makeFields()
{
    std::vector<Field> rows;
    addModelFields(rows);
    addDataFields(rows);
    addTrainingFields(rows);
    const train::RunConfig defaults;
    for (Field &row : rows)
        row.defaultText = row.get(defaults);
    return rows;
}

// Whether every setting `pick` chooses is the same in both.
template<typename Pick>
bool sameWhere(const train::RunConfig &a, const train::RunConfig &b, Pick pick)
{
    return std::all_of(fields().begin(), fields().end(),
                       [&](const Field &f) { return !pick(f) || f.same(a, b); });
}

train::RunConfig withModel(const model::ViTConfig &m)
{
    train::RunConfig c;
    c.model = m;
    return c;
}

bool keyHasPrefix(const std::string &s, const char *prefix)
{
    return s.rfind(prefix, 0) == 0;
}

} // namespace

const std::vector<FieldGroup> &fieldGroups()
{
    static const std::vector<FieldGroup> groups = {FieldGroup::Training, FieldGroup::Data,      FieldGroup::Augmentation,
                                                   FieldGroup::Model,    FieldGroup::Gates,     FieldGroup::Folds,
                                                   FieldGroup::Optimisation, FieldGroup::Schedules, FieldGroup::Compute,
                                                   FieldGroup::Distillation};
    return groups;
}

const char *groupName(FieldGroup group)
{
    switch (group) {
    case FieldGroup::Training: return GF_TRANSLATE_NOOP("FieldGroups", "Training");
    case FieldGroup::Data: return GF_TRANSLATE_NOOP("FieldGroups", "Data");
    case FieldGroup::Augmentation: return GF_TRANSLATE_NOOP("FieldGroups", "Augmentation");
    case FieldGroup::Model: return GF_TRANSLATE_NOOP("FieldGroups", "Model");
    case FieldGroup::Gates: return GF_TRANSLATE_NOOP("FieldGroups", "Gates (CDE)");
    case FieldGroup::Folds: return GF_TRANSLATE_NOOP("FieldGroups", "Folds (joining)");
    case FieldGroup::Optimisation: return GF_TRANSLATE_NOOP("FieldGroups", "Optimisation");
    case FieldGroup::Schedules: return GF_TRANSLATE_NOOP("FieldGroups", "Schedules");
    case FieldGroup::Compute: return GF_TRANSLATE_NOOP("FieldGroups", "Compute");
    case FieldGroup::Distillation: return GF_TRANSLATE_NOOP("FieldGroups", "Distillation");
    }
    return "?";
}

std::string Field::helpWithChoices() const
{
    return choices.empty() ? std::string(help) : std::string(help) + " (" + joinChoices(choices) + ")";
}

const std::vector<Field> &fields()
{
    static const std::vector<Field> rows = makeFields();
    return rows;
}

const Field *findField(const std::string &key)
{
    for (const Field &f : fields())
        if (f.key == key)
            return &f;
    return nullptr;
}

bool isTrainingKey(const std::string &key)
{
    const Field *f = findField(key);
    return f && !f->model;
}

bool applyAssignment(train::RunConfig &config, const std::string &assignment, std::string *error)
{
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) {
        if (error)
            *error = "'" + assignment + "' is not key=value";
        return false;
    }
    const std::string key = assignment.substr(0, eq);
    const Field *f = findField(key);
    if (!f) {
        if (error)
            *error = "unknown setting '" + key + "' (gatefold-cli config --keys lists them)";
        return false;
    }
    model::ConfigProblem why;
    if (!f->set(config, assignment.substr(eq + 1), &why)) {
        if (error)
            *error = key + ": " + why.message;
        return false;
    }
    return true;
}

bool applyModelAssignment(model::ViTConfig &config, const std::string &assignment, std::string *error)
{
    const std::string key = assignment.substr(0, assignment.find('='));
    if (isTrainingKey(key)) {
        if (error)
            *error = "'" + key + "' is a training setting; this takes the model's settings only "
                     "(gatefold-cli config --keys lists them)";
        return false;
    }
    train::RunConfig run = withModel(config);
    if (!applyAssignment(run, assignment, error))
        return false;
    config = run.model;
    return true;
}

std::optional<std::string> value(const train::RunConfig &config, const std::string &key)
{
    if (const Field *f = findField(key))
        return f->get(config);
    return std::nullopt;
}

std::optional<std::string> value(const model::ViTConfig &config, const std::string &key)
{
    const Field *f = findField(key);
    if (!f || !f->model)
        return std::nullopt;
    return f->get(withModel(config));
}

bool fieldApplies(const train::RunConfig &config, const std::string &key)
{
    const Field *f = findField(key);
    return !f || f->applies(config);
}

} // namespace gatefold::config

// Equality is the table's: a setting cannot be forgotten by it.
namespace gatefold::model {
bool operator==(const ViTConfig &a, const ViTConfig &b)
{
    return config::sameWhere(config::withModel(a), config::withModel(b), [](const config::Field &f) { return f.model; });
}
} // namespace gatefold::model

namespace gatefold::data {
bool operator==(const DataConfig &a, const DataConfig &b)
{
    train::RunConfig x, y;
    x.train.data = a;
    y.train.data = b;
    return config::sameWhere(x, y, [](const config::Field &f) { return config::keyHasPrefix(f.key, "data."); });
}

bool operator==(const AugmentConfig &a, const AugmentConfig &b)
{
    train::RunConfig x, y;
    x.train.augment = a;
    y.train.augment = b;
    return config::sameWhere(x, y, [](const config::Field &f) { return config::keyHasPrefix(f.key, "aug."); });
}
} // namespace gatefold::data

namespace gatefold::train {
bool operator==(const TrainConfig &a, const TrainConfig &b)
{
    RunConfig x, y;
    x.train = a;
    y.train = b;
    return config::sameWhere(x, y, [](const config::Field &f) { return !f.model; });
}

bool operator==(const RunConfig &a, const RunConfig &b)
{
    return config::sameWhere(a, b, [](const config::Field &) { return true; });
}
} // namespace gatefold::train
