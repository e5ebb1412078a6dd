#pragma once
// The baseline the ECS is measured against: a Unity-style object model. Each GameObject
// owns a vector of individually allocated, polymorphic components; the engine calls a
// virtual Update on each; scripts find their siblings with GetComponent<T>(), a scan with
// dynamic_cast. Names follow Unity's API, since that is what this imitates.
//
// make_scene() allocates every object and component of a scene in a fixed random order, so
// that an object's components are scattered across the heap and neighbours in the scene
// are not neighbours in memory: the heap of a game that has been running for a while, not
// the unrealistically tidy one of a fresh process.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "bench_support.hpp"
#include "components.hpp"

namespace object_model {

class GameObject;

class Component {
public:
    Component() = default;
    Component(const Component&) = delete;
    Component& operator=(const Component&) = delete;
    virtual ~Component() = default;

    virtual void Update(float /*dt*/) {}

    GameObject* gameObject = nullptr;
};

class GameObject {
public:
    GameObject() { components_.reserve(4); }
    GameObject(const GameObject&) = delete;
    GameObject& operator=(const GameObject&) = delete;
    ~GameObject() {
        for (Component* c : components_) delete c;
    }

    /// Takes ownership of `c`.
    void AddComponent(Component* c) {
        c->gameObject = this;
        components_.push_back(c);
    }

    /// The first component of type T, or nullptr.
    template <class T>
    [[nodiscard]] T* GetComponent() const {
        for (Component* c : components_) {
            if (T* found = dynamic_cast<T*>(c)) return found;
        }
        return nullptr;
    }

    /// Removes and deletes the first component of type T; false when there is none.
    template <class T>
    bool DestroyComponent() {
        for (auto it = components_.begin(); it != components_.end(); ++it) {
            if (T* found = dynamic_cast<T*>(*it)) {
                components_.erase(it);
                delete found;
                return true;
            }
        }
        return false;
    }

    /// What the engine's player loop does for each object every frame.
    void Update(float dt) {
        for (Component* c : components_) c->Update(dt);
    }

private:
    std::vector<Component*> components_;
};

class Transform final : public Component {
public:
    explicit Transform(bench::Position p = {}) : position(p) {}
    bench::Position position;
};

/// The script that moves its object, written as Unity scripts are: it finds the Transform
/// through its GameObject every frame.
class Mover final : public Component {
public:
    explicit Mover(bench::Velocity v = {}) : velocity(v) {}
    void Update(float /*dt*/) override {
        if (Transform* t = gameObject->GetComponent<Transform>()) {
            bench::integrate(t->position, velocity);
        }
    }
    bench::Velocity velocity;
};

class HealthComponent final : public Component {
public:
    explicit HealthComponent(bench::Health h = {}) : health(h) {}
    bench::Health health;
};

/// The game objects of a scene; deleting the scene deletes them.
class Scene {
public:
    Scene() = default;
    Scene(const Scene&) = delete;
    Scene& operator=(const Scene&) = delete;
    Scene(Scene&& other) noexcept : objects(std::move(other.objects)) { other.objects.clear(); }
    Scene& operator=(Scene&&) = delete;
    ~Scene() { Clear(); }

    void Clear() {
        for (GameObject* go : objects) delete go;
        objects.clear();
    }

    std::vector<GameObject*> objects;
};

// Which components make_scene() gives an object (bit mask).
inline constexpr std::uint8_t kTransform = 1;
inline constexpr std::uint8_t kMover = 2;
inline constexpr std::uint8_t kHealth = 4;

/// A scene of masks.size() objects, object i having the components in masks[i], attached
/// in the order Transform, Mover, Health. Objects and components are allocated in a fixed
/// random order (see the top of this file).
inline Scene make_scene(const std::vector<std::uint8_t>& masks) {
    const std::size_t n = masks.size();
    // One allocation job per object and per component: {object index, what}.
    struct job {
        std::uint32_t object;
        std::uint8_t what;  // 0 = the GameObject itself, else one of the k* bits
    };
    std::vector<job> jobs;
    jobs.reserve(n * 3);
    for (std::uint32_t i = 0; i < n; ++i) {
        jobs.push_back({i, 0});
        for (const std::uint8_t bit : {kTransform, kMover, kHealth}) {
            if (masks[i] & bit) jobs.push_back({i, bit});
        }
    }
    std::shuffle(jobs.begin(), jobs.end(), std::mt19937(bench::seed + 3));

    Scene scene;
    scene.objects.resize(n);
    std::vector<Component*> transforms(n), movers(n), healths(n);
    for (const job& j : jobs) {
        const auto i = static_cast<float>(j.object);
        switch (j.what) {
            case 0:
                scene.objects[j.object] = new GameObject();
                break;
            case kTransform:
                transforms[j.object] = new Transform({i, 0.0f, 0.0f});
                break;
            case kMover:
                movers[j.object] = new Mover({1.0f, 2.0f, 3.0f});
                break;
            default:
                healths[j.object] = new HealthComponent();
                break;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        for (Component* c : {transforms[i], movers[i], healths[i]}) {
            if (c) scene.objects[i]->AddComponent(c);
        }
    }
    return scene;
}

/// n objects with a Transform and a Mover.
inline Scene make_movers(std::size_t n) {
    return make_scene(std::vector<std::uint8_t>(n, kTransform | kMover));
}

}  // namespace object_model
