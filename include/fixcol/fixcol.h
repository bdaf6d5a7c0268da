/* SPDX-License-Identifier: MIT */
/* fixcol/fixcol.h - umbrella header: everything public in fixcol.
 * fixcol is a deterministic Q16.16 fixed-point collision engine; see README. */
#ifndef FIXCOL_FIXCOL_H
#define FIXCOL_FIXCOL_H

#include <fixcol/wide.h>
#include <fixcol/vec.h>
#include <fixcol/trig.h>
#include <fixcol/status.h>
#include <fixcol/shapes.h>
#include <fixcol/collide2d.h>
#include <fixcol/area2.h>
#include <fixcol/collide3d.h>
#include <fixcol/pushout.h>
#include <fixcol/cast.h>
#include <fixcol/alloc.h>
#include <fixcol/hash.h>
#include <fixcol/quadtree.h>
#include <fixcol/world.h>
#include <fixcol/mover.h>
#include <fixcol/history.h>
#include <fixcol/frame.h>
#include <fixcol/desync.h>
#include <fixcol/wire.h>
#include <fixcol/replay.h>

#endif
