/**
 * The digest's branch count (tips: entries no other entry names as parent) is kept as entries
 * come: read whole, or one entry per append, it must be the number of distinct leaf ids in
 * pi's tree (a duplicated entry, as a resumed file can hold, is one branch tip, not two; an entry
 * without an id is no branch the user can name).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadSessionFileSync } from '../../../main/session'
import { addEntries, newDigest } from '../../../main/library/digest'
import { expectedFiles } from '../session-view/expected'

const files = expectedFiles().filter((f) => !f.legacy)

test('tips and labels counted in one read or entry by entry equal the distinct leaves of pi 1.6.0 trees', () => {
  assert.ok(files.length > 10, 'fixtures with pi trees')
  for (const file of files) {
    const loaded = loadSessionFileSync(file.path)
    const whole = newDigest(loaded.header)
    addEntries(whole, loaded.entries)
    const stepwise = newDigest(loaded.header)
    for (const entry of loaded.entries) addEntries(stepwise, [entry])
    const ids = new Set(file.entries.map((e) => e.id).filter(Boolean))
    assert.equal(
      whole.leafCount,
      new Set(file.tree.leaves.filter(Boolean)).size,
      `${file.rel}: whole read`,
    )
    assert.equal(stepwise.leafCount, whole.leafCount, `${file.rel}: entry by entry`)
    assert.equal(stepwise.ids, whole.ids, `${file.rel}: same ids`)
    const own = new Set(whole.ids.split('\n'))
    const labelled = Object.keys(whole.labels).filter((target) => own.has(target)).length
    assert.equal(whole.labelCount, labelled, `${file.rel}: labels on entries of the file`)
    assert.equal(stepwise.labelCount, whole.labelCount, `${file.rel}: same label count`)
    assert.ok(
      whole.ids.split('\n').every((id) => id === '' || ids.has(id)),
      file.rel,
    )
  }
})
