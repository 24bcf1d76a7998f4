/**
 * Appends to a session file as pi does while the app runs: one complete JSON line whose
 * parent is the file's last entry (pi session format: appending moves the leaf).
 */
import { appendFileSync, readFileSync } from 'node:fs'

/** The id of the last line's entry in the file at `path`. */
export function lastEntryId(path: string): string {
  const lines = readFileSync(path, 'utf8').trim().split('\n')
  return (JSON.parse(lines.at(-1) as string) as { id: string }).id
}

/** A user message entry (pi's shape), without its parent: {@link appendAfterLast} adds it. */
export function userEntry(id: string, text: string): Record<string, unknown> {
  return {
    type: 'message',
    id,
    timestamp: new Date().toISOString(),
    message: { role: 'user', content: text, timestamp: Date.now() },
  }
}

/**
 * A label entry (pi's shape, pi spec 10: `label` on `targetId`), without its parent:
 * {@link appendAfterLast} adds it.
 */
export function labelEntry(id: string, targetId: string, label: string): Record<string, unknown> {
  return { type: 'label', id, timestamp: new Date().toISOString(), targetId, label }
}

/** Appends `entry` as one line, parented on the file's last entry. */
export function appendAfterLast(path: string, entry: Record<string, unknown>): void {
  appendFileSync(path, JSON.stringify({ ...entry, parentId: lastEntryId(path) }) + '\n')
}

/**
 * One message entry line of a chain: user content as a string, assistant content as text
 * blocks, as pi writes them.
 */
export function messageLine(
  id: string,
  parentId: string | null,
  role: 'user' | 'assistant',
  text: string,
  timestamp: string,
): string {
  const content = role === 'user' ? text : [{ type: 'text', text }]
  return JSON.stringify({ type: 'message', id, parentId, timestamp, message: { role, content } })
}

/** A version 3 session header line (pi spec 2.1). */
export function headerLine(id: string, timestamp: string, cwd: string): string {
  return JSON.stringify({ type: 'session', version: 3, id, timestamp, cwd })
}

/**
 * The lines of a session of `count` entries on pi's path (`h0`…, pi's leaf the last), with a
 * side branch (`s1`, `s3`…) at every other one: a tree far taller than its pane.
 * @param answer the text of entry `h{i}`
 */
export function sideBranchedChain(
  id: string,
  timestamp: string,
  cwd: string,
  count: number,
  answer: (i: number) => string,
): string[] {
  const lines = [headerLine(id, timestamp, cwd)]
  for (let i = 0; i < count; i++) {
    const parent = i === 0 ? null : `h${i - 1}`
    if (i % 2) lines.push(messageLine(`s${i}`, parent, 'user', `side ${i}`, timestamp))
    lines.push(messageLine(`h${i}`, parent, i % 2 ? 'assistant' : 'user', answer(i), timestamp))
  }
  return lines
}
