/**
 * Session text as inert HTML for the HTML export, the way the session view's Markdown component
 * shows it (ARCHITECTURE.md rule 7): GitHub-flavoured Markdown with code highlighting and never
 * raw HTML (remark-rehype drops it, so `<script>` in a message shows as nothing executable),
 * links only for absolute http/https URLs, images from the web never loaded (a placeholder
 * with the URL). Very long text is plain escaped text.
 */
import type { Element, ElementContent, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'

/** Beyond this many characters Markdown parsing gets slow: plain text instead (as the view). */
const MARKDOWN_MAX = 100_000
/** Beyond this many characters, no syntax highlighting (as the view). */
const HIGHLIGHT_MAX = 30_000

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The URL when `href` is an absolute http(s) URL, else null (the view's link rule). */
export function webUrl(href: unknown): string | null {
  if (typeof href !== 'string') return null
  try {
    const url = new URL(href)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function span(className: string, children: ElementContent[], title?: string): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: title ? { className: [className], title } : { className: [className] },
    children,
  }
}

/** Links keep only web URLs (new tab, no opener); images become a placeholder naming the URL. */
function inert() {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName === 'a') {
        const url = webUrl(node.properties.href)
        if (url) node.properties = { href: url, target: '_blank', rel: ['noopener', 'noreferrer'] }
        else if (parent && index !== undefined) {
          parent.children[index] = span('link-blocked', node.children, 'Not a web link')
        }
      } else if (node.tagName === 'img' && parent && index !== undefined) {
        const alt = typeof node.properties.alt === 'string' ? `: ${node.properties.alt}` : ''
        const src = typeof node.properties.src === 'string' ? node.properties.src : ''
        parent.children[index] = span('image-blocked', [
          { type: 'text', value: `[image${alt}] ` },
          {
            type: 'element',
            tagName: 'code',
            properties: {},
            children: [{ type: 'text', value: src }],
          },
        ])
      }
    })
  }
}

const plain = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(inert)
const highlighted = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeHighlight, { detect: false })
  .use(inert)

/**
 * Text in which Markdown finds no syntax: none of its marker characters, no list numbers, web
 * addresses or e-mail, no control characters, no line with leading or trailing blanks. For such
 * text the parser's output is known (paragraphs at blank lines), and building it directly is many
 * times faster (a unit test checks both give the same HTML).
 */
const MARKUP =
  // eslint-disable-next-line no-control-regex
  /[*_`#>[\]|~\\<&!=+@\-\t\r\u0000-\u0008\u000b\u000c\u000e-\u001f]|:\/\/|www\.|^\d+[.)]|^ | $/m

/** The HTML Markdown makes of plain text (see MARKUP), or null when the text is not plain. */
export function plainParagraphs(text: string): string | null {
  if (MARKUP.test(text)) return null
  const paragraphs = text
    .replace(/^\n+|\n+$/g, '')
    .split(/\n{2,}/)
    .filter((p) => p !== '')
  if (paragraphs.length === 0) return null
  return `<div class="md">${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</div>`
}

/** Session Markdown as inert HTML (see the file comment). */
export function markdownHtml(text: string): string {
  if (text.length > MARKDOWN_MAX) return `<pre class="plain">${escapeHtml(text)}</pre>`
  return plainParagraphs(text) ?? parsedMarkdownHtml(text)
}

/** `markdownHtml` through the Markdown parser, whatever the text (the fast path's reference). */
export function parsedMarkdownHtml(text: string): string {
  const processor = text.length > HIGHLIGHT_MAX ? plain : highlighted
  const tree = processor.runSync(processor.parse(text)) as Root
  return `<div class="md">${toHtml(tree)}</div>`
}

/** Program output or JSON as an escaped code block. */
export function codeHtml(text: string, className = ''): string {
  return `<pre class="code ${className}"><code>${escapeHtml(text)}</code></pre>`
}
