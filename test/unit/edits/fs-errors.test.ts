/**
 * File-system failures in words on every user action (edit, trash, restore, add folder): the
 * sentence names the file and says what did not happen, the ApiError keeps the raw error as
 * its cause (for the log), and the file is untouched.
 */
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { ApiError } from '../../../preload/contract/errors'
import { describeFsError, type FsAction } from '../../../main/library/fs-errors'
import { renameSession, setLabel } from '../../../main/library/edits'
import { restoreFromTrash } from '../../../main/library/trash'
import { SessionManager, setWriteSeam } from '../../../main/session'
import { FIXTURE_STORE, readManifest } from '../../helpers/fixtures'

const errno = (code: string) => Object.assign(new Error(`${code}: raw text, write`), { code })
let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

function sessionCopy(): string {
  const fixture = readManifest().files.find((f) => f.scenario === 'plain-chat')
  const dir = mkdtempSync(join(tmpdir(), 'pi-fs-errors-'))
  const path = join(dir, basename(fixture?.file as string))
  copyFileSync(join(FIXTURE_STORE, fixture?.file as string), path)
  return path
}

describe('describeFsError: one wording for every code and action', () => {
  const file = '/home/ayla/.pi/agent/sessions/--x--/s.jsonl'
  const expected: [string, FsAction, string][] = [
    ['ENOSPC', 'write', `The disk is full; nothing was written (${file})`],
    ['EACCES', 'write', `Permission denied; nothing was written (${file})`],
    ['EPERM', 'write', `The operation is not permitted; nothing was written (${file})`],
    ['EROFS', 'write', `The disk is read-only; nothing was written (${file})`],
    [
      'EBUSY',
      'write',
      `The file is in use by another program; try again; nothing was written (${file})`,
    ],
    [
      'ENAMETOOLONG',
      'restore',
      `The file name is too long for this file system; nothing was restored (${file})`,
    ],
    [
      'ENOENT',
      'trash',
      `The file does not exist (it may have been moved, deleted or unmounted); the file was not touched (${file})`,
    ],
    [
      'EXDEV',
      'trash',
      `The file is on a different disk from where it had to go; the file was not touched (${file})`,
    ],
    [
      'EIO',
      'add-folder',
      `The disk reported an input/output error; the folder was not added (${file})`,
    ],
    [
      'ENOSPC',
      'watch',
      'The system’s limit on watched folders is reached; this folder is checked every second instead of watched',
    ],
    ['EACCES', 'read', 'Permission denied'],
  ]
  for (const [code, action, message] of expected) {
    it(`${code} on ${action}`, () => {
      const problem = describeFsError(file, errno(code), action)
      assert.equal(problem.message, message)
      assert.equal(problem.code, code, 'the code is kept apart')
      assert.ok(!problem.message.includes(code), 'no raw code in the words')
    })
  }
})

describe('edits: a failed write is told in words and changes nothing', () => {
  for (const code of ['ENOSPC', 'EROFS', 'EBUSY', 'EIO', 'EACCES']) {
    it(`rename and label on ${code}`, async () => {
      const path = sessionCopy()
      const before = readFileSync(path)
      restore = setWriteSeam({
        write: () => {
          throw errno(code)
        },
      })
      const entry = SessionManager.open(path).getEntries()[0]?.id as string
      for (const edit of [
        () => renameSession(path, 'new name'),
        () => setLabel(path, entry, 'x'),
      ]) {
        const error = await edit().then(
          () => null,
          (e: unknown) => e,
        )
        assert.ok(error instanceof ApiError, String(error))
        assert.equal(error.code, 'io')
        assert.equal(error.message, describeFsError(path, errno(code), 'write').message)
        assert.equal(
          (error.cause as NodeJS.ErrnoException).code,
          code,
          'raw error kept for the log',
        )
      }
      assert.deepEqual(readFileSync(path), before)
    })
  }
})

describe('edits: when a partial write cannot be undone, the words say what the file holds', () => {
  it('a short write, then the truncate fails', async () => {
    const path = sessionCopy()
    const size = readFileSync(path).length
    let calls = 0
    restore = setWriteSeam({
      write: (fd, data, offset, length) => {
        if (calls++ > 0) throw errno('ENOSPC')
        return writeSync(fd, data, offset, Math.min(60, length))
      },
      truncate: () => {
        throw errno('EIO')
      },
    })
    const error = await renameSession(path, 'x').then(
      () => null,
      (e: unknown) => e,
    )
    assert.ok(error instanceof ApiError)
    assert.equal(error.code, 'io')
    assert.equal(
      error.message,
      `${path} now ends with 60 bytes of an unfinished line (from byte ${size}): removing them ` +
        `failed too (EIO). pi would glue its next line onto them; cutting the file back to ${size} ` +
        'bytes repairs it.',
    )
  })
})

describe('restore: real file-system failures in words', () => {
  it('ENAMETOOLONG names the file and says nothing was restored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pi-restore-'))
    const trashPath = join(dir, 'trashed')
    const infoPath = join(dir, 'trashed.trashinfo')
    writeFileSync(trashPath, 'x')
    writeFileSync(infoPath, 'x')
    const original = join(dir, `${'n'.repeat(300)}.jsonl`)
    const error = await restoreFromTrash({ original, trashPath, infoPath }).then(
      () => null,
      (e: unknown) => e,
    )
    assert.ok(error instanceof ApiError)
    assert.equal(error.message, describeFsError(original, errno('ENAMETOOLONG'), 'restore').message)
    assert.equal(readFileSync(trashPath, 'utf8'), 'x', 'the trash still holds it')
  })

  it('a folder that is a file (ENOTDIR/EEXIST) is told in words too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pi-restore-'))
    writeFileSync(join(dir, 'blocker'), '')
    const trashPath = join(dir, 'trashed')
    writeFileSync(trashPath, 'x')
    const original = join(dir, 'blocker', 'inner', 's.jsonl')
    const error = await restoreFromTrash({ original, trashPath, infoPath: trashPath }).then(
      () => null,
      (e: unknown) => e,
    )
    assert.ok(error instanceof ApiError)
    assert.match(error.message, /; nothing was restored \(.*s\.jsonl\)$/)
  })
})

describe('add folder: a settings write that fails is told in words', () => {
  it('ENOSPC while saving the folder list', async () => {
    const { createLibraryHandlers } = await import('../../../main/api/library-handlers')
    const folder = mkdtempSync(join(tmpdir(), 'pi-add-folder-'))
    const context = {
      library: { setRoots: async () => {} },
      resolved: { roots: [] },
      settings: {
        get: () => ({ extraRoots: [] }),
        update: async () => {
          throw errno('ENOSPC')
        },
      },
    } as unknown as Parameters<typeof createLibraryHandlers>[0]
    const addRoot = createLibraryHandlers(context)['library:add-root']
    const error = await addRoot({ path: folder }).then(
      () => null,
      (e: unknown) => e,
    )
    assert.ok(error instanceof ApiError)
    assert.equal(error.message, `The disk is full; the folder was not added (${folder})`)
  })
})
