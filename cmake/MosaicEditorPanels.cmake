# mosaic_add_editor_panels(TARGET FILES...)
#
# Editor panels of a game module (editor/sdk/include/mosaic/editor/module_panel.hpp): adds the
# panel files to the module TARGET (made with mosaic_add_game), the SDK header and Dear ImGui.
# The panels are added by the module's panel registration function, the one its
# MOSAIC_GAME_MODULE names after the systems' (`panels.add<draw>("game.id", "Title", dock)`).
#
# Dear ImGui is Debian's static libimgui.a: the module gets its own copy, kept out of its
# exported symbols (--exclude-libs) so it never stands in for the editor's; at each draw the
# module switches it to the editor's context and allocator. Without Dear ImGui (pkg-config
# imgui) the panel files are left out and MOSAIC_NO_EDITOR_PANELS makes MOSAIC_GAME_MODULE drop
# the panels' registration function: the module builds without them.
#
# Used in-tree by projects/ and tests/modules, and installed with the package (mosaicConfig.cmake
# includes it) next to editor_panels/: the SDK headers.
function(mosaic_add_editor_panels target)
    if(EXISTS ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/editor_panels)  # the package
        set(sdk ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/editor_panels)
    else()  # Mosaic's source tree
        set(sdk ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../editor/sdk)
    endif()
    if(NOT ARGN)
        message(FATAL_ERROR "mosaic_add_editor_panels(${target}): no panel files given")
    endif()
    find_package(PkgConfig QUIET)
    if(PkgConfig_FOUND)
        pkg_check_modules(MOSAIC_PANELS_IMGUI QUIET IMPORTED_TARGET imgui stb)
    endif()
    if(NOT MOSAIC_PANELS_IMGUI_FOUND)
        message(STATUS "${target}: no Dear ImGui (pkg-config imgui): editor panels left out")
        target_compile_definitions(${target} PRIVATE MOSAIC_NO_EDITOR_PANELS)
        return()
    endif()
    target_sources(${target} PRIVATE ${ARGN})
    target_include_directories(${target} PRIVATE ${sdk}/include)
    target_link_libraries(${target} PRIVATE PkgConfig::MOSAIC_PANELS_IMGUI)
    target_link_options(${target} PRIVATE "LINKER:--exclude-libs,libimgui.a")
endfunction()
