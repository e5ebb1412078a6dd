# sdk.install (the fixture of the find_package tests): `cmake --install` of this build into a
# fresh prefix, then what must and must not be there, and the installed programs run from it.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)

file(REMOVE_RECURSE ${PREFIX})  # a stale prefix would hide a missing install rule
sdk_step("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX})

set(package ${PREFIX}/${LIBDIR}/cmake/mosaic)
sdk_expect_files(
    ${PREFIX}/include/mosaic/version.hpp
    ${PREFIX}/include/mosaic/ecs/ecs.hpp
    ${PREFIX}/include/mosaic/engine/module.hpp
    ${PREFIX}/include/mosaic/engine/runtime/game.hpp
    ${PREFIX}/include/mosaic/engine/render/renderer.hpp
    ${PREFIX}/include/mosaic/engine/platform/window.hpp
    ${PREFIX}/${LIBDIR}/libmosaic_ecs.so
    ${PREFIX}/${LIBDIR}/libmosaic_engine.so
    ${PREFIX}/${LIBDIR}/libmosaic_gfx.so
    ${PREFIX}/bin/mosaic-run
    ${PREFIX}/bin/mosaic-editor
    ${package}/mosaicConfig.cmake
    ${package}/mosaicConfigVersion.cmake
    ${package}/MosaicGame.cmake
    ${package}/MosaicEditorPanels.cmake
    ${package}/editor_panels/include/mosaic/editor/module_panel.hpp
    ${package}/editor_panels/include/mosaic/editor/module_panels.h
    ${package}/editor_panels/include/mosaic/editor/panel_registry.hpp
    ${package}/mosaic-ecs-targets.cmake
    ${package}/mosaic-engine-targets.cmake
    ${package}/mosaic-gfx-targets.cmake
    ${PREFIX}/share/doc/mosaic/LICENSE)

# Only public headers: no private ones (engine/src), no third-party ones.
file(GLOB_RECURSE headers RELATIVE ${PREFIX}/include ${PREFIX}/include/*)
foreach(header IN LISTS headers)
    if(NOT header MATCHES "^mosaic/(version|ecs/[a-z_0-9]+|engine/([a-z]+/)?[a-z_0-9]+)[.]hpp$")
        message(FATAL_ERROR "installed a header that is not Mosaic's public API: ${header}")
    endif()
endforeach()
# Nor the hosts' internals (engine_host_headers in engine/CMakeLists.txt): a game module does
# not load modules, reload code, merge scenes or serve the live link.
foreach(private shader.hpp gl_state.hpp read_context.hpp game_module.hpp code_reload.hpp
                scene_merge.hpp live_server.hpp recording.hpp texture_cache.hpp)
    if(";${headers};" MATCHES "/${private};")
        message(FATAL_ERROR "installed the private header ${private}")
    endif()
endforeach()

# cereal is the engine's private business: the exported interface must not name it.
file(READ ${package}/mosaic-engine-targets.cmake engine_targets)
if(engine_targets MATCHES "cereal")
    message(FATAL_ERROR "mosaic-engine-targets.cmake names cereal, a private dependency")
endif()

# The installed programs find the installed libraries, not the build tree's.
find_program(READELF readelf REQUIRED)
foreach(binary bin/mosaic-run bin/mosaic-editor ${LIBDIR}/libmosaic_gfx.so)
    execute_process(COMMAND ${READELF} -d ${PREFIX}/${binary} OUTPUT_VARIABLE dynamic)
    if(NOT dynamic MATCHES "R(UN)?PATH[^\n]*\\[([^]\n]*)\\]")
        message(FATAL_ERROR "${binary}: no RUNPATH")
    endif()
    set(runpath ${CMAKE_MATCH_2})
    if(NOT runpath MATCHES "^[$]ORIGIN" OR runpath MATCHES "${BUILD_DIR}")
        message(FATAL_ERROR "${binary}: RUNPATH '${runpath}', expected $ORIGIN-relative only")
    endif()
endforeach()
sdk_expect("installed mosaic-run" 0 "usage: mosaic-run" ${PREFIX}/bin/mosaic-run --help)
sdk_expect("installed mosaic-editor" 0 "usage: mosaic-editor" ${PREFIX}/bin/mosaic-editor --help)
sdk_done()
