// SPDX-License-Identifier: MIT
// The native reference: `fixcol-replay verify FILES...`, whose last stdout
// line is "digest <16 hex>".
import { spawnSync } from 'node:child_process';

export function cDigest(tool, files) {
  const r = spawnSync(tool, ['verify', ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  const m = /^digest ([0-9a-f]{16})$/.exec(last);
  if (r.status !== 0 || !m) throw new Error(`${tool} verify failed (exit ${r.status}): ${r.stdout}${r.stderr}`);
  return m[1];
}
