# The shared command line on a chapter program (ctest `cli.step_size_and_help`):
# `--h` (the step size of every lesson) beside `-h` and `--help`. CLI11 2.4
# refused to start any program with both (issue 18); CLI11 2.1 and 2.6 did not.
#   cmake -DPROGRAM=build/bin/ch01_vector_field -P tests/cli_help.cmake
# (-DEMULATOR="node;--no-experimental-fetch" runs the web build's .js.)
if(NOT PROGRAM)
  message(FATAL_ERROR "give -DPROGRAM=path/to/chNN_topic")
endif()

function(expect_run what expected_status expected_text)
  execute_process(COMMAND ${EMULATOR} "${PROGRAM}" ${ARGN} RESULT_VARIABLE status
    OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
  if(NOT status STREQUAL expected_status)
    message(FATAL_ERROR "${what}: expected exit status ${expected_status}, got ${status}\n"
      "stderr: ${err}\nstdout (start): ${out}")
  endif()
  if(NOT out MATCHES "${expected_text}")
    string(SUBSTRING "${out}" 0 400 head)
    message(FATAL_ERROR "${what}: expected the output to match '${expected_text}'\n"
      "got (start): ${head}\nstderr: ${err}")
  endif()
endfunction()

expect_run("-h prints the help" 0 "--h" -h)
expect_run("--help prints the help" 0 "--h" --help)
# One step of 0.01 s: the CSV's second row starts at t = 0.01.
expect_run("--h 0.01 sets the step size" 0 "^t,[^\n]*\n0,[^\n]*\n0\\.01," --h 0.01 --headless
  --t-end 0.01)
expect_run("-h after other options still prints the help" 0 "--h" --h 0.01 -h)
