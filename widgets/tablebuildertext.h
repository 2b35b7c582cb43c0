#pragma once

#include <QCoreApplication>

namespace gatefold::widgets {

// tr() in TableBuilder's translation context, for the parts of the table
// builder that live in their own classes (TableColumnEditor, TablePreview):
// their texts were TableBuilder's, and translations/*.ts keep them there.
struct TableBuilderText
{
    Q_DECLARE_TR_FUNCTIONS(gatefold::widgets::TableBuilder)
};

} // namespace gatefold::widgets
