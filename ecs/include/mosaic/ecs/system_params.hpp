#pragma once
// How a system's signature becomes its declared access (scheduler::add with a typed
// function, scheduler::each). Each parameter of the system function is one of:
//
//   system_context&                 the usual context (time, commands, checked lookups)
//   view_t<A, const B>              a view; A is written, B read (any basic_view, excludes too)
//   const R& / R&                   the world's resource R (world::resource), read / written
//
// declare_params() adds every parameter's access to the system when it is registered;
// call_with_params() builds the arguments from the context on every run. Both walk the same
// parameter list, so what a system may touch is exactly what its signature names.

#include <type_traits>

#include "system.hpp"
#include "view.hpp"
//! \cond detail (implementation: kept out of the API reference)
namespace mosaic::detail {

template <class... T>
struct type_list {};

// The parameter types of a callable: a function pointer or a non-generic lambda/functor.
template <class F>
struct callable_params : callable_params<decltype(&F::operator())> {};
template <class R, class... A>
struct callable_params<R (*)(A...)> {
    using type = type_list<A...>;
};
template <class R, class... A>
struct callable_params<R (*)(A...) noexcept> : callable_params<R (*)(A...)> {};
template <class C, class R, class... A>
struct callable_params<R (C::*)(A...)> : callable_params<R (*)(A...)> {};
template <class C, class R, class... A>
struct callable_params<R (C::*)(A...) const> : callable_params<R (*)(A...)> {};
template <class C, class R, class... A>
struct callable_params<R (C::*)(A...) noexcept> : callable_params<R (*)(A...)> {};
template <class C, class R, class... A>
struct callable_params<R (C::*)(A...) const noexcept> : callable_params<R (*)(A...)> {};

template <class T>
struct is_view : std::false_type {};
template <class... Get, class... Exclude>
struct is_view<basic_view<get_t<Get...>, exclude_t<Exclude...>>> : std::true_type {};

// One parameter: what it declares, and how a run makes it.
template <class P>
struct system_param {
    using value = std::remove_cvref_t<P>;
    static_assert(std::is_same_v<value, system_context> || is_view<value>::value ||
                      std::is_lvalue_reference_v<P>,
                  "a system parameter is system_context&, a view (view_t<A, const B>), or a "
                  "resource by reference (const R& to read it, R& to write it)");

    static void declare(system& s) {
        if constexpr (std::is_same_v<value, system_context>) {
            // nothing: the context checks each access itself
        } else if constexpr (is_view<value>::value) {
            declare_view(s, static_cast<value*>(nullptr));
        } else {
            s.access<std::remove_reference_t<P>>();
        }
    }

    static decltype(auto) make(system_context& ctx) {
        if constexpr (std::is_same_v<value, system_context>) {
            return (ctx);
        } else if constexpr (is_view<value>::value) {
            return make_view(ctx, static_cast<value*>(nullptr));
        } else {
            return ctx.resource<std::remove_reference_t<P>>();
        }
    }

private:
    template <class... Get, class... Exclude>
    static void declare_view(system& s, basic_view<get_t<Get...>, exclude_t<Exclude...>>*) {
        s.access<Get...>();
        s.queries<Get...>();
    }
    template <class... Get, class... Exclude>
    static auto make_view(system_context& ctx, basic_view<get_t<Get...>, exclude_t<Exclude...>>*) {
        return ctx.view<Get...>(exclude<Exclude...>);
    }
};

template <class... P>
void declare_params(system& s, type_list<P...>) {
    (system_param<P>::declare(s), ...);
}

template <class F, class... P>
void call_with_params(F& f, system_context& ctx, type_list<P...>) {
    f(system_param<P>::make(ctx)...);
}
//! \endcond
}  // namespace mosaic::detail
