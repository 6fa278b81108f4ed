/* sim-test.h - a minimal harness for the simulator's unit tests.

   CHECK(cond) counts a failure with its line; CHECK_EQ_F / CHECK_EQ_I
   compare values; CHECK_REPORT(substr) looks for SUBSTR in the
   simulator's report text; EXPECT_ABORT(stmt, substr) runs STMT in a
   child process (ABORT mode) and checks that it dies with SIGABRT and
   that its stderr contains SUBSTR.  TEST_MAIN_END returns non-zero if any
   check failed, printing a summary.  Tests are compiled with
   -D__CCE_KT_TEST__ so that cce_sim.h defines the CCE dialect.  */

#ifndef PTO_SIM_TEST_H
#define PTO_SIM_TEST_H

#include "cce_sim.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int t_fail, t_checks;

/* Without _Float16 (GCC 11 on x86-64) `half' is storage only (cce_sim.h)
   and a test that computes with half scalars cannot compile: such a file
   is one automake SKIP instead (exit 77), visible in the summary.  */
#define SIM_TEST_SKIP_WITHOUT_FLOAT16                                     \
  int main(void)                                                         \
  {                                                                      \
    puts("SKIP: needs the C type _Float16 for half scalars");            \
    (void)t_fail;                                                        \
    (void)t_checks;                                                      \
    return 77;                                                           \
  }

#define CHECK(c)                                                         \
  do {                                                                   \
    t_checks++;                                                          \
    if (!(c)) {                                                          \
      t_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c);      \
    }                                                                    \
  } while (0)

#define CHECK_EQ_F(a, b)                                                 \
  do {                                                                   \
    double a_ = (double)(a), b_ = (double)(b);                           \
    t_checks++;                                                          \
    if (!(a_ == b_ || (a_ != a_ && b_ != b_))) {                         \
      t_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s = %.9g, expected %.9g\n",         \
              __FILE__, __LINE__, #a, a_, b_);                           \
    }                                                                    \
  } while (0)

#define CHECK_NEAR(a, b, tol)                                            \
  do {                                                                   \
    double a_ = (double)(a), b_ = (double)(b);                           \
    t_checks++;                                                          \
    if (!(fabs(a_ - b_) <= (tol) * (fabs(b_) > 1 ? fabs(b_) : 1))) {     \
      t_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s = %.9g, expected %.9g\n",         \
              __FILE__, __LINE__, #a, a_, b_);                           \
    }                                                                    \
  } while (0)

#define CHECK_EQ_I(a, b)                                                 \
  do {                                                                   \
    long long a_ = (long long)(a), b_ = (long long)(b);                  \
    t_checks++;                                                          \
    if (a_ != b_) {                                                      \
      t_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s = %lld, expected %lld\n",         \
              __FILE__, __LINE__, #a, a_, b_);                           \
    }                                                                    \
  } while (0)

#define CHECK_REPORT(sub)                                                \
  do {                                                                   \
    t_checks++;                                                          \
    if (!strstr(pto_sim_report_text(), (sub))) {                         \
      t_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: report lacks \"%s\"; report:\n%s",   \
              __FILE__, __LINE__, (sub), pto_sim_report_text());         \
    }                                                                    \
  } while (0)

/* Run STMT in a child in ABORT mode; expect SIGABRT and SUB on stderr.  */
#define EXPECT_ABORT(stmt, sub)                                          \
  do {                                                                   \
    int pfd_[2];                                                         \
    t_checks++;                                                          \
    fflush(NULL);                                                        \
    if (pipe(pfd_) != 0) {                                               \
      t_fail++;                                                          \
      break;                                                             \
    }                                                                    \
    pid_t pid_ = fork();                                                 \
    if (pid_ == 0) {                                                     \
      close(pfd_[0]);                                                    \
      dup2(pfd_[1], 2);                                                  \
      signal(SIGABRT, SIG_DFL);                                          \
      pto_sim_set_mode(PTO_SIM_ABORT);                                   \
      stmt;                                                              \
      _exit(0);                                                          \
    }                                                                    \
    close(pfd_[1]);                                                      \
    char buf_[4096];                                                     \
    size_t n_ = 0;                                                       \
    ssize_t r_;                                                          \
    while (n_ < sizeof buf_ - 1 &&                                       \
           (r_ = read(pfd_[0], buf_ + n_, sizeof buf_ - 1 - n_)) > 0)    \
      n_ += (size_t)r_;                                                  \
    buf_[n_] = '\0';                                                     \
    close(pfd_[0]);                                                      \
    int st_ = 0;                                                         \
    waitpid(pid_, &st_, 0);                                              \
    if (!WIFSIGNALED(st_) || WTERMSIG(st_) != SIGABRT ||                 \
        !strstr(buf_, (sub))) {                                          \
      t_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: expected abort with \"%s\", got "    \
              "status %d, stderr:\n%s", __FILE__, __LINE__, (sub), st_,  \
              buf_);                                                     \
    }                                                                    \
  } while (0)

/* Start a fresh block in RECORD mode, quietly.  */
static inline void t_begin(void)
{
  pto_sim_set_mode(PTO_SIM_RECORD);
  pto_sim_set_quiet(true);
  pto_sim_reset();
  pto_sim_begin_block(0, 1);
}

#define TEST_MAIN_END(name)                                              \
  do {                                                                   \
    printf("%s: %d checks, %d failures\n", (name), t_checks, t_fail);    \
    return t_fail ? 1 : 0;                                               \
  } while (0)

/* Host views of the UB arena for setting up and checking data (they
   bypass the race detector).  */
#define UBH(off) ((half *)pto_sim_host_addr(PTO_SIM_UB, (uintptr_t)(off)))
#define UBF(off) ((float *)pto_sim_host_addr(PTO_SIM_UB, (uintptr_t)(off)))
#define UBI(off) ((int32_t *)pto_sim_host_addr(PTO_SIM_UB, (uintptr_t)(off)))

#endif /* PTO_SIM_TEST_H */
