/**
 * The HTML export page's own style and script (static text; no session text in them). The
 * script reads the tree rows from the page's `application/json` block and shows the path to the
 * selected row; it only sets `textContent`, classes and `hidden`, so session text never becomes
 * markup through it. Both are allowed by hash in the page's CSP, nothing else is.
 */

/** The page's style sheet. */
export const PAGE_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d1f23;--muted:#666b73;--line:#d9dce1;--card:#f5f6f8;--accent:#2f6fde;--user:#eef4ff;--tool:#f7f7f2;--sel:#dbe7ff}
@media (prefers-color-scheme:dark){:root{--bg:#17191c;--fg:#e3e5e8;--muted:#9aa0a8;--line:#33373d;--card:#1f2226;--accent:#7aa7ff;--user:#1d2636;--tool:#202220;--sel:#263a5e}}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
.top{padding:12px 16px;border-bottom:1px solid var(--line)}.top h1{margin:0 0 4px;font-size:18px;overflow-wrap:anywhere;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;line-clamp:2;overflow:hidden}
.facts{color:var(--muted);font-size:12px;display:flex;flex-wrap:wrap;gap:4px 16px}
.layout{display:grid;grid-template-columns:minmax(260px,30%) minmax(0,1fr);height:calc(100vh - 70px)}
.side{border-right:1px solid var(--line);display:flex;flex-direction:column;min-height:0}
.tools{padding:8px;display:flex;flex-wrap:wrap;gap:6px;border-bottom:1px solid var(--line)}
.tools input[type=search]{flex:1 1 100%;padding:4px 6px}
#tree{overflow:auto;flex:1;padding:4px 0;font-size:12px}
.node{display:block;width:100%;text-align:left;border:0;background:none;color:inherit;padding:2px 8px;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font:inherit}
.node:hover{background:var(--card)}.node.on-path{font-weight:600}.node.active{box-shadow:inset 3px 0 var(--accent)}
.node.selected{background:var(--sel)}.node .head{color:var(--muted);margin-right:4px}
.label{display:inline-block;margin:0 6px;padding:0 6px;border-radius:8px;background:var(--accent);color:#fff;font-size:11px;font-weight:600}
main{overflow:auto;padding:12px 20px}
.item{border:1px solid var(--line);border-radius:6px;margin:0 0 10px;padding:8px 12px;overflow-wrap:anywhere}
.item>header{display:flex;gap:8px;align-items:baseline;color:var(--muted);font-size:12px;margin-bottom:4px}
.item>header .role{font-weight:600;color:var(--fg)}.item time{margin-left:auto}
.item.user{background:var(--user)}.item.tool{background:var(--tool)}.item.card{background:var(--card);border-style:dashed}
.item.meta{padding:2px 12px;font-size:12px}.item.meta>header{margin:0}.item.meta .note{margin:0}
.out-of-context{opacity:.7}.note{color:var(--muted)}
pre{overflow:auto;background:var(--card);padding:8px;border-radius:4px;max-height:480px;white-space:pre-wrap;word-break:break-word}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
details>summary{cursor:pointer;color:var(--muted)}.image{max-width:100%;height:auto}
.link-blocked{text-decoration:underline dotted}.image-blocked{color:var(--muted)}
body.hide-thinking .thinking,body.hide-tools .tool,body.hide-hidden .hidden-message{display:none}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in{color:#a626a4}.hljs-string,.hljs-attr{color:#50a14f}
.hljs-comment{color:#a0a1a7;font-style:italic}.hljs-number,.hljs-literal{color:#986801}.hljs-title,.hljs-type{color:#4078f2}
`

/** The page's script: the tree, pi's filters, search, branch switching and the toggles. */
export const PAGE_SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('session-data').textContent);
  var rows = data.rows, tree = document.getElementById('tree');
  var items = document.querySelectorAll('main section.item');
  var modes = ['default', 'no-tools', 'user-only', 'labeled-only', 'all'];
  var kids = rows.map(function () { return 0; }), depth = [], buttons = [];
  rows.forEach(function (r) { if (r.p >= 0) kids[r.p]++; });
  rows.forEach(function (r, i) {
    depth[i] = r.p < 0 ? 0 : depth[r.p] + (kids[r.p] > 1 ? 1 : 0);
    var b = document.createElement('button');
    b.className = 'node'; b.type = 'button'; b.dataset.row = String(i);
    b.style.paddingLeft = (8 + 12 * Math.min(depth[i], 30)) + 'px';
    var head = document.createElement('span'); head.className = 'head'; head.textContent = r.h;
    b.appendChild(head);
    if (r.l) { var l = document.createElement('span'); l.className = 'label'; l.textContent = r.l; b.appendChild(l); }
    b.appendChild(document.createTextNode(r.t));
    b.addEventListener('click', function () { select(i); });
    buttons.push(b); tree.appendChild(b);
  });
  function pathOf(i) { var out = [], seen = {}; for (; i >= 0 && !seen[i]; i = rows[i].p) { seen[i] = 1; out.push(i); } return out; }
  pathOf(data.leaf).forEach(function (i) { buttons[i].classList.add('active'); });
  function select(i) {
    var on = {}; pathOf(i).forEach(function (j) { on[j] = 1; });
    for (var j = 0; j < rows.length; j++) {
      items[j].hidden = !on[j];
      buttons[j].classList.toggle('on-path', !!on[j]);
      buttons[j].classList.toggle('selected', j === i);
    }
    document.body.dataset.selected = String(i);
  }
  var filter = document.getElementById('filter'), search = document.getElementById('search');
  function refilter() {
    var bit = 1 << modes.indexOf(filter.value);
    var tokens = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    rows.forEach(function (r, i) {
      var ok = (r.f & bit) !== 0 && tokens.every(function (t) { return r.s.indexOf(t) >= 0; });
      buttons[i].hidden = !ok;
    });
  }
  filter.addEventListener('change', refilter); search.addEventListener('input', refilter);
  ['thinking', 'tools', 'hidden'].forEach(function (name) {
    var box = document.getElementById('show-' + name);
    var apply = function () { document.body.classList.toggle('hide-' + name, !box.checked); };
    box.addEventListener('change', apply); apply();
  });
  refilter(); select(data.selected);
  if (buttons[data.selected]) buttons[data.selected].scrollIntoView({ block: 'center' });
  document.body.dataset.ready = 'true';
})();
`
