/**
 * Replay of persisted system messages into one (pi-ai 1.6.0 `getCurrentSystemMessage`), used
 * when a compaction checkpoints the current system prompt (pi spec 12.3).
 */
import type { AgentMessage, SystemMessage, TextContent } from './types.js'

function contentText(content: SystemMessage['content']): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .filter((block: TextContent) => block?.type === 'text')
    .map((block) => block.text)
    .join('\n')
}

/**
 * Folds every `system` message of `messages` in order: contents appended (joined by a blank
 * line), `sections` patched by name (`null` removes), tools added/removed by name. Returns
 * undefined when there is no system message and no tool.
 */
export function currentSystemMessage(messages: readonly AgentMessage[]): SystemMessage | undefined {
  const content: string[] = []
  const sections = new Map<string, string>()
  const tools = new Map<string, unknown>()
  let timestamp: number | undefined
  for (const message of messages) {
    if (message.role !== 'system') continue
    const m = message as SystemMessage
    timestamp ??= m.timestamp
    const text = contentText(m.content)
    if (text.length > 0) content.push(text)
    for (const [name, value] of Object.entries(m.sections ?? {})) {
      if (value === null) sections.delete(name)
      else sections.set(name, value)
    }
    // pi deletes by `tool.name` (a plain string entry therefore removes nothing); same here.
    for (const tool of (m.toolsRemoved ?? []) as unknown[]) {
      tools.delete((tool as { name?: string } | null)?.name as string)
    }
    for (const tool of m.toolsAdded ?? []) tools.set((tool as { name: string }).name, tool)
  }
  if (timestamp === undefined && tools.size === 0) return undefined
  return {
    role: 'system',
    content: content.join('\n\n'),
    ...(sections.size > 0 ? { sections: Object.fromEntries(sections) } : {}),
    ...(tools.size > 0 ? { toolsAdded: [...tools.values()] } : {}),
    timestamp: timestamp ?? 0,
  }
}
