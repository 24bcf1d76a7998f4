/**
 * A pi process appends 10,000 entries to a session while the app labels and renames the same
 * file: 0 entries lost, 0 lines fused, pi reads every entry, and pi's context is the writer's
 * conversation, unchanged by our entries. Prints appends, edits, lost, fused, time.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { renameSession, setLabel } from '../../main/library/edits'
import { FIXTURE_STORE, readManifest } from '../helpers/fixtures'

const APPENDS = 10_000

test(`a pi writer appending ${APPENDS} entries while the app labels and renames`, async () => {
  const t0 = performance.now()
  const fixture = readManifest().files.find(
    (f) => f.scenario === 'plain-chat' && f.writer === 'pi 0.73.1',
  )
  const dir = mkdtempSync(join(tmpdir(), 'pi-reliability-race-'))
  const path = join(dir, basename(fixture?.file as string))
  copyFileSync(join(FIXTURE_STORE, fixture?.file as string), path)
  const contextBefore = PiSessionManager.open(path).buildSessionContext().messages.length
  try {
    const writer = spawn(
      process.execPath,
      [resolve('test/helpers/pi-writer.mjs'), path, String(APPENDS), '0'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    writer.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const exited = new Promise<number>((r) => writer.once('exit', (c) => r(c ?? 1)))
    const target = PiSessionManager.open(path).getEntries()[0]?.id as string
    let edits = 0
    while (writer.exitCode === null) {
      await setLabel(path, target, `label ${edits}`)
      await renameSession(path, `name ${edits}`)
      edits += 2
    }
    assert.equal(await exited, 0)
    const written = out.trim().split('\n')
    assert.equal(written.length, APPENDS)

    const text = readFileSync(path, 'utf8')
    assert.ok(text.endsWith('\n'), 'the file ends with a newline')
    const lines = text.slice(0, -1).split('\n')
    let fused = 0
    const ids = new Set<string>()
    for (const line of lines) {
      try {
        ids.add(String((JSON.parse(line) as { id: unknown }).id))
      } catch {
        fused++
      }
    }
    const lost = written.filter((id) => !ids.has(id)).length
    const pi = PiSessionManager.open(path)
    const piEntries = pi.getEntries().length
    const context = pi.buildSessionContext().messages
    const seconds = ((performance.now() - t0) / 1000).toFixed(1)
    console.log(
      `reliability writer-race: appends ${APPENDS}, edits ${edits}, lost ${lost}, fused ${fused}, time ${seconds} s`,
    )
    assert.equal(fused, 0, 'no fused or torn line')
    assert.equal(lost, 0, 'every writer entry is in the file')
    assert.ok(edits > 0, 'the app edited while pi wrote')
    assert.equal(piEntries, lines.length - 1, 'pi reads every entry')
    // pi's context: what it was plus every writer message, in order; none of our entries.
    assert.equal(context.length, contextBefore + APPENDS)
    const tail = context.slice(contextBefore).map((m) => {
      const c = (m as { content: unknown }).content
      return typeof c === 'string' ? c : (c as { text: string }[])[0]?.text
    })
    assert.deepEqual(
      tail,
      written.map((_, i) => (i % 2 === 0 ? `writer prompt ${i}` : `writer reply ${i}`)),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
