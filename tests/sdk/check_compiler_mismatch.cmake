# sdk.compiler_mismatch: mosaic_add_game refuses, at configure time, a compiler other than the
# one the SDK was built with (and accepts the same one).
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)
set(source ${SDK_SOURCE}/consumers/compiler_mismatch)
set(args -S ${source} --fresh -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX} -DMOSAIC_REPO=${REPO})
sdk_expect("another compiler" 1
           "Mosaic was built with GNU 0[.]0[.]1 and this.*would not"
           ${CMAKE_COMMAND} -B ${WORK}/compiler_mismatch ${args} "-DSDK_COMPILER=GNU 0.0.1")
# The same compiler as this build's (SAME_COMPILER: its id and version): the configure goes on.
sdk_expect("the SDK's compiler" 0 "Generating done"
           ${CMAKE_COMMAND} -B ${WORK}/compiler_match ${args} "-DSDK_COMPILER=${SAME_COMPILER}")
sdk_done()
