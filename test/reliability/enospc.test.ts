/**
 * A full disk never tears a session file: on a 48 KiB tmpfs with 60 bytes left in the file's
 * last page, a rename's write is short (60 bytes land, then ENOSPC). The app cuts them off
 * again, says "The disk is full; nothing was written", and the file is byte-identical, so the
 * line pi appends once there is room again is a whole line of its own; a fork that does not
 * fit leaves no half-written file. Needs root (mount);
 * skipped with the reason elsewhere.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import {
  appendFileSync,
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { ApiError } from '../../preload/contract/errors'
import { renameSession } from '../../main/library/edits'
import { parseSessionText, SessionManager } from '../../main/session'
import { FIXTURE_STORE, readManifest } from '../helpers/fixtures'

const PAGE = 4096
const LEFT_IN_PAGE = 60

/** Mounts a 48 KiB tmpfs, or says why it cannot. */
function mountTmpfs(): { dir: string; unmount(): void } | string {
  if (process.platform !== 'linux') return 'needs Linux tmpfs'
  if (process.getuid?.() !== 0) return 'needs root to mount a small tmpfs'
  const dir = mkdtempSync(join(tmpdir(), 'pi-reliability-full-'))
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48k', 'tmpfs', dir], {
    encoding: 'utf8',
  })
  if (mount.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return `mount -t tmpfs failed: ${(mount.stderr || mount.error?.message || '').trim()}`
  }
  return {
    dir,
    unmount: () => {
      spawnSync('umount', [dir])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Fills the file system until ENOSPC; returns the filler's path. */
function fill(dir: string): string {
  const filler = join(dir, 'filler')
  writeFileSync(filler, '')
  const block = Buffer.alloc(PAGE, 0x20)
  for (;;) {
    try {
      appendFileSync(filler, block)
    } catch {
      break
    }
  }
  return filler
}

const mounted = mountTmpfs()

test(
  'a full disk: the rename fails in words and the file is byte-identical',
  { skip: typeof mounted === 'string' ? mounted : false },
  async () => {
    if (typeof mounted === 'string') return
    const t0 = performance.now()
    try {
      const fixture = readManifest().files.find((f) => f.scenario === 'plain-chat')
      const path = join(mounted.dir, basename(fixture?.file as string))
      copyFileSync(join(FIXTURE_STORE, fixture?.file as string), path)
      // Pad with a custom entry so exactly LEFT_IN_PAGE bytes remain in the last page.
      const size = statSync(path).size
      const stub = JSON.stringify({ type: 'custom', customType: 'pad', data: '' })
      const pad = (PAGE - ((size + stub.length + 1 + LEFT_IN_PAGE) % PAGE)) % PAGE
      appendFileSync(
        path,
        `${JSON.stringify({ type: 'custom', customType: 'pad', data: ' '.repeat(pad) })}\n`,
      )
      assert.equal(PAGE - (statSync(path).size % PAGE), LEFT_IN_PAGE)
      const filler = fill(mounted.dir)
      const before = readFileSync(path)

      const error = await renameSession(
        path,
        'a name far longer than sixty bytes, to be cut short',
      ).then(
        () => null,
        (e: unknown) => e,
      )
      assert.ok(error instanceof ApiError, String(error))
      assert.equal(error.code, 'io')
      assert.equal(error.message, `The disk is full; nothing was written (${path})`)
      assert.deepEqual(readFileSync(path), before, 'byte-identical after the failed write')

      // A copy of the session (pi's fork) that does not fit appears whole or not at all.
      const names = readdirSync(mounted.dir).sort()
      await assert.rejects(
        SessionManager.forkFromAsync(path, '/home/ayla/src/full', mounted.dir),
        /ENOSPC/,
      )
      assert.deepEqual(readdirSync(mounted.dir).sort(), names, 'no half-written fork left')

      // Room again: pi's next line and our rename each land whole.
      rmSync(filler)
      const writer = spawnSync(
        process.execPath,
        [resolve('test/helpers/pi-writer.mjs'), path, '1', '0'],
        {
          encoding: 'utf8',
        },
      )
      assert.equal(writer.status, 0, writer.stderr)
      const piId = writer.stdout.trim()
      await renameSession(path, 'named after the disk had room')
      const parsed = parseSessionText(readFileSync(path, 'utf8'))
      assert.deepEqual(parsed.diagnostics, [], 'no fused or torn line')
      assert.ok(
        parsed.entries.some((e) => e.id === piId),
        'pi’s entry is whole',
      )
      assert.equal(PiSessionManager.open(path).getSessionName(), 'named after the disk had room')
      const seconds = ((performance.now() - t0) / 1000).toFixed(1)
      console.log(`reliability enospc: short write undone, lost 0, fused 0, time ${seconds} s`)
    } finally {
      mounted.unmount()
    }
  },
)
