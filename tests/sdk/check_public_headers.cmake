# sdk.public_headers: the installed headers stand on their own. Every `#include` of an installed
# header (the SDK in <prefix>/include and the editor panel headers in the package's
# editor_panels/include) names another installed header or a system/third-party one: never one
# of the hosts' internals (engine_host_headers in engine/CMakeLists.txt), which are not
# installed. Then one translation unit including every installed header compiles against the
# installed tree alone (consumers/headers, find_package(mosaic)).
#
# Why a scan and one translation unit, not one compile per header: each engine header alone costs
# ~2 s of CPU at -fsyntax-only (measured here on 20 headers), 100 headers would triple the sdk
# label's time; the scan finds the same faults (an include that is not installed) at once.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)

# scan_includes(OUT ROOT...): the "header: include" pairs of the headers under the ROOTs whose
# Mosaic includes (<mosaic/...> or "relative") do not resolve to a file under one of the ROOTs.
function(scan_includes out)
    set(bad "")
    foreach(root IN LISTS ARGN)
        file(GLOB_RECURSE headers ${root}/*.hpp ${root}/*.h)
        foreach(header IN LISTS headers)
            file(STRINGS ${header} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
            cmake_path(GET header PARENT_PATH here)
            foreach(line IN LISTS lines)
                if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
                    set(candidates ${here}/${CMAKE_MATCH_1})
                    foreach(r IN LISTS ARGN)
                        list(APPEND candidates ${r}/${CMAKE_MATCH_1})
                    endforeach()
                elseif(line MATCHES "#[ \t]*include[ \t]*<(mosaic/[^>]+)>")
                    set(candidates "")
                    foreach(r IN LISTS ARGN)
                        list(APPEND candidates ${r}/${CMAKE_MATCH_1})
                    endforeach()
                else()
                    continue()  # the standard library, glm, imgui: not ours to install
                endif()
                set(found FALSE)
                foreach(candidate IN LISTS candidates)
                    if(EXISTS ${candidate})
                        set(found TRUE)
                    endif()
                endforeach()
                if(NOT found)
                    file(RELATIVE_PATH shown ${root} ${header})
                    string(STRIP "${line}" line)
                    list(APPEND bad "${shown}: ${line}")
                endif()
            endforeach()
        endforeach()
    endforeach()
    set(${out} "${bad}" PARENT_SCOPE)
endfunction()

# The scan itself finds a planted fault (a header including one that is not there), so a broken
# scan cannot pass silently.
set(planted ${WORK}/public_headers_selftest)
file(REMOVE_RECURSE ${planted})
file(WRITE ${planted}/mosaic/engine/good.hpp "#pragma once\n#include <vector>\n")
file(WRITE ${planted}/mosaic/engine/uses_internal.hpp
     "#pragma once\n#include \"good.hpp\"\n#include <mosaic/engine/runtime/code_reload.hpp>\n")
scan_includes(planted_bad ${planted})
if(NOT planted_bad MATCHES "uses_internal[.]hpp: #include <mosaic/engine/runtime/code_reload"
   OR planted_bad MATCHES "good")
    message(FATAL_ERROR "the include scan missed a planted fault or flagged a good include: "
                        "'${planted_bad}'")
endif()

set(package ${PREFIX}/${LIBDIR}/cmake/mosaic)
scan_includes(bad ${PREFIX}/include ${package}/editor_panels/include)
if(bad)
    list(JOIN bad "\n  " bad)
    message(FATAL_ERROR "installed headers include headers that are not installed (host "
                        "internals, engine_host_headers in engine/CMakeLists.txt):\n  ${bad}")
endif()
message(STATUS "include scan: every installed header includes only installed headers")

sdk_build(${SDK_SOURCE}/consumers/headers ${WORK}/public_headers
          DEFINES -DCMAKE_PREFIX_PATH=${PREFIX} -DMOSAIC_INCLUDE_DIR=${PREFIX}/include)
sdk_done()
