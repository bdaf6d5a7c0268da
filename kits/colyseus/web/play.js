// SPDX-License-Identifier: MIT
// The browser client page's script (web/index.html): join the room named in
// the query, play with a bot's inputs through LockstepClient, and publish
// the outcome in window.kitResult (and the page) after `frames` frames:
// { frames, serverAgreed, serverMismatched, reports, status }. break=1
// (a test's should-fail twin) moves one body by 1 raw after frame 30.
import { LockstepClient } from '../src/client/lockstep_client.js';
import { botInput } from '../src/client/bot_input.js';

const q = new URLSearchParams(location.search);
const out = document.getElementById('out');
const show = (s) => { out.textContent = s; };
try {
  const frames = Number(q.get('frames') ?? 200);
  const sdk = new window.Colyseus.Client(q.get('endpoint'));
  const room = await sdk.joinById(q.get('room'), { player: q.get('player') ?? 'browser' });
  const hooks = {};
  if (q.get('break') === '1') hooks.afterStep = (f, m) => { if (f === 30) m.world.translate2(m.units[9].id, 1, 0); };
  const lc = new LockstepClient(room, { input: botInput(99), hooks });
  await lc.ready;
  lc.onFrame = async (f, sum) => {
    show(`frame ${f} checksum ${sum.toString(16).padStart(16, '0')}; server agreed ${lc.serverAgreed}, differed ${lc.serverMismatched}`);
    if (f !== frames - 1) return;
    await new Promise((r) => setTimeout(r, 100));
    const status = await lc.status();
    window.kitResult = { frames: lc.frames, serverAgreed: lc.serverAgreed, serverMismatched: lc.serverMismatched,
      reports: lc.reports, status, seat: lc.seat };
    show(`${out.textContent}\ndone: ${JSON.stringify(window.kitResult.status.seats[lc.seat])}`);
  };
} catch (e) {
  window.kitResult = { error: String(e?.stack ?? e) };
  show(`error: ${e}`);
}
