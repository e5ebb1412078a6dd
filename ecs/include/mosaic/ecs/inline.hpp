#pragma once
// MOSAIC_ALWAYS_INLINE: for the few small functions on the hot paths (per entity, per
// component) whose speed depends on being inlined into the caller's loop.
//
// GCC decides inlining by size budgets that a user's large translation unit can use up:
// with several libraries in one big source file, create() went from 17 to 30 ns per entity
// once GCC stopped inlining the pool's append. And a value computed once by an inlined copy
// and once by a call cannot be recognised as the same, which keeps tests in loops that
// could otherwise drop them (view.hpp's walk_page). Use it sparingly: forcing large
// functions inline makes the callers' loops worse, not better.

#if defined(__GNUC__) || defined(__clang__)
#define MOSAIC_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define MOSAIC_ALWAYS_INLINE inline
#endif
