// Whether this Node can run the app: package.json's `engines.node` (">=MAJOR.MINOR") is the
// rule. `npm start` and `npm run serve` run the Node the project installs (node_modules/.bin);
// a script started by hand with an older system Node says so in words, not with a stack.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repo } from './build-if-needed.mjs'

/** The lowest Node version package.json's `engines.node` allows, as [major, minor]. */
export function leastNode() {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'))
  const match = /^>=\s*(\d+)\.(\d+)/.exec(pkg.engines?.node ?? '')
  if (!match)
    throw new Error(`package.json engines.node is not ">=MAJOR.MINOR": ${pkg.engines?.node}`)
  return [Number(match[1]), Number(match[2])]
}

/** One line saying why Node `version` cannot run the app, or null when it can. */
export function nodeTooOld(version = process.versions.node, least = leastNode()) {
  const [major, minor] = version.split('.').map(Number)
  if (major > least[0] || (major === least[0] && minor >= least[1])) return null
  return (
    `Pi Sessions needs Node ${least.join('.')} or newer; this is Node ${version}. ` +
    'Run `npm start` (or `npm run serve`): they use the Node the project installs.'
  )
}

/** Exits with {@link nodeTooOld}'s reason when this Node cannot run the app. */
export function requireNode() {
  const reason = nodeTooOld()
  if (reason === null) return
  console.error(reason)
  process.exit(1)
}
