/**
 * The runtime the tests (and server mode) use ships node:sqlite with FTS5 and its trigram
 * tokenizer: the library index depends on both.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { DatabaseSync } from 'node:sqlite'

test('node:sqlite has FTS5 with the trigram tokenizer', () => {
  const db = new DatabaseSync(':memory:')
  try {
    db.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='trigram')")
    db.prepare('INSERT INTO t (body) VALUES (?)').run('Timeline session: add a retry')
    const row = db.prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?').get('"ADD A RET"')
    assert.equal(row?.n, 1, 'a case-insensitive substring is found')
    const version = db.prepare('SELECT sqlite_version() AS v').get()?.v as string
    const [major, minor] = version.split('.').map(Number)
    assert.ok((major ?? 0) > 3 || (minor ?? 0) >= 45, `SQLite ${version} is 3.45 or newer`)
  } finally {
    db.close()
  }
})
