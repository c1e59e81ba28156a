#include "cworld_map.h"

// The bytes are put into the binary by the compiler (C23 #embed): embedded as base64 text in
// Swift source, the 2 MB were decoded and copied by every build that drew a map (7 ms of CPU).
#if !defined(__has_embed)
#error "journalgen needs a C compiler with #embed: clang 19 or later (Swift 6.3's toolchain has clang 21)"
#endif

#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char world_map[] = {
#embed "world.jgmap"
};

const unsigned char *jg_world_map(size_t *count) {
    *count = sizeof world_map;
    return world_map;
}
