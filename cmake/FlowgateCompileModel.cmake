# flowgate_compile_model(): compile an ONNX model into native code at build time.
#
#   find_package(Flowgate)        # or include(path/to/flowgate/cmake/FlowgateCompileModel.cmake)
#   flowgate_compile_model(
#     TARGET  my_model                # library target to create
#     MODEL   models/my_model.onnx    # the model (relative paths are from the current source dir)
#     [NAME   my_model]               # the C name: the model exports <NAME>_run (default: TARGET)
#     [OBJECT]                        # link the object file itself into each consumer
#                                     # (an INTERFACE target) instead of a STATIC library
#     [TRIPLE x86_64-unknown-linux-gnu]   # --target for cross compilation (default: host)
#     [BACKEND cranelift|llvm]        # --backend (default: onnx-compile's default)
#     [OPT_LEVEL 0|2|3]               # -O<n>
#     [EXTRA_ARGS ...])               # anything else for onnx-compile
#   target_link_libraries(my_app PRIVATE my_model)
#
# At build time this runs
#   onnx-compile MODEL -o <bin>/my_model.flowgate/my_model.o
#                --emit-header <bin>/my_model.flowgate/flowgate/my_model.h --name NAME ...
# whenever the model or onnx-compile changes, and puts the object into the library. Linking
# against the target adds <bin>/my_model.flowgate to the include path, so C and C++ code can
#   #include "flowgate/my_model.h"
# and call `<NAME>_run` (DESIGN.md §7 gives the ABI; flowgate.h the C API for its values), and
# links the runtime library after the object: Flowgate::runtime, which carries flowgate.h's
# include directory and m, pthread and dl after the archive. The project calling this must
# enable C or CXX, as the library is linked with the C linker.
#
# onnx-compile is found from FLOWGATE_ONNX_COMPILE (a cache variable), else FLOWGATE_BIN_DIR
# (find_package(Flowgate) sets it to the package's bin directory), else this source tree's
# target/release and target/debug, else PATH.
#
# The runtime library: Flowgate::runtime when find_package(Flowgate) defined it (for a TRIPLE,
# find the package built for that target, as for any cross build). Otherwise this function
# defines it from FLOWGATE_RUNTIME_LIBRARY (a cache variable: the path of a
# libflowgate_runtime.a) or, in this source tree, target/[TRIPLE/]release or debug, where
# `cargo build -p flowgate-runtime [--target TRIPLE]` puts it; scripts/build-runtime.sh builds
# and installs the package.

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

# Sets `out` to the runtime library target for `triple` (empty: the host), defining it from
# this source tree's build when find_package(Flowgate) did not.
function(_flowgate_runtime_target triple out)
  if(TARGET Flowgate::runtime)
    set(${out} Flowgate::runtime PARENT_SCOPE)
    return()
  endif()
  if(triple)
    string(MAKE_C_IDENTIFIER "${triple}" _id)
    set(_target "flowgate_runtime_${_id}")
    set(_dirs "${triple}/release" "${triple}/debug")
  else()
    set(_target flowgate_runtime_host)
    set(_dirs release debug)
  endif()
  if(NOT TARGET ${_target})
    set(_lib "${FLOWGATE_RUNTIME_LIBRARY}")
    if(NOT _lib)
      foreach(_dir IN LISTS _dirs)
        set(_candidate "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../target/${_dir}/libflowgate_runtime.a")
        if(EXISTS "${_candidate}")
          get_filename_component(_lib "${_candidate}" ABSOLUTE)
          break()
        endif()
      endforeach()
    endif()
    if(NOT _lib)
      set(_how "cargo build -p flowgate-runtime")
      if(triple)
        string(APPEND _how " --target ${triple}")
      endif()
      message(FATAL_ERROR "flowgate_compile_model: the runtime library (libflowgate_runtime.a) "
                          "was not found: use find_package(Flowgate) after scripts/build-runtime.sh, "
                          "or ${_how}, or set FLOWGATE_RUNTIME_LIBRARY")
    endif()
    add_library(${_target} STATIC IMPORTED GLOBAL)
    set_target_properties(${_target} PROPERTIES
      IMPORTED_LOCATION "${_lib}"
      IMPORTED_LINK_INTERFACE_LANGUAGES C
      INTERFACE_INCLUDE_DIRECTORIES "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../include"
      # After the archive: the runtime's math (sincos, exp, pow), then Rust's std needs.
      INTERFACE_LINK_LIBRARIES "m;pthread;dl")
  endif()
  set(${out} ${_target} PARENT_SCOPE)
endfunction()

function(flowgate_compile_model)
  cmake_parse_arguments(PARSE_ARGV 0 FG "OBJECT" "TARGET;MODEL;NAME;TRIPLE;BACKEND;OPT_LEVEL"
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

  if(NOT FG_NAME)
    set(FG_NAME "${FG_TARGET}")
  endif()
  set(_args --name "${FG_NAME}")
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
  _flowgate_runtime_target("${FG_TRIPLE}" _runtime)
  target_link_libraries(${FG_TARGET} INTERFACE ${_runtime})
endfunction()
