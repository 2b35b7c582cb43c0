#pragma once

// The report's pictures (OpenCV colour maps), written into its folder.

#include "reporttypes.h"

#include "report/reportfiles.h"

namespace gatefold::inspect {

bool writePictures(const InspectReport &report, report::ReportFiles &files);

} // namespace gatefold::inspect
