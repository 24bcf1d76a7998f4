/**
 * Message types carried by `message` entries and built contexts (pi spec 2.3; pi-ai's
 * `types.d.ts` and pi-coding-agent's `messages.d.ts`). Files are hostile input: fields pi
 * always writes can still be missing or null in damaged files.
 */

/** Token usage and cost of one LLM call (pi spec 2.3). */
export interface Usage {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  totalTokens: number
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number }
}

/** Plain text block. */
export interface TextContent {
  type: 'text'
  text: string
  textSignature?: string
}

/** Base64 image block (`data` without a data: prefix). */
export interface ImageContent {
  type: 'image'
  data: string
  mimeType: string
}

/** Model reasoning block. */
export interface ThinkingContent {
  type: 'thinking'
  thinking: string
  thinkingSignature?: string
  redacted?: boolean
}

/** Tool invocation block; `arguments` is null in some real files and must still load. */
export interface ToolCall {
  type: 'toolCall'
  id: string
  name: string
  arguments: Record<string, unknown> | null
}

/** `role: "user"`. `content: null` occurs in damaged files (pi spec 16). */
export interface UserMessage {
  role: 'user'
  content: string | (TextContent | ImageContent)[] | null
  /** Unix ms. */
  timestamp: number
}

/** `role: "assistant"`. */
export interface AssistantMessage {
  role: 'assistant'
  content: (TextContent | ThinkingContent | ToolCall)[] | null
  api: string
  provider: string
  model: string
  usage: Usage
  stopReason: 'stop' | 'length' | 'toolUse' | 'error' | 'aborted'
  errorMessage?: string
  thinkingLevel?: string
  timestamp: number
}

/** `role: "toolResult"`. */
export interface ToolResultMessage {
  role: 'toolResult'
  toolCallId: string
  toolName: string
  content: (TextContent | ImageContent)[] | null
  details?: unknown
  usage?: Usage
  isError: boolean
  timestamp: number
}

/** `role: "bashExecution"` (`!` commands; `excludeFromContext` for `!!`). */
export interface BashExecutionMessage {
  role: 'bashExecution'
  command: string
  output: string
  exitCode: number | undefined
  cancelled: boolean
  truncated: boolean
  fullOutputPath?: string
  excludeFromContext?: boolean
  timestamp: number
}

/** `role: "custom"` (extension message; v2 called it `hookMessage`, pi spec 3). */
export interface CustomMessage {
  role: 'custom'
  customType: string
  content: string | (TextContent | ImageContent)[]
  display: boolean
  details?: unknown
  timestamp: number
}

/** `role: "system"` [1.6.0]: persisted system prompt / tool checkpoint (pi spec 2.3). */
export interface SystemMessage {
  role: 'system'
  content: string | TextContent[] | null
  sections?: Record<string, string | null>
  toolsAdded?: unknown[]
  toolsRemoved?: string[]
  timestamp: number
}

/** Context-only message built from a `branch_summary` entry (pi spec 12.1). */
export interface BranchSummaryMessage {
  role: 'branchSummary'
  summary: string
  fromId: string
  timestamp: number
}

/** Context-only message built from a `compaction` entry (pi spec 12.1). */
export interface CompactionSummaryMessage {
  role: 'compactionSummary'
  summary: string
  tokensBefore: number
  timestamp: number
}

/** A role pi does not know; passed through untouched (pi spec 2.3, observed role `hologram`). */
export interface UnknownMessage {
  role: string
  [field: string]: unknown
}

/** Messages whose `role` is one pi defines. */
export type KnownAgentMessage =
  | UserMessage
  | AssistantMessage
  | ToolResultMessage
  | BashExecutionMessage
  | CustomMessage
  | SystemMessage
  | BranchSummaryMessage
  | CompactionSummaryMessage

/**
 * Any message of a `message` entry or of a built context. Narrow with {@link isMessageRole}:
 * TypeScript cannot discriminate a union that also holds an open `role: string` member.
 */
export type AgentMessage = KnownAgentMessage | UnknownMessage

/** Narrows a message by its `role` (pi passes unknown roles through, pi spec 2.3). */
export function isMessageRole<R extends KnownAgentMessage['role']>(
  message: AgentMessage | null | undefined,
  role: R,
): message is Extract<KnownAgentMessage, { role: R }> {
  return message != null && message.role === role
}
