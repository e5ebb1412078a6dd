# sdk.find_package_engine: find_package(mosaic 0.2 REQUIRED) from the installed prefix
# (consumers/engine): a headless game on mosaic::engine, a program on mosaic::gfx, and a game
# module from the installed mosaic_add_game that a host loads.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)
set(binary ${WORK}/find_package_engine)
sdk_build(${SDK_SOURCE}/consumers/engine ${binary}
          DEFINES -DCMAKE_PREFIX_PATH=${PREFIX}
                  -DMOSAIC_TEST_MODULE_SOURCE=${SDK_SOURCE}/module/spin_module.cpp)
sdk_expect("engine consumer" 0 "^after 60 ticks: x 1[.]00[0-9], y 0[.]000" ${binary}/engine)
sdk_expect("gfx consumer" 0 "^gfx: 60[.]0 pixels per unit" ${binary}/gfx)
sdk_check_module(${binary}/libspin_module.so sdk_test)
sdk_done()
