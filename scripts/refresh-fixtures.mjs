// Refreshes test/fixtures/pi-sessions from ../shared/fixtures/pi-sessions, so that the
// repository's tests run on a clone of itself alone (tests copy what they use).
import { cpSync, rmSync, chmodSync, readdirSync, statSync, existsSync } from 'node:fs'
import { join, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const source = resolve(repo, '..', 'shared', 'fixtures', 'pi-sessions')
const target = join(repo, 'test', 'fixtures', 'pi-sessions')

if (!existsSync(source)) {
  console.error(`refresh-fixtures: no source at ${source}`)
  process.exit(1)
}
rmSync(target, { recursive: true, force: true })
cpSync(source, target, { recursive: true })

// The shared copy is read-only; tests copy from here into temp folders and must be able to
// write to (and clean up) those copies.
function makeWritable(path) {
  const stat = statSync(path)
  chmodSync(path, stat.isDirectory() ? 0o755 : 0o644)
  if (stat.isDirectory()) for (const name of readdirSync(path)) makeWritable(join(path, name))
}
makeWritable(target)
console.log(`refresh-fixtures: copied ${source} -> ${target}`)
