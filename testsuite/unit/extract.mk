# testsuite/unit/extract.mk - tests of the .pto.cce section records
# (object/cce-section.h) and of tools/pto-extract (automake fragment,
# included by testsuite/unit/tools.mk; paths relative to the top
# directory).

# The writer decoded by a model of the assembler and parsed back; the
# parser on truncated, bit-flipped and otherwise corrupted records.  With
# --write DIR it also makes the inputs of pto-extract.sh.
check_PROGRAMS += testsuite/unit/cce-section-test
testsuite_unit_cce_section_test_LDADD = libptocore.la $(LIBM)
testsuite_unit_cce_section_test_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/cce-section-test

# The records assembled with $(CC), in objects, an executable, a shared
# library, GNU and BSD archives, ELF32 and big-endian files; --list,
# --stdout, duplicates, objcopy --dump-section and the error cases.
TESTS += testsuite/unit/pto-extract.sh
EXTRA_DIST += testsuite/unit/pto-extract.sh
