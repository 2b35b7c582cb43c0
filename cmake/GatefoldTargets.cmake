# Project-wide target defaults, applied per target (never through global flags).
include(${CMAKE_CURRENT_LIST_DIR}/GatefoldSanitizers.cmake)

# Warnings, Qt keyword hygiene and the C++ standard for one of our targets.
function(gatefold_target_defaults target)
    target_compile_options(${target} PRIVATE -Wall -Wextra)
    if(GATEFOLD_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    # Qt's `slots`/`signals` macros collide with LibTorch; QT_NO_KEYWORDS makes Qt use Q_SLOTS/Q_SIGNALS).
    target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS)
    gatefold_sanitize(${target})
    # AUTOMOC's mocs_compilation.cpp holds moc output of torch-free headers, or nothing at all (a
    # test's moc is included by its .cpp): compiled with the 1 GB torch PCH forced in, each cost
    # 5–20 s, 13 % of a clean build. Without the PCH it takes a second.
    get_target_property(automoc ${target} AUTOMOC)
    if(automoc)
        set_source_files_properties("${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp"
            TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
endfunction()

# Every target that includes LibTorch shares one precompiled <torch/torch.h>.
# A PCH is tied to its flags, so the ones that reuse it must compile with the
# same options (see tests/ and bench/: they use gatefold_torch_pch_host's).
function(gatefold_torch_pch target)
    if(GATEFOLD_PCH)
        target_precompile_headers(${target} PRIVATE <torch/torch.h>)
    endif()
endfunction()

# The heavy targets (LibTorch's headers, or QCustomPlot's in the widgets) compile each 8 of their
# sources as one (GATEFOLD_UNITY): the headers and their templates are then paid once per batch,
# not once per file. Light targets (the store, a few seconds a file) stay one file per unit.
function(gatefold_unity target)
    if(GATEFOLD_UNITY)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
    endif()
endfunction()

# One of our libraries: gatefold_<name>, also Gatefold::<name>, static, with the project's defaults and
# core/ (or the repository root, for widgets/) on its include path, so that "store/runstore.h" and
# "widgets/mainwindow.h" read the same from everywhere.
#   gatefold_add_library(<name> SOURCES <files…> [PUBLIC <libs…>] [PRIVATE <libs…>])
function(gatefold_add_library name)
    cmake_parse_arguments(PARSE_ARGV 1 L "" "" "SOURCES;PUBLIC;PRIVATE")
    add_library(gatefold_${name} STATIC ${L_SOURCES})
    add_library(Gatefold::${name} ALIAS gatefold_${name})
    target_include_directories(gatefold_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/..)
    target_link_libraries(gatefold_${name} PUBLIC ${L_PUBLIC} PRIVATE ${L_PRIVATE})
    gatefold_target_defaults(gatefold_${name})
endfunction()
