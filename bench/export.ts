/**
 * Benchmark: the HTML export of a few fixture sessions and of a generated large session, ours
 * (in this process, after one warm-up run) against `pi --export <file> <out.html>` (pi 1.6.0,
 * one process per export on its Node 22, so its time includes starting pi). Prints the output
 * size and time of each, and our Markdown and JSONL for the same files. Not a test.
 *
 * Usage: node --import tsx bench/export.ts [--entries 5000] [--mb 10] [--peers DIR]
 * pi 1.6.0 comes from bench/peers (`npm run bench:setup`) or `--peers <node_modules dir>`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareFileExport, type ExportFormat } from '../main/export/export.js'
import { writeExportFile } from '../main/export/write.js'
import { FIXTURE_STORE, fixtureFile } from '../test/helpers/fixtures.js'
import { numberArg } from './args.js'
import { generateSession } from './generate-session.js'

const here = dirname(fileURLToPath(import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'pi-export-bench-'))
const peersArg = process.argv.indexOf('--peers')
const peers =
  peersArg > 0 ? resolve(process.argv[peersArg + 1] as string) : join(here, 'peers', 'node_modules')
const node22 = join(peers, 'node', 'bin', 'node')
const piCli = join(peers, '@earendil-works', 'pi-coding-agent', 'dist', 'cli.js')

async function ours(file: string, format: ExportFormat): Promise<{ ms: number; bytes: number }> {
  const target = join(out, `${basename(file)}.ours.${format}`)
  rmSync(target, { force: true })
  const start = performance.now()
  const prepared = await prepareFileExport(file, basename(file), {
    format,
    scope: { kind: 'session' },
    redact: true,
    home: '/home/ayla',
    images: 'inline',
  })
  const bytes = await writeExportFile(target, prepared.chunks)
  return { ms: performance.now() - start, bytes }
}

function pi(file: string): { ms: number; bytes: number } | null {
  if (!existsSync(node22) || !existsSync(piCli)) return null
  const target = join(out, `${basename(file)}.pi.html`)
  const start = performance.now()
  const run = spawnSync(node22, [piCli, '--export', file, target], {
    encoding: 'utf8',
    env: { ...process.env, HOME: out, PI_CODING_AGENT_DIR: join(out, 'agent') },
  })
  if (run.status !== 0) throw new Error(`pi --export failed: ${run.stderr}`)
  return { ms: performance.now() - start, bytes: statSync(target).size }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`

async function main(): Promise<void> {
  const big = join(out, 'generated.jsonl')
  const entries = numberArg('entries', 5000)
  await generateSession(big, {
    entries,
    targetBytes: numberArg('mb', 10) * 1e6,
    seed: 42,
    branchEvery: 500,
  })
  const files = [
    ...['branches', 'tools-images', 'compaction'].map((s) =>
      join(FIXTURE_STORE, fixtureFile(s, 'pi 1.6.0').file),
    ),
    big,
  ]
  await ours(files[0] as string, 'html') // warm-up: module loading and compiled patterns
  if (!existsSync(piCli)) console.log(`pi 1.6.0 not found in ${peers}: run \`npm run bench:setup\``)
  mkdirSync(out, { recursive: true })
  console.log(
    'session | source | ours HTML (size, time) | pi --export HTML (size, time) | ours Markdown | ours JSONL',
  )
  for (const file of files) {
    const html = await ours(file, 'html')
    const md = await ours(file, 'markdown')
    const jsonl = await ours(file, 'jsonl')
    const theirs = pi(file)
    const them = theirs ? `${kb(theirs.bytes)}, ${theirs.ms.toFixed(0)} ms` : 'n/a'
    console.log(
      `${basename(file).slice(0, 40)} | ${kb(statSync(file).size)} | ${kb(html.bytes)}, ${html.ms.toFixed(0)} ms | ${them} | ` +
        `${kb(md.bytes)}, ${md.ms.toFixed(0)} ms | ${kb(jsonl.bytes)}, ${jsonl.ms.toFixed(0)} ms`,
    )
  }
  console.log(`outputs in ${out}`)
}

await main()
