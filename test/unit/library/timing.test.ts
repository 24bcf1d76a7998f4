/**
 * The delays on the append-to-row path fit their budget (preload/contract/timing.ts): the
 * watcher's settle time and the library's notification delay leave 100 ms to read and store
 * the appended bytes (bench/library.ts measures the whole path at about 100 ms).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  APPEND_TO_ROW_BUDGET_MS,
  NOTIFY_MS,
  WATCH_SETTLE_MS,
} from '../../../preload/contract/timing'
import { COALESCE_MS } from '../../../main/library/watcher'

test('watcher and notification delays leave 100 ms of the append-to-row budget', () => {
  assert.equal(COALESCE_MS, WATCH_SETTLE_MS, 'the watcher uses the shared settle time')
  assert.ok(WATCH_SETTLE_MS + NOTIFY_MS <= APPEND_TO_ROW_BUDGET_MS - 100)
})
