/**
 * HTML export: one self-contained page that opens offline in any browser. The transcript as
 * the session view renders it (html-items.ts), the branch tree with the active path marked,
 * switchable branches, pi's five /tree filters and search (html-page.ts). A strict CSP in the
 * page allows only its own style and script (by hash) and `data:` images: no network request,
 * and no script from session text (which is escaped everywhere).
 */
import { createHash } from 'node:crypto'
import {
  FILTER_MODES,
  passesFilter,
  searchText,
} from '../../renderer/src/features/branch-tree/filters'
import { parentRows } from '../../preload/contract/row-parents'
import { escapeHtml } from './html-text'
import { itemHtml, type ImageSource } from './html-items'
import { PAGE_CSS, PAGE_SCRIPT } from './html-page'
import type { ExportDoc } from './scope'

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** The page's Content-Security-Policy: nothing but its own style, script and data: images. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(PAGE_CSS)}`,
  `script-src ${sha256(PAGE_SCRIPT)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

/**
 * JSON for a `<script type="application/json">` block: `<` is written `\u003c`, so no
 * `</script>` or `<!--` in session text can end or change the block.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Tree rows as the page script reads them (short keys: the tree is the page's largest JSON). */
function pageRows(doc: ExportDoc): unknown[] {
  const parents = parentRows(doc.rows)
  return doc.rows.map((row, i) => {
    let mask = 0
    FILTER_MODES.forEach((mode, bit) => {
      if (passesFilter(row, mode, i === doc.selected)) mask |= 1 << bit
    })
    return {
      p: parents[i],
      h: row.head,
      t: row.text,
      ...(row.label !== undefined ? { l: row.label } : {}),
      f: mask,
      s: searchText(row),
    }
  })
}

function fact(name: string, value: string | null): string {
  return value ? `<span>${escapeHtml(name)}: ${escapeHtml(value)}</span>` : ''
}

function header(doc: ExportDoc): string {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  const facts = [
    fact('Session', doc.name),
    fact('File', doc.fileName),
    fact('cwd', doc.cwd),
    fact('Created', date(doc.created)),
    fact('Modified', date(doc.modified)),
    fact('Models', doc.models.join(', ') || null),
    fact('Tokens', String(doc.usage.totalTokens)),
    fact('Cost', `$${doc.usage.cost.toFixed(4)}`),
  ].join('')
  return `<header class="top"><h1>${escapeHtml(doc.title)}</h1><div class="facts">${facts}</div></header>`
}

const TOOLS = `<div class="tools"><select id="filter" aria-label="Tree filter">${FILTER_MODES.map(
  (m) => `<option value="${m}">${m}</option>`,
).join('')}</select>
<label><input type="checkbox" id="show-thinking" checked> Thinking</label>
<label><input type="checkbox" id="show-tools" checked> Tools</label>
<label><input type="checkbox" id="show-hidden"> Hidden messages</label>
<input type="search" id="search" placeholder="Search the tree" aria-label="Search the tree"></div>`

/**
 * Renders the HTML page of `doc` in chunks (one per item), so a large session streams.
 * @param images image data for inline images; null omits every image with a note
 */
export function* renderHtml(doc: ExportDoc, images: ImageSource | null): Generator<string> {
  yield `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(doc.title)}</title><style>${PAGE_CSS}</style></head><body>
${header(doc)}<div class="layout"><nav class="side" aria-label="Branch tree">${TOOLS}<div id="tree"></div></nav><main>\n`
  for (let i = 0; i < doc.items.length; i++) {
    yield itemHtml(doc.items[i]!, i, doc.rows[i]!.label, images)
  }
  const data = { rows: pageRows(doc), selected: doc.selected, leaf: doc.selected }
  yield `</main></div>\n<script type="application/json" id="session-data">${scriptJson(data)}</script>\n<script>${PAGE_SCRIPT}</script></body></html>\n`
}
