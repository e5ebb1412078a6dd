# sdk.find_package_ecs: find_package(mosaic 0.2 REQUIRED COMPONENTS ecs) from the installed
# prefix, nothing else available (consumers/ecs), then the program runs.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)
set(binary ${WORK}/find_package_ecs)
sdk_build(${SDK_SOURCE}/consumers/ecs ${binary} DEFINES -DCMAKE_PREFIX_PATH=${PREFIX})
sdk_expect("ecs consumer" 0 "^mosaic 0[.]2[.]0: 100 entities, 50 moved, sum 5100[.]0"
           ${binary}/ecs_consumer)
sdk_done()
