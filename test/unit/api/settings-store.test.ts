/**
 * The settings file: updates that arrive together (the open session being remembered while
 * the user flips a setting) are applied one on top of the other, so neither is lost.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SettingsStore } from '../../../main/settings/store'

test('concurrent settings updates both land, in the file and in memory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-settings-'))
  try {
    const store = new SettingsStore(dir)
    const [first, second] = await Promise.all([
      store.update((s) => ({ ...s, theme: 'dark' })),
      store.update((s) => ({ ...s, showHidden: true })),
    ])
    assert.equal(first.theme, 'dark')
    assert.equal(second.theme, 'dark', 'the second update starts from the first')
    assert.equal(second.showHidden, true)
    const saved = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))
    assert.equal(saved.theme, 'dark')
    assert.equal(saved.showHidden, true)
    assert.deepEqual(store.get(), second)
    // A refused update leaves the queue working.
    await assert.rejects(store.update((s) => ({ ...s, theme: 'plaid' as never })))
    assert.equal((await store.update((s) => ({ ...s, theme: 'light' }))).theme, 'light')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
