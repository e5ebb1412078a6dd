# mosaic_add_library(NAME SOURCES...): one of the SDK's libraries, the target mosaic_NAME with
# the alias mosaic::NAME (its name in the installed package too).
#
# SHARED by default: the host (mosaic-run, mosaic-editor, the tests) and the game modules it
# loads must share one ECS type registry and one copy of every inline variable that holds a
# type id, which one shared library per process gives. Symbols stay visible (modules link
# them); -fno-semantic-interposition keeps calls inside a library direct and inlinable, as in a
# static build (nobody interposes Mosaic's functions). MOSAIC_LIBRARY_TYPE=STATIC is for builds
# that never load a module (the clang fuzz build).
set(MOSAIC_LIBRARY_TYPE SHARED CACHE STRING
    "SHARED (hosts and game modules share one copy) or STATIC (no modules, e.g. fuzzing)")
set_property(CACHE MOSAIC_LIBRARY_TYPE PROPERTY STRINGS SHARED STATIC)

function(mosaic_add_library name)
    set(target mosaic_${name})
    add_library(${target} ${MOSAIC_LIBRARY_TYPE} ${ARGN})
    add_library(mosaic::${name} ALIAS ${target})
    set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
    if(MOSAIC_LIBRARY_TYPE STREQUAL "SHARED")
        if(NOT DEFINED MOSAIC_VERSION)  # ecs/ used alone
            include(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/MosaicVersion.cmake)
        endif()
        target_compile_options(${target} PRIVATE -fno-semantic-interposition)
        # The soname carries the minor version: while 0.x, every minor version may change the
        # ABI. Installed libraries find each other in their own folder.
        set_target_properties(${target} PROPERTIES
            VERSION ${MOSAIC_VERSION}
            SOVERSION ${MOSAIC_VERSION_MAJOR}.${MOSAIC_VERSION_MINOR}
            INSTALL_RPATH "$ORIGIN")
    endif()
endfunction()
