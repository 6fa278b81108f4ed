# many-kernels-gen.awk - write a C translation unit with N small kernels,
# for bench/many-kernels.sh.
#
# Usage: awk -v n=10000 -f many-kernels-gen.awk > kernels.c
#
# Each kernel is distinct (its own constant and its own mix of two
# element-wise operations), loads one 16x64 fp32 tile, computes, stores
# it; the unit also has a PTO_HOST function that launches the first one,
# so that the host-function path of the back ends is in it too.  Nothing
# in one kernel refers to another: any work that grows faster than N is
# the compiler's.

BEGIN {
  if (n == "" || n < 1) {
    print "many-kernels-gen.awk: set -v n=COUNT (>= 1)" > "/dev/stderr"
    exit 1
  }
  split("pto_adds pto_muls pto_maxs pto_mins", sop, " ")
  split("pto_add pto_mul pto_max pto_sub", bop, " ")
  print "#include <pto.h>"
  print "typedef PTO_TILE(float, 16, 64) tile_t;"
  for (i = 0; i < n; i++) {
    printf "PTO_KERNEL void k%d(const float *x, float *y)\n{\n", i
    print "  tile_t a, b;"
    print "  pto_load(a, x + pto_block_idx() * 1024, 64);"
    printf "  %s(b, a, %d.0f);\n", sop[i % 4 + 1], i % 97 + 1
    printf "  %s(a, a, b);\n", bop[int(i / 4) % 4 + 1]
    print "  pto_store(y + pto_block_idx() * 1024, 64, a);"
    print "}"
  }
  print "PTO_HOST void launch_first(const float *x, float *y)"
  print "{"
  print "  pto_launch(k0, 4, x, y);"
  print "}"
}
