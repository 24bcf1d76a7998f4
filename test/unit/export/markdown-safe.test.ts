/**
 * The Markdown export carries no script from session text (markdown-safe.ts): raw HTML shows
 * as text and a link that is not a web address is not a link, while code, web links and plain
 * Markdown stay as written. The whole export is read by a Markdown renderer that lets raw HTML
 * through (as a viewer that renders HTML does): nothing in its HTML can run.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { toHtml } from 'hast-util-to-html'
import type { Root } from 'hast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { safeInline, safeMarkdown } from '../../../main/export/markdown-safe'
import { SessionManager } from '../../../main/session/index.js'
import { assistant, user } from '../session/samples.js'
import { exportToString } from './helpers'

test('raw HTML and links that are not web addresses become text; code and web links stay', () => {
  const cases: [string, string][] = [
    ['<script>alert(1)</script>', '&lt;script>alert(1)&lt;/script>'],
    ['Look: <img src=x onerror=alert(2)> and', 'Look: &lt;img src=x onerror=alert(2)> and'],
    ['<!-- hidden -->', '&lt;!-- hidden -->'],
    ['[x](javascript:alert(1))', '\\[x](javascript:alert(1))'],
    ['![i](data:image/svg+xml;base64,PHN2Zz4=)', '!\\[i](data:image/svg+xml;base64,PHN2Zz4=)'],
    ['<javascript:alert(1)>', '&lt;javascript:alert(1)>'],
    ['[r]\n\n[r]: javascript:alert(1)', '[r]\n\n\\[r]: javascript:alert(1)'],
    [
      '[ok](https://example.com) and `<b>` and a < b',
      '[ok](https://example.com) and `<b>` and a < b',
    ],
    ['```html\n<script>x()</script>\n```', '```html\n<script>x()</script>\n```'],
    ['[redacted: github] **bold**', '[redacted: github] **bold**'],
  ]
  for (const [text, safe] of cases) assert.equal(safeMarkdown(text), safe, text)
  assert.equal(safeInline('a\n<b onclick=x>'), 'a &lt;b onclick=x>')
  assert.equal(
    safeMarkdown(`<b>${'x'.repeat(100_000)}`),
    null,
    'too long to parse: the caller fences it',
  )
})

/** The HTML a Markdown viewer that renders raw HTML makes of `markdown`. */
function viewerHtml(markdown: string): string {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: true })
  return toHtml(processor.runSync(processor.parse(markdown)) as Root, { allowDangerousHtml: true })
}

test('a Markdown export of script-bearing session text runs nothing in a viewer that renders HTML', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-md-safe-'))
  try {
    const manager = SessionManager.create('/work/xss', dir)
    const asked = manager.appendMessage(
      user('Look: <script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))'),
    )
    manager.appendMessage(assistant('<details open ontoggle=alert(4)>x</details>\n\n`<b>kept</b>`'))
    manager.appendLabelChange(asked, '<img src=x onerror=alert(5)>')
    manager.appendSessionInfo('[name](javascript:alert(6))')
    const { text } = await exportToString(manager.getSessionFile() as string, {
      format: 'markdown',
      redact: false,
    })
    const html = viewerHtml(text)
    // No element of the session's, no handler on any element, no script link.
    assert.doesNotMatch(html, /<script|<img|<details|<[a-z][^>]*\son\w+=|href="javascript/i)
    // Shown as text, and the code span as code.
    assert.match(html, /&#x3C;script>alert\(1\)/)
    assert.match(html, /<code>&#x3C;b>kept&#x3C;\/b><\/code>/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
