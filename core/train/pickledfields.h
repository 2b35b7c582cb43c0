#pragma once

// Typed reads of the entries of a pickled dict (model/picklearchive.h), for the
// readers of files whose dicts are not trusted to hold what they should. Each
// throws std::runtime_error naming the entry ("train_state.window.steps is not
// an integer") where it is missing or of another kind. `where` is the dict's
// own name in such messages ("" for the top level).

#include <ATen/core/Dict.h>
#include <ATen/core/ivalue.h>

#include <cstdint>
#include <map>
#include <string>

namespace gatefold::train {

// "where.key", or "key" at the top level.
std::string fieldName(const std::string &where, const std::string &key);

// The entry `key` of `dict` (which must be a dict), or nullptr when it has none.
const c10::IValue *findField(const c10::IValue &dict, const std::string &key, const std::string &where);
const c10::IValue &field(const c10::IValue &dict, const std::string &key, const std::string &where);

std::int64_t intField(const c10::IValue &dict, const std::string &key, const std::string &where);
double doubleField(const c10::IValue &dict, const std::string &key, const std::string &where);
std::string stringField(const c10::IValue &dict, const std::string &key, const std::string &where);
at::Tensor tensorField(const c10::IValue &dict, const std::string &key, const std::string &where);
const c10::IValue &dictField(const c10::IValue &dict, const std::string &key, const std::string &where);
c10::List<c10::IValue> listField(const c10::IValue &dict, const std::string &key, const std::string &where);

// A dict of name -> tensor (a state dict).
std::map<std::string, at::Tensor> tensorsField(const c10::IValue &dict, const std::string &key,
                                               const std::string &where);

// A new dict with string keys and one with integer keys, of any values.
c10::impl::GenericDict namedDict();
c10::impl::GenericDict indexedDict();
c10::impl::GenericList anyList();

} // namespace gatefold::train
