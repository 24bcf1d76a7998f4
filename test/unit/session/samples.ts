/**
 * Sample messages in pi's shapes (pi spec 2.3) for tests that write sessions.
 */
import type {
  AssistantMessage,
  BashExecutionMessage,
  CustomMessage,
  ToolResultMessage,
  Usage,
  UserMessage,
} from '../../../main/session/index.js'

export const usage: Usage = {
  input: 900,
  output: 120,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 1020,
  cost: { input: 0.0027, output: 0.0018, cacheRead: 0, cacheWrite: 0, total: 0.0045 },
}

let clock = Date.UTC(2026, 0, 5, 14)
const tick = () => (clock += 1000)

export function user(text: string): UserMessage {
  return { role: 'user', content: text, timestamp: tick() }
}

export function assistant(text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    role: 'assistant',
    content: [{ type: 'text', text }],
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    usage,
    stopReason: 'stop',
    timestamp: tick(),
    ...extra,
  }
}

export function toolCallAssistant(id: string): AssistantMessage {
  return assistant('', {
    content: [
      { type: 'thinking', thinking: 'need to look', thinkingSignature: 'sig' },
      { type: 'toolCall', id, name: 'bash', arguments: { command: 'ls' } },
    ],
    stopReason: 'toolUse',
  })
}

export function toolResult(id: string, text: string): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: id,
    toolName: 'bash',
    content: [{ type: 'text', text }],
    isError: false,
    timestamp: tick(),
  }
}

export function bash(command: string): BashExecutionMessage {
  return {
    role: 'bashExecution',
    command,
    output: 'ok\n',
    exitCode: 0,
    cancelled: false,
    truncated: false,
    timestamp: tick(),
  }
}

export function customRole(text: string): CustomMessage {
  return { role: 'custom', customType: 'ext', content: text, display: true, timestamp: tick() }
}
