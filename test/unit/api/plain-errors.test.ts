/**
 * Refusals reach the user as plain sentences: a validation failure of the contract (zod)
 * and a search regex V8 cannot read, never the libraries' own text.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { dispatch } from '../../helpers/dispatch'
import type { HandlerTable } from '../../../main/api/context'
import { parseQuery, QueryError } from '../../../main/library/search'

const refuse = async (args: unknown): Promise<string> => {
  const result = await dispatch({} as HandlerTable, 'library:query-sessions', args, console)
  assert.ok(!result.ok)
  assert.equal(result.error.code, 'invalid_argument')
  assert.doesNotMatch(result.error.message, /✖|→|expected string|Too big/)
  return result.error.message
}

test('a contract refusal is a plain sentence', async () => {
  const long = await refuse({ projectId: null, text: 'x'.repeat(1001) })
  assert.equal(long, 'Search is limited to 1,000 characters.')
  assert.equal(await refuse({ projectId: null, scopes: [] }), 'The search scope must not be empty.')
  assert.match(
    await refuse({ projectId: null, scopes: ['everything'] }),
    /must be one of: messages, tool-output/,
  )
  assert.match(await refuse({ projectId: null, sneaky: 1 }), /does not know: sneaky/)
  assert.match(await refuse({ projectId: 7 }), /"project id" is missing or not a string/)
})

const regexError = (pattern: string): string => {
  try {
    parseQuery(`re:${pattern}`)
  } catch (error) {
    assert.ok(error instanceof QueryError)
    return error.message
  }
  throw new Error(`re:${pattern} parsed`)
}

test('a regex V8 refuses is explained in words', () => {
  const cases: [string, RegExp][] = [
    ['(', /this regex has an unclosed '\('$/],
    ['a)', /has a '\)' without its '\('/],
    ['[a-', /has an unclosed '\['/],
    ['*a', /nothing before it to repeat/],
    ['a{3,1}', /min is larger than its max/],
    ['[z-a]', /runs backwards/],
    ['a\\', /ends with a lone '\\'/],
  ]
  for (const [pattern, sentence] of cases) {
    const message = regexError(pattern)
    assert.match(message, sentence, pattern)
    // One prefix, and never V8's echo of the pattern with its flags.
    assert.equal(message.match(/Invalid regular expression/g)?.length, 1, message)
    assert.doesNotMatch(message, /\/i:/, message)
  }
})
