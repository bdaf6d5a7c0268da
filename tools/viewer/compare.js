// SPDX-License-Identifier: MIT
// One frame's recorded values against this browser's: the most specific
// difference, in fc_replay_verify's order, as a short phrase (null: equal).
export function compareFrame(exp, got, rn) {
  if (rn.badCreateOp >= 0) return `operation ${rn.badCreateOp} created ${rn.badCreateId.key}`;
  if (exp.ops !== got.ops) return 'operation statuses';
  for (let i = 0; i < exp.queryCount; i++)
    if (exp.queries[2 * i] !== got.queries[2 * i] || exp.queries[2 * i + 1] !== got.queries[2 * i + 1])
      return `query ${i} (operation ${got.queryOps[i]})`;
  if (exp.pairsLo !== got.pairsLo || exp.pairsHi !== got.pairsHi || exp.pairCount !== got.pairCount) return 'pair list';
  if (exp.extended && (exp.beganCount !== got.beganCount || exp.began !== got.began ||
      exp.endedCount !== got.endedCount || exp.ended !== got.ended)) return 'pair events';
  if (exp.extended && (exp.contactCount !== got.contactCount || exp.contacts !== got.contacts)) return 'contacts';
  if (exp.stateLo !== got.stateLo || exp.stateHi !== got.stateHi) return 'world state';
  if (exp.checksumLo !== got.checksumLo || exp.checksumHi !== got.checksumHi) return 'frame checksum only (every sub-hash and query result matches)';
  return null;
}
