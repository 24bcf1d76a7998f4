/**
 * Markdown for hostile session text (ARCHITECTURE.md rule 7): react-markdown with GitHub
 * flavour and code highlighting, never raw HTML (no rehype-raw: HTML shows as text). Links only
 * for absolute http/https URLs; images are never fetched (a placeholder shows the URL; CSP
 * allows only 'self' and data: anyway). Code blocks have a copy button. Very long text falls
 * back to plain, cut text.
 */
import { memo, useMemo, useRef, type ComponentProps, type ReactElement } from 'react'
import ReactMarkdown, { type Components, type Options } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { TextCut } from '../../../preload/contract/session-view'
import { CollapsibleText } from './CollapsibleText'
import { CopyButton } from './CopyButton'
import { rehypeHighlighter } from './highlighter'
import { RenderCache } from './markdown-cache'
import { safeExternalUrl } from './links'
import { rehypeMarks } from './markdown-marks'
import { useMarks } from './marks'
import { BlockedImage } from './markdown-image'
import './markdown.css'

/** Beyond this many characters, markdown parsing gets slow: show plain text instead. */
const MARKDOWN_MAX = 100_000
/** Beyond this many characters, skip syntax highlighting. */
const HIGHLIGHT_MAX = 30_000

function Link({ href, children }: ComponentProps<'a'>) {
  const url = safeExternalUrl(href)
  if (!url) {
    return (
      <span className="md-link-blocked" title={href ? `Not a web link: ${href}` : undefined}>
        {children}
      </span>
    )
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      onClick={(e) => {
        if (!safeExternalUrl(e.currentTarget.href)) e.preventDefault()
      }}
    >
      {children}
    </a>
  )
}

/** A code block with a copy button (copies the code as written, without its last newline). */
function CodeBlock({
  children,
  node: _node,
  ...props
}: ComponentProps<'pre'> & { node?: unknown }) {
  const pre = useRef<HTMLPreElement>(null)
  return (
    <div className="code-block">
      <pre ref={pre} {...props}>
        {children}
      </pre>
      <CopyButton
        label="Copy code"
        testId="copy-code"
        text={() => (pre.current?.textContent ?? '').replace(/\n$/, '')}
      />
    </div>
  )
}

const components: Components = { a: Link, img: BlockedImage, pre: CodeBlock }
const remark = [remarkGfm]
/** Renderings of texts shown without marks (their plugins follow from the text alone). */
const rendered = new RenderCache<ReactElement>()

/**
 * Renders `text` as inert markdown, the words of the marks in effect marked; a text main sent
 * `cut` (always longer than MARKDOWN_MAX) is plain text with "show all".
 */
export const Markdown = memo(function Markdown({ text, cut }: { text: string; cut?: TextCut }) {
  const marks = useMarks()
  const element = useMemo(() => {
    if (text.length > MARKDOWN_MAX) return null
    const base = text.length > HIGHLIGHT_MAX ? [] : (rehypeHighlighter ?? [])
    const options: Options = {
      children: text,
      remarkPlugins: remark,
      rehypePlugins: marks ? [...base, rehypeMarks(marks)] : base,
      components,
      skipHtml: false,
    }
    // react-markdown's synchronous component is a plain function of its options (no hooks):
    // its element is kept and given again, so the same text is parsed once.
    return marks ? ReactMarkdown(options) : rendered.get(text, () => ReactMarkdown(options))
  }, [marks, text])
  if (element === null || cut !== undefined) return <CollapsibleText text={text} cut={cut} />
  return <div className="markdown">{element}</div>
})
