# find_package(Flowgate): Flowgate's runtime library as installed by scripts/build-runtime.sh
# --prefix DIR (this file is DIR/lib/cmake/Flowgate/FlowgateConfig.cmake; point CMAKE_PREFIX_PATH
# or Flowgate_DIR at it). It defines
#
#   Flowgate::runtime_static   libflowgate_runtime.a, carrying flowgate.h's include directory
#                              and, after the archive, m, pthread and dl (in that order)
#   Flowgate::runtime_shared   libflowgate_runtime.so (.dylib on macOS), if installed
#   Flowgate::runtime          Flowgate::runtime_static, or Flowgate::runtime_shared when
#                              FLOWGATE_RUNTIME_SHARED is ON
#   flowgate_compile_model()   (FlowgateCompileModel.cmake), whose model targets link
#                              Flowgate::runtime; onnx-compile is looked for in DIR/bin first
#
# A compiled model needs this library, libc and libm only.

get_filename_component(_flowgate_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(Flowgate_INCLUDE_DIR "${_flowgate_prefix}/include")

if(NOT TARGET Flowgate::runtime_static)
  add_library(Flowgate::runtime_static STATIC IMPORTED)
  set_target_properties(Flowgate::runtime_static PROPERTIES
    IMPORTED_LOCATION "${_flowgate_prefix}/lib/libflowgate_runtime.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES C
    INTERFACE_INCLUDE_DIRECTORIES "${Flowgate_INCLUDE_DIR}"
    # CMake puts these after the archive: the runtime's math (sincos, exp, pow), then what
    # Rust's standard library needs.
    INTERFACE_LINK_LIBRARIES "m;pthread;dl")
endif()

if(APPLE)
  set(_flowgate_shared "${_flowgate_prefix}/lib/libflowgate_runtime.dylib")
else()
  set(_flowgate_shared "${_flowgate_prefix}/lib/libflowgate_runtime.so")
endif()
if(NOT TARGET Flowgate::runtime_shared AND EXISTS "${_flowgate_shared}")
  add_library(Flowgate::runtime_shared SHARED IMPORTED)
  set_target_properties(Flowgate::runtime_shared PROPERTIES
    IMPORTED_LOCATION "${_flowgate_shared}"
    IMPORTED_SONAME "libflowgate_runtime.so"
    INTERFACE_INCLUDE_DIRECTORIES "${Flowgate_INCLUDE_DIR}")
endif()

option(FLOWGATE_RUNTIME_SHARED "Flowgate::runtime is the shared library" OFF)
if(NOT TARGET Flowgate::runtime)
  add_library(Flowgate::runtime INTERFACE IMPORTED)
  if(FLOWGATE_RUNTIME_SHARED)
    if(NOT TARGET Flowgate::runtime_shared)
      message(FATAL_ERROR "Flowgate: FLOWGATE_RUNTIME_SHARED is ON but ${_flowgate_shared} is not installed")
    endif()
    set_target_properties(Flowgate::runtime PROPERTIES INTERFACE_LINK_LIBRARIES Flowgate::runtime_shared)
  else()
    set_target_properties(Flowgate::runtime PROPERTIES INTERFACE_LINK_LIBRARIES Flowgate::runtime_static)
  endif()
endif()

if(NOT FLOWGATE_BIN_DIR AND EXISTS "${_flowgate_prefix}/bin/onnx-compile")
  set(FLOWGATE_BIN_DIR "${_flowgate_prefix}/bin")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/FlowgateCompileModel.cmake")
set(Flowgate_FOUND TRUE)
