# cmake -DBINARY=path -P check_links_no_graphics.cmake
# Fails when BINARY needs a windowing or OpenGL library: the headless runner must start on a
# machine without a display or GPU drivers (engine::gfx holds all GL and GLFW code).
find_program(READELF readelf REQUIRED)
execute_process(COMMAND ${READELF} -d ${BINARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE failed)
if(failed)
    message(FATAL_ERROR "readelf -d ${BINARY} failed")
endif()
string(REGEX MATCHALL "Shared library: \\[[^]]+\\]" needed "${dynamic}")
if(NOT needed)
    message(FATAL_ERROR "${BINARY}: no NEEDED entries found; is it a dynamic executable?")
endif()
foreach(library IN LISTS needed)
    if(library MATCHES "glfw|libGL|libEGL|libX11|libxcb|libwayland")
        message(FATAL_ERROR "${BINARY} links a graphics library (${library}); "
                            "only engine::gfx may link GLFW or OpenGL")
    endif()
endforeach()
message(STATUS "${BINARY} links no graphics library")
