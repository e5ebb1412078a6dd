// A shared library that is not a game module: it has no mosaic_module_v1.
extern "C" int not_a_game() {
    return 42;
}
