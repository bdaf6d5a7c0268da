// SPDX-License-Identifier: MIT
// The viewer page: load replays (file pickers, drag and drop), scrub and
// play frames, zoom and pan, pick a body, compare two replays. Everything is
// simulated here with the wasm build (Timeline); document.body.dataset.state
// is 'empty' | 'loading' | 'ready' | 'error' for tests and scripts.
import { diffReplays, bodyDiff, fix, OpKind } from './fixcol/index.js';
import { Timeline } from './timeline.js';
import { Camera, drawFrame } from './draw.js';
import { describeBody } from './body_info.js';

const $ = (id) => document.getElementById(id);
const canvas = $('canvas'), ctx = canvas.getContext('2d');
const st = { a: null, b: null, bytes: {}, names: {}, frame: 0, playing: false, cam: new Camera(), selected: null,
  diff: null };
document.body.dataset.state = 'empty';

function showError(msg) {
  $('error').textContent = msg;
  $('error').hidden = !msg;
}

async function load(file, slot) {
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    showError(`${file.name}: cannot read the file: ${e.message}`);
    document.body.dataset.state = 'error';
    return;
  }
  loadBytes(bytes, file.name, slot);
}

function loadBytes(bytes, name, slot) {
  document.body.dataset.state = 'loading';
  showError('');
  let t;
  try {
    t = new Timeline(bytes, name);
  } catch (e) {
    // The reader's own message: "offset N: reason" or "line L, column C: reason".
    showError(`${name}: cannot read: ${e.readerMessage ?? e.message}`);
    document.body.dataset.state = 'error';
    return;
  }
  st[slot]?.destroy();
  st[slot] = t;
  st.bytes[slot] = bytes;
  st.names[slot] = name;
  if (slot === 'a') {
    st.selected = null;
    $('frame').max = String(t.count);
    const bad = t.frames.filter((f) => !f.ok).length;
    $('info').textContent = `${name}: ${t.settings.dim}D, ${t.count} frames, ` +
      `${t.frames.reduce((s, f) => s + f.n, 0)} operations\nthis browser reproduces ` +
      (bad ? `${t.count - bad} frames; ${bad} differ (first: frame ${t.frames.findIndex((f) => !f.ok) + 1})` : 'every recorded checksum');
    setFrame(Math.min(1, t.count));
    fitView();
  }
  compare();
  render();
  document.body.dataset.state = 'ready';
}

function compare() {
  st.diff = null;
  $('jump').disabled = true;
  if (!st.a || !st.b) return;
  try {
    st.diff = diffReplays(st.bytes.a, st.bytes.b, st.names.a, st.names.b);
  } catch (e) {
    $('diff').textContent = `cannot compare: ${e.readerMessage ?? e.message}`;
    return;
  }
  $('jump').disabled = st.diff.same || st.diff.frame < 1;
}

function setFrame(n) {
  if (!st.a) return;
  st.frame = Math.max(0, Math.min(st.a.count, n));
  $('frame').value = String(st.frame);
  render();
}

function fitView() {
  const rn = st.a.seek(st.frame), w = rn.world;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const b = new Int32Array(6), yi = rn.dim === 3 ? 2 : 1;
  for (const id of rn.liveIds()) {
    if (!w.bodyValid(id)) continue;
    w.getBounds(id, b);
    x0 = Math.min(x0, b[0]), y0 = Math.min(y0, b[yi]), x1 = Math.max(x1, b[3]), y1 = Math.max(y1, b[3 + yi]);
  }
  if (x0 === Infinity) {
    const s = st.a.settings, side = 2 ** s.boundsLog2 * 65536;
    [x0, y0, x1, y1] = [s.boundsMin[0], s.boundsMin[1], s.boundsMin[0] + side, s.boundsMin[1] + side];
  }
  st.cam.fit(x0 / 65536, y0 / 65536, x1 / 65536, y1 / 65536, canvas.width, canvas.height);
  render();
}

function render() {
  const t = st.a;
  if (!t) return;
  const rn = t.seek(st.frame);
  const f = t.frames[st.frame - 1];
  let marked = null, diffText = '';
  if (st.b) {
    const rb = st.b.seek(Math.min(st.frame, st.b.count));
    const bodies = bodyDiff(rn, rb);
    marked = new Set(bodies.map((x) => x.index));
    diffText = diffReport(bodies);
  }
  const ops = t.opsOf(st.frame);
  // Only the geometric queries are drawn (range and dump are listed, not drawn).
  const pairs = drawFrame(ctx, { runner: rn, camera: st.cam, selected: st.selected?.index ?? -1, marked,
    queries: ops.filter((op) => GEOMETRIC.has(op.kind)) });
  $('queries').textContent = f ? queryList(f, ops) : '-';
  $('frameLabel').textContent = `frame ${st.frame} / ${t.count}`;
  $('checksumOwn').textContent = f ? f.own : '-';
  $('checksumRec').textContent = f ? f.recorded : '-';
  $('frameStatus').textContent = !f ? '-' : f.ok ? 'reproduced' : `differs: ${f.what}`;
  $('frameStatus').className = !f ? '' : f.ok ? 'ok' : 'bad';
  $('counts').textContent = `${rn.world.bodyCount} / ${pairs.count}`;
  if (st.b) $('diff').textContent = diffText;
  $('bodyInfo').textContent = st.selected && rn.world.bodyValid(st.selected) ? describeBody(rn, st.selected)
    : 'click a body';
}

const GEOMETRIC = new Set([OpKind.QUERY_SHAPE, OpKind.QUERY_POINT, OpKind.QUERY_RAY, OpKind.QUERY_RAY_ALL]);
const UNITS = { [OpKind.QUERY_RANGE]: 'used slots', [OpKind.QUERY_DUMP]: 'bytes' };
const MAX_QUERIES = 40;

/** The frame's queries, one line each: the operation (text form), then what this browser got: count, hash. */
function queryList(f, ops) {
  const n = f.queryOps.length;
  if (!n) return 'no query';
  const lines = [];
  for (let i = 0; i < n && i < MAX_QUERIES; i++) {
    const op = ops[f.queryOps[i]];
    const hash = '0x' + f.queries[2 * i + 1].toString(16).padStart(8, '0');
    lines.push(`${op.toString()}: ${f.queries[2 * i]} ${UNITS[op.kind] ?? 'hits'}, hash ${hash}`);
  }
  if (n > MAX_QUERIES) lines.push(`... ${n - MAX_QUERIES} more`);
  return lines.join('\n');
}

function diffReport(bodies) {
  const d = st.diff;
  const lines = [`A: ${st.names.a}`, `B: ${st.names.b}`];
  if (d) lines.push(d.same ? d.message : `first divergence (fixcol-replay diff):\n${d.message}`);
  const fa = st.a.frames[st.frame - 1], fb = st.b.frames[st.frame - 1];
  if (fa && fb) {
    lines.push(`frame ${st.frame}: this browser ${fa.own}; A recorded ${fa.recorded}` +
      `${fa.ok ? ' (agrees)' : ' (differs)'}; B recorded ${fb.recorded}${fb.ok ? ' (agrees)' : ' (differs)'}`);
  }
  lines.push(bodies.length ? `bodies that differ between A and B after frame ${st.frame}: ` +
    bodies.slice(0, 40).map((x) => `${x.key} (${x.why})`).join(', ') + (bodies.length > 40 ? ', ...' : '')
    : `no body differs between A and B after frame ${st.frame}`);
  return lines.join('\n');
}

// ---- input
$('fileA').addEventListener('change', (e) => e.target.files[0] && load(e.target.files[0], 'a'));
$('fileB').addEventListener('change', (e) => e.target.files[0] && load(e.target.files[0], 'b'));
$('frame').addEventListener('input', (e) => setFrame(Number(e.target.value)));
$('jump').addEventListener('click', () => st.diff && setFrame(st.diff.frame));
$('zoomIn').addEventListener('click', () => zoom(1.25));
$('zoomOut').addEventListener('click', () => zoom(0.8));
$('fit').addEventListener('click', () => st.a && fitView());
$('play').addEventListener('click', () => togglePlay());

function zoom(k) {
  st.cam.scale *= k;
  render();
}

function togglePlay() {
  st.playing = !st.playing && !!st.a;
  $('play').innerHTML = st.playing ? '&#10074;&#10074;' : '&#9654;';
  if (st.playing && st.frame >= st.a.count) setFrame(0);
  const tick = () => {
    if (!st.playing) return;
    if (st.frame >= st.a.count) return togglePlay();
    setFrame(st.frame + 1);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
  const step = e.shiftKey ? 10 : 1;
  const keys = { ArrowRight: () => setFrame(st.frame + step), ArrowLeft: () => setFrame(st.frame - step),
    Home: () => setFrame(0), End: () => setFrame(st.a?.count ?? 0), ' ': togglePlay, '+': () => zoom(1.25),
    '=': () => zoom(1.25), '-': () => zoom(0.8), f: () => st.a && fitView() };
  if (keys[e.key]) {
    e.preventDefault();
    keys[e.key]();
  }
});

canvas.addEventListener('wheel', (e) => {
  e.preventDefault();
  const [wx, wy] = st.cam.toWorld(e.offsetX, e.offsetY, canvas.width, canvas.height);
  st.cam.scale *= e.deltaY < 0 ? 1.15 : 1 / 1.15;
  const [nx, ny] = st.cam.toWorld(e.offsetX, e.offsetY, canvas.width, canvas.height);
  st.cam.cx += wx - nx, st.cam.cy += wy - ny;
  render();
}, { passive: false });

let drag = null;
canvas.addEventListener('mousedown', (e) => (drag = { x: e.offsetX, y: e.offsetY, moved: false }));
canvas.addEventListener('mousemove', (e) => {
  if (!drag) return;
  const dx = e.offsetX - drag.x, dy = e.offsetY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
  if (!drag.moved) return;
  st.cam.cx -= dx / st.cam.scale, st.cam.cy += dy / st.cam.scale;
  drag.x = e.offsetX, drag.y = e.offsetY;
  render();
});
canvas.addEventListener('mouseup', (e) => {
  if (drag && !drag.moved) pick(e.offsetX, e.offsetY);
  drag = null;
});

/** The body under the pointer: fc_world_point2 in 2D (exact), the bounds seen from above in 3D. */
function pick(px, py) {
  if (!st.a) return;
  const rn = st.a.seek(st.frame), w = rn.world;
  const [ux, uy] = st.cam.toWorld(px, py, canvas.width, canvas.height);
  const x = Math.round(ux * 65536), y = Math.round(uy * 65536);
  st.selected = null;
  if (Math.abs(x) < fix.COORD_LIMIT && Math.abs(y) < fix.COORD_LIMIT) {
    if (rn.dim === 2) {
      const ids = w.point2(x, y);
      if (ids.count) st.selected = ids.id(ids.count - 1);
    } else {
      const b = new Int32Array(6);
      let best = Infinity;
      for (const id of rn.liveIds()) {
        if (!w.bodyValid(id)) continue;
        w.getBounds(id, b);
        const area = (b[3] - b[0]) * (b[5] - b[2]);
        if (x >= b[0] && x <= b[3] && y >= b[2] && y <= b[5] && area < best) (best = area), (st.selected = id);
      }
    }
  }
  render();
}

// ---- drag and drop
const stage = document.body;
stage.addEventListener('dragover', (e) => {
  e.preventDefault();
  $('drop').hidden = false;
});
stage.addEventListener('dragleave', (e) => {
  if (e.target === $('drop')) $('drop').hidden = true;
});
stage.addEventListener('drop', async (e) => {
  e.preventDefault();
  $('drop').hidden = true;
  const files = [...e.dataTransfer.files];
  if (files[0]) await load(files[0], 'a');
  if (files[1]) await load(files[1], 'b');
});

window.fixcolViewer = { loadBytes, setFrame, state: st };
