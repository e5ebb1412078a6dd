# cmake -DBINARY=path -P check_links_no_graphics.cmake
# Fails when BINARY needs a windowing or OpenGL library, directly or through the shared
# libraries it loads (mosaic::engine and mosaic::ecs are shared): the headless runner must start
# on a machine without a display or GPU drivers (mosaic::gfx holds all GL and GLFW code).
find_program(LDD ldd REQUIRED)
execute_process(COMMAND ${LDD} ${BINARY} OUTPUT_VARIABLE loaded RESULT_VARIABLE failed)
if(failed)
    message(FATAL_ERROR "ldd ${BINARY} failed")
endif()
if(NOT loaded MATCHES "libmosaic_engine")
    message(FATAL_ERROR "${BINARY}: libmosaic_engine not among its libraries; is it a dynamic "
                        "executable?\n${loaded}")
endif()
string(REPLACE "\n" ";" libraries "${loaded}")
foreach(library IN LISTS libraries)
    if(library MATCHES "glfw|libGL|libEGL|libX11|libxcb|libwayland|libmosaic_gfx")
        message(FATAL_ERROR "${BINARY} loads a graphics library (${library}); "
                            "only mosaic::gfx may link GLFW or OpenGL")
    endif()
endforeach()
message(STATUS "${BINARY} loads no graphics library")
