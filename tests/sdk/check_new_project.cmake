# sdk.new_project: the installed mosaic-run writes a new project into a temporary folder
# outside the repository, which then builds with exactly its README's command against the
# installed prefix; the module the manifest names exists and a host loads it.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)

set(tmp /tmp)
if(DEFINED ENV{TMPDIR} AND IS_DIRECTORY "$ENV{TMPDIR}")
    set(tmp $ENV{TMPDIR})
endif()
string(RANDOM LENGTH 10 ALPHABET abcdefghijklmnopqrstuvwxyz0123456789 suffix)
set(root ${tmp}/mosaic-new-project-${suffix})
set(project ${root}/spin_game)

sdk_expect("mosaic-run --new-project" 0 "new project 'spin_game'"
           ${PREFIX}/bin/mosaic-run --new-project ${project})
# cmake -B build -DCMAKE_PREFIX_PATH=<sdk> && cmake --build build
sdk_build(${project} ${project}/build README DEFINES -DCMAKE_PREFIX_PATH=${PREFIX})

file(READ ${project}/mosaic.project.json manifest)
string(JSON module GET "${manifest}" module)
sdk_check_module(${project}/${module} spin_game)

file(REMOVE_RECURSE ${root})  # kept when the test fails, to look at
sdk_done()
