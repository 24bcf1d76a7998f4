/**
 * Writes to a session file the way pi does while the app watches: one user message entry,
 * as one complete JSON line, parented on the current leaf (pi session format: message
 * entries; appending moves the leaf).
 */
import { appendFileSync } from 'node:fs'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'

/**
 * Appends a user prompt to the session file at `path` after its leaf (read with pi's own
 * SessionManager).
 * @param id the new entry's id (8 hex-like characters, as pi writes)
 */
export function appendPrompt(path: string, id: string, content: string): void {
  const entry = {
    type: 'message',
    id,
    parentId: PiSessionManager.open(path).getLeafId(),
    timestamp: new Date().toISOString(),
    message: { role: 'user', content, timestamp: Date.now() },
  }
  appendFileSync(path, JSON.stringify(entry) + '\n')
}
