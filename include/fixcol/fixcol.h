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

#endif
