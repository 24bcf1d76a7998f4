/**
 * Finds session files in the roots, in both pi layouts (pi spec 1.2 and 1.3):
 * `<root>/--<cwd>--/*.jsonl` (one folder per encoded cwd) and a flat custom session dir
 * (`<root>/*.jsonl`). Unlike pi's listAll (spec 15.3), files directly in the root are
 * listed too: a stray session must not be invisible. Never writes; read errors become
 * problems, never exceptions.
 */
import { lstat, readdir, realpath, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describeFsError, meansGone, type FsProblem } from './fs-errors'

/** The wording of file-system errors lives in fs-errors.ts; re-exported for the record reader. */
export { describeFsError }

/** A `*.jsonl` name found in a root or one of its project folders. */
export interface SessionCandidate {
  path: string
  /** The folder holding it (a project folder, or the root itself for the flat layout). */
  folder: string
  root: string
}

/** A path the scan could not read, with the reason in words and the errno code. */
export type ScanProblem = FsProblem

/** Everything the scan found. */
export interface ScanResult {
  candidates: SessionCandidate[]
  problems: ScanProblem[]
}

/**
 * Lists the session candidates of every root. A missing or unreadable root or folder is
 * reported in `problems`; the other roots are still scanned.
 * @param known session files the library knows from earlier scans: those in a folder that
 *   is there but cannot be listed now (permission denied, an I/O error) stay candidates, so
 *   each is read and says why it cannot be, rather than being taken for deleted
 */
export async function discoverSessionFiles(
  roots: readonly string[],
  known: Iterable<string> = [],
): Promise<ScanResult> {
  const result: ScanResult = { candidates: [], problems: [] }
  // Real paths of the folders listed: a folder reached again through a symlink (a link to a
  // project folder beside it, or to the root itself) is not listed twice. pi's listAll would
  // count such sessions twice; here each file is one session.
  const listed = new Set<string>()
  for (const root of roots) {
    const names = await readNames(root, result.problems)
    if (!names) continue
    listed.add(await realpath(root).catch(() => root))
    const folders: { path: string; link: boolean }[] = []
    for (const name of names) {
      const path = join(root, name)
      if (name.endsWith('.jsonl')) {
        result.candidates.push({ path, folder: root, root })
        continue
      }
      if (!(await isFolder(path, result.problems))) continue
      const link = (await lstat(path).catch(() => null))?.isSymbolicLink() ?? false
      folders.push({ path, link })
    }
    // Folders under their own names first: a link to one of them is the one left out.
    folders.sort((a, b) => Number(a.link) - Number(b.link))
    for (const { path } of folders) {
      const real = await realpath(path).catch(() => path)
      if (listed.has(real)) continue
      listed.add(real)
      const inner = await readNames(path, result.problems)
      for (const file of inner ?? []) {
        if (file.endsWith('.jsonl'))
          result.candidates.push({ path: join(path, file), folder: path, root })
      }
    }
  }
  result.candidates.push(...behindUnlisted(known, roots, result))
  return result
}

/** The `known` files inside a folder or root that could not be listed for a reason other
 * than its absence, and not found otherwise. */
function behindUnlisted(
  known: Iterable<string>,
  roots: readonly string[],
  { candidates, problems }: ScanResult,
): SessionCandidate[] {
  const unlisted = problems.filter((p) => !meansGone(p.code)).map((p) => p.path + '/')
  if (unlisted.length === 0) return []
  const found = new Set(candidates.map((c) => c.path))
  const kept: SessionCandidate[] = []
  for (const path of known) {
    if (found.has(path) || !unlisted.some((folder) => path.startsWith(folder))) continue
    const root = roots.filter((r) => path.startsWith(r + '/')).sort((a, b) => b.length - a.length)
    if (root[0]) kept.push({ path, folder: dirname(path), root: root[0] })
  }
  return kept
}

async function readNames(folder: string, problems: ScanProblem[]): Promise<string[] | null> {
  try {
    return (await readdir(folder)).sort()
  } catch (error) {
    problems.push(describeFsError(folder, error))
    return null
  }
}

async function isFolder(path: string, problems: ScanProblem[]): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch (error) {
    // A dangling symlink or a loop next to the project folders: say so, keep going.
    problems.push(describeFsError(path, error))
    return false
  }
}
