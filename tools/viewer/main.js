// SPDX-License-Identifier: MIT
// The viewer page: load replays (file pickers, drag and drop), scrub and
// play frames, zoom and pan, pick a body, compare two replays (B drawn as a
// ghost, timeline marks where the re-runs differ, the differing bodies as a
// clickable list, the picked body's values in both runs), step through the
// operations of a frame. Everything is
// simulated here with the wasm build (Timeline); document.body.dataset.state
// is 'empty' | 'loading' | 'ready' | 'error' for tests and scripts.
import { diffReplays, bodyDiff, fix, OpKind, ReplayOp } from './fixcol/index.js';
import { Timeline } from './timeline.js';
import { Camera, drawFrame } from './draw.js';
import { describeBody } from './body_info.js';
import { frameMarks, findBody, bodyFields, compareBody } from './ab.js';
import { drawLayers, queryResult, LAYERS } from './layers.js';
import { openSnapshot, isDump, diffDumps, dumpBodies, parseReport } from './snap.js';

const $ = (id) => document.getElementById(id);
const canvas = $('canvas'), ctx = canvas.getContext('2d');
const st = { a: null, b: null, bytes: {}, names: {}, frame: 0, playing: false, cam: new Camera(), selected: null,
  diff: null, marks: [], op: null, hover: null, drawn: null, mode: 'replay', snap: { a: null, b: null } };
// st.mode: 'replay' (timelines A/B) or 'snap' (two snapshots or dumps, st.snap.a/b: { dump, world? }).
// st.selected: { index, generation } of the picked body (A's or B's), or null;
// st.op: operations of the frame applied (null: all of them).
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
  st.op = null;
  st.mode = 'replay';
  if (slot === 'a') {
    st.selected = null;
    $('frame').max = String(t.count);
    $('view3').disabled = t.settings.dim !== 3;
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
  st.marks = [];
  $('jump').disabled = true;
  $('marks').dataset.key = ''; // a new B: redraw the marks
  drawMarks();
  if (!st.a || !st.b) return;
  st.marks = frameMarks(st.a, st.b);
  drawMarks();
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
  st.op = null;
  $('frame').value = String(st.frame);
  render();
}

function fitView() {
  const rn = st.a.seek(st.frame), w = rn.world;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const b = new Int32Array(6), [u, v] = st.cam.uv(rn.dim);
  for (const id of rn.liveIds()) {
    if (!w.bodyValid(id)) continue;
    w.getBounds(id, b);
    x0 = Math.min(x0, b[u]), y0 = Math.min(y0, b[v]), x1 = Math.max(x1, b[3 + u]), y1 = Math.max(y1, b[3 + v]);
  }
  if (x0 === Infinity) {
    const s = st.a.settings, side = 2 ** s.boundsLog2 * 65536, m = [s.boundsMin[0], s.boundsMin[1], s.boundsMin[2] ?? 0];
    [x0, y0, x1, y1] = [m[u], m[v], m[u] + side, m[v] + side];
  }
  st.cam.fit(x0 / 65536, y0 / 65536, x1 / 65536, y1 / 65536, canvas.width, canvas.height);
  render();
}

function render() {
  if (st.mode === 'snap') return renderSnap();
  const t = st.a;
  if (!t) return;
  const stepping = st.op !== null && st.frame > 0;
  const f = t.frames[st.frame - 1];
  // One pass over the frame's operations: each query's answer on the world it ran on, then the frame's
  // pair events; kept while the frame and step stay (hover and layer toggles redraw without re-running).
  const key = `${st.frame}|${stepping ? st.op : 'all'}`;
  let rn;
  if (st.cache?.t === t && st.cache.key === key) {
    rn = stepping ? t.seekOp(st.frame, st.op) : t.seek(st.frame);
  } else {
    const results = [];
    rn = t.seekOp(st.frame, stepping ? st.op : f?.n ?? 0, (op, i, r) => {
      if (op.kind < OpKind.QUERY_SHAPE) return;
      const res = queryResult(new ReplayOp(r.dim).setWords(op.words, 0), r);
      if (res) results.push(res);
    });
    let events = null;
    if (f) {
      const ev = rn.world.findPairs() && rn.world.pairEvents(), pairs = (l) => {
        const out = [];
        for (let i = 0; i < l.count; i++) out.push([l.words[6 * i], l.words[6 * i + 3]]);
        return out;
      };
      events = { began: pairs(ev.began), ended: pairs(ev.ended) };
    }
    st.cache = { t, key, results, events };
  }
  const { results, events } = st.cache;
  let marked = null, diffText = '', rb = null, bodies = [];
  if (st.b) {
    const fb = Math.min(st.frame, st.b.count);
    rb = stepping && fb === st.frame ? st.b.seekOp(fb, st.op) : st.b.seek(fb);
    bodies = bodyDiff(rn, rb);
    marked = new Set(bodies.map((x) => x.index));
    diffText = diffReport(bodies);
  }
  const ops = t.opsOf(st.frame);
  const applied = stepping ? st.op : ops.length;
  // Only the geometric queries are drawn (range and dump are listed, not drawn).
  const pairs = drawFrame(ctx, { runner: rn, camera: st.cam, selected: st.selected?.index ?? -1, marked,
    queries: ops.filter((op, i) => i < applied && GEOMETRIC.has(op.kind)),
    ghost: rb && $('ghost').checked ? rb : null });
  const on = new Set(LAYERS.filter((l) => document.querySelector(`#layers input[data-layer="${l}"]`)?.checked));
  st.drawn = drawLayers(ctx, { runner: rn, camera: st.cam, on, results, events, hover: st.hover });
  opList(ops, applied);
  diffList(bodies);
  bodyPanel(rn, rb);
  drawMarks();
  $('queries').textContent = f ? queryList(f, ops) : '-';
  $('frameLabel').textContent = `frame ${st.frame} / ${t.count}`;
  $('checksumOwn').textContent = f ? f.own : '-';
  $('checksumRec').textContent = f ? f.recorded : '-';
  $('frameStatus').textContent = !f ? '-' : f.ok ? 'reproduced' : `differs: ${f.what}`;
  $('frameStatus').className = !f ? '' : f.ok ? 'ok' : 'bad';
  $('counts').textContent = `${rn.world.bodyCount} / ${pairs.count}`;
  if (st.b) $('diff').textContent = diffText;
}

/** The picked body: its facts (A only), or both runs' values side by side with the differing fields marked. */
function bodyPanel(rn, rb) {
  const sel = st.selected, table = $('abValues');
  const ida = sel && findBody(rn, sel.index, sel.generation), idb = sel && rb && findBody(rb, sel.index, sel.generation);
  table.hidden = !rb || !sel || (!ida && !idb);
  if (table.hidden) {
    $('bodyInfo').textContent = ida ? describeBody(rn, ida) : 'click a body';
    return;
  }
  const rows = compareBody(bodyFields(rn, ida), bodyFields(rb, idb));
  const nd = rows.filter((r) => r.differs).length;
  $('bodyInfo').textContent = `body ${sel.index}:${sel.generation}: ${!ida ? 'only in B' : !idb ? 'only in A'
    : nd ? `${nd} field(s) differ` : 'the same in A and B'}`;
  const body = table.tBodies[0];
  body.replaceChildren(...rows.map((r) => {
    const tr = document.createElement('tr');
    tr.className = r.differs ? 'differs' : '';
    tr.dataset.field = r.field;
    for (const v of [r.field, r.a, r.b]) tr.appendChild(document.createElement('td')).textContent = v;
    return tr;
  }));
}

/** Two snapshots (drawn: A, B as the ghost, differing bodies marked) or two dumps (listed): the snapdiff lines. */
function renderSnap() {
  const { a, b } = st.snap;
  const d = a && b ? diffDumps(a.dump, b.dump) : null;
  $('snapDiff').textContent = !d ? 'open B too' : d.same ? 'same' : d.lines.join('\n');
  const bodies = d ? d.bodies : [];
  diffList(bodies);
  ctx.fillStyle = '#10141a';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (a?.world) {
    drawFrame(ctx, { runner: a.world, camera: st.cam, selected: st.selected?.index ?? -1,
      marked: new Set(bodies.map((x) => x.index)), queries: [], ghost: b?.world && $('ghost').checked ? b.world : null });
    const on = new Set(LAYERS.filter((l) => document.querySelector(`#layers input[data-layer="${l}"]`)?.checked));
    st.drawn = drawLayers(ctx, { runner: a.world, camera: st.cam, on, results: [], events: null, hover: st.hover });
  }
  const sel = st.selected, table = $('abValues');
  const key = sel && `${sel.index}:${sel.generation}`;
  const fa = a && key ? dumpBodies(a.dump).get(key) : null, fb = b && key ? dumpBodies(b.dump).get(key) : null;
  table.hidden = !(fa || fb);
  if (table.hidden) {
    $('bodyInfo').textContent = 'click a body';
    return;
  }
  const rows = compareBody(fa ?? [], fb ?? []);
  $('bodyInfo').textContent = `body ${key}: ${!fa ? 'only in B' : !fb ? 'only in A'
    : rows.some((r) => r.differs) ? `${rows.filter((r) => r.differs).length} field(s) differ` : 'the same in A and B'}`;
  table.tBodies[0].replaceChildren(...rows.map((r) => {
    const tr = document.createElement('tr');
    tr.className = r.differs ? 'differs' : '';
    tr.dataset.field = r.field;
    for (const v of [r.field, r.a, r.b]) tr.appendChild(document.createElement('td')).textContent = v;
    return tr;
  }));
}

async function loadSnap(file, slot) {
  document.body.dataset.state = 'loading';
  showError('');
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    st.snap[slot]?.world?.destroy();
    st.snap[slot] = null;
    st.snap[slot] = isDump(bytes) ? { dump: new TextDecoder().decode(bytes) } : (() => {
      const s = openSnapshot(bytes);
      return { dump: s.dump, world: s };
    })();
  } catch (e) {
    showError(`${file.name}: not a snapshot blob or canonical dump: ${e.message}`);
    document.body.dataset.state = 'error';
    return;
  }
  st.mode = 'snap';
  st.selected = null;
  if (slot === 'a') {
    $('view3').disabled = st.snap.a?.world?.dim !== 3; // a 3D snapshot: top, front and side views
    fitSnap();
  }
  render();
  document.body.dataset.state = 'ready';
}

/** Fit the camera to snapshot A's bodies in the current view. */
function fitSnap() {
  const w = st.snap.a?.world;
  if (!w) return;
  let box = [Infinity, Infinity, -Infinity, -Infinity];
  const b = new Int32Array(6), [u, v] = st.cam.uv(w.dim);
  for (const id of w.liveIds()) {
    w.world.getBounds(id, b);
    box = [Math.min(box[0], b[u]), Math.min(box[1], b[v]), Math.max(box[2], b[3 + u]), Math.max(box[3], b[3 + v])];
  }
  if (box[0] !== Infinity) st.cam.fit(box[0] / 65536, box[1] / 65536, box[2] / 65536, box[3] / 65536, canvas.width, canvas.height);
}

/** A desync report (frame F, body I:G): open that frame (replays) and pick and zoom to that body. */
function openReport(text) {
  const r = parseReport(text);
  if (r.frame === null && r.index === null) {
    showError('the report names no "frame F" and no "body I:G"');
    return;
  }
  showError('');
  if (r.frame !== null && st.mode === 'replay' && st.a) setFrame(r.frame);
  if (r.index !== null) zoomTo(r.index, r.generation);
}

/** The bodies that differ, as buttons: pick the body and zoom to it. */
function diffList(bodies) {
  const ul = $('diffList');
  ul.replaceChildren(...bodies.slice(0, 200).map((x) => {
    const li = document.createElement('li'), b = li.appendChild(document.createElement('button'));
    const [index, generation] = x.key.split('@')[0].split(':').map(Number);
    b.textContent = `${index}:${generation} (${x.why})`;
    b.dataset.index = String(index);
    b.dataset.generation = String(generation);
    b.addEventListener('click', () => zoomTo(index, generation));
    return li;
  }));
  if (bodies.length > 200) ul.appendChild(document.createElement('li')).textContent = `... ${bodies.length - 200} more`;
}

/** Pick a body and centre it, about a third of the canvas wide (A's and B's bounds together). */
function zoomTo(index, generation) {
  st.selected = { index, generation };
  const box = [Infinity, Infinity, -Infinity, -Infinity], b = new Int32Array(6);
  const snap = st.mode === 'snap';
  for (const t of snap ? [st.snap.a?.world, st.snap.b?.world] : [st.a, st.b]) {
    if (!t) continue;
    const rn = snap ? t : st.op !== null && st.frame > 0 && st.frame <= t.count ? t.seekOp(st.frame, st.op)
      : t.seek(Math.min(st.frame, t.count));
    const id = findBody(rn, index, generation);
    if (!id) continue;
    rn.world.getBounds(id, b);
    const [u, v] = st.cam.uv(rn.dim);
    box[0] = Math.min(box[0], b[u]), box[1] = Math.min(box[1], b[v]);
    box[2] = Math.max(box[2], b[3 + u]), box[3] = Math.max(box[3], b[3 + v]);
  }
  if (box[0] !== Infinity) {
    // display floats only: the camera
    const pad = Math.max(box[2] - box[0], box[3] - box[1], 65536);
    st.cam.fit((box[0] - pad) / 65536, (box[1] - pad) / 65536, (box[2] + pad) / 65536, (box[3] + pad) / 65536,
      canvas.width, canvas.height);
  }
  render();
}

/** The frame's operations, those applied so far marked; click one to see the world after it. */
function opList(ops, applied) {
  const ol = $('opList');
  $('opStep').textContent = !ops.length ? 'no operation' : applied === ops.length
    ? `all ${ops.length} operations applied` : `${applied} of ${ops.length} operations applied`;
  ol.replaceChildren(...ops.slice(0, 500).map((op, i) => {
    const li = document.createElement('li');
    li.textContent = op.toString();
    li.className = i < applied ? (i === applied - 1 ? 'done current' : 'done') : 'pending';
    li.addEventListener('click', () => stepTo(i + 1));
    return li;
  }));
  const cur = ol.querySelector('.current'); // scroll the list only, not the page
  if (cur) ol.scrollTop = Math.max(0, cur.offsetTop - ol.offsetTop - ol.clientHeight / 2);
}

/** Show the world after the first k operations of the frame (k >= its count: the whole frame). */
function stepTo(k) {
  const f = st.a?.frames[st.frame - 1];
  if (!f) return;
  st.op = k >= f.n ? null : Math.max(0, k);
  render();
}

/** Timeline marks: one per frame where A and B differ; the current frame's is white. */
function drawMarks() {
  const box = $('marks'), n = st.a?.count ?? 0;
  const key = `${n}|${st.marks.length}|${st.frame}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...st.marks.map((m) => {
    const b = document.createElement('button');
    b.className = 'mark' + (m.frame === st.frame ? ' here' : '');
    b.style.left = `${(100 * m.frame) / Math.max(1, n)}%`;
    b.dataset.frame = String(m.frame);
    b.title = `frame ${m.frame}: ${m.what.join(', ')} differ`;
    b.addEventListener('click', () => setFrame(m.frame));
    return b;
  }));
  $('prevDiff').disabled = !st.marks.some((m) => m.frame < st.frame);
  $('nextDiff').disabled = !st.marks.some((m) => m.frame > st.frame);
  $('marksInfo').textContent = !st.b ? '' : st.marks.length
    ? `A and B differ (re-run here) in ${st.marks.length} frame(s), first ${st.marks[0].frame}: ${st.marks[0].what.join(', ')}`
    : 'A and B re-run to the same state, pairs and query results in every frame';
}

function nextDiff(dir) {
  const m = dir > 0 ? st.marks.find((x) => x.frame > st.frame) : st.marks.findLast((x) => x.frame < st.frame);
  if (m) setFrame(m.frame);
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
$('prevDiff').addEventListener('click', () => nextDiff(-1));
$('nextDiff').addEventListener('click', () => nextDiff(1));
$('opPrev').addEventListener('click', () => stepTo((st.op ?? st.a?.frames[st.frame - 1]?.n ?? 0) - 1));
$('opNext').addEventListener('click', () => st.op !== null && stepTo(st.op + 1));
$('opAll').addEventListener('click', () => stepTo(Infinity));
$('ghost').addEventListener('change', () => render());
$('snapA').addEventListener('change', (e) => e.target.files[0] && loadSnap(e.target.files[0], 'a'));
$('snapB').addEventListener('change', (e) => e.target.files[0] && loadSnap(e.target.files[0], 'b'));
$('openReport').addEventListener('click', () => openReport($('report').value));
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
  if ((e.target instanceof HTMLInputElement && e.target.type !== 'range') || e.target instanceof HTMLTextAreaElement ||
    e.target instanceof HTMLSelectElement) return; // typing, not a shortcut
  const step = e.shiftKey ? 10 : 1;
  const keys = { ArrowRight: () => setFrame(st.frame + step), ArrowLeft: () => setFrame(st.frame - step),
    Home: () => setFrame(0), End: () => setFrame(st.a?.count ?? 0), ' ': togglePlay, '+': () => zoom(1.25),
    '[': () => nextDiff(-1), ']': () => nextDiff(1), ',': () => $('opPrev').click(), '.': () => $('opNext').click(),
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

/** The body under the pointer ({ index, generation } or null): fc_world_point2 in 2D (exact), the bounds seen from above in 3D. */
function bodyAt(px, py) {
  const rn = st.mode === 'snap' ? st.snap.a?.world : st.a?.runner;
  if (!rn) return null;
  const w = rn.world;
  const [ux, uy] = st.cam.toWorld(px, py, canvas.width, canvas.height);
  const x = Math.round(ux * 65536), y = Math.round(uy * 65536);
  if (!(Math.abs(x) < fix.COORD_LIMIT && Math.abs(y) < fix.COORD_LIMIT)) return null;
  if (rn.dim === 2) {
    const ids = w.point2(x, y);
    return ids.count ? { index: ids.id(ids.count - 1).index, generation: ids.id(ids.count - 1).generation } : null;
  }
  // 3D: the smallest body whose bounds, seen along the left-out axis, hold the point (orbit-free picking)
  const b = new Int32Array(6), [u, v] = st.cam.axes;
  let best = Infinity, found = null;
  for (const id of rn.liveIds()) {
    if (!w.bodyValid(id)) continue;
    w.getBounds(id, b);
    const area = (b[3 + u] - b[u]) * (b[3 + v] - b[v]); // a ranking for the pointer only, not a result
    if (x >= b[u] && x <= b[3 + u] && y >= b[v] && y <= b[3 + v] && area < best)
      (best = area), (found = { index: id.index, generation: id.generation });
  }
  return found;
}

/** Pick the body under the pointer (the world as drawn: render() leaves A's runner there). */
function pick(px, py) {
  if (!st.a && !st.snap.a?.world) return;
  st.selected = bodyAt(px, py);
  render();
}

let hoverQueued = false;
canvas.addEventListener('mousemove', (e) => {
  if (drag || (!st.a && !st.snap.a?.world)) return;
  st.hover = { px: e.offsetX, py: e.offsetY, id: bodyAt(e.offsetX, e.offsetY) };
  if (hoverQueued) return;
  hoverQueued = true;
  requestAnimationFrame(() => {
    hoverQueued = false;
    render();
  });
});
canvas.addEventListener('mouseleave', () => {
  st.hover = null;
  render();
});
$('layers').addEventListener('change', () => render());
$('view3').addEventListener('change', (e) => {
  st.cam.axes = { top: [0, 2], front: [0, 1], side: [2, 1] }[e.target.value];
  if (st.mode === 'snap') {
    fitSnap();
    render();
  } else if (st.a) fitView();
});

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

window.fixcolViewer = { loadBytes, setFrame, stepTo, zoomTo, state: st };
