#pragma once

// An ONNX GraphProto built node by node, each value under a fresh name.

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::exporting {

// Adds initializers and nodes to `graph`; every op() output gets a new name.
class GraphBuilder
{
public:
    explicit GraphBuilder(onnx::GraphProto *graph)
        : m_graph(graph)
    {
    }

    std::string fresh(const std::string &hint) { return hint + "_" + std::to_string(m_counter++); }

    std::string initializer(const std::string &name, const std::vector<std::int64_t> &shape, const float *data,
                            std::int64_t count)
    {
        auto *t = m_graph->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::FLOAT);
        for (auto s : shape)
            t->add_dims(s);
        t->set_raw_data(std::string(reinterpret_cast<const char *>(data), size_t(count) * sizeof(float)));
        return name;
    }
    std::string scalar(float v)
    {
        const std::string name = fresh("c");
        return initializer(name, {}, &v, 1);
    }
    std::string ints(const std::vector<std::int64_t> &values)
    {
        const std::string name = fresh("i");
        auto *t = m_graph->add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto::INT64);
        t->add_dims(std::int64_t(values.size()));
        for (auto v : values)
            t->add_int64_data(v);
        return name;
    }

    onnx::NodeProto *node(const std::string &op, const std::vector<std::string> &inputs, const std::string &output)
    {
        auto *n = m_graph->add_node();
        n->set_op_type(op);
        n->set_name(output + "_" + op);
        for (const auto &in : inputs)
            n->add_input(in);
        n->add_output(output);
        return n;
    }
    std::string op(const std::string &type, const std::vector<std::string> &inputs)
    {
        const std::string out = fresh(type);
        node(type, inputs, out);
        return out;
    }
    static void intsAttr(onnx::NodeProto *n, const std::string &name, const std::vector<std::int64_t> &values)
    {
        auto *a = n->add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::INTS);
        for (auto v : values)
            a->add_ints(v);
    }
    static void intAttr(onnx::NodeProto *n, const std::string &name, std::int64_t value)
    {
        auto *a = n->add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::INT);
        a->set_i(value);
    }
    std::string reduceMean(const std::string &x, std::int64_t axis, bool keep)
    {
        const std::string out = fresh("mean");
        auto *n = node("ReduceMean", {x}, out);
        intsAttr(n, "axes", {axis});
        intAttr(n, "keepdims", keep ? 1 : 0);
        return out;
    }
    std::string transpose(const std::string &x, const std::vector<std::int64_t> &perm)
    {
        const std::string out = fresh("transpose");
        intsAttr(node("Transpose", {x}, out), "perm", perm);
        return out;
    }
    std::string reshape(const std::string &x, const std::vector<std::int64_t> &shape)
    {
        return op("Reshape", {x, ints(shape)});
    }
    std::string slice(const std::string &x, std::int64_t axis, std::int64_t begin, std::int64_t end)
    {
        return op("Slice", {x, ints({begin}), ints({end}), ints({axis})});
    }

private:
    onnx::GraphProto *m_graph;
    int m_counter = 0;
};

} // namespace gatefold::exporting
