/**
 * The app killed with SIGKILL in the middle of editing: the file stays valid JSONL, ends with a
 * newline, starts with its original bytes, and every edit after them is one whole line (it
 * landed whole or not at all). For a legacy file the first edit is an atomic rewrite: the file
 * is the original or the whole migrated file, never a mix. Prints the figures.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { parseSessionText } from '../../main/session'
import { FIXTURE_STORE, readManifest } from '../helpers/fixtures'

const KILLS = 6

/** Spawns the edit loop and kills it with SIGKILL `delayMs` after its first edit starts. */
async function killMidEdit(path: string, delayMs: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('test/reliability/helpers/edit-loop.ts'), path],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((ready, fail) => {
    child.stdout.once('data', () => ready())
    child.once('exit', (code) => fail(new Error(`edit loop exited early (${code})`)))
  })
  await new Promise((r) => setTimeout(r, delayMs))
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGKILL')
  await exited
}

function copyOf(scenario: string, dir: string): string {
  const fixture = readManifest().files.find((f) => f.scenario === scenario)
  assert.ok(fixture, scenario)
  const path = join(dir, basename(fixture.file))
  copyFileSync(join(FIXTURE_STORE, fixture.file), path)
  return path
}

test(`SIGKILL mid-edit, ${KILLS} times: valid JSONL, each edit whole or absent`, async () => {
  const t0 = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'pi-reliability-kill-'))
  try {
    const path = copyOf('plain-chat', dir)
    let edits = 0
    for (let k = 0; k < KILLS; k++) {
      const before = readFileSync(path)
      await killMidEdit(path, 40 + k * 37)
      const after = readFileSync(path)
      assert.deepEqual(after.subarray(0, before.length), before, 'earlier bytes untouched')
      const added = after.subarray(before.length).toString('utf8')
      assert.ok(added === '' || added.endsWith('\n'), 'no partial line at the end')
      for (const line of added.split('\n').filter((l) => l !== '')) {
        const entry = JSON.parse(line) as { type: string }
        assert.ok(entry.type === 'label' || entry.type === 'session_info', entry.type)
        edits++
      }
      const parsed = parseSessionText(after.toString('utf8'))
      assert.deepEqual(parsed.diagnostics, [], 'valid JSONL, no damage')
      assert.equal(PiSessionManager.open(path).getEntries().length, parsed.entries.length)
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(1)
    console.log(
      `reliability kill-mid-edit: kills ${KILLS}, edits landed ${edits}, torn 0, time ${seconds} s`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('SIGKILL during the first edit of a legacy file: the original or the whole rewrite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-reliability-kill-legacy-'))
  try {
    for (const delay of [0, 15, 60]) {
      const path = copyOf('legacy-v1', dir)
      const original = readFileSync(path)
      const entries = parseSessionText(original.toString('utf8')).entries.length
      await killMidEdit(path, delay)
      const after = readFileSync(path)
      if (after.equals(original)) continue
      const parsed = parseSessionText(after.toString('utf8'))
      assert.deepEqual(parsed.diagnostics, [], `delay ${delay}: valid JSONL`)
      assert.equal(parsed.version, 3, 'migrated whole')
      const ours = parsed.entries.filter((e) => e.type === 'label' || e.type === 'session_info')
      assert.equal(parsed.entries.length, entries + ours.length, 'every original entry is there')
      assert.ok(after.toString('utf8').endsWith('\n'))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
