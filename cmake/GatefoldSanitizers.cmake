# Sanitizer and fuzzing builds (the asan and fuzz presets). Applied per
# target from gatefold_target_defaults(), like every other flag of ours, so
# that targets sharing a precompiled header keep identical flags.
set(GATEFOLD_SANITIZE "" CACHE STRING
    "Sanitizers compiled into every target of ours, e.g. address,undefined (empty: none)")
option(GATEFOLD_FUZZ "Instrument our code for libFuzzer and build the harnesses under fuzz/ (clang only)" OFF)

if(GATEFOLD_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GATEFOLD_FUZZ needs clang (libFuzzer); this build uses ${CMAKE_CXX_COMPILER_ID}: "
                        "configure with the fuzz preset (cmake --preset fuzz)")
endif()

function(gatefold_sanitize target)
    if(GATEFOLD_SANITIZE)
        # Frame pointers for whole stacks in reports; undefined behaviour stops
        # the process (a report that scrolls by is a report nobody reads).
        target_compile_options(${target} PRIVATE -fsanitize=${GATEFOLD_SANITIZE} -fno-omit-frame-pointer)
        if(GATEFOLD_SANITIZE MATCHES "undefined")
            target_compile_options(${target} PRIVATE -fno-sanitize-recover=undefined)
        endif()
        target_link_options(${target} PRIVATE -fsanitize=${GATEFOLD_SANITIZE})
        # g++ 12 at -O1 with the sanitizers' instrumentation warns that c10::optional's storage inside
        # LibTorch's own headers "may be used uninitialized" (its known false positive under ASan; the
        # same code is clean at -O3 without sanitizers): not ours to fix, and -Werror would stop the build.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
        endif()
    endif()
    if(GATEFOLD_FUZZ)
        # Coverage for libFuzzer in every library; only the harnesses link the
        # fuzzer's main (-fsanitize=fuzzer, fuzz/CMakeLists.txt).
        target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endif()
endfunction()
