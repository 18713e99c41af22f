#include "CRippleAtomics.h"

intptr_t ripple_global_words[RIPPLE_GLOBAL_WORDS];

#include <stdlib.h>

/// Reads the environment once, as the library is loaded, into the global word Swift names
/// `GlobalAtomicWord.plainPaths`: set when `RIPPLE_PLAIN_PATHS` is, which turns Ripple's
/// fast paths off. Before any Swift code runs, so every read sees the final value.
__attribute__((constructor)) static void ripple_read_environment(void) {
    ripple_global_words[RIPPLE_PLAIN_PATHS_WORD] = getenv("RIPPLE_PLAIN_PATHS") != NULL;
}

#if !defined(__APPLE__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Called when taking the lock found it held: spins briefly (a holder usually leaves
/// within a few hundred cycles), then marks the word 2 ("waiters") and sleeps in the
/// kernel until the word is seen free. Whoever takes the lock here leaves it at 2, so
/// its unlock wakes the next waiter even if none is left (one spare wake, never a
/// missed one).
void ripple_lock_wait(uint32_t *word) {
    for (int spin = 0; spin < 64; spin++) {
        uint32_t expected = 0;
        if (__atomic_load_n(word, __ATOMIC_RELAXED) == 0
            && __atomic_compare_exchange_n(word, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            return;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        __asm__ volatile("yield");
#endif
    }
    while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0) {
        // Sleeps only if the word is still 2; returns at once otherwise (or on a signal).
        syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

/// Wakes one thread sleeping in `ripple_lock_wait`, after an unlock found waiters.
void ripple_lock_wake(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
