/**
 * Markdown with its images as files, on the fixture sessions that hold images (pi 1.6.0's and
 * 0.73.1's `tools-images`): `<name>.md` links `<name>-images/001.png`... relatively, each file
 * holds the image's decoded bytes from the session, existing files are never replaced without
 * the overwrite the user agreed to, a cancel leaves nothing, and a batch zip carries the images
 * beside each Markdown. "Omit with a note" stays the default.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yauzl from 'yauzl'
import { runBatch } from '../../../main/export/batch.js'
import { prepareFileExport } from '../../../main/export/export.js'
import { writePrepared } from '../../../main/export/write-images.js'
import { FIXTURE_STORE, fixtureFile } from '../../helpers/fixtures.js'
import { options } from './helpers.js'

const fixtures = ['pi 1.6.0', 'pi 0.73.1'].map((writer) =>
  join(FIXTURE_STORE, fixtureFile('tools-images', writer).file),
)

/** Every image block's base64 data in the file, in file order (what pi stored). */
function storedImages(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  return [...text.matchAll(/"type":"image","data":"([A-Za-z0-9+/=]+)"/g)].map((m) => m[1]!)
}

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-md-images-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

async function exportTo(source: string, target: string, overwrite = false, signal?: AbortSignal) {
  const prepared = await prepareFileExport(
    source,
    'session.jsonl',
    options({ format: 'markdown', images: 'files', outputName: target.split('/').at(-1) }),
  )
  return writePrepared(target, prepared, { overwrite, signal })
}

describe('Markdown with images as files', () => {
  for (const source of fixtures) {
    it(`writes each image beside the Markdown, linked relatively (${source.split('_').at(-1)})`, async () => {
      const out = join(dir, `a-${fixtures.indexOf(source)}`)
      mkdirSync(out)
      const target = join(out, 'My notes.md')
      await exportTo(source, target)
      const markdown = readFileSync(target, 'utf8')
      const links = [...markdown.matchAll(/!\[image image\/png, [^\]]+\]\(([^)]+)\)/g)].map(
        (m) => m[1],
      )
      const stored = storedImages(source)
      assert.ok(stored.length > 0, 'the fixture holds images')
      assert.ok(links.length > 0, markdown)
      assert.deepEqual(
        links,
        links.map((_, i) => `My%20notes-images/${String(i + 1).padStart(3, '0')}.png`),
      )
      assert.doesNotMatch(markdown, /image omitted/)
      assert.deepEqual(readdirSync(out).sort(), ['My notes-images', 'My notes.md'])
      const files = readdirSync(join(out, 'My notes-images')).sort()
      assert.equal(files.length, links.length)
      for (const name of files) {
        const bytes = readFileSync(join(out, 'My notes-images', name))
        // Each file is one of the session's images, decoded (a PNG, byte for byte).
        assert.ok(
          stored.some((data) => Buffer.from(data, 'base64').equals(bytes)),
          name,
        )
        assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47])
      }
    })
  }

  it('omits images with a note unless asked, and writes no folder', async () => {
    const out = join(dir, 'omit')
    mkdirSync(out)
    const prepared = await prepareFileExport(
      fixtures[0]!,
      'session.jsonl',
      options({ format: 'markdown', images: 'omit', outputName: 'x.md' }),
    )
    await writePrepared(join(out, 'x.md'), prepared)
    assert.match(readFileSync(join(out, 'x.md'), 'utf8'), /\*\[image omitted: image\/png, /)
    assert.deepEqual(readdirSync(out), ['x.md'])
  })

  it('never replaces an existing Markdown or images folder without the overwrite', async () => {
    const out = join(dir, 'exists')
    mkdirSync(join(out, 'n-images'), { recursive: true })
    writeFileSync(join(out, 'n-images', 'mine.txt'), 'mine')
    await assert.rejects(exportTo(fixtures[0]!, join(out, 'n.md')), /n-images already exists/)
    assert.deepEqual(readdirSync(out), ['n-images'])
    writeFileSync(join(out, 'm.md'), 'mine')
    await assert.rejects(exportTo(fixtures[0]!, join(out, 'm.md')), /m\.md already exists/)
    assert.equal(readFileSync(join(out, 'm.md'), 'utf8'), 'mine')
    assert.deepEqual(readdirSync(out).sort(), ['m.md', 'n-images'])
    // The user's yes to replacing n.md is no yes to an images folder without its Markdown.
    await assert.rejects(exportTo(fixtures[0]!, join(out, 'n.md'), true), /n-images already/)
    // With the Markdown there and the user's yes: it and the images by name are replaced.
    writeFileSync(join(out, 'n.md'), 'old')
    await exportTo(fixtures[0]!, join(out, 'n.md'), true)
    assert.match(readFileSync(join(out, 'n.md'), 'utf8'), /^---\ntitle:/)
    assert.ok(readdirSync(join(out, 'n-images')).includes('001.png'))
    assert.equal(readFileSync(join(out, 'n-images', 'mine.txt'), 'utf8'), 'mine')
    assert.deepEqual(readdirSync(out).sort(), ['m.md', 'n-images', 'n.md'])
  })

  it('a cancel leaves neither the Markdown nor its images', async () => {
    const out = join(dir, 'cancel')
    mkdirSync(out)
    const controller = new AbortController()
    controller.abort()
    await assert.rejects(exportTo(fixtures[0]!, join(out, 'c.md'), false, controller.signal))
    assert.deepEqual(readdirSync(out), [])
  })

  it('a batch zip carries each Markdown’s images beside it', async () => {
    const target = join(dir, 'batch.zip')
    const result = await runBatch(
      fixtures.map((path, i) => ({ sessionId: `s${i}`, path, fileName: 'Same title.md' })),
      {
        export: { format: 'markdown', redact: true, home: '/home/ayla', images: 'files' },
        packaging: 'zip',
        target,
        signal: new AbortController().signal,
      },
    )
    assert.equal(result.failed.length, 0, JSON.stringify(result.failed))
    const entries = await zipEntries(target)
    const names = [...entries.keys()]
    assert.ok(names.includes('Same title.md') && names.includes('Same title (2).md'), names.join())
    for (const md of ['Same title.md', 'Same title (2).md']) {
      const folder = md.replace(/\.md$/, '-images')
      const text = entries.get(md)!.toString('utf8')
      const links = [...text.matchAll(/\]\(([^)]+\.png)\)/g)].map((m) => decodeURIComponent(m[1]!))
      assert.ok(links.length > 0, md)
      for (const link of links) {
        assert.ok(link.startsWith(`${folder}/`), link)
        assert.equal(entries.get(link)?.subarray(1, 4).toString(), 'PNG', link)
      }
    }
  })
})

/** Every entry of a zip with its bytes. */
function zipEntries(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const out = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e)
          const parts: Buffer[] = []
          stream.on('data', (c: Buffer) => parts.push(c))
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(out))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}
