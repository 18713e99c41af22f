// Atomic operations and a small lock for Ripple, over plain integers the caller keeps at
// a stable address. Written in C because Swift's own atomics (the Synchronization
// module) exist only on recent Apple releases; clang's `__atomic_*` builtins work on
// every platform Swift targets. Everything hot is `static inline`, so Swift inlines it
// and the ordering arguments, constants at every call site, fold away.
#ifndef CRIPPLE_ATOMICS_H
#define CRIPPLE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__APPLE__)
#include <os/lock.h>
#endif

/// Memory orderings, with the values clang's builtins take.
typedef enum {
    ripple_relaxed = __ATOMIC_RELAXED,
    ripple_acquire = __ATOMIC_ACQUIRE,
    ripple_release = __ATOMIC_RELEASE,
    ripple_acq_rel = __ATOMIC_ACQ_REL,
    ripple_seq_cst = __ATOMIC_SEQ_CST
} ripple_order;

/// The ordering a failed compare-exchange may use for the order `order` of a successful
/// one: the same minus its release half, which a failed exchange (a load) cannot have.
static inline int ripple_failure_order(ripple_order order) {
    switch (order) {
    case ripple_release: return __ATOMIC_RELAXED;
    case ripple_acq_rel: return __ATOMIC_ACQUIRE;
    default: return (int)order;
    }
}

static inline intptr_t ripple_word_load(intptr_t *word, ripple_order order) {
    return __atomic_load_n(word, (int)order);
}

static inline void ripple_word_store(intptr_t *word, intptr_t value, ripple_order order) {
    __atomic_store_n(word, value, (int)order);
}

static inline intptr_t ripple_word_exchange(intptr_t *word, intptr_t value, ripple_order order) {
    return __atomic_exchange_n(word, value, (int)order);
}

/// Replaces `*word` with `desired` if it equals `*expected`; otherwise stores what it
/// holds in `*expected`. Returns whether it replaced it.
static inline bool ripple_word_compare_exchange(
    intptr_t *word, intptr_t *expected, intptr_t desired, ripple_order order
) {
    return __atomic_compare_exchange_n(word, expected, desired, false, (int)order, ripple_failure_order(order));
}

/// The `fetch` operations return the value before the operation.
static inline intptr_t ripple_word_fetch_add(intptr_t *word, intptr_t operand, ripple_order order) {
    return __atomic_fetch_add(word, operand, (int)order);
}

static inline intptr_t ripple_word_fetch_sub(intptr_t *word, intptr_t operand, ripple_order order) {
    return __atomic_fetch_sub(word, operand, (int)order);
}

static inline intptr_t ripple_word_fetch_or(intptr_t *word, intptr_t operand, ripple_order order) {
    return __atomic_fetch_or(word, operand, (int)order);
}

static inline intptr_t ripple_word_fetch_and(intptr_t *word, intptr_t operand, ripple_order order) {
    return __atomic_fetch_and(word, operand, (int)order);
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

static inline void ripple_lock_lock(uint32_t *word) {
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
static inline bool ripple_lock_trylock(uint32_t *word) {
#if defined(__APPLE__)
    return os_unfair_lock_trylock((os_unfair_lock_t)word);
#else
    uint32_t expected = 0;
    return __atomic_compare_exchange_n(word, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
#endif
}

static inline void ripple_lock_unlock(uint32_t *word) {
#if defined(__APPLE__)
    os_unfair_lock_unlock((os_unfair_lock_t)word);
#else
    if (__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2) {
        ripple_lock_wake(word);
    }
#endif
}

#endif
