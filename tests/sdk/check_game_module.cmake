# sdk.game_module: the module mosaic_add_game built in this build (MODULE, in the
# OUTPUT_DIRECTORY it was given) loads into a host and registers its component and system.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)
sdk_check_module(${MODULE} sdk_test)
