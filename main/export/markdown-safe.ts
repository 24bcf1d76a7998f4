/**
 * Session text made safe to put in a Markdown export: a Markdown viewer that renders HTML runs
 * nothing from the session. Raw HTML in the text (a tag, a comment) is shown as text, its `<`
 * written `&lt;`; a link or image whose address is not a web address (`javascript:`, `data:`,
 * a file) is shown as text too, as the session view shows it (html-text.ts `webUrl`). Code
 * spans and fences are left as written: their text is never HTML. Found by the Markdown parser
 * the view uses (remark with GitHub's extensions), so what is changed is exactly what a viewer
 * would have read as HTML or as such a link.
 */
import type { Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { webUrl } from './html-text'

/** Beyond this many characters the text is not parsed: it goes in a code fence instead. */
export const SAFE_MARKDOWN_MAX = 100_000

const parser = unified().use(remarkParse).use(remarkGfm)

/**
 * `text` (Markdown) with raw HTML and non-web links turned into text (see the file comment).
 * @returns null when `text` is longer than {@link SAFE_MARKDOWN_MAX}: the caller shows it as code
 */
export function safeMarkdown(text: string): string | null {
  // Neither HTML nor a link can start without one of these.
  if (!/[<[]/.test(text)) return text
  if (text.length > SAFE_MARKDOWN_MAX) return null
  const edits = new Map<number, string>()
  const tree = parser.parse(text) as Root
  visit(tree, (node) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) return
    if (node.type === 'html') {
      for (let i = text.indexOf('<', start); i >= 0 && i < end; i = text.indexOf('<', i + 1))
        edits.set(i, '&lt;')
    } else if (
      (node.type === 'link' || node.type === 'image' || node.type === 'definition') &&
      webUrl(node.url) === null
    ) {
      // Not a link any more: its opening bracket (or an autolink's `<`) escaped.
      const at = text[start] === '!' ? start + 1 : start
      if (text[at] === '[') edits.set(at, '\\[')
      else if (text[at] === '<') edits.set(at, '&lt;')
    }
  })
  if (edits.size === 0) return text
  let out = ''
  let from = 0
  for (const at of [...edits.keys()].sort((a, b) => a - b)) {
    out += text.slice(from, at) + (edits.get(at) as string)
    from = at + 1
  }
  return out + text.slice(from)
}

/**
 * A one-line string from the session (a label, a session name, a model, a tool's name) as
 * Markdown inside a line of ours: line breaks made spaces, then {@link safeMarkdown}.
 */
export function safeInline(text: string): string {
  const line = text.replace(/[\r\n]+/g, ' ')
  return safeMarkdown(line) ?? plainMarkdown(line)
}

/**
 * A string as Markdown text with every character Markdown or HTML reads as markup escaped
 * (inside our own brackets, where a `](` from the session would open a link), line breaks
 * made spaces.
 */
export function plainMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]()<>!#|~&]/g, '\\$&')
}
