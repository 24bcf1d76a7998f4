/**
 * `npm start` and `npm run serve` started by hand with a Node older than package.json's
 * `engines.node` (scripts/node-version.mjs) say so in one line and exit, instead of failing
 * with a stack on a module that Node lacks (node:sqlite).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { leastNode, nodeTooOld } from '../../../scripts/node-version.mjs'

test('the least Node is package.json engines.node', () => {
  const engines = (
    JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
  ).engines.node
  assert.equal(`>=${leastNode().join('.')}`, engines)
})

test('a Node older than engines.node is refused in words; the same or newer is not', () => {
  assert.equal(
    nodeTooOld('20.20.2', [22, 13]),
    'Pi Sessions needs Node 22.13 or newer; this is Node 20.20.2. ' +
      'Run `npm start` (or `npm run serve`): they use the Node the project installs.',
  )
  assert.match(nodeTooOld('22.12.9', [22, 13]) ?? '', /needs Node 22\.13/)
  assert.equal(nodeTooOld('22.13.0', [22, 13]), null)
  assert.equal(nodeTooOld('24.1.0', [22, 13]), null)
  assert.equal(nodeTooOld(process.versions.node), null, 'the Node the tests run on')
})

// The machine's own Node, when it is older (Debian's Node 20 here).
const system = '/usr/bin/node'
const systemVersion = existsSync(system)
  ? spawnSync(system, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : ''
const older = systemVersion !== '' && nodeTooOld(systemVersion) !== null

for (const script of ['scripts/start.mjs', 'scripts/serve.mjs']) {
  test(
    `${script} under an older Node prints one line and exits 1`,
    { skip: !older && `no Node older than engines.node at ${system}` },
    () => {
      const run = spawnSync(system, [script], { encoding: 'utf8', timeout: 20_000 })
      assert.equal(run.status, 1, run.stderr)
      assert.equal(run.stderr, `${nodeTooOld(systemVersion)}\n`)
    },
  )
}
