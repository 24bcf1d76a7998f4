import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { resolveSessionRoots } from '../../../main/library/roots'
import { tempDir } from '../../helpers/temp'

// pi spec 1.1 / 1.3: --session-dir > PI_CODING_AGENT_SESSION_DIR > settings.sessionDir >
// <agentDir>/sessions, agentDir = PI_CODING_AGENT_DIR or ~/.pi/agent.
test('default root is ~/.pi/agent/sessions', (ctx) => {
  const home = tempDir(ctx, 'pi-roots-')
  const r = resolveSessionRoots({ env: {}, homedir: home })
  assert.equal(r.agentDir, join(home, '.pi', 'agent'))
  assert.deepEqual(r.roots, [{ path: join(home, '.pi', 'agent', 'sessions'), source: 'default' }])
})

test('PI_CODING_AGENT_DIR moves the agent dir, with ~ expanded', (ctx) => {
  const home = tempDir(ctx, 'pi-roots-')
  const r = resolveSessionRoots({ env: { PI_CODING_AGENT_DIR: '~/custom-agent' }, homedir: home })
  assert.equal(r.agentDir, join(home, 'custom-agent'))
  assert.equal(r.roots[0]?.path, join(home, 'custom-agent', 'sessions'))
})

test('an empty PI_CODING_AGENT_DIR counts as unset', (ctx) => {
  const home = tempDir(ctx, 'pi-roots-')
  const r = resolveSessionRoots({ env: { PI_CODING_AGENT_DIR: '' }, homedir: home })
  assert.equal(r.agentDir, join(home, '.pi', 'agent'))
})

test('settings.json sessionDir beats the default; env beats settings; --sessions-dir beats all', (ctx) => {
  const home = tempDir(ctx, 'pi-roots-')
  const agent = join(home, 'agent')
  mkdirSync(agent)
  writeFileSync(join(agent, 'settings.json'), JSON.stringify({ sessionDir: '~/from-settings' }))
  const env = { PI_CODING_AGENT_DIR: agent }
  assert.deepEqual(resolveSessionRoots({ env, homedir: home }).roots, [
    { path: join(home, 'from-settings'), source: 'settings' },
  ])
  const withEnv = { ...env, PI_CODING_AGENT_SESSION_DIR: join(home, 'from-env') }
  assert.deepEqual(resolveSessionRoots({ env: withEnv, homedir: home }).roots, [
    { path: join(home, 'from-env'), source: 'env' },
  ])
  const cli = resolveSessionRoots({ env: withEnv, homedir: home, cliDirs: ['/a', '/b', '/a'] })
  assert.deepEqual(cli.roots, [
    { path: '/a', source: 'cli' },
    { path: '/b', source: 'cli' },
  ])
})

test('a malformed settings.json is a warning, not a crash, and changes nothing on disk', (ctx) => {
  const home = tempDir(ctx, 'pi-roots-')
  const agent = join(home, 'agent')
  mkdirSync(agent)
  writeFileSync(join(agent, 'settings.json'), '{ not json')
  const r = resolveSessionRoots({ env: { PI_CODING_AGENT_DIR: agent }, homedir: home })
  assert.equal(r.roots[0]?.source, 'default')
  assert.equal(r.warnings.length, 1)
  // Reading creates no folder: the sessions root still does not exist.
  assert.deepEqual(readdirSync(agent), ['settings.json'])
})
