/* cpu-sim.cpp - the block context of the PTO-ISA CPU simulation for the
   execution tests of testsuite/pto-isa.dg (harness.h).  Compiled with
   -D__CPU_SIM against a PTO-ISA checkout's include directory; uses
   only what include/pto/common/cpu_stub.hpp declares for it:
   pto::cpu_sim::set_execution_context (get_block_idx's value) and the runtime's core
   count (get_block_num's value, otherwise PTO_CPU_SIM_NUM_CORES).  */

#include <stdint.h>
#include <pto/pto-inst.hpp>

extern "C" void pto_isa_block(unsigned idx, unsigned num);

extern "C" void
pto_isa_block(unsigned idx, unsigned num)
{
  pto::cpu_sim::EnsureRuntimeInitialized();
  pto::cpu_sim::runtime_config().num_cores = num;
  pto::cpu_sim::set_execution_context(idx, 0, 1);
}
