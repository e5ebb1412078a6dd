# mosaic_warnings (mosaic::warnings): the warning flags of Mosaic's own code. Targets link it
# PRIVATE, so consumers never inherit them; third-party and system headers come in through
# -isystem and stay quiet. -Werror only with MOSAIC_WERROR (on by default when Mosaic is the
# top-level project, unset when a consumer adds ecs/ alone).
#
# Included by the top-level CMakeLists.txt and by ecs/CMakeLists.txt, so ecs/ also configures
# as a subdirectory of someone else's project; whichever comes first defines the target.
if(NOT TARGET mosaic_warnings)
    add_library(mosaic_warnings INTERFACE)
    add_library(mosaic::warnings ALIAS mosaic_warnings)
    target_compile_options(mosaic_warnings INTERFACE -Wall -Wextra -Wpedantic
                           $<$<BOOL:${MOSAIC_WERROR}>:-Werror>)
endif()
