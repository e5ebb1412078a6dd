# sdk.new_project_cli: `--new-project DIR [--name NAME]` of mosaic-editor (without a display:
# it must not open a window) and mosaic-run, their messages and exit codes.
include(${CMAKE_CURRENT_LIST_DIR}/sdk_common.cmake)
set(work ${WORK}/new_project_cli)
file(REMOVE_RECURSE ${work})
file(MAKE_DIRECTORY ${work})
set(no_display ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY)

foreach(tool editor run)
    if(tool STREQUAL "editor")
        set(program ${no_display} ${EDITOR})
    else()
        set(program ${RUN})
    endif()
    sdk_expect("${tool}: new project" 0 "new project '${tool}_game' in .*scenes/main[.]scene[.]json"
               ${program} --new-project ${work}/${tool}_game)
    sdk_expect_files(${work}/${tool}_game/CMakeLists.txt ${work}/${tool}_game/mosaic.project.json
                     ${work}/${tool}_game/scenes/main.scene.json)
    sdk_expect("${tool}: --name" 0 "new project 'named'"
               ${program} --new-project ${work}/${tool}_other --name named)
    sdk_expect("${tool}: not empty" 1 "is not empty: a new project goes into a new or empty"
               ${program} --new-project ${work}/${tool}_game)
    sdk_expect("${tool}: bad name" 1 "project name '2d' is not a C identifier"
               ${program} --new-project ${work}/${tool}_bad --name 2d)
    sdk_expect("${tool}: bad folder name" 1 "not a C identifier.*--name NAME"
               ${program} --new-project ${work}/${tool}-game)
    sdk_expect("${tool}: --name alone" 2 "--name applies to --new-project"
               ${program} ${work}/x.scene.json --name named)
    sdk_expect("${tool}: no folder" 2 "--new-project" ${program} --new-project)
    if(EXISTS ${work}/${tool}_bad OR EXISTS ${work}/${tool}-game)
        message(FATAL_ERROR "${tool}: a refused project left files behind")
    endif()
endforeach()
sdk_done()
