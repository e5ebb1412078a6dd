# mosaic_add_game(NAME [SOURCES] FILES... [OUTPUT_DIRECTORY DIR])
#
# A game module: the shared library libNAME.so that mosaic-editor and mosaic-run load (never
# link). One of its sources ends with MOSAIC_GAME_MODULE(...) from <mosaic/engine/module.hpp>.
# It links mosaic::engine, whose shared libraries the host has already loaded, so host and
# module share one ECS type registry.
#
#   OUTPUT_DIRECTORY  where libNAME.so goes; default: the current binary folder (a project's
#                     mosaic.project.json names "build/libNAME.so")
#
# The loader refuses a module not built like the host, so the module gets the SDK's NDEBUG
# whatever this project's build type, the sanitizers of a sanitized SDK (they come with
# mosaic::ecs), and the configure stops when the compiler (id and version) is not the SDK's.
#
# Used in-tree by projects/ and installed with the package (mosaicConfig.cmake includes it).
function(mosaic_add_game name)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIRECTORY" "SOURCES")
    set(sources ${arg_SOURCES} ${arg_UNPARSED_ARGUMENTS})
    if(NOT sources)
        message(FATAL_ERROR "mosaic_add_game(${name}): no source files given")
    endif()
    if(NOT TARGET mosaic::engine)
        message(FATAL_ERROR "mosaic_add_game(${name}): mosaic::engine is not defined; "
                            "call find_package(mosaic REQUIRED) (or with COMPONENTS engine) first")
    endif()
    if(NOT arg_OUTPUT_DIRECTORY)
        set(arg_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    endif()

    add_library(${name} SHARED ${sources})
    target_link_libraries(${name} PRIVATE mosaic::engine)
    target_compile_features(${name} PRIVATE cxx_std_20)
    set_target_properties(${name} PROPERTIES
        PREFIX "lib"
        POSITION_INDEPENDENT_CODE ON
        # Default visibility, as in the host's code: the entry point must be exported.
        CXX_VISIBILITY_PRESET default
        VISIBILITY_INLINES_HIDDEN OFF
        # $<1:...>: no per-configuration subfolder with multi-config generators; the manifest
        # names one path.
        LIBRARY_OUTPUT_DIRECTORY "$<1:${arg_OUTPUT_DIRECTORY}>")

    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        # GCC marks static variables of inline functions and templates STB_GNU_UNIQUE, and
        # dlclose never unloads a library holding such a symbol: hot reload needs the old
        # module really gone.
        target_compile_options(${name} PRIVATE -fno-gnu-unique)
    endif()

    # Properties the package records on mosaic::engine (cmake/MosaicInstall.cmake).
    get_target_property(sdk_ndebug mosaic::engine MOSAIC_NDEBUG)
    if(sdk_ndebug STREQUAL "ON")
        target_compile_definitions(${name} PRIVATE NDEBUG)
    elseif(sdk_ndebug STREQUAL "OFF")
        target_compile_options(${name} PRIVATE -UNDEBUG)  # after the build type's -DNDEBUG
    endif()
    get_target_property(sdk_compiler mosaic::engine MOSAIC_CXX_COMPILER)
    set(this_compiler "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
    if(sdk_compiler AND NOT sdk_compiler STREQUAL this_compiler)
        # Stop here rather than build a module the editor and mosaic-run would not load.
        get_target_property(sdk_compiler_path mosaic::engine MOSAIC_CXX_COMPILER_PATH)
        if(NOT sdk_compiler_path)
            set(sdk_compiler_path "PATH_OF_${sdk_compiler}")
            string(REPLACE " " "_" sdk_compiler_path "${sdk_compiler_path}")
        endif()
        message(FATAL_ERROR "mosaic_add_game(${name}): Mosaic was built with ${sdk_compiler} and "
                            "this project uses ${this_compiler} (${CMAKE_CXX_COMPILER}): the "
                            "editor and mosaic-run would not load the module. Configure a fresh "
                            "build folder with -DCMAKE_CXX_COMPILER=${sdk_compiler_path}")
    endif()
endfunction()
