// The case view of the report: gold and candidate aligned row by row
// (report.CaseView's rows). The report page and the playground of oagen
// serve both load this file before their own script.
var oagenCase = (function () {
  'use strict';

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function fmt(x, digits) {
    if (x >= 1) return '1';
    if (x <= 0) return '0';
    return x.toFixed(digits);
  }

  var STATUS = { missing: 'missing', excess: 'excess', wrongref: 'wrong reference', replaced: 'replaced' };

  function side(r, which) {
    var td = el('td', which);
    td.style.paddingLeft = (8 + 18 * r.d) + 'px';
    var key = which === 'g' ? r.gk : r.ck;
    var other = which === 'g' ? r.ck : r.gk;
    var val = which === 'g' ? r.g : r.c;
    if (val === undefined) {
      td.appendChild(el('span', 'absent', which === 'g' ? '(not in gold)' : '(missing)'));
      return td;
    }
    if (key !== undefined && key !== '') {
      td.appendChild(el('span', 'k' + (other !== undefined && other !== '' && other !== key ? ' renamed' : ''), key + ': '));
    } else if (r.d > 0 || r.n) {
      td.appendChild(el('span', 'k', '· '));
    }
    td.appendChild(el('span', r.n ? 'hdr' : 'v', val));
    if (which === 'g' && r.k === 'id') td.appendChild(el('span', 'tag', 'id'));
    if (which === 'c') {
      if (r.st === 'wrongref' && r.x !== undefined) td.appendChild(el('span', 'tag wrongref', 'should be ' + r.x));
      else if (STATUS[r.st] && !r.n && r.st !== 'missing') td.appendChild(el('span', 'tag ' + r.st, STATUS[r.st]));
    }
    if (which === 'g' && r.st === 'missing') td.appendChild(el('span', 'tag missing', 'missing'));
    return td;
  }

  function alignedTable(c) {
    var t = el('table', 'aligned');
    var cg = el('colgroup');
    ['side', 'mid', 'side', 'df'].forEach(function (k) { cg.appendChild(el('col', k)); });
    t.appendChild(cg);
    var head = el('thead');
    var hr = el('tr');
    ['Gold', 'Score', 'Candidate', 'Deficit'].forEach(function (h, i) {
      var th = el('th', i === 1 ? 'sc' : i === 3 ? 'num' : null, h);
      if (i === 1) th.style.textAlign = 'center';
      hr.appendChild(th);
    });
    head.appendChild(hr);
    t.appendChild(head);
    var body = el('tbody');
    var frag = document.createDocumentFragment();
    c.rows.forEach(function (r) {
      var tr = el('tr', r.st + (r.n ? ' node' : '') + (r.w === 0 && r.st !== 'exact' ? ' zero' : ''));
      tr.dataset.path = r.p;
      tr.title = (r.p || '/') + (r.w === 0 ? ' (does not count)' : '');
      tr.appendChild(side(r, 'g'));
      tr.appendChild(el('td', 'sc', fmt(r.sc, 2)));
      tr.appendChild(side(r, 'c'));
      tr.appendChild(el('td', 'df', r.df > 0 ? r.df.toFixed(3) : ''));
      frag.appendChild(tr);
    });
    body.appendChild(frag);
    t.appendChild(body);
    return t;
  }

  return { el: el, fmt: fmt, alignedTable: alignedTable };
})();
