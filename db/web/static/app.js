// app.js -- the scripts of skampi-db serve's pages (doc/database.md,
// "The web interface").  No framework; the pages are server-rendered and
// this file only filters the run table, keeps the selection field up to
// date and draws the plot with Debian's dygraphs.  Every text from the
// database reaches the page through textContent, never as HTML.
//
// The same file runs the static site of skampi-db publish (body
// data-static="1"): steps 2 and 3 are filled from the files under data/
// instead of the API, fetched over HTTP, or loaded as their script twins
// (data/X.js calls skampiData("X", ...)) from file://, where fetch()
// cannot read files.  Its selections are run ids only.
'use strict';

(function () {
  const page = document.body.dataset.page;
  const isStatic = document.body.dataset.static === '1';

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

  // ---- step 1: the run table ---------------------------------------------
  function runs() {
    const rows = Array.from(document.querySelectorAll('table.runs tbody tr'));
    const facets = Array.from(document.querySelectorAll('select.facet'));
    const search = document.getElementById('search');
    const all = document.getElementById('all');
    const sel = document.getElementById('sel');
    const count = document.getElementById('count');
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
    document.getElementById('next').addEventListener('submit', ev => {
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

  // ---- step 3: the plot ---------------------------------------------------
  // [low, mid, high] of a point: its median (or mean) with the interval
  // over the runs, the quartiles or the standard error; with tail set, its
  // P99 with the interval of a merged point (null: the point has none).
  function band(p, tail) {
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

  // A time in seconds with its unit: "2.5 \u00b5s".
  function seconds(v) {
    const units = [[1, 's'], [1e-3, 'ms'], [1e-6, '\u00b5s'], [1e-9, 'ns']];
    for (const [f, u] of units) {
      if (Math.abs(v) >= f || f === 1e-9) return +(v / f).toPrecision(3) + ' ' + u;
    }
    return String(v);
  }

  function label(s) {
    return s.suite + ' \u00b7 ' + s.machine + ' \u00b7 ' + s.library +
      ' \u00b7 np ' + (s.processes === null ? '?' : s.processes) + ' \u00b7 ' +
      s.start_time.slice(0, 10) + ' \u00b7 run ' + s.run;
  }

  // One row per argument: [x, [low, mid, high] or null per series].
  function table(series, tail) {
    const xs = new Set();
    series.forEach(s => s.points.forEach(p => xs.add(p.argument)));
    const sorted = Array.from(xs).sort((a, b) => a - b);
    const at = new Map(sorted.map((x, i) => [x, i]));
    const rows = sorted.map(x => [x].concat(series.map(() => null)));
    series.forEach((s, k) => s.points.forEach(p => {
      rows[at.get(p.argument)][k + 1] = band(p, tail);
    }));
    return rows;
  }

  function plot() {
    const params = new URLSearchParams(location.search);
    const query = new URLSearchParams();
    query.set('sel', params.get('sel') || '');
    params.getAll('suite').forEach(s => query.append('suite', s));
    const status = document.getElementById('status');
    fetch('/api/series?' + query.toString())
      .then(r => r.json().then(j => {
        if (!r.ok) throw new Error(j.error || r.statusText);
        return j;
      }))
      .then(j => draw(j.series, params, query, status))
      .catch(e => { status.textContent = 'error: ' + e.message; });
  }

  function draw(series, params, query, status) {
    const logx = document.getElementById('logx');
    const logy = document.getElementById('logy');
    const tail = document.getElementById('p99');
    const csv = document.getElementById('csv');
    const pdf = document.getElementById('pdf');
    const svg = document.getElementById('svg');
    const range = document.getElementById('range');
    const legend = document.getElementById('legend');
    const hidden = new Set((params.get('hide') || '').split(',')
      .filter(v => v !== '').map(Number));
    if (series.length === 0) {
      status.textContent = 'no points: no selected run has these suites';
      document.body.dataset.series = '0';
      return;
    }
    const pos = v => v > 0;
    const flag = (k, def) => params.has(k) ? params.get(k) === '1' : def;
    // P99 instead of the median: only where some point has percentiles
    const anyTail = series.some(s => s.points.some(p => band(p, true) !== null));
    tail.disabled = !anyTail;
    tail.title = anyTail ? 'draw every point\'s P99 (Percentiles = yes) instead of its median'
      : 'no point of these suites records percentiles (Percentiles = yes)';
    tail.checked = anyTail && flag('p99', false);
    let rows = table(series, tail.checked);
    const ally = series.every(s => s.points.every(p => [false, true].every(t =>
      band(p, t) === null || band(p, t).every(pos))));
    const px = rows.map(r => r[0]).filter(pos);
    logx.checked = flag('logx', px.length > 1 && px[px.length - 1] / px[0] > 100);
    logy.checked = flag('logy', ally);

    // series named s0, s1, ...: dygraphs never sees a text of the database
    const names = series.map((s, k) => 's' + k);
    const opts = {
      labels: ['argument'].concat(names),
      customBars: true,
      legend: 'never',
      drawPoints: true,
      pointSize: 2,
      connectSeparatedPoints: true,
      logscale: logy.checked,
      xlabel: 'argument',
      ylabel: tail.checked ? 'time (P99)' : 'time',
      axes: {
        x: { logscale: logx.checked },
        y: { axisLabelWidth: 64, axisLabelFormatter: seconds, valueFormatter: seconds }
      },
      visibility: series.map((s, k) => !hidden.has(k)),
      zoomCallback: () => view()
    };
    const x0 = parseFloat(params.get('x0'));
    const x1 = parseFloat(params.get('x1'));
    if (isFinite(x0) && isFinite(x1) && x0 < x1) opts.dateWindow = [x0, x1];
    // a log axis cannot show x <= 0 (a suite that varies nothing has 0)
    const data = log => log ? rows.filter(r => r[0] > 0) : rows;
    const g = new Dygraph(document.getElementById('graph'), data(logx.checked), opts);
    window.skGraph = g;

    // the URL and the CSV link follow the view
    function view() {
      const p = new URLSearchParams(query);
      const [a, b] = g.xAxisRange();
      const zoomed = g.isZoomed('x');
      p.set('logx', logx.checked ? '1' : '0');
      p.set('logy', logy.checked ? '1' : '0');
      if (tail.checked) p.set('p99', '1');
      if (zoomed) { p.set('x0', a); p.set('x1', b); }
      if (hidden.size) p.set('hide', Array.from(hidden).sort((u, v) => u - v).join(','));
      try {
        history.replaceState(null, '', (isStatic ? 'plot.html?' : '/plot?') +
                             p.toString());
      } catch (e) {
        // a file:// page may not rewrite its own URL in some browsers
      }
      if (!isStatic) {
        const c = new URLSearchParams(query);
        if (zoomed) { c.set('xmin', a); c.set('xmax', b); }
        if (hidden.size) c.set('hide', p.get('hide'));
        csv.href = '/api/series.csv?' + c.toString();
        const d = new URLSearchParams(query);
        if (zoomed) { d.set('xmin', a); d.set('xmax', b); }
        pdf.href = '/api/plot.pdf?' + d.toString();
        svg.href = '/api/plot.svg?' + d.toString();
      }
      range.textContent = 'x: ' + a.toPrecision(4) + ' \u2013 ' + b.toPrecision(4) +
        (zoomed ? ' (zoomed)' : '');
      range.dataset.x0 = a;
      range.dataset.x1 = b;
    }

    const colors = g.getColors();
    series.forEach((s, k) => {
      const li = document.createElement('li');
      const sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.backgroundColor = colors[k];
      li.appendChild(sw);
      li.appendChild(document.createTextNode(label(s)));
      li.title = 'click to hide or show';
      li.classList.toggle('off', hidden.has(k));
      li.addEventListener('click', () => {
        if (hidden.has(k)) hidden.delete(k); else hidden.add(k);
        li.classList.toggle('off', hidden.has(k));
        g.setVisibility(k, !hidden.has(k));
        view();
      });
      legend.appendChild(li);
    });
    logx.addEventListener('change', () => {
      g.updateOptions({ file: data(logx.checked), axes: { x: { logscale: logx.checked } } });
      view();
    });
    logy.addEventListener('change', () => {
      g.updateOptions({ logscale: logy.checked });
      view();
    });
    tail.addEventListener('change', () => {
      rows = table(series, tail.checked);
      g.updateOptions({ file: data(logx.checked), ylabel: tail.checked ? 'time (P99)' : 'time' });
      view();
    });
    document.getElementById('reset').addEventListener('click', () => {
      g.resetZoom();
      view();
    });
    const npts = series.reduce((n, s) => n + s.points.length, 0);
    status.textContent = series.length + ' series, ' + npts + ' points';
    document.body.dataset.series = String(series.length);
    view();
  }

  // ---- the static site's steps 2 and 3 -------------------------------------
  function cell(tr, text, cls) {
    const td = document.createElement('td');
    td.textContent = text;
    if (cls) td.className = cls;
    tr.appendChild(td);
    return td;
  }

  function staticSuites() {
    const text = new URLSearchParams(location.search).get('sel') || '';
    const want = ids(text);
    const status = document.getElementById('status');
    document.getElementById('sel').value = text;
    if (!want || !want.size) { status.textContent = idsOnly; return; }
    document.getElementById('of').textContent = 'of ' + want.size + ' run' +
      (want.size === 1 ? '' : 's') + ': ' + text;
    load('suites').then(j => {
      const table = document.querySelector('table.suites');
      let rows = 0;
      for (const g of j.instances) {
        const body = document.createElement('tbody');
        const head = document.createElement('tr');
        const th = document.createElement('th');
        head.className = 'group';
        th.colSpan = 4;
        th.textContent = g.instance;
        head.appendChild(th);
        body.appendChild(head);
        for (const x of g.suites) {
          const n = Array.from(ids(x.ids) || []).filter(i => want.has(i)).length;
          if (!n) continue;
          const tr = document.createElement('tr');
          const box = document.createElement('input');
          box.type = 'checkbox';
          box.name = 'suite';
          box.value = x.name;
          cell(tr, '').appendChild(box);
          cell(tr, x.name);
          cell(tr, x.argument);
          cell(tr, n + ' of ' + want.size, 'num');
          body.appendChild(tr);
          rows++;
        }
        if (body.children.length > 1) table.appendChild(body);
      }
      status.textContent = rows ? '' : 'The selected runs have no suites.';
    }).catch(e => { status.textContent = 'error: ' + e.message; });
  }

  function staticDownloads(chosen) {
    const box = document.getElementById('downloads');
    chosen.forEach(x => {
      [['csv', 'CSV'], ['svg', 'SVG']].forEach(([ext, name]) => {
        const a = document.createElement('a');
        a.href = ext + '/' + x.file + '.' + ext;
        a.download = 'skampi-suite-' + x.file + '.' + ext;
        a.className = 'dl-' + ext;
        a.textContent = name + ' ' + x.name;
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
    const status = document.getElementById('status');
    const query = new URLSearchParams();
    query.set('sel', text);
    names.forEach(n => query.append('suite', n));
    document.getElementById('of').textContent = names.join(', ') + ' of ' + text;
    const step2 = document.getElementById('step2');
    if (step2 && step2.tagName === 'A') step2.href = 'suites.html?sel=' + encodeURIComponent(text);
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

  // ---- step 2: at least one suite -----------------------------------------
  function suites() {
    const form = document.getElementById('suites');
    form.addEventListener('submit', ev => {
      if (!form.querySelector('input[name="suite"]:checked')) {
        ev.preventDefault();
        form.querySelector('button').textContent = 'Choose a suite first';
      }
    });
  }

  // ---- a point's history -------------------------------------------------
  function historyPage() {
    const status = document.getElementById('status');
    if (!status) return;
    const params = new URLSearchParams(location.search);
    const q = new URLSearchParams();
    ['sel', 'suite', 'argument'].forEach(k => q.set(k, params.get(k) || ''));
    document.getElementById('hpdf').href = '/api/history.pdf?' + q.toString();
    document.getElementById('hsvg').href = '/api/history.svg?' + q.toString();
    fetch('/api/history?' + q.toString())
      .then(r => r.json().then(j => {
        if (!r.ok) throw new Error(j.error || r.statusText);
        return j;
      }))
      .then(h => {
        const rows = h.points.map(p => [new Date(p.start_time),
          [p.q1 !== null ? p.q1 : p.value, p.value, p.q3 !== null ? p.q3 : p.value]]);
        const cps = h.change_points.map(c => new Date(c.start_time).getTime());
        const g = new Dygraph(document.getElementById('graph'), rows, {
          labels: ['start', 's0'],
          customBars: true,
          drawPoints: true,
          pointSize: 3,
          legend: 'never',
          ylabel: 'time',
          axes: { y: { axisLabelWidth: 64, axisLabelFormatter: seconds,
                       valueFormatter: seconds } },
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
          const tr = document.createElement('tr');
          [String(c.run), c.start_time, seconds(c.before), seconds(c.after),
           (100 * (c.after / c.before - 1)).toFixed(1) + '%', c.p.toPrecision(2)]
            .forEach(v => {
              const td = document.createElement('td');
              td.textContent = v;
              tr.appendChild(td);
            });
          body.appendChild(tr);
        }
        status.textContent = h.points.length + ' runs, ' +
          h.change_points.length + ' change point' +
          (h.change_points.length === 1 ? '' : 's');
        document.body.dataset.points = String(h.points.length);
      })
      .catch(e => { status.textContent = 'error: ' + e.message; });
  }

  if (page === 'history') historyPage();
  if (page === 'runs') runs();
  else if (page === 'suites') {
    if (isStatic) staticSuites();
    suites();
  } else if (page === 'plot') {
    if (isStatic) staticPlot(); else plot();
  }
})();
