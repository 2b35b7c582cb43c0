#pragma once

#include "enumnames.h"
#include "trainconfig.h"

#include <string>

// The name table of every enum of the run configuration (configenums.cpp):
// config::enumName / parseEnum / enumChoices read them; toString() is the
// short spelling for messages and reports.

namespace gatefold::config {

template<> const EnumTable<model::Pooling> &enumTable<model::Pooling>();
template<> const EnumTable<model::GateKind> &enumTable<model::GateKind>();
template<> const EnumTable<model::AssignKind> &enumTable<model::AssignKind>();
template<> const EnumTable<model::GateTarget> &enumTable<model::GateTarget>();
template<> const EnumTable<model::Sharing> &enumTable<model::Sharing>();
template<> const EnumTable<model::AssignScope> &enumTable<model::AssignScope>();
template<> const EnumTable<model::EmbedInit> &enumTable<model::EmbedInit>();
template<> const EnumTable<model::CodebookInit> &enumTable<model::CodebookInit>();
template<> const EnumTable<model::WeightInit> &enumTable<model::WeightInit>();
template<> const EnumTable<model::PositionKind> &enumTable<model::PositionKind>();
template<> const EnumTable<model::JoinVariant> &enumTable<model::JoinVariant>();
template<> const EnumTable<model::JoinScheduleKind> &enumTable<model::JoinScheduleKind>();
template<> const EnumTable<model::JoinStage> &enumTable<model::JoinStage>();
template<> const EnumTable<train::TauSchedule> &enumTable<train::TauSchedule>();
template<> const EnumTable<train::DeviceChoice> &enumTable<train::DeviceChoice>();
template<> const EnumTable<train::DistBackend> &enumTable<train::DistBackend>();
template<> const EnumTable<train::Precision> &enumTable<train::Precision>();

// The data sets data.name accepts (data/datasets.cpp opens them).
const std::vector<std::string> &dataSetNames();

} // namespace gatefold::config

namespace gatefold::model {
std::string toString(Pooling v);
std::string toString(GateKind v);
std::string toString(AssignKind v);
std::string toString(GateTarget v);
std::string toString(Sharing v);
std::string toString(AssignScope v);
std::string toString(EmbedInit v);
std::string toString(CodebookInit v);
std::string toString(WeightInit v);
std::string toString(PositionKind v);
std::string toString(JoinVariant v);
std::string toString(JoinScheduleKind v);
std::string toString(JoinStage v);
} // namespace gatefold::model

namespace gatefold::train {
std::string toString(TauSchedule v);
std::string toString(DeviceChoice v);
std::string toString(DistBackend v);
std::string toString(Precision v);
} // namespace gatefold::train
