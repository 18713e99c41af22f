// Atomic operations and a small lock for Ripple, over plain integers the caller keeps at
// a stable address. Written in C because Swift's own atomics (the Synchronization
// module) exist only on recent Apple releases; clang's `__atomic_*` builtins work on
// every platform Swift targets. Everything hot is `static inline`, so Swift inlines it.
#ifndef CRIPPLE_ATOMICS_H
#define CRIPPLE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__APPLE__)
#include <os/lock.h>
#endif

/// Every hot function is forced inline: called out of line, an operation that is one
/// instruction would cost a call.
#define RIPPLE_INLINE static inline __attribute__((always_inline))

// One function per operation and ordering, so that each is a single builtin with a
// constant ordering: nothing is left to fold, and even a call that is not inlined costs
// no test of the ordering. `RIPPLE_WORD_RMW(op, order, ORDER)` defines the
// read-modify-write operations for one ordering; loads and stores exist only for the
// orderings they can have.

#define RIPPLE_WORD_LOAD(order, ORDER) \
    RIPPLE_INLINE intptr_t ripple_word_load_##order(intptr_t *word) { \
        return __atomic_load_n(word, ORDER); \
    }

#define RIPPLE_WORD_STORE(order, ORDER) \
    RIPPLE_INLINE void ripple_word_store_##order(intptr_t *word, intptr_t value) { \
        __atomic_store_n(word, value, ORDER); \
    }

/// `FAILURE` is the ordering of a failed compare-exchange: `ORDER` without its release
/// half, which a failed exchange (a load) cannot have. The `fetch` operations return
/// the value before the operation; the compare-exchange returns whether it replaced
/// `*word`, and otherwise stores what it found in `*expected`.
#define RIPPLE_WORD_RMW(order, ORDER, FAILURE) \
    RIPPLE_INLINE intptr_t ripple_word_exchange_##order(intptr_t *word, intptr_t value) { \
        return __atomic_exchange_n(word, value, ORDER); \
    } \
    RIPPLE_INLINE bool ripple_word_compare_exchange_##order(intptr_t *word, intptr_t *expected, intptr_t desired) { \
        return __atomic_compare_exchange_n(word, expected, desired, false, ORDER, FAILURE); \
    } \
    RIPPLE_INLINE intptr_t ripple_word_fetch_add_##order(intptr_t *word, intptr_t operand) { \
        return __atomic_fetch_add(word, operand, ORDER); \
    } \
    RIPPLE_INLINE intptr_t ripple_word_fetch_sub_##order(intptr_t *word, intptr_t operand) { \
        return __atomic_fetch_sub(word, operand, ORDER); \
    } \
    RIPPLE_INLINE intptr_t ripple_word_fetch_or_##order(intptr_t *word, intptr_t operand) { \
        return __atomic_fetch_or(word, operand, ORDER); \
    } \
    RIPPLE_INLINE intptr_t ripple_word_fetch_and_##order(intptr_t *word, intptr_t operand) { \
        return __atomic_fetch_and(word, operand, ORDER); \
    }

// Relaxed and acquiring loads are done in Swift (see AtomicView.load).
RIPPLE_WORD_LOAD(seq_cst, __ATOMIC_SEQ_CST)

RIPPLE_WORD_STORE(relaxed, __ATOMIC_RELAXED)
RIPPLE_WORD_STORE(release, __ATOMIC_RELEASE)
RIPPLE_WORD_STORE(seq_cst, __ATOMIC_SEQ_CST)

RIPPLE_WORD_RMW(relaxed, __ATOMIC_RELAXED, __ATOMIC_RELAXED)
RIPPLE_WORD_RMW(acquire, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)
RIPPLE_WORD_RMW(release, __ATOMIC_RELEASE, __ATOMIC_RELAXED)
RIPPLE_WORD_RMW(acq_rel, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
RIPPLE_WORD_RMW(seq_cst, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

/// Words for Swift's process-wide atomics, zero at start and at a fixed address: a
/// global `AtomicValue` would allocate, so Swift would initialise it lazily and every
/// read would first check that it was (`swift_once`). Swift names them by index
/// (`GlobalAtomicWord`), and must not use more than `RIPPLE_GLOBAL_WORDS`.
#define RIPPLE_GLOBAL_WORDS 8
/// The word set, as the library loads, when `RIPPLE_PLAIN_PATHS` is in the environment
/// (`GlobalAtomicWord.plainPaths`).
#define RIPPLE_PLAIN_PATHS_WORD 3
extern intptr_t ripple_global_words[RIPPLE_GLOBAL_WORDS];

/// The address of global word `index`.
RIPPLE_INLINE intptr_t *ripple_global_word(int index) {
    return &ripple_global_words[index];
}

// ---- The lock ------------------------------------------------------------------------
// A 32-bit word, zero when free. On Apple platforms it is an `os_unfair_lock` (a struct
// of one `uint32_t` whose free state is zero). Elsewhere it is a futex lock: 0 free,
// 1 held, 2 held with possible waiters; taking a free lock is one compare-exchange and
// releasing an uncontended one is one exchange, the kernel is entered only to wait or
// to wake a waiter.

#if !defined(__APPLE__)
/// The contended paths of the futex lock, out of line in CRippleAtomics.c.
void ripple_lock_wait(uint32_t *word);
void ripple_lock_wake(uint32_t *word);
#endif

RIPPLE_INLINE void ripple_lock_lock(uint32_t *word) {
#if defined(__APPLE__)
    os_unfair_lock_lock((os_unfair_lock_t)word);
#else
    uint32_t expected = 0;
    if (!__atomic_compare_exchange_n(word, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        ripple_lock_wait(word);
    }
#endif
}

/// Takes the lock if it is free; returns whether it did.
RIPPLE_INLINE bool ripple_lock_trylock(uint32_t *word) {
#if defined(__APPLE__)
    return os_unfair_lock_trylock((os_unfair_lock_t)word);
#else
    uint32_t expected = 0;
    return __atomic_compare_exchange_n(word, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
#endif
}

RIPPLE_INLINE void ripple_lock_unlock(uint32_t *word) {
#if defined(__APPLE__)
    os_unfair_lock_unlock((os_unfair_lock_t)word);
#else
    if (__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2) {
        ripple_lock_wake(word);
    }
#endif
}

#endif
