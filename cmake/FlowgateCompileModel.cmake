# flowgate_compile_model(): compile an ONNX model into native code at build time.
#
#   include(path/to/flowgate/cmake/FlowgateCompileModel.cmake)
#   flowgate_compile_model(
#     TARGET  my_model                # library target to create
#     MODEL   models/my_model.onnx    # the model (relative paths are from the current source dir)
#     [OBJECT]                        # link the object file itself into each consumer
#                                     # (an INTERFACE target) instead of a STATIC library
#     [TRIPLE x86_64-unknown-linux-gnu]   # --target for cross compilation (default: host)
#     [BACKEND cranelift|llvm]        # --backend (default: onnx-compile's default)
#     [OPT_LEVEL 0|2|3]               # -O<n>
#     [EXTRA_ARGS ...])               # anything else for onnx-compile
#   target_link_libraries(my_app PRIVATE my_model)
#
# At build time this runs
#   onnx-compile MODEL -o <bin>/my_model.o --emit-header <bin>/flowgate/my_model.h ...
# whenever the model or onnx-compile changes, and puts the object into the library. Linking
# against the target adds <bin> to the include path, so C and C++ code can
#   #include "flowgate/my_model.h"
# and call `<name>_run` (DESIGN.md §7 gives the ABI). The project calling this must enable C or
# CXX, as the library is linked with the C linker.
#
# onnx-compile is found from FLOWGATE_ONNX_COMPILE (a cache variable), else FLOWGATE_BIN_DIR,
# else PATH. If the compiled code needs Flowgate's runtime library, set
# FLOWGATE_RUNTIME_LIBRARY to its path (e.g. target/release/libflowgate_runtime.a) and it is
# linked in as well.

include_guard(GLOBAL)

function(_flowgate_find_onnx_compile out)
  if(FLOWGATE_ONNX_COMPILE)
    set(${out} "${FLOWGATE_ONNX_COMPILE}" PARENT_SCOPE)
    return()
  endif()
  set(_hints)
  if(FLOWGATE_BIN_DIR)
    list(APPEND _hints "${FLOWGATE_BIN_DIR}")
  endif()
  list(APPEND _hints "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../target/release"
                     "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../target/debug")
  find_program(FLOWGATE_ONNX_COMPILE NAMES onnx-compile HINTS ${_hints})
  if(NOT FLOWGATE_ONNX_COMPILE)
    message(FATAL_ERROR "flowgate_compile_model: onnx-compile not found; build Flowgate "
                        "(cargo build --release) or set FLOWGATE_ONNX_COMPILE")
  endif()
  set(${out} "${FLOWGATE_ONNX_COMPILE}" PARENT_SCOPE)
endfunction()

function(flowgate_compile_model)
  cmake_parse_arguments(PARSE_ARGV 0 FG "OBJECT" "TARGET;MODEL;TRIPLE;BACKEND;OPT_LEVEL"
                        "EXTRA_ARGS")
  if(NOT FG_TARGET OR NOT FG_MODEL)
    message(FATAL_ERROR "flowgate_compile_model: TARGET and MODEL are required")
  endif()
  if(FG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "flowgate_compile_model: unknown arguments: ${FG_UNPARSED_ARGUMENTS}")
  endif()
  _flowgate_find_onnx_compile(_compiler)

  get_filename_component(_model "${FG_MODEL}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(_outdir "${CMAKE_CURRENT_BINARY_DIR}/${FG_TARGET}.flowgate")
  set(_object "${_outdir}/${FG_TARGET}${CMAKE_C_OUTPUT_EXTENSION}")
  if(NOT CMAKE_C_OUTPUT_EXTENSION)
    set(_object "${_outdir}/${FG_TARGET}.o")
  endif()
  set(_header "${_outdir}/flowgate/${FG_TARGET}.h")

  set(_args)
  if(FG_TRIPLE)
    list(APPEND _args --target "${FG_TRIPLE}")
  endif()
  if(FG_BACKEND)
    list(APPEND _args --backend "${FG_BACKEND}")
  endif()
  if(DEFINED FG_OPT_LEVEL)
    list(APPEND _args "-O${FG_OPT_LEVEL}")
  endif()
  list(APPEND _args ${FG_EXTRA_ARGS})

  add_custom_command(
    OUTPUT "${_object}" "${_header}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${_outdir}/flowgate"
    COMMAND "${_compiler}" "${_model}" -o "${_object}" --emit-header "${_header}" ${_args}
    DEPENDS "${_model}" "${_compiler}"
    COMMENT "onnx-compile ${FG_MODEL} -> ${FG_TARGET}"
    VERBATIM)
  set_source_files_properties("${_object}" PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  set_source_files_properties("${_header}" PROPERTIES GENERATED TRUE)

  add_custom_target(${FG_TARGET}_onnx_compile DEPENDS "${_object}" "${_header}")
  if(FG_OBJECT)
    # An OBJECT library does not pass on external objects, so hand the object file itself to
    # whatever links this target.
    add_library(${FG_TARGET} INTERFACE)
    target_sources(${FG_TARGET} INTERFACE "${_object}")
  else()
    add_library(${FG_TARGET} STATIC "${_object}" "${_header}")
    set_target_properties(${FG_TARGET} PROPERTIES LINKER_LANGUAGE C)
  endif()
  add_dependencies(${FG_TARGET} ${FG_TARGET}_onnx_compile)
  target_include_directories(${FG_TARGET} INTERFACE "${_outdir}")
  if(FLOWGATE_RUNTIME_LIBRARY)
    target_link_libraries(${FG_TARGET} INTERFACE "${FLOWGATE_RUNTIME_LIBRARY}")
  endif()
endfunction()
