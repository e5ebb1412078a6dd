#pragma once
// Everything of the ECS library in one include.

#include "archetype.hpp"       // IWYU pragma: export
#include "assert.hpp"          // IWYU pragma: export
#include "command_buffer.hpp"  // IWYU pragma: export
#include "entity.hpp"          // IWYU pragma: export
#include "handle.hpp"          // IWYU pragma: export
#include "runtime_view.hpp"    // IWYU pragma: export
#include "scheduler.hpp"       // IWYU pragma: export
#include "system.hpp"          // IWYU pragma: export
#include "system_error.hpp"    // IWYU pragma: export
#include "type_id.hpp"         // IWYU pragma: export
#include "view.hpp"            // IWYU pragma: export
#include "world.hpp"           // IWYU pragma: export
