// SPDX-License-Identifier: MIT
// usage: node viewer_browser.mjs --tool fixcol-replay --viewer DIR --node-modules DIR
//          --replay FILE --frame N --samples DIR --shots DIR --queries-replay FILE [--v3-replay FILE] [--break]
// The replay viewer in headless chromium, through its UI: load FILE with the
// file picker, step to frame N (slider, then arrow keys), and require the
// checksum it shows (computed in the page by the wasm build) to be the
// native one; load desync-a/-b and require the first divergence that
// `fixcol-replay diff` reports, jump there and require the changed body to
// be highlighted; load desync-a/-c (same operations, another machine's
// results); load corrupt.fcr and require the reader's message (offset and
// reason, as `fixcol-replay verify` prints it); load --queries-replay (a
// replay with range and dump queries), step through every frame (each
// reproduced, no page error) and require frame 1's query list to show the
// native results (`fixcol-replay dump`) of every query; the same for
// --v3-replay (a format 3 replay: sector, ring, cast and cast_all queries
// in frame 1; pair events and contacts in every frame). Screenshots (PNG) go
// to --shots. --break expects frame N's checksum one frame early and frame
// 1's last query count one more (must fail).
// A/B (issue 31), with desync-a/-b: the timeline marks are exactly the frames
// whose native recorded state, pairs or query results differ; "diff >" goes
// to the first; the changed body is in the clickable list, and clicking it
// zooms to it (its pixel is the highlight colour, cyan-tinted with the ghost
// of B on, not with it off) and shows both runs' exact values, the fields that
// differ marked and equal to the native ones (`fixcol-replay svg`); stepping
// the divergence frame's operations, the body differs only after the
// operation `diff` names. Twins: B equal to A shows no mark and no
// differing body; B = A with one recorded checksum flipped (text form) is
// named "frame checksum only" as `fixcol-replay diff` names it.
// Debug-draw layers (issue 31), on --v3-replay and --replay: at the first
// frame with contacts, a pair that began and a cast that hits (and, in
// --replay, a ray that hits), the page draws as many contacts, began/ended
// events, sector/ring areas, casts, cast hits and ray hits as the native
// dump records (expect and result lines); each layer's pixel changes when
// it is toggled off (contact point, cast hit, ray hit, legend, scale bar,
// axes, ids), and the id under the pointer is drawn on hover.
// Capsule3 bodies (issue 29; --only-capsule runs just these): a snapshot of
// capsules drawn in the top, front and side views (end cap and side line
// pixels drawn, the pixels just outside not); twin --break-capsule.
// 3D (--3d-replay): in each orthographic view (top x-z, front x-y, side
// z-y, chosen with the "3D view" select) clicking at a body's projected
// centre (computed here from its bounds and the view's axes) picks that
// body, its pixel is a body colour, and the three views draw differently;
// with B = the same file, the ghost and no differing body.
// Snapshots and dumps (issue 31): `fixcol-replay snapshot` of desync-a and
// -b after the divergence frame, opened as A and B: the viewer lists
// exactly the `fixcol-replay snapdiff` lines; the changed body is in the
// list, drawn in the highlight colour, and its table marks the field with
// snapdiff's values; the two `snapdump` dumps give the same lines; twin: the
// same snapshot twice is "same" with no body listed. A desync report (the
// `diff` output of the two replays) pasted in opens its frame and body.
// --only-ab runs just the A/B, layer, 3D and snapshot checks; with --break, the B equal
// to A is expected to show the marks of desync-b (must fail).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from './args.mjs';
import { serve } from '../scripts/serve.mjs';
import { launch, forwardConsole, requireChromium } from './chromium.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break', 'only-ab', 'only-capsule', 'break-capsule']);
requireChromium();
const tool = (...args) => spawnSync(opt.tool, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
const frame = Number(opt.frame);
mkdirSync(opt.shots, { recursive: true });

// Native facts: a verified replay's recorded checksums are the native ones.
const verified = tool('verify', opt.replay);
if (verified.status !== 0) throw new Error(`native verify failed: ${verified.stdout}`);
const expects = tool('dump', opt.replay).stdout.split('\n').filter((l) => l.startsWith('expect '));
const want = expects[(opt.break ? frame - 1 : frame) - 1].split(/\s+/)[1].replace(/^0x/, '').padStart(16, '0');
const S = (f) => resolve(opt.samples, f);
// the capsule scene of tests/test_world_capsule3.c (scene_snapshot), for capsuleChecks
const CAPSULE_SNAPSHOT =
  '46435357020000007000000003000000010000000000000000000000000000000a000000050000000300000003000000000000000000' +
  '00000104000000808050000080800801018080288080180080801001140780806000000080802000808008000000000000006387cb46' +
  '46caf556';
opt.replay = resolve(opt.replay);
const diffAB = tool('diff', S('desync-a.fcr'), S('desync-b.fcr')).stdout.trim();
const diffAC = tool('diff', S('desync-a.fcr'), S('desync-c.fcr')).stdout.trim();
const bad = tool('verify', S('corrupt.fcr')); // the message may go to stderr (strict CLI) or stdout
const corrupt = /bad input: (.*)$/m.exec(bad.stderr + bad.stdout)?.[1];
if (!corrupt) throw new Error(`fixcol-replay verify corrupt.fcr printed no "bad input": ${bad.stdout}${bad.stderr}`);

// Native facts of a queries replay: frame 1's query lines and results.
const QUERY_OPS = new Set(['overlap', 'point', 'ray', 'ray_all', 'range', 'dump', 'sector', 'ring', 'cast', 'cast_all']);
const UNITS = { range: 'used slots', dump: 'bytes' };
function nativeQueries(file) {
  const qText = tool('dump', file).stdout.split('\n');
  const qFrame1 = qText.slice(qText.findIndex((l) => l.startsWith('frame 1 ')) + 1);
  const qExpect = qFrame1.findIndex((l) => l.startsWith('expect '));
  const qOps = qFrame1.slice(0, qExpect).filter((l) => QUERY_OPS.has(l.split(' ')[0]));
  const qWant = qOps.map((l, i) => {
    const [, count, hash] = qFrame1[qExpect + 1 + i].split(/\s+/);
    const n = Number(count) + (opt.break && i === qOps.length - 1 ? 1 : 0);
    return `${l}: ${n} ${UNITS[l.split(' ')[0]] ?? 'hits'}, hash ${hash}`;
  });
  return { qOps, qWant };
}
opt['queries-replay'] = resolve(opt['queries-replay']);
const { qOps, qWant } = nativeQueries(opt['queries-replay']);
if (!qOps.some((l) => l.startsWith('range ')) || !qOps.some((l) => l === 'dump'))
  throw new Error(`${opt['queries-replay']}: frame 1 has no range and dump queries`);
// A format 3 replay (--v3-replay): skill areas and casts listed, every frame
// (pair events and contacts included) reproduced.
let v3 = null;
if (opt['v3-replay']) {
  opt['v3-replay'] = resolve(opt['v3-replay']);
  v3 = nativeQueries(opt['v3-replay']);
  for (const k of ['sector', 'ring', 'cast', 'cast_all'])
    if (!v3.qOps.some((l) => l.startsWith(k + ' '))) throw new Error(`${opt['v3-replay']}: frame 1 has no ${k} query`);
}

const failures = [];
function expect(cond, what) {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}`);
  if (!cond) failures.push(what);
}

// Native facts for A/B: the frames whose recorded state, pairs or query results differ.
function expectsOf(file) {
  const out = [];
  let cur = null;
  for (const l of tool('dump', file).stdout.split('\n')) {
    if (l.startsWith('expect ')) {
      const t = l.split(/\s+/);
      cur = { state: t[t.indexOf('state') + 1], pairs: t.slice(t.indexOf('pairs') + 1, t.indexOf('pairs') + 3).join(' '),
        results: [] };
      out.push(cur);
    } else if (l.startsWith('result ') && cur) cur.results.push(l.trim());
    else if (l.startsWith('frame ')) cur = null;
  }
  return out;
}
const exA = expectsOf(S('desync-a.fcr')), exB = expectsOf(S('desync-b.fcr'));
const nativeMarks = exA.map((a, i) => (a.state !== exB[i].state || a.pairs !== exB[i].pairs ||
  a.results.join('|') !== exB[i].results.join('|') ? i + 1 : 0)).filter((f) => f > 0);
const svgShape = (file, f, key) => {
  const out = join(mkdtempSync(join(tmpdir(), 'fcv-')), 'f.svg');
  tool('svg', file, '--frame', String(f), '-o', out);
  const m = new RegExp(`data-id="${key}" data-shape="([^"]*)"`).exec(spawnSync('cat', [out], { encoding: 'utf8' }).stdout);
  rmSync(resolve(out, '..'), { recursive: true, force: true });
  return m?.[1];
};

const srv = await serve({ '/': opt.viewer });
const chrome = await launch(opt['node-modules']);
try {
  const page = await chrome.browser.newPage();
  forwardConsole(page);
  await page.setViewport({ width: 1320, height: 720 });
  // The page's module (and the wasm it awaits) must be running before a file
  // is given to it, or the input's change event has no listener yet (seen
  // under load: the first upload then waited forever).
  const started = (p) => p.waitForFunction("document.body.dataset.state === 'empty'", { timeout: 120_000 });
  await page.goto(`${srv.url}/index.html`);
  await started(page);
  const ready = () => page.waitForFunction("['ready', 'error'].includes(document.body.dataset.state)", { timeout: 120_000 });
  const text = (sel) => page.$eval(sel, (e) => e.textContent);
  const upload = async (sel, file) => {
    await page.evaluate(() => (document.body.dataset.state = 'loading'));
    await (await page.$(sel)).uploadFile(file);
    await ready();
  };

  checks: {
  if (opt['only-capsule']) {
    await capsuleChecks(page, upload);
    break checks;
  }
  if (opt['only-ab']) {
    await abChecks(page, text, upload);
    await layerChecks(page, text, upload);
    if (opt['3d-replay']) await threeDChecks(page, text, upload);
    await snapChecks(page, text, upload);
    await capsuleChecks(page, upload);
    break checks;
  }
  // 1. a committed replay, stepped to a frame: the page's own checksum
  await upload('#fileA', opt.replay);
  await page.$eval('#frame', (e, f) => {
    e.value = String(f);
    e.dispatchEvent(new Event('input'));
  }, frame - 3);
  await page.focus('#frame');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  expect((await text('#frameLabel')).startsWith(`frame ${frame} /`), `stepped to frame ${frame}: ${await text('#frameLabel')}`);
  const own = await text('#checksumOwn');
  expect(own === want, `frame ${frame}: the viewer's checksum ${own} equals the native ${want}`);
  expect((await text('#frameStatus')) === 'reproduced', 'the recorded checksum is reproduced');
  await page.click('#zoomIn');
  // click a body: its id, shape, filter and bounds are shown
  const target = await page.evaluate(() => {
    const st = window.fixcolViewer.state, rn = st.a.seek(st.frame), c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    for (const id of rn.liveIds()) {
      const b = rn.world.getBounds(id);
      const [x, y] = st.cam.toScreen((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, c.width, c.height);
      const ids = rn.world.point2(Math.round((b[0] + b[3]) / 2), Math.round((b[1] + b[4]) / 2));
      if (x > 20 && y > 20 && x < c.width - 20 && y < c.height - 20 && ids.count === 1)
        return { x: r.left + x, y: r.top + y, key: `${id.index}:${id.generation}` };
    }
    return null;
  });
  expect(target !== null, 'a body to click is on screen');
  if (target) {
    await page.mouse.click(target.x, target.y);
    const info = await text('#bodyInfo');
    expect(info.startsWith(`id ${target.key} `) && /shape \w+/.test(info) && info.includes('filter category 0x') &&
      info.includes('bounds ('), `clicked body ${target.key}: ${info.split('\n').join(' | ')}`);
  }
  await page.screenshot({ path: join(opt.shots, 'viewer-frame.png') });

  // 2. two runs that part: the CLI's first divergence, then the body
  await upload('#fileA', S('desync-a.fcr'));
  await upload('#fileB', S('desync-b.fcr'));
  const d1 = await text('#diff');
  expect(d1.includes(diffAB), `A/B divergence as fixcol-replay diff reports it:\n${diffAB}`);
  await page.click('#jump');
  const divFrame = Number(/^frame (\d+)/.exec(diffAB)[1]);
  const body = /^ {2}move (\d+) (\d+) /m.exec(diffAB);
  expect((await text('#frameLabel')).startsWith(`frame ${divFrame} /`), `jumped to frame ${divFrame}`);
  const d2 = await text('#diff');
  expect(d2.includes(`${body[1]}:${body[2]}@1 (state)`), `body ${body[1]}:${body[2]} highlighted as differing`);
  await page.screenshot({ path: join(opt.shots, 'viewer-divergence.png') });

  // (the A/B, layer, 3D and snapshot checks run in their own test: --only-ab)

  // 3. the same game recorded on another machine with other results
  await upload('#fileB', S('desync-c.fcr'));
  const d3 = await text('#diff');
  expect(d3.includes(diffAC), `A/C divergence as fixcol-replay diff reports it:\n${diffAC}`);

  // 4. a corrupt file: the reader's message, not a blank page
  await upload('#fileA', S('corrupt.fcr'));
  const err = await text('#error');
  expect(await page.$eval('#error', (e) => !e.hidden) && err.includes(corrupt), `corrupt file: "${err}" names "${corrupt}"`);
  await page.screenshot({ path: join(opt.shots, 'viewer-corrupt.png') });

  // 5. range and dump queries: listed with this browser's results, not drawn; every frame steps
  // (a fresh page: no replay B to compare with)
  let pageErrors = 0;
  page.on('pageerror', () => pageErrors++);
  await page.goto(`${srv.url}/index.html`);
  await started(page);
  const stepAll = async (file, want, what) => {
    await upload('#fileA', file);
    expect((await page.evaluate(() => document.body.dataset.state)) === 'ready', `the ${what} loads`);
    const list = (await text('#queries')).split('\n');
    expect(list.length === want.length && want.every((l, i) => list[i] === l),
      `frame 1's query list is the native results:\n  ${want.join('\n  ')}\n got:\n  ${list.join('\n  ')}`);
    const steps = await page.evaluate(() => {
      const v = window.fixcolViewer, out = { frames: v.state.a.count, bad: [] };
      for (let i = 1; i <= out.frames; i++) {
        v.setFrame(i);
        const status = document.getElementById('frameStatus').textContent;
        if (status !== 'reproduced' || !document.getElementById('frameLabel').textContent.startsWith(`frame ${i} /`))
          out.bad.push(`${i}: ${status}`);
      }
      return out;
    });
    expect(steps.frames > 0 && steps.bad.length === 0,
      `stepped through ${steps.frames} frames of the ${what}, each reproduced${steps.bad.length ? `; not: ${steps.bad.slice(0, 5)}` : ''}`);
  };
  if (v3) { // 6. a format 3 replay: sector, ring, cast and cast_all listed; events and contacts reproduced
    await stepAll(opt['v3-replay'], v3.qWant, 'format 3 replay');
    await page.screenshot({ path: join(opt.shots, 'viewer-format3.png') });
  }
  await stepAll(opt['queries-replay'], qWant, 'queries replay');
  await page.focus('#frame');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  expect((await text('#frameLabel')).startsWith('frame 1 /'), 'back to frame 1 with the keys');
  expect(pageErrors === 0, `no page error (${pageErrors})`);
  await page.screenshot({ path: join(opt.shots, 'viewer-queries.png') });
  } // checks
} finally {
  await chrome.close();
  await srv.close();
}

/** Two snapshot blobs, two dumps, the same blob twice, a desync report. */
async function snapChecks(page, text, upload) {
  const dir = mkdtempSync(join(tmpdir(), 'fcv-snap-'));
  try {
    const diffAB = tool('diff', S('desync-a.fcr'), S('desync-b.fcr')).stdout;
    const frame = Number(/^frame (\d+):/m.exec(diffAB)[1]) + 1;
    const f = (n) => join(dir, n);
    tool('snapshot', S('desync-a.fcr'), String(frame), '-o', f('a.snap'));
    tool('snapshot', S('desync-b.fcr'), String(frame), '-o', f('b.snap'));
    writeFileSync(f('a.dump'), tool('snapdump', f('a.snap')).stdout);
    writeFileSync(f('b.dump'), tool('snapdump', f('b.snap')).stdout);
    const cli = tool('snapdiff', f('a.snap'), f('b.snap')).stdout.trim().split('\n').filter((l) => l.startsWith('slot '));
    expect(cli.length > 0, `snapdiff lists ${cli.length} difference(s): ${cli.join('; ')}`);
    await page.goto(page.url());
    await page.waitForFunction("document.body.dataset.state === 'empty'", { timeout: 120_000 });
    await upload('#snapA', f('a.snap'));
    await upload('#snapB', f('b.snap'));
    const lines = (await text('#snapDiff')).split('\n');
    expect(lines.join('\n') === cli.join('\n'), `two snapshots: the viewer lists the snapdiff lines:\n  ${lines.join('\n  ')}`);
    const m = /^slot (\d+): body (\d+):(\d+) (\S+): (\S+) vs (\S+)$/.exec(cli[0]);
    await page.click(`#diffList button[data-index="${m[2]}"][data-generation="${m[3]}"]`);
    const rows = await page.$$eval('#abValues tbody tr', (trs) => trs.map((tr) => ({ field: tr.dataset.field,
      differs: tr.classList.contains('differs'), a: tr.cells[1].textContent, b: tr.cells[2].textContent })));
    const r = rows.find((x) => x.field === m[4]);
    expect(r && r.differs && r.a === m[5] && r.b === m[6] && rows.filter((x) => x.differs).length === 1,
      `body ${m[2]}:${m[3]}: ${m[4]} marked, ${r?.a} vs ${r?.b} (snapdiff: ${m[5]} vs ${m[6]})`);
    const px = await page.evaluate(([i, g]) => {
      const st = window.fixcolViewer.state, rn = st.snap.a.world, c = document.getElementById('canvas');
      const id = rn.liveIds().find((x) => x.index === i && x.generation === g), b = rn.world.getBounds(id);
      const [x, y] = st.cam.toScreen((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, c.width, c.height);
      return Array.from(c.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3));
    }, [Number(m[2]), Number(m[3])]);
    expect(px[0] > 80 && px[2] > 80 && px.join() !== '16,20,26', `snapshot A drawn, body ${m[2]}:${m[3]} highlighted (${px})`);
    await page.screenshot({ path: join(opt.shots, 'viewer-snapshots.png') });
    // twin: the same blob twice
    await upload('#snapB', f('a.snap'));
    expect((await text('#snapDiff')) === 'same' && (await page.$$eval('#diffList button', (b) => b.length)) === 0,
      `the same snapshot twice: "${await text('#snapDiff')}", no body listed`);
    // two canonical dumps: the same lines
    await upload('#snapA', f('a.dump'));
    await upload('#snapB', f('b.dump'));
    expect((await text('#snapDiff')) === cli.join('\n'), 'two canonical dumps: the snapdiff lines');
    // a desync report opens its frame and body (replays loaded)
    await upload('#fileA', S('desync-a.fcr'));
    await upload('#fileB', S('desync-b.fcr'));
    await page.type('#report', diffAB);
    await page.click('#openReport');
    const rep = /^frame (\d+):[\s\S]*?move (\d+) (\d+) /m.exec(diffAB);
    expect((await text('#frameLabel')).startsWith(`frame ${rep[1]} /`) &&
      (await text('#bodyInfo')).startsWith(`body ${rep[2]}:${rep[3]}: `), `report opens frame ${rep[1]}, body ${rep[2]}:${rep[3]}: ` +
      `${await text('#frameLabel')}, ${await text('#bodyInfo')}`);
    // the wire locator's report form (docs/lockstep.md): "frame F slot I", then the two canonical dump lines
    await page.click('#fit');
    await page.evaluate(() => { window.fixcolViewer.state.selected = null; window.fixcolViewer.setFrame(1); });
    expect(!(await text('#bodyInfo')).startsWith(`body ${rep[2]}:`), `no body picked before the wire report`);
    await page.$eval('#report', (e) => { e.value = ''; });
    await page.type('#report', `frame ${rep[1]} slot ${rep[2]}\nmine: body ${rep[2]} ${rep[3]} cat 0x00000001 mask ` +
      `0xffffffff user 0 circle center 1 2 radius 1\ntheirs: body ${rep[2]} ${rep[3]} cat 0x00000001 mask 0xffffffff ` +
      `user 0 circle center 1.0000152587890625 2 radius 1\ncenter.x: 1 vs 1.0000152587890625`);
    await page.click('#openReport');
    expect((await text('#frameLabel')).startsWith(`frame ${rep[1]} /`) &&
      (await text('#bodyInfo')).startsWith(`body ${rep[2]}:${rep[3]}: `), `wire report opens frame ${rep[1]}, body ` +
      `${rep[2]}:${rep[3]}: ${await text('#frameLabel')}, ${await text('#bodyInfo')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Capsule3 bodies (issue 29): the scene snapshot of tests/test_world_capsule3.c
 * (body 0 capsule (0,0,0)-(10,0,0) r 1, body 1 sphere (5,3,0) r 2, body 2
 * capsule (12,0,0)-(12,4,0) r 1) in the top, front and side views: body 0's
 * projection is drawn (its end cap at u = -0.5 and, seen from the top and the
 * front, the side at (8.5, -0.9)) and nothing just outside it (u = -1.5; v
 * = -1.2 by the side). --break-capsule expects the outside pixels drawn. */
async function capsuleChecks(page, upload) {
  const dir = mkdtempSync(join(tmpdir(), 'fcv-cap-'));
  try {
    const file = join(dir, 'capsules.snap');
    writeFileSync(file, Buffer.from(CAPSULE_SNAPSHOT, 'hex'));
    await upload('#snapA', file);
    for (const view of ['top', 'front', 'side']) {
      await page.select('#view3', view);
      // [u, v] world units, want drawn
      const probes = [[-0.5, 0, true], [-1.5, 0, false]];
      if (view !== 'side') probes.push([8.5, -0.9, true], [8.5, -1.2, false]);
      const px = await page.evaluate((probes) => {
        const st = window.fixcolViewer.state, c = document.getElementById('canvas'), g = c.getContext('2d');
        return probes.map(([u, v]) => {
          const [x, y] = st.cam.toScreen(u * 65536, v * 65536, c.width, c.height);
          return Array.from(g.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)).join();
        });
      }, probes);
      probes.forEach(([u, v, drawn], i) => {
        const want = opt['break-capsule'] ? !drawn : drawn;
        expect((px[i] !== '16,20,26') === want, `${view} view: capsule body 0 at (${u}, ${v}) ${want ? 'drawn' : 'not drawn'} (${px[i]})`);
      });
      if (view === 'front') await page.screenshot({ path: join(opt.shots, 'viewer-capsule3.png') });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The 3D view: each axis, picking at a body's projected centre, A/B with the ghost. */
async function threeDChecks(page, text, upload) {
  const file = resolve(opt['3d-replay']);
  await upload('#fileA', file);
  await upload('#fileB', file);
  const frame = Math.min(20, await page.evaluate(() => window.fixcolViewer.state.a.count));
  await page.evaluate((f) => window.fixcolViewer.setFrame(f), frame);
  const images = {};
  for (const [view, u, v] of [['top', 0, 2], ['front', 0, 1], ['side', 2, 1]]) {
    await page.select('#view3', view);
    const target = await page.evaluate(([u, v]) => {
      const st = window.fixcolViewer.state, rn = st.a.seek(st.frame), c = document.getElementById('canvas');
      const r = c.getBoundingClientRect(), b = new Int32Array(6);
      // a body whose projected bounds hold no other body's at its centre
      const all = rn.liveIds().filter((id) => rn.world.bodyValid(id)).map((id) => ({ id, b: Array.from(rn.world.getBounds(id, b)) }));
      for (const { id, b: q } of all) {
        const cx = Math.floor((q[u] + q[3 + u]) / 2), cy = Math.floor((q[v] + q[3 + v]) / 2);
        const under = all.filter(({ b: o }) => cx >= o[u] && cx <= o[3 + u] && cy >= o[v] && cy <= o[3 + v]);
        const [x, y] = st.cam.toScreen(cx, cy, c.width, c.height);
        if (under.length === 1 && x > 20 && y > 20 && x < c.width - 150 && y < c.height - 200 &&
          (q[3 + u] - q[u]) * st.cam.scale / 65536 > 6)
          return { x: r.left + x, y: r.top + y, cx: x, cy: y, key: `${id.index}:${id.generation}` };
      }
      return null;
    }, [u, v]);
    expect(target !== null, `${view} view: a body to click`);
    if (!target) continue;
    await page.mouse.click(target.x, target.y);
    const info = await text('#bodyInfo');
    expect(info.startsWith(`body ${target.key}: the same in A and B`), `${view} view: clicking its centre picks ${target.key}: ${info}`);
    const rgb = await page.evaluate(([x, y]) => Array.from(document.getElementById('canvas').getContext('2d')
      .getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)), [target.cx, target.cy]);
    expect(rgb.join() !== '16,20,26', `${view} view: body ${target.key} drawn at its projected centre (${rgb})`);
    expect((await page.$$eval('#diffList button', (bs) => bs.length)) === 0, `${view} view: B = A, no differing body`);
    images[view] = await page.$eval('#canvas', (c) => c.toDataURL());
    if (view === 'top') await page.screenshot({ path: join(opt.shots, 'viewer-3d.png') });
  }
  expect(images.top !== images.front && images.front !== images.side && images.top !== images.side,
    'the three views draw differently');
  // 3D casts: drawn (sweep, hit shape, normal) as many as the native dump lists, in every view
  const nf = nativeFrames(file).find((f) => f.castHits > 0);
  expect(!!nf, `${file}: a frame with a 3D cast hit`);
  if (!nf) return;
  // (the hit's centre pixel can lie under the picked body's highlight, so the
  // layer check compares the whole canvas with and without it)
  const image = () => page.$eval('#canvas', (c) => c.toDataURL());
  const toggle = () => page.click('#layers input[data-layer="casts"]');
  for (const view of ['top', 'front', 'side']) {
    await page.select('#view3', view);
    await page.evaluate((f) => window.fixcolViewer.setFrame(f), nf.frame);
    const d = await page.evaluate(() => window.fixcolViewer.state.drawn);
    expect(d.casts === nf.casts && d.castHits === nf.castHits,
      `${view} view, frame ${nf.frame}: drawn ${d.casts} casts with ${d.castHits} hits; native ${nf.casts}, ${nf.castHits}`);
    const on = await image();
    await toggle();
    const off = await image();
    await toggle();
    expect(on !== off, `${view} view: toggling the casts layer changes the drawing`);
  }
}

/** Per frame of a replay's native dump: query kinds with their result counts, began, ended, contacts. */
function nativeFrames(file) {
  const out = [];
  let cur = null;
  for (const l of tool('dump', file).stdout.split('\n')) {
    const t = l.trim().split(/\s+/);
    if (t[0] === 'frame') out.push((cur = { frame: Number(t[1]), queries: [], counts: [] }));
    else if (t[0] === 'expect') {
      const at = (k) => (t.indexOf(k) >= 0 ? Number(t[t.indexOf(k) + 1]) : 0);
      Object.assign(cur, { began: at('began'), ended: at('ended'), contacts: at('contacts') });
    } else if (t[0] === 'result') cur.counts.push(Number(t[1]));
    else if (cur && QUERY_OPS.has(t[0])) cur.queries.push(t[0]);
  }
  for (const f of out) {
    const sum = (kinds) => f.queries.reduce((s, q, i) => s + (kinds.includes(q) ? f.counts[i] : 0), 0);
    f.castHits = sum(['cast', 'cast_all']);
    f.rayHits = sum(['ray', 'ray_all']);
    f.casts = f.queries.filter((q) => q === 'cast' || q === 'cast_all').length;
    f.rays = f.queries.filter((q) => q === 'ray' || q === 'ray_all').length;
    f.areas = f.queries.filter((q) => q === 'sector' || q === 'ring').length;
  }
  return out;
}

/** Debug-draw layers as a user sees them: counts against the native dump, each layer toggled off and on. */
async function layerChecks(page, text, upload) {
  await page.goto(page.url()); // a fresh page: no B
  await page.waitForFunction("document.body.dataset.state === 'empty'", { timeout: 120_000 });
  const drawn = () => page.evaluate(() => window.fixcolViewer.state.drawn);
  const rgb = (p) => page.evaluate(([x, y]) => Array.from(document.getElementById('canvas').getContext('2d')
    .getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)), p);
  const toggle = (layer) => page.click(`#layers input[data-layer="${layer}"]`);
  const offChanges = async (layer, at, what) => {
    const on = await rgb(at);
    await toggle(layer);
    const off = await rgb(at);
    await toggle(layer);
    expect(on.join() !== off.join(), `${what}: pixel ${on} with the layer, ${off} without`);
  };
  const v3file = opt['v3-replay'] ?? S('desync-a.fcr');
  const nf = nativeFrames(v3file).find((f) => f.contacts > 0 && f.began > 0 && f.castHits > 0);
  expect(!!nf, `${v3file}: a frame with contacts, a began pair and a cast hit`);
  if (!nf) return;
  await upload('#fileA', v3file);
  await page.evaluate((f) => window.fixcolViewer.setFrame(f), nf.frame);
  let d = await drawn();
  expect(d.contacts === nf.contacts && d.began === nf.began && d.ended === nf.ended,
    `frame ${nf.frame}: drawn ${d.contacts} contacts, ${d.began} began, ${d.ended} ended; native ${nf.contacts}, ` +
    `${nf.began}, ${nf.ended}`);
  expect(d.areas === nf.areas && d.casts === nf.casts && d.castHits === nf.castHits,
    `frame ${nf.frame}: drawn ${d.areas} areas, ${d.casts} casts with ${d.castHits} hits; native ${nf.areas}, ` +
    `${nf.casts}, ${nf.castHits}`);
  // zoom on the first cast hit, then the first contact, and toggle their layers
  const centre = (p) => page.evaluate(([x, y]) => {
    const st = window.fixcolViewer.state, c = document.getElementById('canvas');
    const [wx, wy] = st.cam.toWorld(x, y, c.width, c.height);
    st.cam.cx = wx, st.cam.cy = wy, st.cam.scale *= 4;
    window.fixcolViewer.setFrame(st.frame);
  }, p);
  await centre(d.firstCastHit);
  d = await drawn();
  await offChanges('casts', d.firstCastHit, 'casts layer (hit shape at the cast hit)');
  await page.click('#fit');
  await centre((await drawn()).firstContact);
  d = await drawn();
  await offChanges('contacts', d.firstContact, 'contacts layer (contact point)');
  await page.screenshot({ path: join(opt.shots, 'viewer-layers.png') });
  const W = await page.$eval('#canvas', (c) => c.width), H = await page.$eval('#canvas', (c) => c.height);
  await offChanges('legend', [W - 125, H - 12 - 14 * 12 - 3], 'legend (first swatch)');
  await offChanges('scale', [13, H - 14], 'scale bar');
  expect(d.scale > 0, `scale bar of ${d.scale} units`);
  // ids: on hover (one), always (every live body on screen); axes at the fitted view
  await page.click('#fit');
  await toggle('axes');
  const axes = await page.evaluate(() => {
    const st = window.fixcolViewer.state, c = document.getElementById('canvas');
    return st.cam.toScreen(0, 0, c.width, c.height);
  });
  if (axes[1] > 2 && axes[1] < H - 2) await offChanges('axes', [W / 3, axes[1]], 'x axis');
  else expect(false, `the x axis is on screen at the fitted view (y ${axes[1]})`);
  await toggle('axes');
  const body = await page.evaluate(() => {
    const st = window.fixcolViewer.state, rn = st.a.seek(st.frame), c = document.getElementById('canvas');
    const r = c.getBoundingClientRect();
    for (const id of rn.liveIds()) {
      const b = rn.world.getBounds(id);
      const [x, y] = st.cam.toScreen((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, c.width, c.height);
      const ids = rn.world.point2(Math.round((b[0] + b[3]) / 2), Math.round((b[1] + b[4]) / 2));
      if (x > 20 && y > 20 && x < c.width - 150 && y < c.height - 200 && ids.count === 1)
        return { x: r.left + x, y: r.top + y, key: `${id.index}:${id.generation}` };
    }
    return null;
  });
  if (body) {
    await page.mouse.move(body.x, body.y);
    await page.waitForFunction(() => window.fixcolViewer.state.drawn.ids > 0, { timeout: 10_000 }).catch(() => {});
    expect((await drawn()).ids === 1, `hovering ${body.key}: its id drawn (${(await drawn()).ids})`);
    await page.mouse.move(1, 1);
  } else expect(false, 'a body to hover');
  await toggle('idsAll');
  expect((await drawn()).ids > 1, `all ids drawn: ${(await drawn()).ids}`);
  await toggle('idsAll');
  // rays and their hits, on the 2D replay --replay
  const rf = nativeFrames(opt.replay).find((f) => f.rayHits > 0);
  expect(!!rf, `${opt.replay}: a frame with a ray hit`);
  if (!rf) return;
  await upload('#fileA', opt.replay);
  await page.evaluate((f) => window.fixcolViewer.setFrame(f), rf.frame);
  d = await drawn();
  expect(d.rays === rf.rays && d.rayHits === rf.rayHits,
    `frame ${rf.frame}: drawn ${d.rays} rays with ${d.rayHits} hits; native ${rf.rays}, ${rf.rayHits}`);
  await centre(d.firstRayHit);
  await offChanges('rays', (await drawn()).firstRayHit, 'rays layer (hit dot)');
}

/** A/B as a user does it: marks, next difference, the body list, zoom, values, ghost, operation steps. */
async function abChecks(page, text, upload) {
  await upload('#fileA', S('desync-a.fcr'));
  await upload('#fileB', S('desync-b.fcr'));
  const marks = await page.$$eval('#marks .mark', (ms) => ms.map((m) => Number(m.dataset.frame)));
  expect(marks.length > 0 && marks.join(',') === nativeMarks.join(','),
    `timeline marks (${marks.length}, first ${marks[0]}) are the frames whose native recorded state, pairs or ` +
    `query results differ (${nativeMarks.length}, first ${nativeMarks[0]})`);
  await page.evaluate(() => window.fixcolViewer.setFrame(0));
  await page.click('#nextDiff');
  expect((await text('#frameLabel')).startsWith(`frame ${nativeMarks[0]} /`), `"diff >" goes to frame ${nativeMarks[0]}`);
  await page.click('#nextDiff');
  expect((await text('#frameLabel')).startsWith(`frame ${nativeMarks[1]} /`), `"diff >" again: frame ${nativeMarks[1]}`);
  await page.click('#prevDiff');
  expect((await text('#frameLabel')).startsWith(`frame ${nativeMarks[0]} /`), `"< diff": back to ${nativeMarks[0]}`);
  const diffAB = tool('diff', S('desync-a.fcr'), S('desync-b.fcr')).stdout;
  const frameAB = Number(/^frame (\d+): operation (\d+) differs/m.exec(diffAB)[1]);
  const opAB = Number(/^frame (\d+): operation (\d+) differs/m.exec(diffAB)[2]);
  const [, bi, bg] = /^ {2}move (\d+) (\d+) /m.exec(diffAB);
  const key = `${bi}:${bg}`;
  await page.evaluate((f) => window.fixcolViewer.setFrame(f), frameAB);
  const listed = await page.$$eval('#diffList button', (bs) => bs.map((b) => b.textContent));
  expect(listed.some((l) => l.startsWith(`${key} `)), `body ${key} is in the list of differing bodies: ${listed.join(', ')}`);
  await page.click(`#diffList button[data-index="${bi}"][data-generation="${bg}"]`);
  // the picked body's values in both runs, differing fields marked, equal to the native ones
  const rows = await page.$$eval('#abValues tbody tr', (trs) => trs.map((tr) => ({ field: tr.dataset.field,
    differs: tr.classList.contains('differs'), a: tr.cells[1].textContent, b: tr.cells[2].textContent })));
  const visible = await page.$eval('#abValues', (t) => !t.hidden);
  const shA = svgShape(S('desync-a.fcr'), frameAB, key).split(' '), shB = svgShape(S('desync-b.fcr'), frameAB, key).split(' ');
  const row = (f) => rows.find((r) => r.field === f) ?? {};
  expect(visible && row('shape').a === shA[0] && row('cx').a === shA[1] && row('cy').a === shA[2] &&
    row('cx').b === shB[1] && row('cy').b === shB[2] && row('r').a === shA[4],
  `body ${key}: A cx ${row('cx').a} cy ${row('cy').a}, B cx ${row('cx').b} cy ${row('cy').b} are the native ` +
    `${shA.join(' ')} / ${shB.join(' ')}`);
  const marked = rows.filter((r) => r.differs).map((r) => r.field);
  const want = ['cx', 'cy', 'r'].filter((f, i) => shA[[1, 2, 4][i]] !== shB[[1, 2, 4][i]]);
  expect(want.length > 0 && want.every((f) => marked.includes(f)) && !marked.includes('r') && !marked.includes('shape'),
    `the changed field(s) ${want.join(', ')} are marked as differing (marked: ${marked.join(', ')})`);
  // the picked body is zoomed to and drawn in the highlight colour; the ghost of B tints it cyan
  const pixel = () => page.evaluate((bi) => {
    const st = window.fixcolViewer.state, rn = st.a.seek(st.frame), c = document.getElementById('canvas');
    const id = rn.liveIds().find((x) => x.index === bi), b = rn.world.getBounds(id);
    const [x, y] = st.cam.toScreen((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, c.width, c.height);
    const r = Math.abs(st.cam.toScreen(b[3], 0, c.width, c.height)[0] - st.cam.toScreen(b[0], 0, c.width, c.height)[0]);
    return { r, rgb: Array.from(c.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)) };
  }, Number(bi));
  const on = await pixel();
  await page.click('#ghost');
  const off = await pixel();
  expect(on.r > 60, `zoomed to body ${key}: ${on.r.toFixed(0)} px wide`);
  expect(off.rgb[0] > 120 && off.rgb[2] > 80 && off.rgb[1] < 60, `ghost off: body ${key} drawn magenta (${off.rgb})`);
  expect(on.rgb[1] > off.rgb[1] + 40 && on.rgb[2] > off.rgb[2], `ghost on: cyan over it (${on.rgb} vs ${off.rgb})`);
  await page.click('#ghost');
  await page.click('#zoomOut');
  await page.click('#zoomOut');
  await page.click('#zoomOut');
  await page.$eval('aside', (a) => { // the values table in view, the page itself not scrolled
    a.scrollTop = document.getElementById('abValues').offsetTop - a.offsetTop - 300;
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: join(opt.shots, 'viewer-ab.png') });
  // stepping the frame's operations: the body differs only once operation opAB is applied
  await page.click(`#opList li:nth-child(${opAB + 1})`); // after operations 0..opAB
  const after = await page.$$eval('#diffList button', (bs) => bs.map((b) => b.textContent));
  await page.click('#opPrev');
  const before = await page.$$eval('#diffList button', (bs) => bs.map((b) => b.textContent));
  const step = await text('#opStep');
  expect(step === `${opAB} of ${await page.$$eval('#opList li', (l) => l.length)} operations applied`, `op step shown: ${step}`);
  expect(before.length === 0 && after.some((l) => l.startsWith(`${key} `)),
    `before operation ${opAB} no body differs (${before.length}), after it ${key} does (${after.join(', ')})`);
  await page.click('#opAll');
  expect((await text('#opStep')).startsWith('all '), 'the whole frame again');

  // twin: B equal to A shows no mark and no differing body
  await upload('#fileB', S('desync-a.fcr'));
  const same = await page.$$eval('#marks .mark', (ms) => ms.length);
  const wantSame = opt.break ? nativeMarks.length : 0;
  expect(same === wantSame && (await page.$eval('#nextDiff', (b) => b.disabled)) &&
    (await page.$$eval('#diffList button', (bs) => bs.length)) === 0, `B equal to A: ${same} marks (want ${wantSame}), no body listed`);

  // a checksum-only difference, named as `fixcol-replay diff` (and verify) name it
  const dir = mkdtempSync(join(tmpdir(), 'fcv-'));
  try {
    const lines = tool('dump', S('desync-a.fcr')).stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('expect ')) + 0;
    const t = lines[at].split(' ');
    t[1] = '0x' + (BigInt(t[1]) ^ 1n).toString(16).padStart(16, '0');
    lines[at] = t.join(' ');
    const flipped = join(dir, 'checksum-only.txt');
    writeFileSync(flipped, lines.join('\n'));
    const cli = tool('diff', S('desync-a.fcr'), flipped).stdout.trim();
    await upload('#fileB', flipped);
    const d = await text('#diff');
    expect(cli.includes('different results: frame checksum only') && d.includes(cli),
      `checksum-only difference in the CLI's words: ${cli}`);
    expect((await page.$$eval('#marks .mark', (ms) => ms.length)) === 0, 'checksum-only: the re-runs do not differ (no mark)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(failures.length ? `${failures.length} viewer check(s) failed` : 'viewer checks passed');
process.exit(failures.length ? 1 : 0);
