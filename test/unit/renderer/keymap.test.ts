/**
 * The layout shortcuts of the keymap: Ctrl/Cmd+B (sidebar), Ctrl/Cmd+. (reading mode) and T
 * (branch tree), which a field being typed in keeps for its text.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { commandFor } from '../../../renderer/src/features/commands/keymap'

/** A key event as the keymap reads it (key, modifiers, target). */
function key(k: string, init: { ctrl?: boolean; meta?: boolean; target?: unknown } = {}) {
  return {
    key: k,
    ctrlKey: init.ctrl ?? false,
    metaKey: init.meta ?? false,
    altKey: false,
    target: init.target ?? null,
  } as unknown as KeyboardEvent
}

test('Ctrl/Cmd+B toggles the sidebar and Ctrl/Cmd+. reading mode', () => {
  assert.equal(commandFor(key('b', { ctrl: true })), 'toggle-sidebar')
  assert.equal(commandFor(key('B', { meta: true })), 'toggle-sidebar')
  assert.equal(commandFor(key('.', { ctrl: true })), 'reading-mode')
})

test('T toggles the branch tree, except while typing in a text field', () => {
  assert.equal(commandFor(key('t')), 'toggle-tree')
  assert.equal(commandFor(key('T', { target: { tagName: 'BUTTON' } })), 'toggle-tree')
  const field = { tagName: 'INPUT', type: 'search', isContentEditable: false }
  assert.equal(commandFor(key('t', { target: field })), null)
})
