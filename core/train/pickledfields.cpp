#include "pickledfields.h"

#include <stdexcept>

namespace gatefold::train {

std::string fieldName(const std::string &where, const std::string &key)
{
    return where.empty() ? key : where + "." + key;
}

const c10::IValue *findField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    if (!dict.isGenericDict())
        throw std::runtime_error((where.empty() ? std::string("the file") : where) + " is not a dict");
    const auto dictRef = dict.toGenericDict();
    const auto found = dictRef.find(c10::IValue(key));
    return found == dictRef.end() ? nullptr : &found->value();
}

const c10::IValue &field(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue *value = findField(dict, key, where);
    if (!value)
        throw std::runtime_error(fieldName(where, key) + " is missing");
    return *value;
}

std::int64_t intField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue &value = field(dict, key, where);
    if (!value.isInt())
        throw std::runtime_error(fieldName(where, key) + " is not an integer");
    return value.toInt();
}

double doubleField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue &value = field(dict, key, where);
    if (value.isInt())  // Python writes 0 where it means 0.0
        return double(value.toInt());
    if (!value.isDouble())
        throw std::runtime_error(fieldName(where, key) + " is not a number");
    return value.toDouble();
}

std::string stringField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue &value = field(dict, key, where);
    if (!value.isString())
        throw std::runtime_error(fieldName(where, key) + " is not a string");
    return value.toStringRef();
}

at::Tensor tensorField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue &value = field(dict, key, where);
    if (!value.isTensor() || !value.toTensor().defined())
        throw std::runtime_error(fieldName(where, key) + " is not a tensor");
    return value.toTensor();
}

const c10::IValue &dictField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue &value = field(dict, key, where);
    if (!value.isGenericDict())
        throw std::runtime_error(fieldName(where, key) + " is not a dict");
    return value;
}

c10::List<c10::IValue> listField(const c10::IValue &dict, const std::string &key, const std::string &where)
{
    const c10::IValue &value = field(dict, key, where);
    if (value.isList())
        return value.toList();
    if (value.isTuple()) {  // a tuple where a list was written: as good
        c10::List<c10::IValue> items(c10::AnyType::get());
        for (const c10::IValue &item : value.toTupleRef().elements())
            items.push_back(item);
        return items;
    }
    throw std::runtime_error(fieldName(where, key) + " is not a list");
}

std::map<std::string, at::Tensor> tensorsField(const c10::IValue &dict, const std::string &key,
                                               const std::string &where)
{
    std::map<std::string, at::Tensor> out;
    for (const auto &entry : dictField(dict, key, where).toGenericDict()) {
        if (!entry.key().isString())
            throw std::runtime_error(fieldName(where, key) + " has a key that is not a name");
        const std::string &name = entry.key().toStringRef();
        if (!entry.value().isTensor() || !entry.value().toTensor().defined())
            throw std::runtime_error(fieldName(fieldName(where, key), name) + " is not a tensor");
        out[name] = entry.value().toTensor();
    }
    return out;
}

c10::impl::GenericDict namedDict()
{
    return c10::impl::GenericDict(c10::StringType::get(), c10::AnyType::get());
}

c10::impl::GenericDict indexedDict()
{
    return c10::impl::GenericDict(c10::IntType::get(), c10::AnyType::get());
}

c10::impl::GenericList anyList()
{
    return c10::impl::GenericList(c10::AnyType::get());
}

} // namespace gatefold::train
