/**
 * Every fixture session (the pi fixture store and the hostile fixture) exports in each format
 * and scope without error, and what comes out has each format's shape: a self-contained HTML
 * page with its CSP and only its own two scripts, Markdown with front matter, JSONL lines that
 * parse. Session text in the HTML is escaped (the hostile fixture's markup stays text).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { basename, join } from 'node:path'
import { readFileSync } from 'node:fs'
import { FIXTURE_STORE, fixtureFile } from '../../helpers/fixtures.js'
import { EXPORT_FORMATS } from '../../../main/export/export.js'
import { PAGE_CSP } from '../../../main/export/html.js'
import { exportToString, fixtureSessions, HOSTILE_STORE } from './helpers.js'

const files = fixtureSessions()

describe('every fixture exports in every format', () => {
  it('finds the fixtures', () => {
    assert.ok(files.length >= 70, `${files.length} fixture sessions`)
    assert.ok(files.some((f) => f.startsWith(HOSTILE_STORE)))
  })
  for (const format of EXPORT_FORMATS) {
    for (const kind of ['session', 'active'] as const) {
      it(`${format}, ${kind}`, async () => {
        for (const file of files) {
          const { text } = await exportToString(file, { format, scope: { kind } }).catch(
            (error: Error) => assert.fail(`${basename(file)}: ${error.message}`),
          )
          checkShape(format, text, basename(file))
        }
      })
    }
  }
})

function checkShape(format: string, text: string, name: string): void {
  if (format === 'html') {
    assert.ok(text.startsWith('<!doctype html>'), name)
    assert.ok(text.includes(`content="${PAGE_CSP}"`), `${name}: CSP meta`)
    assert.equal(text.match(/<script/gi)?.length, 2, `${name}: only the page's two scripts`)
    assert.equal(
      text.match(/<link|<iframe|<object|<embed|src="http/gi),
      null,
      `${name}: nothing remote`,
    )
  } else if (format === 'markdown') {
    assert.match(text, /^---\ntitle: ".*"\n[\s\S]*?\n---\n\n# /, `${name}: front matter, title`)
  } else {
    const lines = text.split('\n').filter(Boolean)
    assert.ok(lines.length >= 1, name)
    for (const line of lines) JSON.parse(line)
    assert.equal(JSON.parse(lines[0]!).type, 'session', `${name}: header first`)
  }
}

describe('HTML of the hostile fixture', () => {
  const hostile = files.find((f) => f.startsWith(HOSTILE_STORE))!
  it('keeps every tag and handler of session text as text', async () => {
    const { text } = await exportToString(hostile, { format: 'html' })
    const raw = readFileSync(hostile, 'utf8')
    assert.ok(raw.includes('<script>'), 'the fixture holds raw markup')
    const attacks = ['<img src=x', '<iframe', '<svg onload', '<script>alert', 'href="javascript:']
    for (const attack of [...attacks, 'href="data:', 'href="vbscript:']) {
      assert.ok(!text.includes(attack), `${attack} does not appear as markup`)
    }
    assert.ok(text.includes('&#60;script&#62;alert(4)&#60;/script&#62;'), 'the label shows as text')
  })
})

interface Line {
  type: string
  id: string
  parentId: string | null
  message?: { role: string }
}

describe('scope', () => {
  const branched = join(FIXTURE_STORE, fixtureFile('branches').file)
  it('the path to a selected entry holds that path, root first', async () => {
    const entries = readFileSync(branched, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as Line)
    const byId = new Map(entries.map((e) => [e.id, e]))
    const pathOf = (e: Line) => {
      const out: Line[] = []
      for (let at: Line | undefined = e; at; at = byId.get(at.parentId ?? '')) out.unshift(at)
      return out
    }
    // The deepest message whose path is not the active path's (a side branch).
    const target = entries
      .filter((e) => e.type === 'message')
      .sort((a, b) => pathOf(b).length - pathOf(a).length)[1]!
    const path = pathOf(target)
    const { text } = await exportToString(branched, {
      format: 'markdown',
      scope: { kind: 'entry', entryId: target.id },
    })
    assert.match(text, /scope: "path to selected entry"/)
    const headings = text.match(/^## \d+\. .*$/gm) ?? []
    assert.equal(headings.length, path.filter((e) => e.type === 'message').length)
    assert.match(headings.at(-1)!, new RegExp(target.message?.role ?? '-', 'i'))
  })
  it('front matter sums tokens and cost of the exported messages', async () => {
    const entries = readFileSync(branched, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            message?: { usage?: { totalTokens: number; cost: { total: number } } }
          },
      )
    const all = entries.reduce((n, e) => n + (e.message?.usage?.cost.total ?? 0), 0)
    const { text } = await exportToString(branched, {
      format: 'markdown',
      scope: { kind: 'active' },
    })
    const cost = Number(/^cost: (.*)$/m.exec(text)?.[1])
    const tokens = Number(/^tokens: (.*)$/m.exec(text)?.[1])
    assert.ok(cost > 0 && cost < all, `${cost} of ${all}: the active path's share`)
    assert.ok(tokens > 0)
  })
  it('a whole session in Markdown is its active path, totals included', async () => {
    // Markdown is linear (markdown.ts): the whole session's export shows the active path, so its
    // front matter must count that path's messages, not every branch's.
    const whole = (
      await exportToString(branched, { format: 'markdown', scope: { kind: 'session' } })
    ).text
    const active = (
      await exportToString(branched, { format: 'markdown', scope: { kind: 'active' } })
    ).text
    const field = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1]
    for (const name of ['tokens', 'cost', 'models', 'scope'])
      assert.equal(field(whole, name), field(active, name), name)
    const body = (text: string) => text.slice(text.indexOf('\n---\n', 4))
    assert.equal(body(whole), body(active))
  })
  it('an unknown entry is refused in words', async () => {
    await assert.rejects(
      exportToString(branched, { format: 'html', scope: { kind: 'entry', entryId: 'nope' } }),
      /No entry nope in this session/,
    )
  })
})
