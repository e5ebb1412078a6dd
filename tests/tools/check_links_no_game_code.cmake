# cmake -DBINARY=path -DPROJECTS=dir -P check_links_no_game_code.cmake
# Fails when BINARY (mosaic-run, mosaic-editor) holds or loads a game's code: games are
# modules loaded at run time through their manifests, never linked. The games are the folders
# of PROJECTS with a mosaic.project.json; their code lives in namespace mosaic::NAME.
find_program(LDD ldd REQUIRED)
find_program(NM nm REQUIRED)
file(GLOB manifests ${PROJECTS}/*/mosaic.project.json)
if(NOT manifests)
    message(FATAL_ERROR "no projects with a manifest in ${PROJECTS}")
endif()
execute_process(COMMAND ${LDD} ${BINARY} OUTPUT_VARIABLE loaded RESULT_VARIABLE failed)
execute_process(COMMAND ${NM} -C --defined-only ${BINARY} OUTPUT_VARIABLE symbols
                RESULT_VARIABLE nm_failed)
if(failed OR nm_failed)
    message(FATAL_ERROR "ldd or nm ${BINARY} failed")
endif()
foreach(manifest IN LISTS manifests)
    get_filename_component(folder ${manifest} DIRECTORY)
    get_filename_component(name ${folder} NAME)
    if(loaded MATCHES "lib${name}\\.so|/modules/")
        message(FATAL_ERROR "${BINARY} links the game module of ${name}:\n${loaded}")
    endif()
    if(symbols MATCHES "mosaic::${name}::")
        message(FATAL_ERROR "${BINARY} contains code of the game ${name} (mosaic::${name}::)")
    endif()
    message(STATUS "${BINARY}: no code of ${name}")
endforeach()
