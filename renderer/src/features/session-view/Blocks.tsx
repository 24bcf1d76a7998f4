/**
 * Message content blocks: text as markdown, thinking collapsed, tool calls with their
 * arguments and the status of their paired result, images fetched lazily.
 */
import { useContext } from 'react'
import type { ContentBlock } from '../../../../preload/contract/session-view'
import { CollapsibleText } from '../../components/CollapsibleText'
import { Marked } from '../../components/marks'
import { KeptDetails } from '../../components/KeptDetails'
import { TextOwner } from '../../components/kept-view'
import { LazyImage } from '../../components/LazyImage'
import { Markdown } from '../../components/Markdown'
import { showsText } from './message-text'
import { useTranscriptNav } from './nav'
import { formatCount } from '../../components/format'

/** Props of {@link Blocks}. */
export interface BlocksProps {
  blocks: readonly ContentBlock[]
  sessionId: string
  /** Tool output and the like: plain text instead of markdown. */
  plain?: boolean
}

function ToolCall({ block }: { block: Extract<ContentBlock, { type: 'toolCall' }> }) {
  const jump = useTranscriptNav()
  const result = block.result
  return (
    <KeptDetails
      part="tool-call"
      className="tool-call"
      data-testid="tool-call"
      data-tool-call-id={block.id}
    >
      <summary>
        {/* Marked: a find counts the name with the arguments (find-text.ts itemText). */}
        <span className="tool-name">{block.name ? <Marked text={block.name} /> : 'tool'}</span>
        <span className="muted tool-args-preview">
          {block.args.replace(/\s+/g, ' ').slice(0, 120)}
        </span>
        {result ? (
          <button
            type="button"
            className={`badge ${result.isError ? 'error' : 'ok'}`}
            title="Go to the result"
            onClick={(e) => {
              e.preventDefault()
              jump(result.pos)
            }}
          >
            {result.isError ? 'error ↓' : 'result ↓'}
          </button>
        ) : (
          <span className="badge warn" title="No result for this call on this path">
            no result
          </span>
        )}
      </summary>
      <CollapsibleText text={block.args} lines={40} className="tool-args" />
    </KeptDetails>
  )
}

/**
 * Renders content blocks in order; what the reader opens in a block is kept per block (its
 * index in the message).
 */
export function Blocks({ blocks, sessionId, plain }: BlocksProps) {
  const owner = useContext(TextOwner)
  return (
    <div className="blocks">
      {blocks.map((block, i) => (
        <TextOwner.Provider key={i} value={owner === null ? null : `${owner}/${i}`}>
          <Block block={block} sessionId={sessionId} plain={plain} />
        </TextOwner.Provider>
      ))}
    </div>
  )
}

function Block({
  block,
  sessionId,
  plain,
}: {
  block: ContentBlock
  sessionId: string
  plain?: boolean
}) {
  switch (block.type) {
    case 'text':
      if (!showsText(block)) return null
      return plain ? (
        <CollapsibleText text={block.text} cut={block.cut} />
      ) : (
        <Markdown text={block.text} cut={block.cut} />
      )
    case 'thinking':
      return (
        <KeptDetails part="thinking" className="thinking" data-testid="thinking">
          <summary>
            {block.redacted
              ? 'Thinking (redacted)'
              : `Thinking · ${formatCount(block.text.length + (block.cut?.chars ?? 0))} characters`}
          </summary>
          <CollapsibleText text={block.text} cut={block.cut} lines={60} className="thinking-text" />
        </KeptDetails>
      )
    case 'toolCall':
      return <ToolCall block={block} />
    case 'image':
      return (
        <LazyImage
          sessionId={sessionId}
          pos={block.pos}
          index={block.index}
          mimeType={block.mimeType}
          size={block.bytes}
          width={block.width}
          height={block.height}
        />
      )
    default:
      return (
        <KeptDetails part="other-block" className="other-block">
          <summary>[{block.kind}] block</summary>
          <CollapsibleText text={block.json} />
        </KeptDetails>
      )
  }
}
