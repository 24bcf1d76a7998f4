/**
 * Redaction: a session seeded with one secret of each kind (provider keys from secretlint's
 * rule set, a private key block, an `Authorization:` header, `.env` secret lines, the home
 * path) exports in every format with each secret replaced by `[redacted: kind]` and counted;
 * a diff against the export without redaction shows that nothing else changed.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXPORT_FORMATS, previewRedaction } from '../../../main/export/export.js'
import { redactTexts, redactionMarker } from '../../../main/export/redact.js'
import { SessionManager } from '../../../main/session/index.js'
import { assistant, bash, toolCallAssistant, toolResult, user } from '../session/samples.js'
import { exportToString } from './helpers.js'

const HOME = '/home/tester'
const PEM_BODY = 'MIIEowIBAAKCAQEAx4Kf9'.repeat(8)

/** Each secret, the kind it is reported as, and the part that is replaced. */
const SECRETS: { kind: string; secret: string; context: (s: string) => string }[] = [
  {
    kind: 'openai',
    secret: `sk-${'a1B2'.repeat(5)}T3BlbkFJ${'c3D4'.repeat(5)}`,
    context: (s) => `key ${s} ok`,
  },
  { kind: 'anthropic', secret: `sk-ant-api03-${'x'.repeat(93)}AA`, context: (s) => `use ${s}` },
  {
    kind: 'github',
    secret: `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`,
    context: (s) => `token ${s}`,
  },
  {
    kind: 'slack',
    secret: 'xoxb-123456789012-1234567890123-abcdefghijABCDEFGHIJklmn',
    context: (s) => s,
  },
  { kind: 'npm', secret: `npm_${'q'.repeat(36)}`, context: (s) => `//registry/:_authToken=x ${s}` },
  {
    kind: 'privatekey',
    secret: `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`,
    context: (s) => `the key:\n${s}\nend`,
  },
  {
    kind: 'authorization',
    secret: 'abc123def456ghi789',
    context: (s) => `curl -H "Authorization: Bearer ${s}" https://api.example.com`,
  },
  {
    kind: 'env-secret',
    secret: 'hunter2-very-secret',
    context: (s) => `NAME=demo\nDATABASE_PASSWORD=${s}\nPORT=80`,
  },
  { kind: 'home', secret: HOME, context: (s) => `cat ${s}/notes.txt` },
]

let dir: string
let file: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-export-redact-'))
  file = seededSession(join(dir, 'sessions'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

/** A session (written by our SessionManager) with each secret in a user message, a reply, a bash command's output or a tool result, in turn. */
function seededSession(folder: string): string {
  const manager = SessionManager.create(`${HOME}/src/app`, folder)
  SECRETS.forEach(({ secret, context }, i) => {
    const text = context(secret)
    if (i % 4 === 0) manager.appendMessage(user(text))
    else if (i % 4 === 1) manager.appendMessage(assistant(text))
    else if (i % 4 === 2) manager.appendMessage({ ...bash('env'), output: text })
    else {
      manager.appendMessage(toolCallAssistant(`call_${i}`))
      manager.appendMessage(toolResult(`call_${i}`, text))
    }
  })
  return manager.getSessionFile() as string
}

/** The unredacted output with each secret replaced by its marker, as `encode` writes text. */
function expectedFrom(plain: string, encode: (s: string) => string): string {
  let out = plain
  for (const { kind, secret } of SECRETS)
    out = out.split(encode(secret)).join(encode(redactionMarker(kind)))
  return out
}

/** Without the export's time; the front matter's `\u005b` and `\u005d` read as the brackets they are. */
const withoutExportTime = (text: string) =>
  text
    .replace(/^exported: .*$/m, '')
    .replace(/\\u005b/g, '[')
    .replace(/\\u005d/g, ']')

describe('redaction', () => {
  for (const format of EXPORT_FORMATS) {
    it(`${format}: every kind is caught and counted, nothing else changes`, async () => {
      const red = await exportToString(file, { format, home: HOME })
      const plain = await exportToString(file, { format, redact: false, home: HOME })
      for (const { kind, secret } of SECRETS) {
        const shown =
          format === 'jsonl' ? JSON.stringify(secret).slice(1, -1) : secret.split('\n')[0]!
        assert.ok(plain.text.includes(shown), `${kind} is in the plain export`)
        assert.ok(!red.text.includes(shown), `${kind} is gone from the redacted export`)
        assert.ok((red.counts[kind] ?? 0) >= 1, `${kind} is counted`)
      }
      assert.deepEqual(plain.counts, {})
      if (format === 'html') return // HTML escapes and highlights text: the two below cover the rule
      const encode =
        format === 'jsonl' ? (s: string) => JSON.stringify(s).slice(1, -1) : (s: string) => s
      assert.equal(withoutExportTime(red.text), withoutExportTime(expectedFrom(plain.text, encode)))
    })
  }

  it('the preview counts what a whole-session export replaces', async () => {
    const { counts } = await exportToString(file, { format: 'jsonl', home: HOME })
    assert.deepEqual(await previewRedaction(file, HOME), counts)
    assert.ok(Object.keys(counts).length >= SECRETS.length)
  })

  it('counts each secret once per place it appears', async () => {
    const { counts } = await exportToString(file, { format: 'jsonl', home: HOME })
    assert.equal(counts.home, 2, 'cwd in the header and the cat command')
    assert.equal(counts['env-secret'], 1)
    assert.equal(counts.authorization, 1)
  })
})

describe('.env-style secret lines', () => {
  it('are caught whether the secret word is the whole name or a part of it', async () => {
    const lines = ['PASSWORD=hunter2', 'TOKEN=abc123def', 'SECRET=s3cr3t', 'export API_KEY=zzz']
    const { texts, counts } = await redactTexts([[...lines, 'PORT=80', 'NAME=demo'].join('\n')], {
      home: '',
    })
    const marker = redactionMarker('env-secret')
    assert.deepEqual(texts[0]!.split('\n'), [
      `PASSWORD=${marker}`,
      `TOKEN=${marker}`,
      `SECRET=${marker}`,
      `export API_KEY=${marker}`,
      'PORT=80',
      'NAME=demo',
    ])
    assert.equal(counts['env-secret'], 4)
  })
})
