import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createLogger } from '../../../main/log'
import { tempDir } from '../../helpers/temp'

test('the log file gets one line per message, with stack traces for errors', (ctx) => {
  const dir = tempDir(ctx, 'pi-log-')
  const log = createLogger(dir, false)
  log.info('started')
  log.error('failed to read', new Error('boom'))
  const text = readFileSync(log.file, 'utf8')
  assert.match(text, /INFO started\n/)
  assert.match(text, /ERROR failed to read: Error: boom\n\s+at /)
})

test('a log over 5 MiB is rotated, and an unwritable folder does not throw', (ctx) => {
  const dir = tempDir(ctx, 'pi-log-')
  mkdirSync(join(dir, 'logs'))
  writeFileSync(join(dir, 'logs', 'main.log'), 'x'.repeat(5 * 1024 * 1024 + 1))
  const log = createLogger(dir, false)
  log.info('after rotation')
  assert.ok(statSync(`${log.file}.1`).size > 5 * 1024 * 1024)
  assert.equal(readFileSync(log.file, 'utf8').split('\n').length, 2)
  const blocked = join(dir, 'file-not-folder')
  writeFileSync(blocked, '')
  assert.doesNotThrow(() => createLogger(blocked, false).error('nowhere to go'))
})
