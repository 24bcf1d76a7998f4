/**
 * The running-session rule (bulk.ts): a file changed within RUNNING_SESSION_MS, or held open
 * by a pi process as /proc shows it, counts as running; an older file that no pi holds does not.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { filesHeldByPi, runningReason } from '../../../main/library/bulk'
import { RUNNING_SESSION_MS } from '../../../preload/contract/timing'
import { tempDir } from '../../helpers/temp'

test('a file changed inside the window is running, one just outside is not', async (ctx) => {
  const dir = tempDir(ctx)
  const path = join(dir, 's.jsonl')
  writeFileSync(path, '{}\n')
  const now = Date.now()
  const at = (ms: number) => utimesSync(path, new Date(ms), new Date(ms))
  at(now - RUNNING_SESSION_MS + 2000)
  assert.match((await runningReason(path, now, new Set())) ?? '', /changed \d+ s ago/)
  at(now - RUNNING_SESSION_MS - 2000)
  assert.equal(await runningReason(path, now, new Set()), null)
  assert.equal(await runningReason(path, now, new Set([path])), 'pi has this session open')
  assert.equal(await runningReason(join(dir, 'gone.jsonl'), now, new Set()), null)
})

test('files held open by a pi process are found in /proc, other processes’ are not', async (ctx) => {
  if (process.platform !== 'linux') return ctx.skip('/proc is Linux only')
  const proc = tempDir(ctx)
  const session = join(proc, 'held.jsonl')
  writeFileSync(session, '{}\n')
  const processOf = (pid: string, argv: string[], fds: string[]) => {
    mkdirSync(join(proc, pid, 'fd'), { recursive: true })
    writeFileSync(join(proc, pid, 'cmdline'), argv.join('\0') + '\0')
    fds.forEach((target, i) => symlinkSync(target, join(proc, pid, 'fd', String(i + 3))))
  }
  processOf('101', ['node', '/usr/local/bin/pi', '--continue'], [session, '/dev/null'])
  processOf('102', ['vim', join(proc, 'other.jsonl')], [join(proc, 'other.jsonl')])
  processOf(
    '103',
    ['node', '/x/node_modules/@mariozechner/pi-coding-agent/dist/cli.js'],
    [join(proc, 'agent.jsonl')],
  )
  mkdirSync(join(proc, 'self'))
  const held = await filesHeldByPi(proc)
  assert.deepEqual([...held].sort(), [join(proc, 'agent.jsonl'), session].sort())
})
