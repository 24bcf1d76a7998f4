/**
 * A pi process appends to a session while the app labels, renames and extracts from it
 * (pi spec 13.2, 17): the file stays valid JSONL, no line is lost or fused, pi reads every entry,
 * and pi's resume point (the last line) is the writer's newest entry or our entry right
 * after the entry that was last at that moment, never an older branch.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { extractBranch, renameSession, setLabel } from '../../../main/library/edits'
import { copyFixtureFile } from '../../helpers/fixtures'

const WRITES = 40

test('edits interleaved with a running pi writer lose nothing and keep pi’s resume point', async () => {
  const copy = copyFixtureFile('plain-chat', 'pi 0.73.1', 'pi-concurrent-')
  const path = copy.path
  let running: { kill(): boolean } | undefined
  try {
    const before = readFileSync(path, 'utf8').trimEnd().split('\n').length

    const writer = spawn(
      process.execPath,
      [resolve('test/helpers/pi-writer.mjs'), path, String(WRITES), '4'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    running = writer
    let out = ''
    writer.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const done = new Promise<number>((r) => writer.once('exit', (c) => r(c ?? 1)))

    const ours: string[] = []
    let edits = 0
    let extracted = 0
    while (writer.exitCode === null) {
      const known = PiSessionManager.open(path).getEntries()
      const target = known[0]?.id as string
      const firstMessage = known.find((e) => e.type === 'message')?.id as string
      await setLabel(path, target, `label ${edits}`)
      await renameSession(path, `name ${edits}`)
      edits += 2
      if (extracted < 2) {
        await extractBranch(path, firstMessage)
        extracted += 1
      }
    }
    assert.equal(await done, 0)
    const written = out.trim().split('\n')
    assert.equal(written.length, WRITES)

    const lines = readFileSync(path, 'utf8').split('\n')
    assert.equal(lines.at(-1), '', 'the file ends with a newline')
    const entries = lines
      .slice(0, -1)
      .map((l) => JSON.parse(l) as { type: string; id: string; parentId: string | null })
    const oursAll = entries.filter((x) => x.type === 'label' || x.type === 'session_info')
    for (const e of oursAll) ours.push(e.id)
    // Our edits, plus any repeat written after a pi line slipped in between (see edits.ts).
    assert.equal(
      entries.length,
      before + WRITES + oursAll.length,
      'every line of both writers is there',
    )
    assert.ok(oursAll.length >= edits)

    const pi = PiSessionManager.open(path)
    assert.equal(pi.getEntries().length, entries.length - 1, 'pi reads every entry')
    const leaf = pi.getLeafId() as string
    const last = entries.at(-1) as { id: string; parentId: string | null }
    assert.equal(leaf, last.id)
    if (ours.includes(leaf)) {
      // Our entry hangs on the writer's newest, directly or through ours: pi resumes with the
      // writer's whole conversation.
      assert.ok(pi.getBranch().some((e) => e.id === written.at(-1)))
    } else {
      assert.equal(leaf, written.at(-1))
    }
    // An entry of ours that pi overtook is repeated later, after the line that came first.
    const key = (e: { type: string; targetId?: string }) => `${e.type}:${e.targetId ?? ''}`
    for (let i = 1; i < entries.length; i++) {
      const e = entries[i] as {
        id: string
        type: string
        targetId?: string
        parentId: string | null
      }
      // It follows the line before it, or, as a repeat, the writer's line before ours.
      const writers = entries.slice(0, i).findLast((x) => !ours.includes(x.id))
      const follows = e.parentId === (entries[i - 1] as { id: string }).id
      if (!ours.includes(e.id) || follows || e.parentId === writers?.id) continue
      const repeated = entries
        .slice(i + 1)
        .some((later) => ours.includes(later.id) && key(later) === key(e))
      assert.ok(repeated, `${e.id} was overtaken by pi and not repeated after it`)
    }
  } finally {
    running?.kill()
    copy.cleanup()
  }
})
