// `npm test`: runs every suite (unit with node:test + tsx, end to end with Playwright),
// even when one fails, then prints `total: N passed, N failed, N skipped` and writes the
// counts to test-results/summary.json for .ci/run. Exit code 1 on any failure.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build, repo } from './build-if-needed.mjs'
import { findChromium } from './chromium.mjs'

const results = join(repo, 'test-results')
mkdirSync(results, { recursive: true })
const counts = { passed: 0, failed: 0, skipped: 0 }
const only = process.argv[2] // --unit or --e2e runs one suite
const parts = []

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  process.stdout.write(result.stdout ?? '')
  return result
}

// Unit and reliability: node's test runner (Node 20 takes no globs: list the files); the spec reporter's
// closing lines carry the counts.
function unitSuite() {
  const files = ['unit', 'reliability']
    .flatMap((suite) =>
      readdirSync(join(repo, 'test', suite), { recursive: true })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => join('test', suite, f)),
    )
    .sort()
  const unit = run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=2',
    ...files,
  ])
  const count = (name) => Number(unit.stdout.match(new RegExp(`^ℹ ${name} (\\d+)$`, 'm'))?.[1] ?? 0)
  const c = {
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
  }
  if (unit.status !== 0 && c.failed === 0) c.failed = 1
  console.log(`unit: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`)
  return c
}

// Where no Chromium is found and the registry's (Linux x64 only) cannot serve, Playwright's
// own download is the last route; bounded, and said in one line when it fails too.
async function ensureChromium() {
  const found = await findChromium()
  if (found.executablePath) return true
  if (process.platform === 'linux' && process.arch === 'x64') {
    console.log(`e2e: ${found.reason}`)
    return false
  }
  console.log(`e2e: ${found.reason}; trying \`playwright install chromium\`…`)
  const bin = join(repo, 'node_modules', '.bin', 'playwright')
  const install = spawnSync(bin, ['install', 'chromium'], {
    stdio: 'inherit',
    timeout: 10 * 60_000,
  })
  if (install.status === 0) return true
  console.log(`e2e: playwright install chromium failed; ${found.reason}`)
  return false
}

// End to end: Playwright in the Chromium that scripts/chromium.mjs finds, against server
// mode, the Electron stand-in host, and real Electron where a binary exists or installs.
async function e2eSuite() {
  if (!(await ensureChromium())) {
    console.log('e2e: 0 passed, 1 failed, 0 skipped')
    return { passed: 0, failed: 1, skipped: 0 }
  }
  const report = join(results, 'playwright.json')
  rmSync(report, { force: true })
  const e2e = run(
    join(repo, 'node_modules', '.bin', 'playwright'),
    ['test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
  )
  const e2eCounts = { passed: 0, failed: 0, skipped: 0 }
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {}
    e2eCounts.passed = (stats.expected ?? 0) + (stats.flaky ?? 0)
    e2eCounts.failed = stats.unexpected ?? 0
    e2eCounts.skipped = stats.skipped ?? 0
  }
  if (e2e.status !== 0 && e2eCounts.failed === 0) e2eCounts.failed = 1
  console.log(
    `e2e: ${e2eCounts.passed} passed, ${e2eCounts.failed} failed, ${e2eCounts.skipped} skipped`,
  )
  return e2eCounts
}

// Both suites use the build (unit: the packaging check; e2e: server mode).
build()
if (only !== '--e2e') parts.push(unitSuite())
if (only !== '--unit') parts.push(await e2eSuite())
for (const part of parts) for (const k of Object.keys(counts)) counts[k] += part[k]
writeFileSync(join(results, 'summary.json'), JSON.stringify(counts))
console.log(`total: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(counts.failed > 0 ? 1 : 0)
