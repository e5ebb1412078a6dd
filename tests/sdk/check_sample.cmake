# sdk.sample: a sample project copied out of the repository builds against the installed SDK
# exactly as a user's game does (its own CMakeLists.txt, find_package(mosaic), only
# -DCMAKE_PREFIX_PATH), and the installed mosaic-run plays its scene with the module it built.
# SAMPLE: the folder under projects/; COMPONENT: one of the components its module registers
# (the saved scene must hold it); SCENE (optional): the scene to play instead of the default.
# One test per sample (tests/sdk/CMakeLists.txt).
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)

set(tmp /tmp)
if(DEFINED ENV{TMPDIR} AND IS_DIRECTORY "$ENV{TMPDIR}")
    set(tmp $ENV{TMPDIR})
endif()
string(RANDOM LENGTH 10 ALPHABET abcdefghijklmnopqrstuvwxyz0123456789 suffix)
set(root ${tmp}/mosaic-sample-${suffix})
set(project ${root}/${SAMPLE})
file(MAKE_DIRECTORY ${root})
file(COPY ${REPO}/projects/${SAMPLE} DESTINATION ${root})

# cmake -S . -B build -DCMAKE_PREFIX_PATH=<sdk> && cmake --build build (its CMakeLists.txt).
# CMAKE_UNITY_BUILD (a user's choice too) halves the CPU time of the four samples' builds in
# the test command; a header that is not installed fails the same way.
sdk_build(${project} ${project}/build README DEFINES -DCMAKE_PREFIX_PATH=${PREFIX}
          -DCMAKE_UNITY_BUILD=ON)

# The manifest names ${MOSAIC_BUILD_DIR}/modules/libSAMPLE.so.
file(READ ${project}/mosaic.project.json manifest)
string(JSON module GET "${manifest}" module)
string(REPLACE "\${MOSAIC_BUILD_DIR}" "${project}/build" module "${module}")
sdk_expect_files(${module})
if(NOT SCENE)  # the project's default scene unless the test names a lighter one
    string(JSON scene GET "${manifest}" default_scene)
else()
    set(scene ${SCENE})
endif()
sdk_expect("installed mosaic-run plays ${scene}" 0 "[.]scene[.]json: 120 ticks of"
           ${CMAKE_COMMAND} -E env MOSAIC_BUILD_DIR=${project}/build
           ${PREFIX}/bin/mosaic-run ${project}/${scene} --ticks 120 --save ${root}/after.scene.json)
file(READ ${root}/after.scene.json saved)
if(NOT saved MATCHES "\"${COMPONENT}\"")  # the sample's own, registered by its module
    message(FATAL_ERROR "the saved scene has no ${COMPONENT}: the module's components are missing")
endif()

file(REMOVE_RECURSE ${root})  # kept when the test fails, to look at
sdk_done()
