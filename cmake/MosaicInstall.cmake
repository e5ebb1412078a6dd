# The SDK's install rules and its CMake package, mosaicConfig.cmake, in two places:
#
#   <prefix>/lib/cmake/mosaic/     after `cmake --install BUILD --prefix <prefix>`
#   <build>/lib/cmake/mosaic/      the build tree itself, usable without installing
#
# Either is found with -DCMAKE_PREFIX_PATH=<prefix or build>. Installed: the public headers of
# ecs/ and engine/ (engine_headers in engine/CMakeLists.txt; the hosts' internals are not), the three libraries, mosaic-run and mosaic-editor, and the package:
#
#   mosaicConfig.cmake                 components ecs, engine, gfx (mosaicConfig.cmake.in)
#   mosaicConfigVersion.cmake          SameMinorVersion: while 0.x a minor version may change
#                                      the API and the ABI, so asking for 0.2 accepts 0.2.x only
#   mosaic-{ecs,engine,gfx}-targets.cmake   one export set per component
#   MosaicGame.cmake                   mosaic_add_game()
#   MosaicEditorPanels.cmake           mosaic_add_editor_panels(), with editor_panels/ (the
#                                      headers a module's editor panels include)
#
# and the licence (MIT, the repository's LICENSE) in <prefix>/share/doc/mosaic/LICENSE.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(MOSAIC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/mosaic)
set(mosaic_build_package_dir ${PROJECT_BINARY_DIR}/lib/cmake/mosaic)

# What a game module must match, recorded on mosaic::engine for mosaic_add_game: NDEBUG (it
# changes MOSAIC_CHECK, and the loader compares it) and the compiler. Unknown (not recorded)
# with multi-config generators, where NDEBUG depends on the configuration.
get_property(mosaic_multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
if(NOT mosaic_multi_config)
    string(TOUPPER "${CMAKE_BUILD_TYPE}" mosaic_build_type)
    if(" ${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${mosaic_build_type}} " MATCHES " [-/]DNDEBUG ")
        set_target_properties(mosaic_engine PROPERTIES MOSAIC_NDEBUG ON)
    else()
        set_target_properties(mosaic_engine PROPERTIES MOSAIC_NDEBUG OFF)
    endif()
endif()
set_target_properties(mosaic_engine PROPERTIES
    MOSAIC_CXX_COMPILER "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}"
    MOSAIC_CXX_COMPILER_PATH "${CMAKE_CXX_COMPILER}"
    EXPORT_PROPERTIES "MOSAIC_NDEBUG;MOSAIC_CXX_COMPILER;MOSAIC_CXX_COMPILER_PATH")

set(mosaic_components ecs engine)
if(TARGET mosaic_gfx)
    list(APPEND mosaic_components gfx)
endif()
foreach(component IN LISTS mosaic_components)
    install(TARGETS mosaic_${component}
            EXPORT mosaic-${component}-targets
            LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
            ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
            FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
    install(EXPORT mosaic-${component}-targets
            NAMESPACE mosaic::
            DESTINATION ${MOSAIC_INSTALL_CMAKEDIR})
    export(EXPORT mosaic-${component}-targets
           NAMESPACE mosaic::
           FILE ${mosaic_build_package_dir}/mosaic-${component}-targets.cmake)
endforeach()

# The executables find the libraries in ../lib (wherever the prefix is moved).
file(RELATIVE_PATH mosaic_bin_to_lib ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
foreach(program mosaic-run mosaic-editor)
    if(TARGET ${program})
        set_target_properties(${program} PROPERTIES INSTALL_RPATH "$ORIGIN/${mosaic_bin_to_lib}")
        install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    endif()
endforeach()

configure_file(${CMAKE_CURRENT_LIST_DIR}/mosaicConfig.cmake.in
               ${mosaic_build_package_dir}/mosaicConfig.cmake @ONLY)
write_basic_package_version_file(${mosaic_build_package_dir}/mosaicConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION}
                                 COMPATIBILITY SameMinorVersion)
configure_file(${CMAKE_CURRENT_LIST_DIR}/MosaicGame.cmake
               ${mosaic_build_package_dir}/MosaicGame.cmake COPYONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/MosaicEditorPanels.cmake
               ${mosaic_build_package_dir}/MosaicEditorPanels.cmake COPYONLY)
file(COPY ${PROJECT_SOURCE_DIR}/editor/sdk/ DESTINATION ${mosaic_build_package_dir}/editor_panels)
install(FILES ${mosaic_build_package_dir}/mosaicConfig.cmake
              ${mosaic_build_package_dir}/mosaicConfigVersion.cmake
              ${mosaic_build_package_dir}/MosaicGame.cmake
              ${mosaic_build_package_dir}/MosaicEditorPanels.cmake
        DESTINATION ${MOSAIC_INSTALL_CMAKEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/editor/sdk/
        DESTINATION ${MOSAIC_INSTALL_CMAKEDIR}/editor_panels)

# The licence travels with every copy of the SDK (MIT: LICENSE at the repository's root).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
