#ifndef CWORLD_MAP_H
#define CWORLD_MAP_H

#include <stddef.h>

/// The world map's data (world.jgmap, made by docs/tools/make-map-data.py) as the binary holds it:
/// read where it lies, with no decoding and no copy. Sets `count` to its length in bytes.
const unsigned char *jg_world_map(size_t *count);

#endif
