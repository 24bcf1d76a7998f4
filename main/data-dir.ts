/**
 * The app's data folder (settings, the library index, tree skeletons, exports, the log) must be
 * a folder the app can write before anything starts: a path that cannot be made, or that is a
 * file, is said in words at launch rather than found out later by each part that writes there.
 */
import { access, constants, mkdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { describeFsError } from './library/fs-errors'

/**
 * Makes `dir` and its missing parents one at a time. Not `mkdir(dir, { recursive: true })`:
 * Node 24's recursive mkdir never returns for a path under /proc (each mkdir there fails with
 * ENOENT although the parent exists, and it retries).
 * @throws the fs error of the first folder that cannot be made
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = []
  for (let at = resolve(dir); ; at = dirname(at)) {
    const exists = await stat(at).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
        return false
      },
    )
    if (exists || dirname(at) === at) break
    missing.unshift(at)
  }
  for (const folder of missing)
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
}

/**
 * Makes the data folder `dir` if it is missing and checks that it is a writable folder.
 * @throws Error with a one-line message in words ("The data folder /x cannot be used: …")
 */
export async function prepareDataDir(dir: string): Promise<void> {
  const refuse = (why: string) =>
    new Error(
      `The data folder ${dir} cannot be used: ${why}. Settings, the library index and exports are kept there; choose another folder (server mode: --data-dir DIR).`,
    )
  try {
    await makeFolders(dir)
  } catch (error) {
    throw refuse(`it cannot be created (${describeFsError(dir, error).message})`)
  }
  const facts = await stat(dir).catch((error: unknown) => {
    throw refuse(describeFsError(dir, error).message)
  })
  if (!facts.isDirectory()) throw refuse('it is a file, not a folder')
  await access(dir, constants.W_OK).catch((error: unknown) => {
    throw refuse(describeFsError(dir, error).message)
  })
}
