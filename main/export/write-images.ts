/**
 * Writing a prepared export: one file (write.ts), or a Markdown file with its images folder
 * beside it. Both land whole or not at all: the Markdown and the images are first written under
 * temp names beside the target (each file atomically, write-file-atomic), then renamed into
 * place, images first, so a cancel or a failure leaves neither a partial file nor a Markdown
 * whose images are missing. Nothing existing is replaced unless the caller says the user agreed.
 */
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { ApiError } from '../../preload/contract/errors'
import type { PreparedExport } from './export'
import type { ImageFiles } from './image-files'
import { writeExportFile, type WriteOptions } from './write'
import type { RedactionCounts } from './redact'
import { writeZip, type AddEntry } from './zip'

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  )
}

/**
 * Writes `prepared` to `target`: with image files (Markdown), the images folder beside it too.
 * @returns bytes of the main file
 * @throws ApiError `conflict` when the file or its images folder exists and `overwrite` is not
 *   set; the write's error (ENOSPC, an AbortError on cancel) with nothing left behind
 */
export function writePrepared(
  target: string,
  prepared: PreparedExport,
  options: WriteOptions = {},
): Promise<number> {
  if (!prepared.images) return writeExportFile(target, prepared.chunks, options)
  return writeWithImages(target, prepared.chunks, prepared.images, options)
}

/**
 * Adds `prepared` to a zip as `name`; a Markdown export's images follow it, into its images
 * folder (the links inside the Markdown are relative, so they work once unpacked).
 */
export async function addPrepared(
  add: AddEntry,
  name: string,
  prepared: PreparedExport,
): Promise<void> {
  await add(name, prepared.chunks)
  const images = prepared.images
  if (!images) return
  for (const file of images.files) await add(`${images.folder}/${file.name}`, images.data(file))
}

/**
 * Server mode: writes one export into its download slot, as the file itself or (`zipAs`, the
 * Markdown's name inside) as a zip of the Markdown and its images folder.
 * @returns the bytes written and what redaction replaced
 * @throws the export's and the write's errors, with nothing left at `target`
 */
export async function writeDownload(
  target: string,
  prepare: () => Promise<PreparedExport>,
  zipAs: string | null,
): Promise<{ bytes: number; counts: RedactionCounts }> {
  if (zipAs === null) {
    const prepared = await prepare()
    return { bytes: await writeExportFile(target, prepared.chunks), counts: prepared.counts }
  }
  const counts = await writeZip(target, async (add) => {
    const prepared = await prepare()
    await addPrepared(add, zipAs, prepared)
    return prepared.counts
  })
  return { bytes: (await stat(target)).size, counts }
}

async function writeWithImages(
  target: string,
  chunks: Iterable<string>,
  images: ImageFiles,
  options: WriteOptions,
): Promise<number> {
  const dir = dirname(target)
  const folder = join(dir, images.folder)
  // The user was asked about the Markdown file only: its images folder may be replaced with it,
  // never on its own.
  const replacing = options.overwrite === true && (await exists(target))
  if (!options.overwrite && (await exists(target)))
    throw new ApiError('conflict', `${basename(target)} already exists`)
  if (!replacing && (await exists(folder)))
    throw new ApiError('conflict', `${basename(folder)} already exists`)
  const tag = randomBytes(4).toString('hex')
  const stagedFile = join(dir, `.${basename(target)}.${tag}.staged`)
  const stagedFolder = join(dir, `.${images.folder}.${tag}.staged`)
  let placedFolder = false
  try {
    // The Markdown first (it decides which images there are), under a temp name.
    const bytes = await writeExportFile(stagedFile, chunks, { signal: options.signal })
    if (images.files.length > 0) {
      await mkdir(stagedFolder)
      for (const file of images.files) {
        options.signal?.throwIfAborted()
        await writeFileAtomic(join(stagedFolder, file.name), images.data(file))
      }
      placedFolder = await placeFolder(stagedFolder, folder, replacing)
    }
    if (!options.overwrite && (await exists(target)))
      throw new ApiError('conflict', `${basename(target)} already exists`)
    await rename(stagedFile, target)
    return bytes
  } catch (error) {
    await rm(stagedFile, { force: true })
    await rm(stagedFolder, { recursive: true, force: true })
    if (placedFolder) await rm(folder, { recursive: true, force: true })
    throw error
  }
}

/**
 * Moves the staged images folder into place. Over an existing folder (`replacing`: the user
 * agreed to replace the Markdown beside it) its files are replaced one by one, by name: other
 * files in it stay.
 * @returns whether the folder is new (so a later failure removes it again)
 */
async function placeFolder(staged: string, folder: string, replacing: boolean) {
  if (!(await exists(folder))) {
    await rename(staged, folder)
    return true
  }
  if (!replacing) throw new ApiError('conflict', `${basename(folder)} already exists`)
  for (const name of await readdir(staged)) await rename(join(staged, name), join(folder, name))
  await rm(staged, { recursive: true, force: true })
  return false
}
