// SPDX-License-Identifier: MIT
// The JavaScript replay runner's check, shared by node and the browser:
// every replay through the package's own API (verifyReplay: ReplayReader +
// ReplayRunner + World), one line per file, and the digest over every frame
// checksum in order, as `fixcol-replay verify` prints it. With brk, one move
// of the first replay is changed by one raw unit; with brk = 'cast', every
// shape cast (format 3) gets a filter category that matches no body, so
// every cast that hit something hashes differently; with brk = 'v4', every
// push-out (format 4) has its shapes swapped (a pushed out of b: the delta
// reversed) and every body hash query asks for the next generation; with
// brk = 'v5', every mover / mover_shape call (format 5) that asks to move
// asks for 1 raw more along x, so its outputs change (the should-fail twins:
// the frame checksums must then disagree).

/** fixcol: the imported package; files: [{ name, bytes }]. */
export function verifyAll(fixcol, files, brk = false) {
  const digest = new fixcol.Hash64();
  const lines = [];
  let bad = 0;
  let tampered = !brk;
  for (const { name, bytes } of files) {
    const t0 = Date.now();
    const castKinds = [fixcol.OpKind.QUERY_CAST, fixcol.OpKind.QUERY_CAST_ALL];
    const tamper = brk === 'cast' ? (frame, i, op) => {
      if (castKinds.includes(op.kind)) op.category = 0;
    } : brk === 'v5' ? (frame, i, op) => {
      if ((op.kind === fixcol.OpKind.MOVER || op.kind === fixcol.OpKind.MOVER_SHAPE) && (op.ax !== 0 || op.ay !== 0)) op.ax += 1;
    } : brk === 'v4' ? (frame, i, op) => {
      if (op.kind === fixcol.OpKind.QUERY_PUSHOUT) [op.shape, op.shapeB] = [op.shapeB, op.shape];
      if (op.kind === fixcol.OpKind.QUERY_BODY_HASH) op.generation += 1;
    } : tampered ? undefined : (frame, i, op) => {
      if (!tampered && frame >= 2 && op.kind === fixcol.OpKind.MOVE) {
        op.ax += 1;
        tampered = true;
        lines.push(`${name}: --break: frame ${frame} operation ${i} moved by one more raw unit`);
      }
    };
    let r;
    try {
      r = fixcol.verifyReplay(bytes, { digest, tamper });
    } catch (e) {
      bad++;
      lines.push(`${name}: ERROR ${e.message}`);
      continue;
    }
    if (r.badFrames) {
      bad++;
      lines.push(`${name}: MISMATCH in ${r.badFrames} of ${r.frames} frames; first ${JSON.stringify(r.first)}`);
    } else {
      lines.push(`${name}: ok, ${r.frames} frames, ${r.ops} operations (${Date.now() - t0} ms)`);
    }
  }
  return { lines, bad, digest: digest.hex() };
}
