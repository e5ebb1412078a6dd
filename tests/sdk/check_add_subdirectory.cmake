# sdk.add_subdirectory_ecs and sdk.add_subdirectory_repo: Mosaic's sources inside another
# project (CONSUMER: consumers/subdir_ecs or consumers/subdir_repo), built and run. PLAIN: the
# consumer compiles Mosaic itself, so none of this build's flags apply.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)
set(binary ${WORK}/${CONSUMER})
# Unity batches, as a guest may choose: Mosaic's sources must build that way too, and it halves
# the CPU time these two tests take in the test command.
sdk_build(${SDK_SOURCE}/consumers/${CONSUMER} ${binary} PLAIN TARGET ${PROGRAM}
          DEFINES -DMOSAIC_REPO=${REPO} -DCMAKE_UNITY_BUILD=ON)
sdk_expect("${CONSUMER}" 0 "^mosaic 0[.]2[.]0: 100 entities, 50 moved, sum 5100[.]0"
           ${binary}/${PROGRAM})
sdk_done()
