/* SPDX-License-Identifier: MIT */
/* make_snapshots OUTDIR [capsules]: writes the golden worlds' snapshots
 * (golden_world.h) as OUTDIR/snapshot-v<FC_SNAPSHOT_VERSION>-2d.fcs and
 * -3d.fcs, with `capsules` also -3d-capsule.fcs (the 3D world with capsule
 * bodies: needs a fixcol with FC_SHAPE3_CAPSULE), and prints their
 * manifest lines (MANIFEST.txt's format). Built against the fixcol
 * version whose format is wanted: tests/golden/README.md says how the
 * committed blobs were made. Not part of the build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden_world.h"

int main(int argc, char **argv)
{
    if (argc != 2 && !(argc == 3 && strcmp(argv[2], "capsules") == 0)) {
        fprintf(stderr, "usage: make_snapshots OUTDIR [capsules]\n");
        return 2;
    }
    for (int dim3 = 0; dim3 < (argc == 3 ? 3 : 2); dim3++) {
        fc_body_id first[2];
        fc_world *w = gw_build(dim3, first);
        size_t size = 0;
        if (w == NULL || fc_world_snapshot(w, NULL, 0, &size) != FC_OK)
            return 1;
        unsigned char *blob = (unsigned char *)malloc(size);
        if (blob == NULL || fc_world_snapshot(w, blob, size, &size) != FC_OK)
            return 1;
        char name[64], path[4096];
        snprintf(name, sizeof name, "snapshot-v%u-%dd%s.fcs", (unsigned)FC_SNAPSHOT_VERSION, dim3 ? 3 : 2,
                 dim3 == GW_CAPSULES ? "-capsule" : "");
        snprintf(path, sizeof path, "%s/%s", argv[1], name);
        FILE *f = fopen(path, "wb");
        if (f == NULL || fwrite(blob, 1, size, f) != size || fclose(f) != 0)
            return 1;
        gw_outputs o;
        if (!gw_probe(w, dim3, &o))
            return 1;
        printf("snapshot %s %u %d checksum %016llx pairs %d %016llx queries %016llx next %u %u after %016llx current %s\n",
               name, (unsigned)FC_SNAPSHOT_VERSION, dim3 == GW_CAPSULES ? 4 : dim3 ? 3 : 2,
               (unsigned long long)o.checksum, (int)o.pair_count, (unsigned long long)o.pairs,
               (unsigned long long)o.queries, (unsigned)o.next_id.index, (unsigned)o.next_id.generation,
               (unsigned long long)o.checksum_after_create, name);
        free(blob);
        fc_world_destroy(w);
    }
    return 0;
}
