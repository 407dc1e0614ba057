// SPDX-License-Identifier: BSD-3-Clause
// app.js -- the scripts of skampi-db serve's pages (doc/database.md,
// "The web interface").  No framework; the pages are server-rendered and
// this file filters the run and suite tables, draws the plot with
// Debian's dygraphs (series grouped, values on hover, the bandwidth view,
// a ratio panel), and fills the comparison and the history from the API.
// Every text from the database reaches the page through textContent,
// never as HTML; where a library insists on HTML (dygraphs sets its
// labels, title, axis labels and legend with innerHTML), through html().
//
// The same file runs the static site of skampi-db publish (body
// data-static="1"): its pages are filled from the files under data/
// instead of the API, fetched over HTTP, or loaded as their script twins
// (data/X.js calls skampiData("X", ...)) from file://, where fetch()
// cannot read files.  Its selections are run ids only.
'use strict';

(function () {
  const page = document.body.dataset.page;
  const isStatic = document.body.dataset.static === '1';
  const $ = id => document.getElementById(id);

  // ---- the static site's data files ---------------------------------------
  const waiting = new Map();
  window.skampiData = function (key, data) {
    const w = waiting.get(key);
    if (w) { waiting.delete(key); w(data); }
  };
  function load(key) {
    if (location.protocol !== 'file:') {
      return fetch('data/' + key + '.json').then(r => {
        if (!r.ok) throw new Error('data/' + key + '.json: ' + r.status);
        return r.json();
      });
    }
    return new Promise((resolve, reject) => {
      waiting.set(key, resolve);
      const s = document.createElement('script');
      s.src = 'data/' + key + '.js';
      s.onerror = () => {
        waiting.delete(key);
        reject(new Error('cannot load data/' + key + '.js'));
      };
      document.head.appendChild(s);
    });
  }
  // The API's answer at URL (JSON); its error message when it fails.
  function api(url) {
    return fetch(url).then(r => r.json().then(j => {
      if (!r.ok) { const e = new Error(j.error || r.statusText); e.body = j; throw e; }
      return j;
    }));
  }

  // "1-4 7" as a set of run ids; null when a word is not an id or range.
  function ids(text) {
    const out = new Set();
    for (const w of text.trim().split(/\s+/).filter(w => w !== '')) {
      const m = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(w);
      if (!m) return null;
      const a = +m[1], b = m[2] === undefined ? a : +m[2];
      if (b < a || b - a > 1e6) return null;
      for (let i = a; i <= b; i++) out.add(i);
    }
    return out;
  }
  const idsOnly = 'the static site takes run ids only (such as 1-4 7): ' +
    'choose runs in step 1';

  // Run ids as the selection syntax writes them: "1-4 7 9-10".
  function ranges(ids) {
    ids = ids.slice().sort((a, b) => a - b);
    const out = [];
    for (let i = 0; i < ids.length; i++) {
      let j = i;
      while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
      out.push(j > i ? ids[i] + '-' + ids[j] : String(ids[i]));
      i = j;
    }
    return out.join(' ');
  }

  // TEXT as HTML that shows it, every character that could start markup
  // or end an attribute as a character reference: for dygraphs' options
  // that it sets with innerHTML, the only place a name meets HTML.
  function html(text) {
    return String(text).replace(/[&<>"']/g, c => '&#' + c.charCodeAt(0) + ';');
  }
  // An element with TEXT as its text (never HTML) and class CLS.
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // A CSV field: quoted when it must be; a leading = + - @ neutralised so
  // that a spreadsheet never reads a name as a formula.
  function csvField(v) {
    let s = v === null || v === undefined ? '' : String(v);
    if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  // The link A downloads ROWS (arrays) as a CSV file.
  function csvLink(a, head, rows) {
    if (!a) return;
    const text = [head].concat(rows).map(r => r.map(csvField).join(',')).join('\r\n') + '\r\n';
    if (a.dataset.blob) URL.revokeObjectURL(a.dataset.blob);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    a.dataset.blob = url;
    a.href = url;
  }

  // ---- units ----------------------------------------------------------------
  // A time in seconds with its unit: "2.5 µs".
  function seconds(v) {
    if (v === null || !isFinite(v)) return '\u2013';
    const units = [[1, 's'], [1e-3, 'ms'], [1e-6, '\u00b5s'], [1e-9, 'ns']];
    for (const [f, u] of units) {
      if (Math.abs(v) >= f || f === 1e-9) return +(v / f).toPrecision(3) + ' ' + u;
    }
    return String(v);
  }
  // A rate in bytes per second: "1.25 GB/s" (SI, as OSU's MB/s).
  function rate(v) {
    if (v === null || !isFinite(v)) return '\u2013';
    const units = [[1e12, 'TB/s'], [1e9, 'GB/s'], [1e6, 'MB/s'], [1e3, 'kB/s'], [1, 'B/s']];
    for (const [f, u] of units) {
      if (Math.abs(v) >= f || f === 1) return +(v / f).toPrecision(3) + ' ' + u;
    }
    return String(v);
  }
  // A byte count: "8 B", "1 KiB", "1.5 MiB".
  function bytes(v) {
    if (v === null || !isFinite(v)) return '\u2013';
    const units = [[1073741824, 'GiB'], [1048576, 'MiB'], [1024, 'KiB']];
    for (const [f, u] of units) {
      if (Math.abs(v) >= f) return +(v / f).toPrecision(4) + ' ' + u;
    }
    return +v.toPrecision(6) + ' B';
  }
  // An argument as its suite's variation names it.
  function argText(v, kind) {
    if (kind === 'length') return bytes(v);
    if (kind === 'nodes') return v + ' processes';
    if (kind === 'chunks') return v + ' chunks';
    if (kind === 'none') return '(no variation)';
    return String(v);
  }
  function argLabel(kind) {
    return kind === 'length' ? 'message length [bytes]' : kind === 'nodes'
      ? 'processes' : kind === 'chunks' ? 'chunks' : 'argument';
  }
  // Ticks of a log axis of bytes: powers of two, at most about ten.
  function byteTicks(min, max) {
    const lo = Math.ceil(Math.log2(Math.max(min, 1e-9)));
    const hi = Math.floor(Math.log2(Math.max(max, 1e-9)));
    const step = Math.max(1, Math.ceil((hi - lo + 1) / 10));
    const out = [];
    for (let e = lo; e <= hi; e += step) out.push({ v: Math.pow(2, e), label: bytes(Math.pow(2, e)) });
    return out;
  }

  // ---- step 1: the run table ---------------------------------------------
  function runs() {
    const rows = Array.from(document.querySelectorAll('table.runs tbody tr'));
    const facets = Array.from(document.querySelectorAll('select.facet'));
    const search = $('search');
    const all = $('all');
    const sel = $('sel');
    const count = $('count');
    const text = new Map(rows.map(r => [r, r.textContent.toLowerCase()]));
    const box = new Map(rows.map(r => [r, r.querySelector('input.pick')]));
    let shown = rows.length;

    function matches(r, want, q) {
      for (const [k, v] of want) {
        if (!v) continue;
        if (k === 'tag' ? !r.dataset.tag.split('\n').includes(v)
                        : r.dataset[k] !== v) return false;
      }
      return !q || text.get(r).includes(q);
    }
    function update(fromBoxes) {
      const ids = rows.filter(r => box.get(r).checked).map(r => +r.dataset.id);
      if (fromBoxes) sel.value = ranges(ids);
      const vis = rows.filter(r => !r.hidden);
      all.checked = vis.length > 0 && vis.every(r => box.get(r).checked);
      count.textContent = ids.length + ' chosen, ' + shown + ' of ' +
        rows.length + ' shown';
    }
    function filter() {
      const want = facets.map(f => [f.dataset.facet, f.value]);
      const q = search.value.trim().toLowerCase();
      shown = 0;
      for (const r of rows) {
        r.hidden = !matches(r, want, q);
        if (!r.hidden) shown++;
      }
      update(false);
    }
    facets.forEach(f => f.addEventListener('change', filter));
    search.addEventListener('input', filter);
    all.addEventListener('change', () => {
      for (const r of rows) if (!r.hidden) box.get(r).checked = all.checked;
      update(true);
    });
    document.querySelector('table.runs tbody')
      .addEventListener('change', () => update(true));
    $('next').addEventListener('submit', ev => {
      if (!sel.value.trim()) {
        ev.preventDefault();
        count.textContent = 'choose runs first';
      } else if (isStatic && !ids(sel.value)) {
        ev.preventDefault();
        count.textContent = idsOnly;
      }
    });
    if (isStatic) {
      const want = ids(new URLSearchParams(location.search).get('sel') || '');
      if (want && want.size) {
        for (const r of rows) box.get(r).checked = want.has(+r.dataset.id);
        const have = new Set(rows.map(r => +r.dataset.id));
        sel.value = ranges(Array.from(want).filter(i => have.has(i)));
      }
    }
    filter();
  }

  // ---- step 2: suites ----------------------------------------------------------
  // The filter, all or none, the count, and the limits explained where
  // the Plot button is.
  function suites() {
    const form = $('suites');
    const bar = $('suitebar');
    const filterBox = $('filter');
    const chosen = $('chosen');
    const limit = $('limit');
    const button = $('plotbtn');
    const max = +bar.dataset.max, maxSeries = +bar.dataset.series;
    const tbody = form.querySelector('table.suites tbody');
    const rows = () => Array.from(tbody.querySelectorAll('tr'));
    const boxOf = r => r.querySelector('input[name="suite"]');
    function update() {
      const n = rows().filter(r => boxOf(r).checked).length;
      const runs = +bar.dataset.runs;
      const shown = rows().filter(r => !r.hidden).length;
      chosen.textContent = n + ' of ' + rows().length + ' chosen' +
        (shown < rows().length ? ', ' + shown + ' shown' : '');
      let why = '';
      if (n > max) {
        why = n + ' suites are chosen; a plot shows at most ' + max +
          ' at once: uncheck ' + (n - max) + ', or filter by a family and plot it';
      } else if (runs && n * runs > maxSeries) {
        why = n + ' suites of ' + runs + ' runs are ' + n * runs +
          ' series; a plot draws at most ' + maxSeries +
          ': choose fewer suites, or fewer runs in step 1';
      }
      limit.textContent = why;
      limit.hidden = !why;
      button.disabled = n === 0 || !!why;
      button.title = n === 0 ? 'choose a suite first' : why;
    }
    function filter() {
      const q = filterBox.value.trim().toLowerCase();
      for (const r of rows()) r.hidden = q !== '' && !r.textContent.toLowerCase().includes(q);
      update();
    }
    filterBox.addEventListener('input', filter);
    $('selall').addEventListener('click', () => {
      rows().forEach(r => { if (!r.hidden) boxOf(r).checked = true; });
      update();
    });
    $('selnone').addEventListener('click', () => {
      rows().forEach(r => { if (!r.hidden) boxOf(r).checked = false; });
      update();
    });
    tbody.addEventListener('change', update);
    form.addEventListener('submit', ev => {
      update();
      if (button.disabled) ev.preventDefault();
    });
    form.skUpdate = update;
    update();
  }

  function staticSuites() {
    const text = new URLSearchParams(location.search).get('sel') || '';
    const want = ids(text);
    const status = $('status');
    const picked = new Set(new URLSearchParams(location.search).getAll('suite'));
    $('sel').value = text;
    if (!want || !want.size) { status.textContent = idsOnly; return; }
    $('of').textContent = 'of ' + want.size + ' run' +
      (want.size === 1 ? '' : 's') + ': ' + text;
    $('suitebar').dataset.runs = String(want.size);
    load('suites').then(j => {
      const tbody = document.querySelector('table.suites tbody');
      let rows = 0;
      for (const g of j.instances) {
        for (const x of g.suites) {
          const n = Array.from(ids(x.ids) || []).filter(i => want.has(i)).length;
          if (!n) continue;
          const tr = document.createElement('tr');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.name = 'suite';
          box.value = x.name;
          box.checked = picked.has(x.name);
          box.setAttribute('aria-label', x.name);
          tr.appendChild(el('td')).appendChild(box);
          tr.appendChild(el('td', x.name, 'name'));
          tr.appendChild(el('td', g.instance === x.name ? '' : g.instance));
          tr.appendChild(el('td', x.argument));
          tr.appendChild(el('td', n + ' of ' + want.size + ' runs', 'num'));
          tbody.appendChild(tr);
          rows++;
        }
      }
      status.textContent = rows ? '' : 'The selected runs have no suites.';
      if ($('suites').skUpdate) $('suites').skUpdate();
    }).catch(e => { status.textContent = 'error: ' + e.message; });
  }

  // ---- step 3: the plot ---------------------------------------------------
  const palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd',
    '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22', '#393b79', '#ad494a'];

  // A run's tags, "k=v k=v" (a value may hold blanks), as a Map.
  function tagMap(text) {
    const m = new Map();
    let last = null;
    for (const w of (text || '').split(' ')) {
      const eq = w.indexOf('=');
      if (eq > 0) { last = w.slice(0, eq); m.set(last, w.slice(eq + 1)); }
      else if (last !== null && w !== '') m.set(last, m.get(last) + ' ' + w);
    }
    return m;
  }
  // The value a point is drawn at and its band: [low, mid, high]: its
  // median (or mean) with the interval over the runs, the quartiles or the
  // standard error; with tail set, its P99 with the interval of a merged
  // point (null: the point has none).
  function band(p, tail) {
    // below the timer's resolution: no measurement, never drawn
    if (p.resolved === false) return null;
    if (tail) {
      if (p.p99 === undefined || p.p99 === null) return null;
      if (p.p99_low !== null && p.p99_high !== null) return [p.p99_low, p.p99, p.p99_high];
      return [p.p99, p.p99, p.p99];
    }
    const mid = p.median !== null ? p.median : p.mean;
    if (mid === null) return null;
    if (p.ci_low !== null && p.ci_high !== null) return [p.ci_low, mid, p.ci_high];
    if (p.q1 !== null && p.q3 !== null) return [p.q1, mid, p.q3];
    if (p.stderr !== null) return [mid - p.stderr, mid, mid + p.stderr];
    return [mid, mid, mid];
  }
  function median(v) {
    const s = v.slice().sort((a, b) => a - b), n = s.length;
    return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
  // How series are grouped: the choices the selected runs allow.
  function groupChoices(series) {
    const out = [{ key: 'all', label: 'all runs together' }, { key: 'run', label: 'each run' }];
    const tagKeys = new Set();
    series.forEach(s => tagMap(s.tags).forEach((v, k) => tagKeys.add(k)));
    Array.from(tagKeys).sort().forEach(k => out.push({ key: 'tag:' + k, label: 'tag ' + k }));
    [['campaign', 'campaign'], ['machine', 'machine'], ['library', 'MPI library'],
      ['np', 'processes']].forEach(([k, l]) => out.push({ key: k, label: l }));
    return out;
  }
  function groupOf(s, key) {
    if (key === 'run') return 'run ' + s.run;
    if (key === 'all') return 'all runs';
    if (key.startsWith('tag:')) {
      const k = key.slice(4), v = tagMap(s.tags).get(k);
      return v === undefined ? k + ' (none)' : k + '=' + v;
    }
    if (key === 'campaign') return s.campaign ? 'campaign ' + s.campaign : 'no campaign';
    if (key === 'machine') return s.machine;
    if (key === 'library') return s.library;
    if (key === 'np') return 'np ' + (s.processes === null ? '?' : s.processes);
    return '';
  }
  // The grouping by what the user chose runs by: the selection's keys,
  // else what tells the runs apart.
  function defaultGroup(series, sel) {
    const distinct = key => new Set(series.map(s => groupOf(s, key))).size;
    const words = (sel || '').split(/\s+/);
    for (const w of words) {
      const m = /^tag=([^=]+)=/.exec(w);
      if (m && distinct('tag:' + m[1]) > 1) return 'tag:' + m[1];
    }
    for (const k of ['campaign', 'machine', 'library', 'np']) {
      if (words.some(w => w.startsWith(k + '=')) && distinct(k) > 1) return k;
    }
    for (const c of groupChoices(series)) {
      if (c.key === 'all' || c.key === 'run') continue;
      const n = distinct(c.key);
      if (n > 1 && n <= 8) return c.key;
    }
    return new Set(series.map(s => s.run)).size > 1 ? 'all' : 'run';
  }

  // The lines: one per group and suite, with the runs' points gathered by
  // argument.
  // With floor set each value is divided by its point's floor (the
  // points without one are left out, counted in lines.nofloor).
  function makeLines(series, key, bw, tail, floor) {
    const lines = [], at = new Map();
    lines.nofloor = 0;
    const suites = new Set(series.map(s => s.suite));
    series.forEach((s, index) => {
      const g = groupOf(s, key);
      const id = g + '\u0000' + s.suite;
      let line = at.get(id);
      if (!line) {
        line = { group: g, suite: s.suite, runs: new Set(), series: [], byArg: new Map(),
          machines: new Set(), libraries: new Set(), kind: s.argument_name || 'length',
          label: '' };
        at.set(id, line);
        lines.push(line);
      }
      line.runs.add(s.run);
      line.series.push(index);
      line.machines.add(s.machine);
      line.libraries.add(s.library);
      if (s.argument_name) line.kind = s.argument_name;
      const cut = s.status && s.status !== 'complete';
      s.points.forEach(p => {
        let b = band(p, tail);
        if (!b) return;
        if (bw) {
          if (p.bytes === null || !(b[1] > 0)) return;
          b = [p.bytes / b[2], p.bytes / b[1], p.bytes / Math.max(b[0], 1e-300)];
        }
        if (floor) {
          if (!(p.floor > 0)) { lines.nofloor++; return; }
          b = b.map(v => v / p.floor);
        }
        let a = line.byArg.get(p.argument);
        if (!a) { a = { vals: [], bands: [], eps: 0, cut: 0, modes: 0, runs: [] }; line.byArg.set(p.argument, a); }
        a.vals.push(b[1]);
        a.bands.push(b);
        a.runs.push(s.run);
        if (p.eps_met === false) a.eps++;
        if (cut) a.cut++;
        if (p.modes !== null && p.modes >= 2) a.modes++;
      });
    });
    for (const line of lines) {
      const parts = [line.group];
      if (suites.size > 1 || key === 'all') parts.push(line.suite);
      if (key !== 'machine' && line.machines.size === 1) parts.push(Array.from(line.machines)[0]);
      if (key !== 'library' && line.libraries.size === 1) parts.push(Array.from(line.libraries)[0]);
      if (key === 'run') {
        const s = series[line.series[0]];
        parts.push('np ' + (s.processes === null ? '?' : s.processes), s.start_time.slice(0, 10));
        if (s.campaign) parts.push('campaign ' + s.campaign);
        if (s.tags) parts.push(s.tags);
      } else {
        parts.push(line.runs.size + ' run' + (line.runs.size === 1 ? '' : 's'));
      }
      line.label = parts.join(' \u00b7 ');
      line.short = suites.size > 1 ? line.group + ' \u00b7 ' + line.suite : line.group;
      for (const [x, a] of line.byArg) {
        a.mid = median(a.vals);
        if (a.vals.length === 1) { a.lo = a.bands[0][0]; a.hi = a.bands[0][2]; }
        else { a.lo = Math.min(...a.vals); a.hi = Math.max(...a.vals); }
      }
    }
    return lines;
  }

  // One row per argument: [x, [low, mid, high] or null per line].
  function lineRows(lines) {
    const xs = new Set();
    lines.forEach(l => l.byArg.forEach((a, x) => xs.add(x)));
    return Array.from(xs).sort((a, b) => a - b).map(x =>
      [x].concat(lines.map(l => { const a = l.byArg.get(x); return a ? [a.lo, a.mid, a.hi] : null; })));
  }

  // The mark of a point (its worst): 'eps', 'cut', 'modes' or ''.
  function markOf(a) {
    return !a ? '' : a.eps ? 'eps' : a.cut ? 'cut' : a.modes ? 'modes' : '';
  }
  function drawMark(ctx, mark, cx, cy, color, size) {
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    if (mark === 'eps') {            // a ring, as the report draws it
      ctx.arc(cx, cy, size + 3, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.beginPath();
      ctx.fillStyle = '#fff';
      ctx.arc(cx, cy, size, 0, 2 * Math.PI);
      ctx.fill();
    } else if (mark === 'cut') {     // a triangle
      ctx.moveTo(cx, cy - size - 3);
      ctx.lineTo(cx + size + 3, cy + size + 2);
      ctx.lineTo(cx - size - 3, cy + size + 2);
      ctx.closePath();
      ctx.stroke();
    } else if (mark === 'modes') {   // a diamond
      ctx.moveTo(cx, cy - size - 3);
      ctx.lineTo(cx + size + 3, cy);
      ctx.lineTo(cx, cy + size + 3);
      ctx.lineTo(cx - size - 3, cy);
      ctx.closePath();
      ctx.stroke();
    } else {
      ctx.arc(cx, cy, size, 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  function plot() {
    const params = new URLSearchParams(location.search);
    const query = new URLSearchParams();
    query.set('sel', params.get('sel') || '');
    params.getAll('suite').forEach(s => query.append('suite', s));
    const status = $('status');
    api('/api/series?' + query.toString())
      .then(j => draw(j.series, params, query, status))
      .catch(e => { status.textContent = 'error: ' + e.message; status.className = 'error'; });
  }

  function draw(series, params, query, status) {
    const logx = $('logx'), logy = $('logy'), bwBox = $('bw'), tail = $('p99'), floorBox = $('floor');
    const groupSel = $('group'), baseSel = $('baseline');
    const range = $('range'), legend = $('legend'), hover = $('hover');
    if (series.length === 0) {
      status.textContent = 'no points: no selected run has these suites';
      document.body.dataset.series = '0';
      return;
    }
    const choices = groupChoices(series);
    let key = params.get('group');
    if (!choices.some(c => c.key === key)) key = defaultGroup(series, params.get('sel'));
    choices.forEach(c => {
      const o = el('option', c.label);
      o.value = c.key;
      o.selected = c.key === key;
      groupSel.appendChild(o);
    });
    const hasBytes = series.some(s => s.points.some(p => p.bytes !== null));
    bwBox.disabled = !hasBytes;
    bwBox.parentNode.title = hasBytes ? 'the bytes each point moves over its time'
      : 'no selected suite moves a payload it is timed on';
    const flag = (k, def) => params.has(k) ? params.get(k) === '1' : def;
    bwBox.checked = hasBytes && flag('bw', false);
    // P99 instead of the median: only where some point has percentiles
    const anyTail = series.some(s => s.points.some(p => band(p, true) !== null));
    tail.disabled = !anyTail;
    tail.parentNode.title = anyTail ? 'draw every point\'s P99 (Percentiles = yes) instead of its median'
      : 'no point of these suites records percentiles (Percentiles = yes)';
    tail.checked = anyTail && flag('p99', false);
    // against the floor: only where some point has one (a run of @LIMITS
    // yes, an instance whose floor is sound); never with the bandwidth
    const anyFloor = series.some(s => s.points.some(p => p.floor > 0));
    floorBox.disabled = !anyFloor;
    floorBox.parentNode.title = anyFloor
      ? 'each point divided by its floor, the least time any MPI could take there on the run\'s node'
      : 'no point of these runs has a floor: a run records its node\'s limits with @LIMITS yes, ' +
        'and only ping-pongs within a node have a sound floor';
    floorBox.checked = anyFloor && flag('floor', false);
    if (floorBox.checked) bwBox.checked = false;
    const hidden = new Set((params.get('hide') || '').split(',').filter(v => v !== '').map(Number));
    let base = params.get('base');

    let lines = [], rows = [], g = null, ratio = null;
    const kind = () => lines.length ? lines[0].kind : 'length';
    const xs0 = series.flatMap(s => s.points.map(p => p.argument)).filter(x => x > 0);
    const wide = xs0.length > 1 && Math.max(...xs0) / Math.min(...xs0) > 100;
    logx.checked = flag('logx', wide || kind() === 'length');
    // a log axis cannot show x <= 0 (a suite that varies nothing has 0)
    const data = rs => logx.checked && rs.some(r => r[0] > 0) ? rs.filter(r => r[0] > 0) : rs;

    function build() {
      lines = makeLines(series, groupSel.value, bwBox.checked, tail.checked, floorBox.checked);
      lines.forEach((l, k) => { l.color = palette[k % palette.length]; });
      rows = lineRows(lines);
      window.skLines = lines;
    }
    build();
    const ally = () => rows.every(r => r.slice(1).every(b => b === null || b.every(v => v > 0)));
    logy.checked = flag('logy', ally());

    function xOptions() {
      const k = kind();
      return {
        logscale: logx.checked,
        axisLabelFormatter: v => k === 'length' ? bytes(v) : String(+v.toPrecision(6)),
        valueFormatter: v => argText(v, k),
        ticker: k === 'length' && logx.checked
          ? (min, max) => byteTicks(min, max) : Dygraph.numericTicks
      };
    }
    const multiple = v => +v.toPrecision(3) + '\u00d7';
    const yfmt = () => floorBox.checked ? multiple : bwBox.checked ? rate : seconds;
    function yOptions() {
      const f = yfmt();
      return { axisLabelWidth: 72, axisLabelFormatter: f, valueFormatter: f };
    }
    function showHover(ev, x, pts, row) {
      if (x === null || x === undefined) return;
      hover.textContent = '';
      const k = kind();
      hover.appendChild(el('div', argText(x, k) + (k === 'length' ? ' (' + x + ' bytes)' : ''), 'hx'));
      const f = yfmt();
      lines.forEach((l, i) => {
        if (hidden.has(i)) return;
        const a = l.byArg.get(x);
        if (!a) return;
        const d = el('div');
        const sw = el('span', null, 'swatch');
        sw.style.backgroundColor = l.color;
        d.appendChild(sw);
        let t = l.short + ': ' + f(a.mid);
        if (a.lo !== a.hi) t += ' [' + f(a.lo) + ' \u2013 ' + f(a.hi) + ']';
        t += ', ' + a.vals.length + ' run' + (a.vals.length === 1 ? '' : 's');
        const notes = [];
        if (a.eps) notes.push('missed \u03b5 in ' + a.eps);
        if (a.cut) notes.push('cut short in ' + a.cut);
        if (a.modes) notes.push('several modes in ' + a.modes);
        if (notes.length) t += ' (' + notes.join(', ') + ')';
        d.appendChild(document.createTextNode(t));
        hover.appendChild(d);
      });
      hover.hidden = false;
      const wrap = $('plotwrap').getBoundingClientRect();
      const area = g.getArea();
      const px = area.x + g.toPercentXCoord(x) * area.w;    // log-aware
      hover.style.left = (px + 220 > wrap.width ? Math.max(0, px - 340) : px + 16) + 'px';
      hover.style.top = '8px';
    }
    function opts() {
      return {
        labels: ['argument'].concat(lines.map((l, k) => 'l' + k)),
        colors: lines.map(l => l.color),
        customBars: true,
        legend: 'never',
        drawPoints: true,
        pointSize: 2.5,
        highlightCircleSize: 4,
        yRangePad: 8,
        connectSeparatedPoints: true,
        logscale: logy.checked,
        xlabel: argLabel(kind()),
        ylabel: (floorBox.checked ? '\u00d7 the floor' : bwBox.checked ? 'bandwidth' : 'time') +
          (tail.checked ? ' (P99)' : ''),
        axes: { x: xOptions(), y: yOptions() },
        visibility: lines.map((l, k) => !hidden.has(k)),
        zoomCallback: () => { syncRatio(); view(); },
        highlightCallback: showHover,
        unhighlightCallback: () => { hover.hidden = true; },
        drawPointCallback: (gr, name, ctx, cx, cy, color, size, idx) => {
          const l = lines[+name.slice(1)];
          const a = l && l.byArg.get(gr.getValue(idx, 0));
          drawMark(ctx, markOf(a), cx, cy, color, size);
        }
      };
    }

    function fillBaselines() {
      const groups = Array.from(new Set(lines.map(l => l.group)));
      baseSel.textContent = '';
      if (!groups.includes(base)) base = groups[0];
      groups.forEach(gn => {
        const o = el('option', gn);
        o.value = gn;
        o.selected = gn === base;
        baseSel.appendChild(o);
      });
      baseSel.disabled = groups.length < 2;
    }
    // The ratio of each line to the line of the baseline group and the
    // same suite, at each argument they share.
    function drawRatio() {
      const wrap = $('ratiowrap');
      const groups = new Set(lines.map(l => l.group));
      if (groups.size < 2) { wrap.hidden = true; if (ratio) { ratio.destroy(); ratio = null; } return; }
      wrap.hidden = false;
      const shown = lines.map((l, k) => k).filter(k => lines[k].group !== base && !hidden.has(k));
      const xs = rows.map(r => r[0]);
      const rrows = data(xs.map(x => [x].concat(shown.map(k => {
        const l = lines[k];
        const b = lines.find(m => m.group === base && m.suite === l.suite);
        const a = l.byArg.get(x), c = b && b.byArg.get(x);
        return a && c && c.mid > 0 ? a.mid / c.mid : null;
      }))));
      // no argument in common with the baseline group (its points left
      // out of the view against the floor, say): no ratio to draw
      if (!rrows.some(r => r.slice(1).some(v => v !== null))) {
        wrap.hidden = true;
        if (ratio) { ratio.destroy(); ratio = null; }
        return;
      }
      $('ratiohead').textContent = (floorBox.checked ? 'Multiple of the floor' : bwBox.checked ? 'Bandwidth' : 'Time') +
        ' against ' + base + ' (1 = the same; above 1: ' +
        (bwBox.checked ? 'more bandwidth' : 'slower') + ')';
      const ro = {
        labels: ['argument'].concat(shown.map(k => 'r' + k)),
        colors: shown.map(k => lines[k].color),
        legend: 'never',
        drawPoints: true,
        pointSize: 2,
        yRangePad: 8,
        connectSeparatedPoints: true,
        logscale: true,
        ylabel: '\u00d7 ' + html(base),
        axes: { x: xOptions(), y: { axisLabelWidth: 72, axisLabelFormatter: v => +v.toPrecision(3) + '\u00d7',
          valueFormatter: v => +v.toPrecision(3) + '\u00d7' } },
        underlayCallback: (ctx, area, gr) => {
          const y = gr.toDomYCoord(1);
          ctx.save();
          ctx.strokeStyle = '#555';
          ctx.setLineDash([4, 3]);
          ctx.beginPath();
          ctx.moveTo(area.x, y);
          ctx.lineTo(area.x + area.w, y);
          ctx.stroke();
          ctx.restore();
        }
      };
      if (g && g.isZoomed('x')) ro.dateWindow = g.xAxisRange();
      if (!shown.length || !rrows.length) { if (ratio) { ratio.destroy(); ratio = null; } return; }
      if (ratio) ratio.updateOptions(Object.assign({ file: rrows }, ro));
      else ratio = new Dygraph($('ratio'), rrows, ro);
      window.skRatio = ratio;
    }
    function syncRatio() {
      if (ratio && g) ratio.updateOptions({ dateWindow: g.isZoomed('x') ? g.xAxisRange() : null });
    }

    function fillLegend() {
      legend.textContent = '';
      lines.forEach((l, k) => {
        const li = el('li');
        const sw = el('span', null, 'swatch');
        sw.style.backgroundColor = l.color;
        li.appendChild(sw);
        li.appendChild(document.createTextNode(l.label));
        if (logx.checked && !Array.from(l.byArg.keys()).some(x => x > 0))
          li.appendChild(el('span', ' (argument 0: not on the log x axis; uncheck log x)', 'hint'));
        li.title = 'click to hide or show';
        li.dataset.group = l.group;
        li.classList.toggle('off', hidden.has(k));
        li.addEventListener('click', () => {
          if (hidden.has(k)) hidden.delete(k); else hidden.add(k);
          li.classList.toggle('off', hidden.has(k));
          g.setVisibility(k, !hidden.has(k));
          drawRatio();
          view();
        });
        legend.appendChild(li);
      });
      let eps = 0, cut = 0, modes = 0;
      lines.forEach(l => l.byArg.forEach(a => { eps += !!a.eps; cut += !!a.cut; modes += !!a.modes; }));
      const m = [];
      if (eps) m.push('\u25cb ' + eps + ' point' + (eps === 1 ? '' : 's') + ' missed \u03b5');
      if (cut) m.push('\u25b3 ' + cut + ' cut short');
      if (modes) m.push('\u25c7 ' + modes + ' with several modes');
      const unres = series.reduce((n, s) => n + s.points.filter(p => p.resolved === false).length, 0);
      if (unres) m.push(unres + ' point' + (unres === 1 ? '' : 's') + ' below the timer\'s resolution: not drawn');
      $('marks').textContent = m.join(' \u00b7 ');
      document.body.dataset.marks = 'eps:' + eps + ',cut:' + cut + ',modes:' + modes + ',unresolved:' + unres;
      // the points left out of the view against the floor, and why
      const note = $('floornote');
      let drawn = 0;
      lines.forEach(l => { drawn += l.byArg.size; });
      note.hidden = !floorBox.checked;
      note.textContent = !floorBox.checked ? '' : 'Each point divided by its floor: 1\u00d7 is the least ' +
        'time any MPI could take there on its run\'s node (doc/engine.md, "The floors").' +
        (lines.nofloor ? ' ' + lines.nofloor + ' point' + (lines.nofloor === 1 ? '' : 's') +
          ' left out: no floor (the run recorded no limits, @LIMITS, or the instance has no sound floor).' : '');
      document.body.dataset.floor = floorBox.checked ? 'args:' + drawn + ',nofloor:' + lines.nofloor : '';
      document.body.dataset.series = String(lines.length);
      document.body.dataset.groups = String(new Set(lines.map(l => l.group)).size);
    }

    // the URL and the downloads follow the view
    function view() {
      const p = new URLSearchParams(query);
      const [a, b] = g.xAxisRange();
      const zoomed = g.isZoomed('x');
      p.set('group', groupSel.value);
      p.set('logx', logx.checked ? '1' : '0');
      p.set('logy', logy.checked ? '1' : '0');
      if (bwBox.checked) p.set('bw', '1');
      if (tail.checked) p.set('p99', '1');
      if (floorBox.checked) p.set('floor', '1');
      if (base && !baseSel.disabled) p.set('base', base);
      if (zoomed) { p.set('x0', a); p.set('x1', b); }
      if (hidden.size) p.set('hide', Array.from(hidden).sort((u, v) => u - v).join(','));
      try {
        history.replaceState(null, '', (isStatic ? 'plot.html?' : '/plot?') + p.toString());
      } catch (e) {
        // a file:// page may not rewrite its own URL in some browsers
      }
      const inRange = x => !zoomed || (x >= a && x <= b);
      if (!isStatic) {
        // the per-run series of the lines shown
        const hideRuns = [];
        lines.forEach((l, k) => { if (hidden.has(k)) hideRuns.push(...l.series); });
        const c = new URLSearchParams(query);
        if (zoomed) { c.set('xmin', a); c.set('xmax', b); }
        if (hideRuns.length) c.set('hide', hideRuns.sort((u, v) => u - v).join(','));
        $('csv').href = '/api/series.csv?' + c.toString();
        const d = new URLSearchParams(query);
        if (zoomed) { d.set('xmin', a); d.set('xmax', b); }
        d.set('logx', logx.checked ? '1' : '0');
        $('pdf').href = '/api/plot.pdf?' + d.toString();
        $('svg').href = '/api/plot.svg?' + d.toString();
      } else {
        const out = [];
        lines.forEach((l, k) => {
          if (hidden.has(k)) return;
          Array.from(l.byArg.keys()).sort((u, v) => u - v).forEach(x => {
            const v = l.byArg.get(x);
            if (inRange(x)) out.push([l.group, l.suite, x, v.mid, v.lo, v.hi, v.vals.length, v.eps, v.cut, v.modes]);
          });
        });
        csvLink($('csv'), ['group', 'suite', 'argument',
          floorBox.checked ? 'times_floor' : bwBox.checked ? 'bandwidth' : 'median',
          'low', 'high', 'runs', 'missed_eps', 'cut_short', 'modes'], out);
      }
      const k = kind();
      range.textContent = 'x: ' + argText(a, k) + ' \u2013 ' + argText(b, k) + (zoomed ? ' (zoomed)' : '');
      range.dataset.x0 = a;
      range.dataset.x1 = b;
    }

    const o = opts();
    const x0 = parseFloat(params.get('x0')), x1 = parseFloat(params.get('x1'));
    if (isFinite(x0) && isFinite(x1) && x0 < x1) o.dateWindow = [x0, x1];
    g = new Dygraph($('graph'), data(rows), o);
    window.skGraph = g;
    fillBaselines();
    fillLegend();
    drawRatio();

    function rebuild(keepZoom) {
      const w = keepZoom && g.isZoomed('x') ? g.xAxisRange() : null;
      build();
      hidden.clear();
      const oo = opts();
      oo.file = data(rows);
      oo.dateWindow = w;
      g.updateOptions(oo);
      fillBaselines();
      fillLegend();
      drawRatio();
      view();
    }
    groupSel.addEventListener('change', () => rebuild(true));
    const redraw = () => {
      build();
      logy.checked = ally();
      g.updateOptions(Object.assign(opts(), { file: data(rows) }));
      fillLegend();
      drawRatio();
      view();
    };
    bwBox.addEventListener('change', () => { if (bwBox.checked) floorBox.checked = false; redraw(); });
    floorBox.addEventListener('change', () => { if (floorBox.checked) bwBox.checked = false; redraw(); });
    tail.addEventListener('change', redraw);
    baseSel.addEventListener('change', () => { base = baseSel.value; drawRatio(); view(); });
    logx.addEventListener('change', () => {
      g.updateOptions({ file: data(rows), axes: { x: xOptions() } });
      drawRatio();
      view();
    });
    logy.addEventListener('change', () => { g.updateOptions({ logscale: logy.checked }); view(); });
    $('reset').addEventListener('click', () => { g.resetZoom(); syncRatio(); view(); });
    const npts = series.reduce((n, s) => n + s.points.length, 0);
    status.textContent = series.length + ' series of ' + new Set(series.map(s => s.run)).size +
      ' runs, ' + npts + ' points, ' + lines.length + ' line' + (lines.length === 1 ? '' : 's');
    view();
  }

  // ---- the static site's plot ---------------------------------------------
  function staticDownloads(chosen) {
    const box = $('downloads');
    chosen.forEach(x => {
      [['csv', 'CSV'], ['svg', 'SVG']].forEach(([ext, name]) => {
        if (ext === 'svg' && x.svg === false) return;   // gnuplot failed: no picture
        const a = el('a', name + ' ' + x.name, 'dl-' + ext);
        a.href = ext + '/' + x.file + '.' + ext;
        a.download = 'skampi-suite-' + x.file + '.' + ext;
        a.title = 'every published run of the suite';
        box.appendChild(a);
        box.appendChild(document.createTextNode(' '));
      });
    });
  }

  function staticPlot() {
    const params = new URLSearchParams(location.search);
    const text = params.get('sel') || '';
    const want = ids(text);
    const names = params.getAll('suite');
    const status = $('status');
    const query = new URLSearchParams();
    query.set('sel', text);
    names.forEach(n => query.append('suite', n));
    $('of').textContent = names.join(', ') + ' of ' + text;
    const step2 = $('step2');
    if (step2 && step2.tagName === 'A') {
      const q = new URLSearchParams();
      q.set('sel', text);
      names.forEach(n => q.append('suite', n));
      step2.href = 'suites.html?' + q.toString();
    }
    if (!want || !want.size) { status.textContent = idsOnly; return; }
    load('suites').then(j => {
      const all = new Map();
      j.instances.forEach(g => g.suites.forEach(x => all.set(x.name, x)));
      const chosen = names.filter(n => all.has(n)).map(n => all.get(n));
      staticDownloads(chosen);
      const blocks = new Set(Array.from(want).map(i => Math.floor(i / j.block)));
      const keys = [];
      chosen.forEach(x => x.blocks.filter(b => blocks.has(b))
        .forEach(b => keys.push('series/' + x.file + '-' + b)));
      return Promise.all(keys.map(load)).then(files => {
        const order = new Map(chosen.map((x, k) => [x.name, k]));
        const series = [];
        files.forEach(f => f.series.forEach(s => { if (want.has(s.run)) series.push(s); }));
        series.sort((a, b) => a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1
          : a.run - b.run || order.get(a.suite) - order.get(b.suite));
        if (series.length > 500) throw new Error('the selection has ' + series.length +
          ' series; at most 500 are drawn at once');
        draw(series, params, query, status);
      });
    }).catch(e => { status.textContent = 'error: ' + e.message; });
  }

  // ---- the comparison ------------------------------------------------------
  function verdictSlug(v) { return String(v).replace(/ /g, '_'); }
  function pct(r) { return r === null || !isFinite(r) ? '\u2013' : (r >= 1 ? '+' : '') + (100 * (r - 1)).toFixed(1) + '%'; }
  function times(r) { return r === null || r === undefined || !isFinite(r) ? '\u2013' : +r.toPrecision(3) + '\u00d7'; }
  function pval(p) { return p === null || !isFinite(p) ? '\u2013' : String(+p.toPrecision(3)); }

  function comparePage() {
    const box = $('cmp');
    if (!box) return;
    const src = box.dataset.src;
    (isStatic ? load(src) : api(src))
      .then(j => compareRender(box, j))
      .catch(e => { $('summary').textContent = 'error: ' + e.message; $('summary').className = 'error'; });
  }

  function compareRender(box, j) {
    const x = j.comparison || j;
    const ids = j.ids || box.dataset.ids || '';
    const points = x.points.map((p, i) => Object.assign({ i: i, change: p.ratio }, p));
    // the points below the timer's resolution: listed with the reason,
    // never tested
    (x.not_comparable || []).forEach((p, k) => points.push(Object.assign({ i: x.points.length + k,
      change: null, ratio: null, floor: null, floor_ratio: null, p: null, q: null, min_p: null }, p, { verdict: 'not comparable',
      why: p.reason + ' (' + p.unresolved + ')' })));
    $('summary').textContent = x.summary + ' (of ' + points.length + ' point' +
      (points.length === 1 ? '' : 's') + ')';
    document.body.dataset.summary = x.summary;
    $('sides').textContent = 'Baseline: ' + x.baseline_runs + ' run' + (x.baseline_runs === 1 ? '' : 's') +
      (j.baseline ? ' (' + j.baseline + ')' : '') + '; candidate: ' + x.candidate_runs + ' run' +
      (x.candidate_runs === 1 ? '' : 's') + (j.candidate ? ' (' + j.candidate + ')' : '') +
      '; false-discovery rate ' + x.fdr + ', smallest change ' + 100 * x.min_effect + '%.';
    // an inconclusive comparison is never shown as a pass: its sentence,
    // the summary in the warning's colour
    const inconclusive = x.verdict === 'inconclusive' || (x.power && x.power.verdict === 'inconclusive');
    const message = x.message || (x.power && x.power.message);
    if (message) { $('power').textContent = message; $('power').className = 'warn'; }
    if (inconclusive) $('summary').classList.add('warn');
    document.body.dataset.verdict = x.verdict || (x.power && x.power.verdict) || '';
    // how many points matched, and why the others did not
    const unmatched = [x.unmatched_baseline, x.unmatched_candidate]
      .filter(u => u && u.message).map(u => u.message);
    const nc = x.not_comparable_points || 0;
    $('sides').textContent += ' ' + points.length + ' point' + (points.length === 1 ? '' : 's') +
      ' in both' + (nc ? ', ' + nc + ' of them not comparable (below the timer\'s resolution: not tested)' : '') +
      '.' + (unmatched.length ? ' ' + unmatched.join('; ') + '.' : '');
    if (x.estimator) $('sides').textContent += ' ' + x.estimator.charAt(0).toUpperCase() + x.estimator.slice(1) + '.';
    // what changed, worst first, each a suite's adjacent sizes
    const ol = $('findings');
    x.findings.forEach(f => {
      const li = el('li', null, verdictSlug(f.verdict));
      const span = el('span', f.verdict, 'verdict');
      li.appendChild(span);
      const at = v => f.argument === 'none' ? '' : argText(v, f.argument);
      let t = ' ' + f.suite + ' ' + (f.from === f.to ? at(f.from) : at(f.from) + '\u2013' + at(f.to)) +
        (f.processes >= 0 ? ' (np ' + f.processes + ')' : '') + ': ' + pct(f.ratio) +
        ' [' + pct(f.ratio_low) + ', ' + pct(f.ratio_high) + '], q = ' + pval(f.q) + ' ' + (f.stars || '');
      if (f.floor_ratio_low !== undefined && f.floor_ratio_low !== null) {
        t += ', at ' + (f.floor_ratio_low === f.floor_ratio_high ? times(f.floor_ratio_low)
          : +f.floor_ratio_low.toPrecision(3) + '\u2013' + times(f.floor_ratio_high)) + ' the floor';
      }
      if (f.points > 1) t += ', ' + f.points + ' sizes';
      li.appendChild(document.createTextNode(t + ' '));
      if (ids) {
        const a = el('a', 'plot');
        const q = new URLSearchParams();
        q.set('sel', ids);
        q.append('suite', f.suite);
        if (f.from > 0 && f.to > f.from) { q.set('x0', f.from / 2); q.set('x1', f.to * 2); }
        a.href = box.dataset.plot + '?' + q.toString();
        li.appendChild(a);
      }
      ol.appendChild(li);
    });
    if (!x.findings.length) ol.appendChild(inconclusive
      ? el('li', 'Inconclusive: no change can be shown with these runs.', 'warn')
      : el('li', 'No significant change.', 'ok'));
    // every point: sortable, filterable
    const verdicts = Array.from(new Set(points.map(p => p.verdict)));
    const vsel = $('cmpverdict');
    verdicts.forEach(v => { const o = el('option', v); o.value = v; vsel.appendChild(o); });
    const tbody = document.querySelector('#points tbody');
    const cells = p => [p.why ? p.verdict + ': ' + p.why : p.verdict, p.suite, p.argument, p.processes,
      p.baseline_runs + ' / ' + p.candidate_runs, seconds(p.before), seconds(p.after),
      pct(p.ratio), times(p.floor_ratio), pval(p.p), pval(p.q), pval(p.min_p === undefined ? null : p.min_p)];
    const rowOf = new Map();
    points.forEach(p => {
      const tr = el('tr', null, verdictSlug(p.verdict) + (p.beyond_noise ? ' beyond' : ''));
      if (p.why) tr.title = p.why;
      cells(p).forEach((c, k) => {
        const td = el('td', k === 2 ? (p.argument_name === 'none' ? '' : argText(c, p.argument_name)) : c,
          k >= 2 ? 'num' : '');
        tr.appendChild(td);
      });
      rowOf.set(p, tr);
    });
    let sortKey = 'i', sortDir = 1;
    const keyVal = (p, k) => k === 'change' ? p.ratio : k === 'runs' ? p.baseline_runs + p.candidate_runs
      : k === 'verdict' ? ['slower', 'faster', 'inconclusive', 'not significant', 'not comparable', 'unchanged', 'no verdict'].indexOf(p.verdict) : p[k];
    function render() {
      const q = $('cmpfilter').value.trim().toLowerCase(), v = vsel.value;
      const shown = points.filter(p => (!v || p.verdict === v) &&
        (!q || (p.suite + ' ' + argText(p.argument, p.argument_name) + ' ' + p.argument).toLowerCase().includes(q)));
      shown.sort((a, b) => {
        const u = keyVal(a, sortKey), w = keyVal(b, sortKey);
        if (u === w) return a.i - b.i;
        if (u === null || u === undefined || (typeof u === 'number' && isNaN(u))) return 1;
        if (w === null || w === undefined || (typeof w === 'number' && isNaN(w))) return -1;
        return (u < w ? -1 : 1) * sortDir;
      });
      tbody.textContent = '';
      shown.forEach(p => tbody.appendChild(rowOf.get(p)));
      $('cmpcount').textContent = shown.length + ' of ' + points.length + ' points shown';
      document.querySelectorAll('#points th').forEach(th => {
        th.classList.toggle('asc', th.dataset.key === sortKey && sortDir > 0);
        th.classList.toggle('desc', th.dataset.key === sortKey && sortDir < 0);
      });
      csvLink($('cmpcsv'), ['suite', 'instance', 'argument', 'processes', 'baseline_runs',
        'candidate_runs', 'before', 'after', 'ratio', 'ratio_low', 'ratio_high', 'floor', 'floor_ratio',
        'p', 'q', 'verdict'],
      shown.map(p => [p.suite, p.instance, p.argument, p.processes, p.baseline_runs, p.candidate_runs,
        p.before, p.after, p.ratio, p.ratio_low, p.ratio_high, p.floor, p.floor_ratio, p.p, p.q, p.verdict]));
    }
    document.querySelectorAll('#points th').forEach(th => {
      const go = () => {
        if (sortKey === th.dataset.key) sortDir = -sortDir;
        else { sortKey = th.dataset.key; sortDir = th.dataset.key === 'change' ? -1 : 1; }
        render();
      };
      th.addEventListener('click', go);
      th.addEventListener('keydown', ev => { if (ev.key === 'Enter') go(); });
    });
    $('cmpfilter').addEventListener('input', render);
    vsel.addEventListener('change', render);
    render();
    document.body.dataset.points = String(points.length);
  }

  // ---- the history ----------------------------------------------------------
  function historyPage() {
    const params = new URLSearchParams(location.search);
    const sel = params.get('sel') || '';
    const suite = params.get('suite') || '';
    const arg = params.get('argument') || '';
    const hsuite = $('hsuite'), harg = $('harg');
    if (isStatic) return staticHistory(params);
    hsuite.addEventListener('change', () => {
      // the suite's arguments in the runs chosen, from the data
      harg.length = 1;
      if (!hsuite.value) return;
      const q = new URLSearchParams();
      q.set('sel', $('hsel').value);
      q.set('suite', hsuite.value);
      api('/api/arguments?' + q.toString()).then(j => j.arguments.forEach(a => {
        const o = el('option', argText(a.argument, j.argument_name) + ' (' + a.runs + ' run' +
          (a.runs === 1 ? '' : 's') + ')');
        o.value = a.argument;
        harg.appendChild(o);
      })).catch(() => {});
    });
    if (!suite) return;
    const q = new URLSearchParams();
    q.set('sel', sel);
    q.set('suite', suite);
    api('/api/suite-history?' + q.toString()).then(gr => {
      heat(gr, arg, a => {
        const p = new URLSearchParams(q);
        p.set('argument', a);
        location.href = '/history?' + p.toString();
      });
      if (!arg) return;
      // off the grid: the nearest arguments from the grid itself (no
      // request that must fail)
      if (!gr.arguments.some(a => a === +arg)) return offGrid(gr, q, arg);
      const p = new URLSearchParams(q);
      p.set('argument', arg);
      $('hpdf').href = '/api/history.pdf?' + p.toString();
      $('hsvg').href = '/api/history.svg?' + p.toString();
      return api('/api/history?' + p.toString())
        .then(h => onePoint(h, suite, arg, gr.argument_name))
        .catch(e => nearest(e, q, arg, gr.argument_name));
    }).catch(e => { $('heatinfo').textContent = 'error: ' + e.message; });
  }

  // An argument off the grid: the nearest ones the suite has, as links.
  function nearest(e, q, arg, kind) {
    const lab = a => argText(a, kind || 'length');
    const box = $('nearest');
    box.hidden = false;
    box.textContent = '';
    const near = e.body && e.body.nearest ? e.body.nearest : [];
    box.appendChild(document.createTextNode((e.body && e.body.error ? e.body.error : e.message) +
      (near.length ? ' (' + lab(+arg) + '); the nearest: ' : '.')));
    near.forEach((a, k) => {
      const p = new URLSearchParams(q);
      p.set('argument', a);
      const link = el('a', lab(a), 'nearest');
      link.href = (isStatic ? 'history.html?' : '/history?') + p.toString();
      if (k) box.appendChild(document.createTextNode(' or '));
      box.appendChild(link);
    });
    document.body.dataset.nearest = near.join(',');
    $('onepoint').hidden = true;
  }

  // The nearest arguments of the grid GR to ARG, offered.
  function offGrid(gr, q, arg) {
    const below = gr.arguments.filter(a => a < +arg), above = gr.arguments.filter(a => a > +arg);
    const near = [];
    if (below.length) near.push(below[below.length - 1]);
    if (above.length) near.push(above[0]);
    const msg = gr.arguments.length ? 'the suite has no point at this argument'
      : 'no selected run has this suite';
    const e = new Error(msg);
    e.body = { error: msg, nearest: near };
    return nearest(e, q, arg, gr.argument_name);
  }

  // A whole suite: each argument a row, each run a column, the colour the
  // run's value against the row's median.
  function heat(gr, arg, follow) {
    const kind = gr.argument_name || 'length';
    const lab = a => kind === 'none' ? '(no variation)' : argText(a, kind);
    const sect = $('wholesuite');
    sect.hidden = false;
    const cv = $('heat');
    const nr = gr.runs.length, na = gr.arguments.length;
    const labelW = 80, cellH = na > 40 ? 10 : 18;
    const cellW = Math.max(3, Math.min(48, Math.floor((Math.min(1180, document.body.clientWidth - 40) - labelW) / Math.max(nr, 1))));
    cv.width = labelW + cellW * nr + 2;
    cv.height = cellH * na + 24;
    const ctx = cv.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, cv.width, cv.height);
    ctx.font = '11px sans-serif';
    const meds = gr.values.map(row => { const v = row.filter(x => x !== null && x > 0); return v.length ? median(v) : null; });
    const colour = r => {            // log2 of the ratio, -1 .. 1
      const t = Math.max(-1, Math.min(1, Math.log2(r)));
      const c = t > 0 ? [214, 39, 40] : [31, 119, 180];
      const k = Math.abs(t);
      return 'rgb(' + c.map(x => Math.round(255 + (x - 255) * k)).join(',') + ')';
    };
    gr.arguments.forEach((a, i) => {
      ctx.fillStyle = String(a) === String(arg) ? '#000' : '#333';
      ctx.fillText(lab(a), 2, i * cellH + cellH - 5);
      gr.values[i].forEach((v, k) => {
        ctx.fillStyle = v === null || !meds[i] ? '#e3e6e8' : colour(v / meds[i]);
        ctx.fillRect(labelW + k * cellW, i * cellH, cellW - (cellW > 4 ? 1 : 0), cellH - 1);
      });
      if (String(a) === String(arg)) {
        ctx.strokeStyle = '#000';
        ctx.strokeRect(labelW - 1, i * cellH - 1, cellW * nr + 1, cellH + 1);
      }
    });
    ctx.fillStyle = '#555';
    if (nr) {
      ctx.fillText(gr.runs[0].start_time.slice(0, 10), labelW, na * cellH + 14);
      const last = gr.runs[nr - 1].start_time.slice(0, 10);
      ctx.fillText(last, Math.max(labelW + 80, labelW + cellW * nr - ctx.measureText(last).width), na * cellH + 14);
    }
    const info = $('heatinfo'), base = info.textContent;
    const cell = ev => {
      const r = cv.getBoundingClientRect();
      const x = (ev.clientX - r.left) * cv.width / r.width, y = (ev.clientY - r.top) * cv.height / r.height;
      const i = Math.floor(y / cellH), k = Math.floor((x - labelW) / cellW);
      return i >= 0 && i < na && (x < labelW || (k >= 0 && k < nr)) ? [i, x < labelW ? -1 : k] : null;
    };
    cv.addEventListener('mousemove', ev => {
      const c = cell(ev);
      if (!c) { info.textContent = base; return; }
      const [i, k] = c;
      if (k < 0) { info.textContent = lab(gr.arguments[i]) + ': click to follow it'; return; }
      const v = gr.values[i][k];
      info.textContent = lab(gr.arguments[i]) + ', run ' + gr.runs[k].run + ' (' + gr.runs[k].start_time + '): ' +
        (v === null ? 'no point' : seconds(v) + ', ' + pct(v / meds[i]) + ' against the median ' + seconds(meds[i]));
    });
    cv.addEventListener('click', ev => { const c = cell(ev); if (c) follow(gr.arguments[c[0]]); });
    document.body.dataset.heat = na + 'x' + nr;
    if (gr.omitted_runs) $('heatinfo').textContent += ' (the latest ' + nr + ' runs; ' + gr.omitted_runs + ' older left out)';
  }

  function onePoint(h, suite, arg, kind) {
    const status = $('status');
    $('onepoint').hidden = false;
    $('pointname').textContent = suite + (kind === 'none' ? '' : ' at ' + argText(+arg, kind || 'length'));
    if (!h.points.length) { status.textContent = 'no run has this point'; return; }
    const rows = h.points.map(p => [new Date(p.start_time),
      [p.q1 !== null ? p.q1 : p.value, p.value, p.q3 !== null ? p.q3 : p.value]]);
    const cps = h.change_points.map(c => new Date(c.start_time).getTime());
    const g = new Dygraph($('graph'), rows, {
      labels: ['start', 'value'],
      customBars: true,
      drawPoints: true,
      pointSize: 3,
      legend: 'follow',
      labelsSeparateLines: true,
      ylabel: 'time',
      axes: { y: { axisLabelWidth: 72, axisLabelFormatter: seconds, valueFormatter: seconds } },
      underlayCallback: (ctx, area, gr) => {
        ctx.save();
        ctx.strokeStyle = '#a0262b';
        ctx.setLineDash([6, 4]);
        for (const t of cps) {
          const x = gr.toDomXCoord(t);
          ctx.beginPath();
          ctx.moveTo(x, area.y);
          ctx.lineTo(x, area.y + area.h);
          ctx.stroke();
        }
        ctx.restore();
      }
    });
    window.skGraph = g;
    const body = document.querySelector('#cps tbody');
    for (const c of h.change_points) {
      const tr = el('tr');
      [String(c.run), c.start_time, seconds(c.before), seconds(c.after),
        (100 * (c.after / c.before - 1)).toFixed(1) + '%', pval(c.p)]
        .forEach(v => tr.appendChild(el('td', v)));
      body.appendChild(tr);
    }
    csvLink($('hcsv'), ['run', 'start_time', 'median', 'q1', 'q3'],
      h.points.map(p => [p.run, p.start_time, p.value, p.q1, p.q3]));
    status.textContent = h.points.length + ' runs, ' + h.change_points.length + ' change point' +
      (h.change_points.length === 1 ? '' : 's');
    document.body.dataset.points = String(h.points.length);
  }

  // The static site's history: data/history/K.json holds every argument
  // of suite K over the published runs and their change points.
  function staticHistory(params) {
    const suite = params.get('suite') || '', arg = params.get('argument') || '';
    const hsuite = $('hsuite'), harg = $('harg');
    load('suites').then(j => {
      let file = null;
      j.instances.forEach(gi => gi.suites.forEach(x => {
        const o = el('option', x.name + ' (' + x.runs + ' run' + (x.runs === 1 ? '' : 's') + ')');
        o.value = x.name;
        o.selected = x.name === suite;
        hsuite.appendChild(o);
        if (x.name === suite) file = x.file;
      }));
      if (file === null) return;
      return load('history/' + file).then(gr => {
        const kind = gr.argument_name || 'length';
        gr.arguments.forEach((a, i) => {
          const n = gr.values[i].filter(v => v !== null).length;
          const o = el('option', (kind === 'none' ? '(no variation)' : argText(a, kind)) +
            ' (' + n + ' run' + (n === 1 ? '' : 's') + ')');
          o.value = a;
          o.selected = String(a) === arg;
          harg.appendChild(o);
        });
        const q = new URLSearchParams();
        q.set('suite', suite);
        heat(gr, arg, a => { q.set('argument', a); location.href = 'history.html?' + q.toString(); });
        if (!arg) return;
        const i = gr.arguments.findIndex(a => String(a) === arg || a === +arg);
        if (i < 0) return offGrid(gr, q, arg);
        const pts = [];
        gr.values[i].forEach((v, k) => { if (v !== null) pts.push({ run: gr.runs[k].run, start_time: gr.runs[k].start_time, value: v, q1: null, q3: null }); });
        const cps = (gr.change_points || []).filter(c => c.row === i).map(c => Object.assign({}, c,
          { start_time: gr.runs[c.column].start_time, run: gr.runs[c.column].run }));
        onePoint({ points: pts, change_points: cps }, suite, arg, kind);
      });
    }).catch(e => { $('heatinfo').textContent = 'error: ' + e.message; });
  }

  if (page === 'runs') runs();
  else if (page === 'suites') {
    suites();
    if (isStatic) staticSuites();
  } else if (page === 'plot') {
    if (isStatic) staticPlot(); else plot();
  } else if (page === 'compare') comparePage();
  else if (page === 'history') historyPage();
})();
