/* cpu-sim.cpp - the block context of the PTO-ISA CPU simulation for the
   execution tests of testsuite/pto-isa.dg (harness.h).  Compiled with
   -D__CPU_SIM against a PTO-ISA checkout's include directory; uses
   only what include/pto/common/cpu_stub.hpp declares for it:
   pto::cpu_sim::set_execution_context (get_block_idx's value) and the runtime's core
   count (get_block_num's value, otherwise PTO_CPU_SIM_NUM_CORES).
   With -DPTO_ISA_A5 (the a5- tests of run-tests.sh) the simulation
   models Ascend 950's memories.  */

#include <stdint.h>
#include <pto/pto-inst.hpp>

extern "C" void pto_isa_block(unsigned idx, unsigned num);

extern "C" void
pto_isa_block(unsigned idx, unsigned num)
{
#ifdef PTO_ISA_A5
  /* Ascend 950's memory sizes (cpu/NPUMemoryModel.hpp, NPUArch::A5:
     L0C 256 KB), set once before the first block (cpu/TAssign.hpp).  */
  static bool a5_sizes;
  if (!a5_sizes) {
    pto::NPU_MEMORY_INIT(pto::NPUArch::A5);
    a5_sizes = true;
  }
#endif
  pto::cpu_sim::EnsureRuntimeInitialized();
  pto::cpu_sim::runtime_config().num_cores = num;
  pto::cpu_sim::set_execution_context(idx, 0, 1);
}
