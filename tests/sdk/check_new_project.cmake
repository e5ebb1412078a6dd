# sdk.new_project: the installed mosaic-run writes a new project into a temporary folder
# outside the repository, which then builds with exactly its README's command against the
# installed prefix; the module the manifest names exists and a host loads it; the installed
# mosaic-run runs its scene (the game's system turns the spinner) and the installed editor
# opens it with a script that expects the game's component and the system's effect.
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

# mosaic-run: 60 ticks of 1/60 s at Spin's 90 degrees a second turn the spinner by 90.
set(after ${root}/after.scene.json)
sdk_expect("mosaic-run the scene" 0 "main[.]scene[.]json: 60 ticks of"
           ${PREFIX}/bin/mosaic-run ${project}/scenes/main.scene.json --ticks 60 --save ${after})
file(READ ${after} saved)
string(JSON count LENGTH "${saved}" entities)
math(EXPR last "${count} - 1")
set(rotation "")
foreach(i RANGE ${last})
    string(JSON name GET "${saved}" entities ${i} name)
    if(name STREQUAL "Spinner")
        string(JSON rotation GET "${saved}" entities ${i} components Transform rotation)
    endif()
endforeach()
if(NOT rotation MATCHES "^(89[.]99|90$|90[.]0000)")  # 90, within float rounding
    message(FATAL_ERROR "after 60 ticks the Spinner's rotation is '${rotation}', expected 90")
endif()
message(STATUS "mosaic-run: the spin system turned the Spinner to ${rotation} degrees")

# The editor, in a real (virtual) window: the game's component is there and its system runs.
file(WRITE ${root}/check.script [=[
select Spinner
expect Spin.degrees_per_second 90
expect Transform.rotation 0
play
pause
step 60
expect Transform.rotation 90
stop
expect Transform.rotation 0
]=])
sdk_expect("mosaic-editor --script" 0 ".*"
           ${CMAKE_COMMAND} -E env "LSAN_OPTIONS=${LSAN_OPTIONS}"
           ${XVFB_RUN} -a -s "-screen 0 1280x720x24 -noreset"
           ${PREFIX}/bin/mosaic-editor ${project}/scenes/main.scene.json --hidden
           --settings ${root}/editor.ini --script ${root}/check.script)

file(REMOVE_RECURSE ${root})  # kept when the test fails, to look at
sdk_done()
