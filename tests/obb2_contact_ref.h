/* SPDX-License-Identifier: MIT */
/* The previous OBB-OBB contact, the bit-for-bit reference of the current one
 * (obb2_contact_ref.c). */
#ifndef FIXCOL_TEST_OBB2_CONTACT_REF_H
#define FIXCOL_TEST_OBB2_CONTACT_REF_H

#include <fixcol/collide2d.h>

int ref_contact_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b, fc_contact2_result *out);

#endif
