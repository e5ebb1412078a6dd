#pragma once
// archetype_commands: editing an archetype in place (edit_archetype, close_asset) and making an
// entity from one (create_from_archetype), added to the editor's command table with the
// core's own (core_commands.cpp), so that a headless script does what the Project panel's
// row menu does.

#include "command_table.hpp"

namespace mosaic::editor {

/// Adds asset.edit_archetype, asset.close and entity.create_from_archetype to `table`.
void add_archetype_commands(command_table& table);

}  // namespace mosaic::editor
