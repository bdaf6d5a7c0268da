-- SPDX-License-Identifier: MIT
-- luarocks make bindings/lua/fixcol-0.1.0-1.rockspec (from the repository
-- root): builds the Lua module `fixcol` with the engine compiled in. Needs
-- libfixmath's headers (Debian: libfixmath-dev, /usr/include/libfixmath).
-- The source list mirrors meson.build and bindings/lua/meson.build.
rockspec_format = "3.0"
package = "fixcol"
version = "0.1.0-1"
source = { url = "git+file://." }
description = {
    summary = "Deterministic fixed-point (Q16.16) collision engine for lockstep games",
    license = "MIT",
}
dependencies = { "lua >= 5.1, < 5.5" }
external_dependencies = {
    LIBFIXMATH = { header = "libfixmath/fixmath.h" },
}
build = {
    type = "builtin",
    modules = {
        fixcol = {
            sources = {
            "src/isqrt.c",
            "src/status.c",
            "src/trig.c",
            "src/trig_table.c",
            "src/shapes2d.c",
            "src/exact2d.c",
            "src/collide2d_core.c",
            "src/collide2d_clip.c",
            "src/collide2d_obb.c",
            "src/collide2d_pairs.c",
            "src/collide2d_dispatch.c",
            "src/area2_sector.c",
            "src/area2_ring.c",
            "src/shapes3d.c",
            "src/collide3d_util.c",
            "src/collide3d_box.c",
            "src/collide3d_boxfilter.c",
            "src/collide3d_boxpairs.c",
            "src/collide3d_sphere.c",
            "src/collide3d_sphere_obb.c",
            "src/collide3d_sphere_obb_filter.c",
            "src/collide3d_wide256.c",
            "src/collide3d_dispatch.c",
            "src/pushout_step.c",
            "src/pushout2d.c",
            "src/pushout3d.c",
            "src/alloc.c",
            "src/bigint.c",
            "src/ray_param.c",
            "src/buf.c",
            "src/quadtree.c",
            "src/sort.c",
            "src/world.c",
            "src/world_bounds.c",
            "src/world_narrow.c",
            "src/world_pairs.c",
            "src/world_query.c",
            "src/world_ray.c",
            "src/world_checksum.c",
            "src/world_snapshot.c",
            "src/world_restore.c",
            "src/replay_codec.c",
            "src/replay_convert.c",
            "src/replay_fixtext.c",
            "src/replay_layout.c",
            "src/replay_read.c",
            "src/replay_record.c",
            "src/replay_cast.c",
            "src/replay_run.c",
            "src/replay_run3.c",
            "src/replay_verify.c",
            "src/replay_write.c",
            "src/desync_range.c",
            "src/desync_bisect.c",
            "src/desync_text.c",
            "src/desync_fields.c",
            "src/desync_dump.c",
            "src/desync_diff.c",
            "bindings/lua/src/batch.c",
            "bindings/lua/src/bodies.c",
            "bindings/lua/src/collide.c",
            "bindings/lua/src/areas.c",
            "bindings/lua/src/compat.c",
            "bindings/lua/src/desync.c",
            "bindings/lua/src/errors.c",
            "bindings/lua/src/events.c",
            "bindings/lua/src/hash.c",
            "bindings/lua/src/ids.c",
            "bindings/lua/src/module.c",
            "bindings/lua/src/numbers.c",
            "bindings/lua/src/queries.c",
            "bindings/lua/src/replay.c",
            "bindings/lua/src/shapes.c",
            "bindings/lua/src/world.c"
            },
            incdirs = { "include", "src", "$(LIBFIXMATH_INCDIR)/libfixmath" },
        },
    },
}
