# Install rules and the Debian package (included by the top-level CMakeLists.txt when
# SUDOKIT_INSTALL is on, the default for the top-level project). The layout, under the prefix:
#   bin/sudokit                                   the program
#   lib/libsudokit.so.MAJOR (+ .so link)          the C API and the C++ libraries
#   include/sudokit/*.h, *.hpp                    the documented headers, version.hpp
#   lib/cmake/sudokit/                            sudokitConfig.cmake, version, targets
#   lib/pkgconfig/sudokit.pc                      relocatable (${pcfiledir})
#   share/man/man1/sudokit.1                      from `sudokit --help` by help2man
#   share/doc/sudokit/                            README.md, LICENSE, API.md
#   the Python package `sudokit`                  python/CMakeLists.txt: see there
include(CMakePackageConfigHelpers)

set(sudokit_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/sudokit)

install(TARGETS sudokit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS sudokit_capi EXPORT sudokitTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The public headers of what libsudokit carries (not output/pipeline/book: those serve the
# program, and pipeline.hpp would pull oneTBB into every user).
install(FILES
  capi/include/sudokit/sudokit.h
  grid/include/sudokit/grid.hpp
  grid/include/sudokit/variant.hpp
  input/include/sudokit/reader.hpp
  solver/include/sudokit/solver.hpp
  solver/include/sudokit/budget.hpp
  solver/include/sudokit/removal_test.hpp
  solver/include/sudokit/exact_cover.hpp
  verifier/include/sudokit/verifier.hpp
  scorer/include/sudokit/scorer.hpp
  grader/include/sudokit/grader.hpp
  generator/include/sudokit/generator.hpp
  generator/include/sudokit/batch.hpp
  generator/include/sudokit/variant_generator.hpp
  ${PROJECT_BINARY_DIR}/generated/include/sudokit/version.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sudokit)

install(EXPORT sudokitTargets NAMESPACE sudokit:: DESTINATION ${sudokit_cmake_dir})
configure_package_config_file(cmake/sudokitConfig.cmake.in ${PROJECT_BINARY_DIR}/sudokitConfig.cmake
  INSTALL_DESTINATION ${sudokit_cmake_dir})
# 0.x: a new minor version may change the API; from 1.0 the major version decides.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(sudokit_compatibility SameMinorVersion)
else()
  set(sudokit_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/sudokitConfigVersion.cmake
  COMPATIBILITY ${sudokit_compatibility})
install(FILES ${PROJECT_BINARY_DIR}/sudokitConfig.cmake ${PROJECT_BINARY_DIR}/sudokitConfigVersion.cmake
  DESTINATION ${sudokit_cmake_dir})

file(RELATIVE_PATH sudokit_pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" sudokit_pc_to_prefix "${sudokit_pc_to_prefix}")
configure_file(cmake/sudokit.pc.in ${PROJECT_BINARY_DIR}/sudokit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/sudokit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(FILES README.md LICENSE docs/API.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The man page: help2man runs `sudokit --help` and each `sudokit COMMAND --help`.
find_program(SUDOKIT_HELP2MAN help2man)
if(SUDOKIT_HELP2MAN)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/sudokit.1 ${PROJECT_BINARY_DIR}/sudokit.1.gz
    COMMAND ${CMAKE_COMMAND} -DSUDOKIT=$<TARGET_FILE:sudokit> -DHELP2MAN=${SUDOKIT_HELP2MAN}
            -DOUTPUT=${PROJECT_BINARY_DIR}/sudokit.1 -P ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    DEPENDS sudokit ${PROJECT_SOURCE_DIR}/cmake/manpage.cmake
    COMMENT "Writing the man page sudokit.1 (help2man)")
  add_custom_target(sudokit_manpage ALL DEPENDS ${PROJECT_BINARY_DIR}/sudokit.1.gz)
  install(FILES ${PROJECT_BINARY_DIR}/sudokit.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "sudokit: help2man not found, so no man page")
endif()

# The Debian package: `cpack -G DEB` in the build folder makes sudokit_VERSION_ARCH.deb.
set(CPACK_PACKAGE_NAME sudokit)
set(CPACK_PACKAGE_VENDOR "the sudokit authors")
set(CPACK_PACKAGE_CONTACT "the sudokit authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Sudoku toolkit: generate, solve, verify, grade and score puzzles")
set(CPACK_PACKAGE_DESCRIPTION "sudokit makes uniquely solvable Sudoku puzzles of any size from a seed,
solves and verifies millions of grids on every core, grades puzzles by the
human techniques they need, scores them by the target-Sudoku rule and prints
puzzle books. The package holds the sudokit program, the shared library
libsudokit with its C API and C++ headers, CMake and pkg-config files, and
the Python module sudokit.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# Library dependencies come from dpkg-shlibdeps (the ELF files' needs); the rest by hand.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(sudokit_deb_depends "")
if(SUDOKIT_HAVE_BOOK)
  list(APPEND sudokit_deb_depends "fonts-dejavu-core")  # the book's default font
  # Titles in CJK and other scripts fall back through fontconfig; without these fonts they
  # print as boxes, but the program still works, so a recommendation, not a dependency.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
endif()
if(SUDOKIT_HAVE_PYTHON)
  # The module is built for this Python's ABI (Debian's python3 (>= 3.11~), python3 (<< 3.12)).
  math(EXPR sudokit_python_next_minor "${Python_VERSION_MINOR} + 1")
  list(APPEND sudokit_deb_depends
    "python3 (>= ${Python_VERSION_MAJOR}.${Python_VERSION_MINOR}~)"
    "python3 (<< ${Python_VERSION_MAJOR}.${sudokit_python_next_minor})")
endif()
list(JOIN sudokit_deb_depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
include(CPack)
