/**
 * The demo library offered on a first run. What ships with the app (resources/demo, inside the
 * install) is never opened itself: it is copied into the app's data folder once, and the copy
 * is what the library reads and edits, so a rename or label never writes into the install.
 */
import { randomBytes } from 'node:crypto'
import { cp, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { isDirectory } from './roots'

/** Where the copy of the demo library lives inside the data folder. */
export function demoCopyDir(dataDir: string): string {
  return join(dataDir, 'demo')
}

/**
 * Copies the shipped demo library into `dataDir` (once: an existing copy, with whatever the
 * user changed in it, is kept) and returns the copy's path. The copy is made in a temp folder
 * beside it and renamed, so an interrupted copy never looks like a finished one.
 * @throws the fs error (ENOSPC, EACCES...) with no half copy left behind
 */
export async function copyDemoLibrary(shippedDir: string, dataDir: string): Promise<string> {
  const target = demoCopyDir(dataDir)
  if (isDirectory(target)) return target
  const temp = join(dataDir, `.demo-${randomBytes(4).toString('hex')}.part`)
  try {
    await cp(shippedDir, temp, { recursive: true, errorOnExist: true, force: false })
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { recursive: true, force: true })
    // Another window finished the same copy first: use it.
    if (isDirectory(target)) return target
    throw error
  }
  return target
}
