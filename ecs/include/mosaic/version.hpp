#pragma once
// Mosaic's version: the single source of truth (the top-level CMakeLists.txt reads it, the
// package config version file and the module loader's compatibility check follow it).

#define MOSAIC_VERSION_MAJOR 0
#define MOSAIC_VERSION_MINOR 2
#define MOSAIC_VERSION_PATCH 0
#define MOSAIC_VERSION_STRING "0.2.0"
