# Shared by the tests/sdk scripts, which CTest runs as `cmake -P`: configure and build a
# consumer project with this build's compiler and flags, run programs and check their output.
#
# Variables from tests/sdk/CMakeLists.txt: GENERATOR, CXX, CC, LAUNCHER, BUILD_TYPE, CXX_FLAGS,
# C_FLAGS, LINK_FLAGS (this build's, sanitizers included), PREFIX (the install prefix of
# sdk.install), LIBDIR, WORK (a folder for builds), SDK_SOURCE (tests/sdk), REPO, PROBE
# (mosaic-module-probe), RUN and EDITOR (mosaic-run and mosaic-editor of this build).
cmake_policy(SET CMP0007 NEW)

string(TIMESTAMP sdk_started "%s")

# sdk_step(WHAT COMMAND...): runs COMMAND, fails the test with its output when it fails.
function(sdk_step what)
    string(TIMESTAMP start "%s")
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    string(TIMESTAMP end "%s")
    math(EXPR seconds "${end} - ${start}")
    if(NOT code EQUAL 0)
        list(JOIN ARGN " " command)
        message(FATAL_ERROR "${what} failed (${code}): ${command}\n${out}\n${err}")
    endif()
    message(STATUS "${what}: ok (${seconds} s)")
endfunction()

# sdk_build(SOURCE BINARY [PLAIN | README] [TARGET T] [DEFINES -DX=Y...])
#   default  this build's build type and flags (consumers linking its sanitized libraries)
#   PLAIN    no build type, no flags: the consumer builds Mosaic from source, so nothing has
#            to match, and an unoptimized build without debug info compiles fastest
#   README   exactly what a game's README says: only -DCMAKE_PREFIX_PATH (in DEFINES)
# Always a fresh configure (the package is found again); objects from an earlier run are kept.
function(sdk_build source binary)
    cmake_parse_arguments(arg "PLAIN;README" "TARGET" "DEFINES" ${ARGN})
    set(args -S ${source} -B ${binary} --fresh -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
             -DCMAKE_C_COMPILER=${CC} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
    if(LAUNCHER)
        list(APPEND args -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}
                         -DCMAKE_C_COMPILER_LAUNCHER=${LAUNCHER})
    endif()
    if(NOT arg_PLAIN AND NOT arg_README)
        list(APPEND args -DCMAKE_BUILD_TYPE=${BUILD_TYPE} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
                         "-DCMAKE_C_FLAGS=${C_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}"
                         "-DCMAKE_SHARED_LINKER_FLAGS=${LINK_FLAGS}")
    endif()
    sdk_step("configure ${source}" ${CMAKE_COMMAND} ${args} ${arg_DEFINES})
    set(build ${CMAKE_COMMAND} --build ${binary} --parallel 2)
    if(arg_TARGET)
        list(APPEND build --target ${arg_TARGET})
    endif()
    sdk_step("build ${binary}" ${build})
endfunction()

# sdk_expect(WHAT EXIT REGEX COMMAND...): COMMAND exits with EXIT and its output (stdout and
# stderr together) matches REGEX.
function(sdk_expect what expected_exit regex)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT code STREQUAL expected_exit)
        list(JOIN ARGN " " command)
        message(FATAL_ERROR "${what}: exit ${code}, expected ${expected_exit}: ${command}\n"
                            "stdout:\n${out}\nstderr:\n${err}")
    endif()
    if(NOT "${out}${err}" MATCHES "${regex}")
        message(FATAL_ERROR "${what}: the output does not match '${regex}':\n${out}${err}")
    endif()
    message(STATUS "${what}: ok")
endfunction()

function(sdk_expect_files)
    foreach(file IN LISTS ARGN)
        if(NOT EXISTS ${file})
            message(FATAL_ERROR "missing: ${file}")
        endif()
    endforeach()
endfunction()

# A game module: it exists, a host loads it (mosaic-module-probe: entry point, same build,
# registration), and GCC's unique symbols are off (-fno-gnu-unique: dlclose can unload it).
function(sdk_check_module module expected_name)
    sdk_expect_files(${module})
    sdk_expect("load ${module}" 0 "module ${expected_name} [(][^)]*[)]: 1 components, 1 systems"
               ${PROBE} ${module} Spin)
    find_program(NM nm REQUIRED)
    execute_process(COMMAND ${NM} -D --defined-only ${module} OUTPUT_VARIABLE symbols
                    RESULT_VARIABLE code)
    if(NOT code EQUAL 0 OR NOT symbols MATCHES " T mosaic_module_v1\n")
        message(FATAL_ERROR "${module} does not export mosaic_module_v1:\n${symbols}")
    endif()
    if(symbols MATCHES "\n[0-9a-f]+ u ([^\n]+)")
        message(FATAL_ERROR "${module} has STB_GNU_UNIQUE symbols (${CMAKE_MATCH_1}): "
                            "built without -fno-gnu-unique, dlclose would never unload it")
    endif()
endfunction()

macro(sdk_done)
    string(TIMESTAMP sdk_finished "%s")
    math(EXPR sdk_seconds "${sdk_finished} - ${sdk_started}")
    message(STATUS "done in ${sdk_seconds} s")
endmacro()
