(function () {
  'use strict';

  // el, fmt and alignedTable come from caseview.js (shared with the
  // playground of oagen serve).
  var el = oagenCase.el, fmt = oagenCase.fmt, alignedTable = oagenCase.alignedTable;

  // plural is "n one", or "n many" unless n is 1.
  function plural(n, one, many) {
    return n === 1 ? '1 ' + one : n + ' ' + many;
  }

  // ---- per-path table: sort and filter ----
  var table = document.getElementById('path-table');
  var filter = document.getElementById('path-filter');
  var countLine = document.getElementById('path-count');
  if (table) {
    var tbody = table.tBodies[0];
    var rows = Array.prototype.slice.call(tbody.rows).filter(function (r) { return r.dataset.path !== undefined; });
    var showCount = function () {
      var shown = rows.filter(function (r) { return !r.classList.contains('hidden'); }).length;
      countLine.textContent = shown === rows.length ? plural(rows.length, 'path', 'paths') : 'Showing ' + shown + ' of ' + plural(rows.length, 'path', 'paths');
      morePaths.textContent = 'Show all ' + plural(rows.length, 'path', 'paths');
    };
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      var key = th.dataset.key;
      if (!key) return;
      th.addEventListener('click', function () {
        var text = th.dataset.type === 'text';
        var desc = th.classList.contains('sorted') ? !th.classList.contains('desc') : !text;
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (o) {
          o.classList.remove('sorted', 'asc', 'desc');
          o.removeAttribute('aria-sort');
        });
        th.classList.add('sorted', desc ? 'desc' : 'asc');
        th.setAttribute('aria-sort', desc ? 'descending' : 'ascending');
        var sign = desc ? -1 : 1;
        rows.sort(function (a, b) {
          var x = a.dataset[key], y = b.dataset[key];
          var c = text ? (x < y ? -1 : x > y ? 1 : 0) : (parseFloat(x) - parseFloat(y));
          if (c === 0) c = a.dataset.path < b.dataset.path ? -1 : a.dataset.path > b.dataset.path ? 1 : 0;
          return sign * c;
        });
        var frag = document.createDocumentFragment();
        rows.forEach(function (r) { frag.appendChild(r); });
        tbody.appendChild(frag);
        update();
      });
    });
    // The first rows are shown until the table is expanded or filtered.
    var LIMIT = 12;
    var expanded = rows.length <= LIMIT;
    var morePaths = document.getElementById('paths-more');
    var update = function () {
      var q = filter.value.trim().toLowerCase();
      var shown = 0;
      rows.forEach(function (r) {
        var match = q === '' || r.dataset.path.toLowerCase().indexOf(q) >= 0;
        var visible = match && (expanded || q !== '' || shown < LIMIT);
        r.classList.toggle('hidden', !visible);
        if (visible) shown++;
      });
      morePaths.hidden = expanded || q !== '';
      showCount();
    };
    morePaths.addEventListener('click', function () {
      expanded = true;
      update();
    });
    filter.addEventListener('input', update);
    update();
  }

  // ---- worst cases: the first rows, or all ----
  var more = document.getElementById('worst-more');
  if (more) {
    more.addEventListener('click', function () {
      var t = document.getElementById('worst-table');
      var all = t.classList.toggle('all');
      more.textContent = all ? 'Show fewer' : more.dataset.all;
    });
  }

  // ---- embedded cases ----
  var cases = JSON.parse(document.getElementById('oa-cases').textContent) || [];
  var list = document.getElementById('case-list');
  var view = document.getElementById('case-view');
  var links = [];

  // caseName is the case's id as the input wrote it (a string without its
  // quotes), or its line.
  function caseName(c) {
    if (c.id === undefined) return c.line ? 'line ' + c.line : '(no id)';
    return typeof c.id === 'string' ? c.id : JSON.stringify(c.id);
  }

  function buildList() {
    var group = null;
    cases.forEach(function (c, i) {
      var g = c.tag || '';
      if (g !== group) {
        group = g;
        if (g) list.appendChild(el('h3', null, g === 'worst' ? 'Lowest scores' : g === 'sample' ? 'Sample' : g));
      }
      var a = el('a');
      a.href = '#case-' + i;
      a.appendChild(el('span', 'cid', caseName(c)));
      a.appendChild(el('span', 'cs', c.score.toFixed(3)));
      list.appendChild(a);
      links.push(a);
    });
  }

  function flash(path, tbody) {
    var hit = null;
    Array.prototype.forEach.call(tbody.rows, function (tr) {
      var on = tr.dataset.path === path;
      tr.classList.toggle('flash', on);
      if (on) {
        tr.classList.remove('hidden');
        if (!hit) hit = tr;
      }
    });
    if (hit) hit.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }

  function render(i) {
    var c = cases[i];
    links.forEach(function (a, j) { a.classList.toggle('current', j === i); });
    view.textContent = '';
    var head = el('div', 'case-head');
    head.appendChild(el('h3', null, caseName(c)));
    var sc = el('span', 'cscore', c.score.toFixed(3));
    sc.style.color = c.score >= 0.9 ? 'var(--exact)' : c.score >= 0.6 ? 'var(--partial)' : 'var(--replaced)';
    head.appendChild(sc);
    var meta = [];
    if (c.line) meta.push('line ' + c.line);
    if (c.tag) meta.push(c.tag === 'worst' ? 'among the lowest scores' : 'sampled');
    head.appendChild(el('span', 'case-meta', meta.join(' · ')));
    view.appendChild(head);
    var v = c.view;
    if (!v) {
      view.appendChild(el('p', 'muted', 'No view of this case was kept.'));
      return;
    }
    if (v.invalid) {
      view.appendChild(el('div', 'invalid', 'The candidate fails validation, so it scores 0: ' + v.invalid));
      return;
    }
    var top = el('div', 'case-top');
    var fx = el('div');
    fx.appendChild(el('h4', null, 'Ranked fixes'));
    var aligned = alignedTable(v);
    if (v.fixes && v.fixes.length) {
      var ol = el('ol', 'fixes');
      var deficit = Math.max(1 - c.score, 1e-12);
      v.fixes.forEach(function (f) {
        var li = el('li');
        li.dataset.path = f.p;
        var gain = el('span', 'gain');
        var bar = el('span', 'gbar');
        bar.style.width = Math.max(2, Math.round(100 * f.d / deficit)) + '%';
        gain.appendChild(bar);
        gain.title = 'recovers +' + f.d.toFixed(4);
        li.appendChild(gain);
        li.appendChild(el('span', 'text', f.t));
        li.addEventListener('click', function () {
          Array.prototype.forEach.call(ol.children, function (o) { o.classList.toggle('on', o === li); });
          flash(f.row || f.p, aligned.tBodies[0]);
        });
        ol.appendChild(li);
      });
      fx.appendChild(ol);
    } else {
      fx.appendChild(el('p', 'muted', c.score >= 1 ? 'Nothing to fix: the candidate matches the gold.' : 'No fixes.'));
    }
    top.appendChild(fx);
    var bj = el('div');
    if (v.scopes && v.scopes.length) {
      v.scopes.forEach(function (s) {
        var box = el('div', 'scope');
        box.appendChild(el('h4', null, 'Identifiers · ' + s.name));
        var t = el('table', 'bij');
        var hr = el('tr');
        hr.appendChild(el('th', null, 'gold'));
        hr.appendChild(el('th'));
        hr.appendChild(el('th', null, 'candidate'));
        t.appendChild(hr);
        s.pairs.forEach(function (p) {
          var tr = el('tr');
          tr.appendChild(el('td', null, p.g));
          tr.appendChild(el('td', 'arrow', '↔'));
          tr.appendChild(p.c === null ? el('td', 'none', 'no counterpart') : el('td', null, p.c));
          t.appendChild(tr);
        });
        box.appendChild(t);
        if (s.excess && s.excess.length) box.appendChild(el('div', 'xs', 'Candidate only: ' + s.excess.join(', ')));
        bj.appendChild(box);
      });
    }
    top.appendChild(bj);
    view.appendChild(top);
    if (!v.rows.length) {
      view.appendChild(el('p', 'muted', c.score >= 1 ? 'Both values are empty: nothing to align.' :
        'The gold and the candidate are values of different kinds (the score is 0): nothing to align.'));
      return;
    }
    var ah = el('div', 'aligned-head');
    ah.appendChild(el('h4', null, 'Gold and candidate, aligned'));
    var lab = el('label');
    var cb = el('input');
    cb.type = 'checkbox';
    cb.checked = v.rows.length > 60;
    lab.appendChild(cb);
    lab.appendChild(document.createTextNode(' hide exact rows'));
    ah.appendChild(lab);
    view.appendChild(ah);
    var hide = function () {
      Array.prototype.forEach.call(aligned.tBodies[0].rows, function (tr) {
        tr.classList.toggle('hidden', cb.checked && tr.classList.contains('exact') && !tr.classList.contains('flash'));
      });
    };
    cb.addEventListener('change', hide);
    hide();
    view.appendChild(aligned);
    if (v.truncated) view.appendChild(el('p', 'trunc', 'The view is cut to its first ' + plural(v.rows.length, 'row', 'rows') + '.'));
  }

  // firstAligned is the first case with aligned rows (the lowest score
  // whose candidate passed validation and has the gold's kind), else the
  // first case.
  function firstAligned() {
    for (var i = 0; i < cases.length; i++) {
      var v = cases[i].view;
      if (v && !v.invalid && v.rows.length) return i;
    }
    return 0;
  }

  function route() {
    var m = /^#case-(\d+)$/.exec(location.hash);
    var i = m ? parseInt(m[1], 10) : firstAligned();
    if (i >= 0 && i < cases.length) {
      render(i);
      if (m) document.getElementById('cases').scrollIntoView();
    }
  }

  if (cases.length) {
    buildList();
    window.addEventListener('hashchange', route);
    route();
  }
})();
