// pin.h's check, built and run by tests/independent.rs with the system C++ compiler (no CUDA):
// unset leaves the thread alone; `last` and a number pin it to that one core; a bad value, a
// core out of range, or more than one host thread is refused.
#include "pin.h"

#include <cstdio>
#include <cstdlib>
#include <initializer_list>

static int failures = 0;
#define EXPECT(c)                                          \
  do {                                                     \
    if (!(c)) {                                            \
      std::fprintf(stderr, "%d: failed: %s\n", __LINE__, #c); \
      ++failures;                                          \
    }                                                      \
  } while (0)

static cpu_set_t mask() {
  cpu_set_t s;
  CPU_ZERO(&s);
  sched_getaffinity(0, sizeof s, &s);
  return s;
}

int main() {
  const cpu_set_t all = mask();
  int first = -1;
  for (int c = 0; c < CPU_SETSIZE && first < 0; ++c)
    if (CPU_ISSET(c, &all)) first = c;
  const int last = last_allowed_core();
  EXPECT(first >= 0 && last >= first);

  unsetenv("PIN");
  EXPECT(pin_from_env("PIN", 4));
  cpu_set_t now = mask();
  EXPECT(CPU_EQUAL(&now, &all));
  setenv("PIN", "", 1);
  EXPECT(pin_from_env("PIN", 1));
  for (const char* bad : {"x", "3x", "-1", "100000", " 1"}) {
    setenv("PIN", bad, 1);
    EXPECT(!pin_from_env("PIN", 1));
  }
  setenv("PIN", "last", 1);
  EXPECT(!pin_from_env("PIN", 2));
  now = mask();
  EXPECT(CPU_EQUAL(&now, &all));

  EXPECT(pin_from_env("PIN", 1));
  now = mask();
  EXPECT(CPU_COUNT(&now) == 1 && CPU_ISSET(last, &now));
  char core[16];
  std::snprintf(core, sizeof core, "%d", first);
  setenv("PIN", core, 1);
  EXPECT(pin_from_env("PIN", 1));
  now = mask();
  EXPECT(CPU_COUNT(&now) == 1 && CPU_ISSET(first, &now));
  std::printf("%s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
