# manpage.cmake: writes sudokit.1 with help2man from `sudokit --help`, adding every command's
# own `sudokit COMMAND --help` as a COMMAND REFERENCE section, so the page is never out of date.
# Run as: cmake -DSUDOKIT=path/to/sudokit -DHELP2MAN=help2man -DOUTPUT=sudokit.1 -P manpage.cmake
# (writes OUTPUT and OUTPUT.gz)
execute_process(COMMAND ${SUDOKIT} --help OUTPUT_VARIABLE usage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sudokit --help failed (${rc})")
endif()
# The commands are the indented words under "commands:".
string(REGEX REPLACE ".*\ncommands:\n" "" listing "${usage}")
string(REGEX REPLACE "\n\n.*" "" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(include_text "[COMMAND REFERENCE]\n")
foreach(line IN LISTS lines)
  string(REGEX MATCH "^  ([a-z]+) " word "${line}")
  if(NOT word)
    continue()
  endif()
  set(command "${CMAKE_MATCH_1}")
  execute_process(COMMAND ${SUDOKIT} ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sudokit ${command} --help failed (${rc})")
  endif()
  # Verbatim text for roff: escape backslashes, and protect lines starting with . or '.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
  string(APPEND include_text ".SS \"sudokit ${command}\"\n.nf\n${help}.fi\n")
endforeach()
get_filename_component(dir "${OUTPUT}" DIRECTORY)
file(WRITE "${dir}/sudokit-man-include.h2m" "${include_text}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --section 1
          --name "make, check, solve, grade and score Sudoku puzzles of any size"
          --include "${dir}/sudokit-man-include.h2m" --output "${OUTPUT}" ${SUDOKIT}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc})")
endif()
# Compressed, as Debian installs man pages (-n: no name or time inside, reproducible bytes).
execute_process(COMMAND gzip -9 -n -f -k "${OUTPUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip ${OUTPUT} failed (${rc})")
endif()
