# Mosaic's version, read from ecs/include/mosaic/version.hpp (its single source of truth) into
# MOSAIC_VERSION ("0.2.0") and MOSAIC_VERSION_MAJOR / _MINOR / _PATCH. The top-level
# CMakeLists.txt passes it to project(); ecs/ used alone reads it for the library's soname.
set(_mosaic_version_header ${CMAKE_CURRENT_LIST_DIR}/../ecs/include/mosaic/version.hpp)
file(STRINGS ${_mosaic_version_header} _mosaic_version_lines
     REGEX "^#define MOSAIC_VERSION_(MAJOR|MINOR|PATCH) +[0-9]+ *$")
foreach(_mosaic_part MAJOR MINOR PATCH)
    if(NOT _mosaic_version_lines MATCHES "MOSAIC_VERSION_${_mosaic_part} +([0-9]+)")
        message(FATAL_ERROR "${_mosaic_version_header}: no '#define MOSAIC_VERSION_${_mosaic_part} N'")
    endif()
    set(MOSAIC_VERSION_${_mosaic_part} ${CMAKE_MATCH_1})
endforeach()
set(MOSAIC_VERSION ${MOSAIC_VERSION_MAJOR}.${MOSAIC_VERSION_MINOR}.${MOSAIC_VERSION_PATCH})
# Editing the header reconfigures, so the build never carries a stale version.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_mosaic_version_header})
