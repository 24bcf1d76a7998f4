/**
 * Text cleaning: ANSI escapes, tabs and control characters display cleanly.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { cleanText, oneLine } from '../../../main/api/session-view/text'

test('cleanText strips ANSI escapes and shows other controls as control pictures', () => {
  assert.equal(cleanText('\u001b[1;31mred\u001b[0m plain'), 'red plain')
  assert.equal(cleanText('\u001b]8;;http://x\u0007link\u001b]8;;\u0007'), 'link')
  assert.equal(cleanText('a\r\nb\rc'), 'a\nb\nc')
  assert.equal(cleanText('tab\there'), 'tab\there', 'tabs stay (CSS sets the tab size)')
  assert.equal(cleanText('nul\u0000bell\u0007'), 'nul\u2400bell\u2407')
  assert.equal(cleanText('del\u007f c1\u0085'), 'del\u2421 c1')
  assert.equal(cleanText('line\u2028sep'), 'line\nsep')
  const plain = 'nothing to do: ünïcødé 🙂'
  assert.equal(cleanText(plain), plain)
})

test('oneLine follows pi /tree: newlines and tabs become spaces, trimmed and cut', () => {
  assert.equal(oneLine('  a\nb\tc  '), 'a b c')
  assert.equal(oneLine('\u001b[32mok\u001b[0m\u0000!'), 'ok!')
  assert.equal(oneLine('x'.repeat(300)).length, 200)
})
