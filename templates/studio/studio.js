// gridpress studio: the page's behaviour. Plain JavaScript, no libraries, no build step.
// The server does the real work (check, preview, build: see docs/studio.md); this file keeps the
// YAML text and the form in step, marks problems and shows pages.
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  schema: null,        // GET /api/schema
  keys: new Map(),     // "table.name" -> key info
  first: 1,            // first page shown
  perPage: 4,
  total: 0,
  timer: null,
  checkSeq: 0,
  previewCtrl: null,
  diags: [],
  form: null,
  urls: [],            // blob URLs of the pages shown
};

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
const specName = () => $('spec-name').value.trim() || 'book.yaml';
const query = (more = '') => '?name=' + encodeURIComponent(specName()) + more;

function setStatus(text, kind = '') {
  const s = $('status');
  s.textContent = text;
  s.className = kind;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = body;
    init.headers['Content-Type'] = 'text/plain; charset=utf-8';
  }
  const res = await fetch(path, init);
  const type = res.headers.get('Content-Type') || '';
  const data = type.startsWith('application/json') ? await res.json() : await res.text();
  return { status: res.status, data };
}

// ---- The editor: a textarea over a layer that marks the lines with problems ----

function paintEditor() {
  const lines = $('yaml').value.split('\n');
  const bad = new Set(state.diags.filter((d) => d.line > 0).map((d) => d.line));
  $('gutter').innerHTML = lines.map((_, i) => (bad.has(i + 1) ? `<span class="bad">${i + 1}</span>` : String(i + 1))).join('\n') + '\n';
  $('marks').innerHTML = lines
    .map((l, i) => `<span class="${bad.has(i + 1) ? 'bad' : ''}" data-line="${i + 1}">${esc(l) || ' '}</span>`)
    .join('\n') + '\n';
  syncScroll();
}

function syncScroll() {
  const y = $('yaml');
  $('marks').scrollTop = y.scrollTop;
  $('marks').scrollLeft = y.scrollLeft;
  $('gutter').scrollTop = y.scrollTop;
}

function gotoLine(line, column) {
  const y = $('yaml');
  const lines = y.value.split('\n');
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  const start = pos + Math.max(0, (column || 1) - 1);
  y.focus();
  y.setSelectionRange(start, pos + (lines[line - 1] || '').length);
  y.scrollTop = Math.max(0, (line - 4) * 19);
  syncScroll();
}

function showDiagnostics(result) {
  state.diags = result.diagnostics || [];
  const list = $('diagnostics');
  list.innerHTML = '';
  for (const d of state.diags) {
    const li = document.createElement('li');
    li.dataset.line = d.line;
    li.dataset.key = d.key;
    const where = d.line ? `${d.file && d.file !== specName() ? d.file + ':' : ''}${d.line}:${d.column}` : d.file || '';
    li.innerHTML = `<span class="where">${esc(where)}</span>${esc(d.message)}`;
    li.title = d.text;
    if (d.line && (!d.file || d.file === specName())) li.addEventListener('click', () => gotoLine(d.line, d.column));
    list.appendChild(li);
  }
  document.querySelectorAll('.field.bad').forEach((f) => f.classList.remove('bad'));
  for (const d of state.diags) {
    if (!d.key) continue;
    document.querySelectorAll(`.field[data-key="${CSS.escape(d.key)}"]`).forEach((f) => f.classList.add('bad'));
  }
  $('summary').textContent = result.summary || '';
  paintEditor();
}

// ---- Checking as you type, then the preview ----

function changed() {
  paintEditor();
  clearTimeout(state.timer);
  state.timer = setTimeout(checkNow, 300);
}

async function checkNow() {
  const seq = ++state.checkSeq;
  const text = $('yaml').value;
  let r;
  try {
    r = await api('POST', '/api/check' + query(), text);
  } catch (e) {
    setStatus('the studio is not answering', 'bad');
    return;
  }
  if (seq !== state.checkSeq) return;  // a newer edit is being checked
  if (typeof r.data !== 'object') return setStatus(`check: HTTP ${r.status}`, 'bad');
  if (r.data.error) return setStatus(r.data.error, 'bad');
  showDiagnostics(r.data);
  if (!r.data.ok) {
    const n = r.data.diagnostics.length;
    setStatus(`${n} ${n === 1 ? 'problem' : 'problems'}`, 'bad');
    return;
  }
  fillForm(r.data.form);
  preview();
}

async function preview() {
  if (state.previewCtrl) state.previewCtrl.abort();  // the server drops the older one too
  const ctrl = new AbortController();
  state.previewCtrl = ctrl;
  $('pages').classList.add('busy');
  setStatus('rendering pages…');
  const started = performance.now();
  let res, data;
  try {
    res = await fetch('/api/preview' + query(`&page=${state.first}&count=${state.perPage}`), {
      method: 'POST', body: $('yaml').value, signal: ctrl.signal,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    data = await res.json();
  } catch (e) {
    if (e.name !== 'AbortError') setStatus('preview failed: ' + e.message, 'bad');
    return;
  }
  if (state.previewCtrl !== ctrl || res.status === 409) return;  // superseded
  $('pages').classList.remove('busy');
  if (!data.ok) {
    showDiagnostics(data);
    setStatus(data.error || 'cannot preview: see the problems', 'bad');
    return;
  }
  showPages(data);
  const generated = data.generated ? `, ${data.generated} section${data.generated === 1 ? '' : 's'} generated` : '';
  setStatus(`preview in ${Math.round(performance.now() - started)} ms${generated}`, 'ok');
}

function showPages(data) {
  for (const u of state.urls) URL.revokeObjectURL(u);
  state.urls = [];
  state.total = data.total_pages;
  const box = $('pages');
  box.innerHTML = '';
  for (const p of data.pages) {
    const url = URL.createObjectURL(new Blob([p.svg], { type: 'image/svg+xml' }));
    state.urls.push(url);
    const fig = document.createElement('figure');
    fig.className = 'page';
    fig.dataset.page = p.number;
    const img = document.createElement('img');
    img.alt = `page ${p.number}`;
    img.src = url;
    const cap = document.createElement('figcaption');
    cap.textContent = p.number > data.book_pages ? `answers page ${p.number - data.book_pages}` : `page ${p.number}`;
    fig.append(img, cap);
    box.appendChild(fig);
  }
  if (!data.pages.length) box.innerHTML = '<p class="empty">No pages.</p>';
  const last = data.pages.length ? data.pages[data.pages.length - 1].number : 0;
  $('page-range').textContent = data.pages.length ? `${data.pages[0].number}–${last} of ${data.total_pages}` : '';
  $('prev').disabled = state.first <= 1;
  $('next').disabled = last >= data.total_pages;
  $('goto').max = data.total_pages;
}

function showPage(first) {
  state.first = Math.max(1, Math.min(first, Math.max(1, state.total)));
  $('goto').value = state.first;
  preview();
}

// ---- The form: built from the spec's schema, kept in step with the text ----

const FORM = [
  { legend: 'Book', fields: [['top', 'title'], ['top', 'subtitle'], ['top', 'author'], ['top', 'profile'], ['top', 'seed']] },
  { legend: 'Sections', sections: ['name', 'variant', 'count', 'difficulty', 'grid', 'clues'] },
  { legend: 'Answers', fields: [['answers', 'enabled'], ['answers', 'placement'], ['answers', 'layout']] },
  { legend: 'Class list', fields: [['worksheet', 'names']] },
  { legend: 'Newspaper days', fields: [['newspaper', 'days'], ['newspaper', 'start_date']] },
];

function keyInfo(table, name) {
  return state.keys.get(table + '.' + name) || { kind: 'text', name, notes: '', type: '', default: '' };
}

function makeInput(table, name, onChange) {
  const k = keyInfo(table, name);
  let el;
  const options = (list, blank) => {
    el = document.createElement('select');
    el.innerHTML = (blank ? `<option value="">${esc(blank)}</option>` : '') +
      list.map((c) => `<option value="${esc(c)}">${esc(c)}</option>`).join('');
  };
  if (table === 'top' && name === 'profile') options(state.schema.profiles, '(none)');
  else if (table === 'section' && name === 'variant') options(state.schema.variants);
  else if (table === 'section' && name === 'difficulty') options(state.schema.bands, '(any)');
  else if (k.kind === 'choice') options(k.choices);
  else if (k.kind === 'bool') {
    el = document.createElement('input');
    el.type = 'checkbox';
  } else if (table === 'worksheet' && name === 'names') {
    el = document.createElement('textarea');
    el.rows = 3;
    el.placeholder = 'one name a line';
  } else {
    el = document.createElement('input');
    if (k.kind === 'whole' || k.kind === 'number') {
      el.type = 'number';
      el.min = k.lo;
      el.max = k.hi;
    }
    if (k.default) el.placeholder = k.default;
  }
  el.title = [k.type, k.default && 'default ' + k.default, k.notes].filter(Boolean).join(' · ');
  el.addEventListener('change', () => onChange(el.type === 'checkbox' ? el.checked : el.value, k));
  return el;
}

function field(label, key, input) {
  const div = document.createElement('div');
  div.className = 'field';
  div.dataset.key = key;
  const l = document.createElement('label');
  l.textContent = label;
  l.title = key;
  div.append(l, input);
  return div;
}

function buildForm() {
  const form = $('form');
  form.innerHTML = '';
  for (const group of FORM) {
    const fs = document.createElement('fieldset');
    const lg = document.createElement('legend');
    lg.textContent = group.legend;
    fs.appendChild(lg);
    if (group.fields) {
      for (const [table, name] of group.fields) {
        const path = table === 'top' ? name : `${table}.${name}`;
        const input = makeInput(table, name, (v, k) => editTop(path, v, k));
        input.dataset.path = path;
        fs.appendChild(field(name.replace('_', ' '), path, input));
      }
    } else {
      fs.id = 'sections';
    }
    form.appendChild(fs);
  }
  fillSections([]);
}

function fillSections(sections) {
  const fs = $('sections');
  const legend = fs.querySelector('legend');
  fs.innerHTML = '';
  fs.appendChild(legend);
  sections.forEach((s, i) => {
    const box = document.createElement('fieldset');
    const head = document.createElement('legend');
    head.className = 'section-head';
    head.textContent = `section ${i + 1} `;
    const del = document.createElement('button');
    del.type = 'button';
    del.className = 'small';
    del.textContent = '×';
    del.title = 'remove this section';
    del.addEventListener('click', () => applyEdit((lines) => removeSection(lines, i)));
    head.appendChild(del);
    box.appendChild(head);
    for (const name of FORM[1].sections) {
      const input = makeInput('section', name, (v, k) => editSection(i, name, v, k));
      input.dataset.section = i;
      input.dataset.name = name;
      box.appendChild(field(name, `sections[${i}].${name}`, input));
    }
    fs.appendChild(box);
  });
  const add = document.createElement('button');
  add.type = 'button';
  add.textContent = '+ section';
  add.addEventListener('click', () => applyEdit((lines) => addSection(lines, sections.length + 1)));
  fs.appendChild(add);
}

function setInput(el, value) {
  if (el === document.activeElement) return;  // never under the user's fingers
  if (el.type === 'checkbox') el.checked = !!value;
  else el.value = Array.isArray(value) ? value.join('\n') : value == null ? '' : String(value);
}

function fillForm(f) {
  state.form = f;
  for (const el of $('form').querySelectorAll('[data-path]')) {
    const v = el.dataset.path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), f);
    setInput(el, el.dataset.path === 'worksheet.names' ? f.names : v);
  }
  if ($('sections').querySelectorAll('fieldset').length !== f.sections.length) fillSections(f.sections);
  for (const el of $('sections').querySelectorAll('[data-section]')) {
    const s = f.sections[Number(el.dataset.section)];
    if (s) setInput(el, s[el.dataset.name]);
  }
}

// ---- Editing the YAML text line by line (comments and layout stay as they are) ----

const indentOf = (l) => l.length - l.trimStart().length;
const blankOrComment = (l) => l.trim() === '' || l.trim().startsWith('#');

function yamlScalar(v, k) {
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const s = String(v).trim();
  if (k && (k.kind === 'whole' || k.kind === 'number') && /^-?[0-9.]+$/.test(s)) return s;
  if (k && k.kind === 'custom') return s;  // clues, grid, seed: as typed
  if (/^[A-Za-z][A-Za-z0-9 ._\-\/]*$/.test(s) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(s)) return s;
  return JSON.stringify(s);  // a double-quoted YAML scalar
}

// The end (exclusive) of the block under line `at`: the lines indented more than `indent`.
function blockEnd(lines, at, indent) {
  let end = at + 1;
  for (let i = at + 1; i < lines.length; i++) {
    if (blankOrComment(lines[i])) continue;
    if (indentOf(lines[i]) <= indent) break;
    end = i + 1;
  }
  return end;
}

function findKey(lines, from, to, indent, key) {
  const re = new RegExp(`^(- )?${key}:(\\s|$)`);
  for (let i = from; i < to; i++) {
    if (indentOf(lines[i]) === indent && re.test(lines[i].trimStart())) return i;
  }
  return -1;
}

// `line` with its value replaced by `raw`, keeping its indent, a "- " and a trailing comment.
function withValue(line, raw) {
  const m = line.match(/^(\s*(?:- )?[A-Za-z_][\w]*:)(\s*)(.*)$/);
  if (!m) return line;
  const rest = m[3];
  const hash = rest.search(/\s#/);
  const comment = hash >= 0 && !/["']/.test(rest.slice(0, hash)) ? '   ' + rest.slice(hash).trim() : '';
  return `${m[1]} ${raw}${comment}`;
}

// Sets (or, with an empty value, removes) `key` at `indent` within lines [from, to).
function setIn(lines, from, to, indent, key, raw, insertAt) {
  const i = findKey(lines, from, to, indent, key);
  if (i >= 0) {
    const end = blockEnd(lines, i, indent);  // a value written as a block below the key goes too
    if (raw === '') lines.splice(i, end - i);
    else lines.splice(i, end - i, withValue(lines[i], raw));
  } else if (raw !== '') {
    lines.splice(insertAt, 0, ' '.repeat(indent) + `${key}: ${raw}`);
  }
}

function editTop(path, value, k) {
  let raw = value === '' ? '' : yamlScalar(value, k);
  if (path === 'worksheet.names') {
    const names = String(value).split('\n').map((n) => n.trim()).filter(Boolean);
    raw = names.length ? '[' + names.map((n) => yamlScalar(n)).join(', ') + ']' : '';
  }
  applyEdit((lines) => {
    const [a, b] = path.split('.');
    if (!b) {
      // A new top-level key goes after the last "key: value" line before the first mapping.
      let at = 0;
      for (let i = 0; i < lines.length; i++) {
        if (blankOrComment(lines[i]) || indentOf(lines[i]) > 0) continue;
        if (/^[A-Za-z_]\w*:\s*(#.*)?$/.test(lines[i])) break;
        at = i + 1;
      }
      setIn(lines, 0, lines.length, 0, a, raw, at);
      return;
    }
    const top = findKey(lines, 0, lines.length, 0, a);
    if (top < 0) {
      if (raw !== '') lines.push('', `${a}:`, `  ${b}: ${raw}`);
      return;
    }
    const end = blockEnd(lines, top, 0);
    let indent = 2;
    for (let i = top + 1; i < end; i++) if (!blankOrComment(lines[i])) { indent = indentOf(lines[i]); break; }
    setIn(lines, top + 1, end, indent, b, raw, top + 1);
  });
}

// The sections block: [first item line, end) and the item starts.
function sectionItems(lines) {
  const top = findKey(lines, 0, lines.length, 0, 'sections');
  if (top < 0) return null;
  const end = blockEnd(lines, top, 0);
  const starts = [];
  let itemIndent = -1;
  for (let i = top + 1; i < end; i++) {
    if (blankOrComment(lines[i])) continue;
    const t = lines[i].trimStart();
    if (itemIndent < 0 && t.startsWith('- ')) itemIndent = indentOf(lines[i]);
    if (t.startsWith('- ') && indentOf(lines[i]) === itemIndent) starts.push(i);
  }
  return { top, end, starts, itemIndent: Math.max(itemIndent, 2) };
}

function editSection(index, name, value, k) {
  const raw = value === '' ? '' : yamlScalar(value, k);
  applyEdit((lines) => {
    const s = sectionItems(lines);
    if (!s || index >= s.starts.length) return;
    const from = s.starts[index];
    const to = index + 1 < s.starts.length ? s.starts[index + 1] : s.end;
    const keyIndent = s.itemIndent + 2;
    // The item's first line holds "- key: value" (at the item's indent).
    const first = lines[from].trimStart().slice(2);
    if (new RegExp(`^${name}:(\\s|$)`).test(first)) {
      if (raw === '') return;  // the first key of an item stays
      lines[from] = withValue(lines[from], raw);
      return;
    }
    let last = to;
    while (last > from + 1 && blankOrComment(lines[last - 1])) last--;
    setIn(lines, from + 1, to, keyIndent, name, raw, last);
  });
}

function addSection(lines, n) {
  const s = sectionItems(lines);
  const item = (sp) => [`${sp}- name: Section ${n}`, `${sp}  count: 10`];
  if (!s) {
    lines.push('', 'sections:', ...item('  '));
    return;
  }
  let at = s.end;
  lines.splice(at, 0, ...item(' '.repeat(s.itemIndent)));
}

function removeSection(lines, index) {
  const s = sectionItems(lines);
  if (!s || index >= s.starts.length) return;
  const from = s.starts[index];
  let to = index + 1 < s.starts.length ? s.starts[index + 1] : s.end;
  lines.splice(from, to - from);
}

function applyEdit(edit) {
  const y = $('yaml');
  const top = y.scrollTop;
  const lines = y.value.split('\n');
  edit(lines);
  y.value = lines.join('\n');
  y.scrollTop = top;
  changed();
}

// ---- Files: starters, open, save, build ----

async function loadText(text, name) {
  if (name) $('spec-name').value = name;
  $('yaml').value = text;
  state.first = 1;
  $('goto').value = 1;
  changed();
}

async function save() {
  const r = await api('POST', '/api/save' + query(), $('yaml').value);
  if (r.data.ok) setStatus(`saved ${r.data.saved}`, 'ok');
  else setStatus(r.data.error || 'not saved', 'bad');
}

async function build() {
  const button = $('build');
  button.disabled = true;
  $('build-box').hidden = false;
  $('downloads').innerHTML = '';
  $('build-what').textContent = 'starting the build…';
  $('build-progress').removeAttribute('value');
  try {
    const r = await api('POST', '/api/build' + query(), $('yaml').value);
    if (!r.data.ok) {
      if (r.data.diagnostics) showDiagnostics(r.data);
      $('build-what').textContent = r.data.error || 'the spec has problems: see the list under the text';
      return;
    }
    const job = r.data.job;
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 250));
      const s = (await api('GET', `/api/build?job=${job}`)).data;
      const p = s.progress || {};
      if (s.state === 'queued') $('build-what').textContent = 'waiting for another build…';
      else if (s.state === 'running') {
        $('build-what').textContent = p.what ? `${p.what} (${p.done} of ${p.total})` : 'building…';
        if (p.total > 0) {
          $('build-progress').max = p.total;
          $('build-progress').value = p.done;
        }
      } else {
        finished(s);
        return;
      }
    }
  } catch (e) {
    $('build-what').textContent = 'build failed: ' + e.message;
  } finally {
    button.disabled = false;
  }
}

function finished(s) {
  $('build-progress').max = 1;
  $('build-progress').value = s.state === 'done' ? 1 : 0;
  if (s.state !== 'done') {
    $('build-what').textContent = `build ${s.state}`;
    if (s.diagnostics) showDiagnostics(s);
    setStatus(`build ${s.state}`, 'bad');
    return;
  }
  const notes = [...(s.warnings || []), ...(s.findings || [])];
  $('build-what').textContent = `built ${s.files.length} file${s.files.length === 1 ? '' : 's'} in ${$('status').dataset.folder || 'the folder'}` +
    (notes.length ? ` — ${notes.length} note${notes.length === 1 ? '' : 's'}: ${notes.join('; ')}` : '');
  for (const f of s.files) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = '/api/file?path=' + encodeURIComponent(f);
    a.download = f.split('/').pop();
    a.textContent = f;
    li.appendChild(a);
    $('downloads').appendChild(li);
  }
  setStatus('built', 'ok');
}

async function init() {
  const r = await api('GET', '/api/schema');
  state.schema = r.data;
  for (const k of r.data.keys) state.keys.set(k.table + '.' + k.name, k);
  $('status').dataset.folder = r.data.folder;
  for (const s of r.data.starters) $('starter').add(new Option(s, s));
  for (const s of r.data.specs) $('open').add(new Option(s, s));
  buildForm();
  const y = $('yaml');
  y.addEventListener('input', changed);
  y.addEventListener('scroll', syncScroll);
  y.addEventListener('keydown', (e) => {  // Tab indents by two spaces
    if (e.key !== 'Tab') return;
    e.preventDefault();
    y.setRangeText('  ', y.selectionStart, y.selectionEnd, 'end');
    changed();
  });
  $('spec-name').addEventListener('change', changed);
  $('starter').addEventListener('change', async (e) => {
    if (!e.target.value) return;
    const t = await api('GET', '/api/starter?name=' + encodeURIComponent(e.target.value));
    loadText(t.data, e.target.value + '.yaml');
    e.target.value = '';
  });
  $('open').addEventListener('change', async (e) => {
    if (!e.target.value) return;
    const t = await api('GET', '/api/spec?name=' + encodeURIComponent(e.target.value));
    loadText(t.data, e.target.value);
    e.target.value = '';
  });
  $('save').addEventListener('click', save);
  $('build').addEventListener('click', build);
  $('prev').addEventListener('click', () => showPage(state.first - state.perPage));
  $('next').addEventListener('click', () => showPage(state.first + state.perPage));
  $('goto').addEventListener('change', (e) => showPage(Number(e.target.value) || 1));
  // Start from the folder's book.yaml, its first spec, or the paperback starter.
  const specs = r.data.specs;
  const name = specs.includes('book.yaml') ? 'book.yaml' : specs[0];
  if (name) loadText((await api('GET', '/api/spec?name=' + encodeURIComponent(name))).data, name);
  else if (r.data.starters.includes('paperback'))
    loadText((await api('GET', '/api/starter?name=paperback')).data, 'book.yaml');
  else loadText('title: My book\nsections:\n  - name: Puzzles\n    count: 10\n', 'book.yaml');
}

init();
