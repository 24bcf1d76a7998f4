/**
 * "Open in terminal": the command built for each system and terminal (a program and an
 * argument array; the paths are separate arguments, never spliced into a shell line), the
 * refusals, and the `session:open-terminal` handler through dispatch: ids only, main resolves
 * the file and cwd, the terminal of the settings, and server mode refusing. Nothing is launched.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch } from '../../helpers/dispatch'
import { createEditHandlers } from '../../../main/api/edit-handlers'
import { SessionLibrary } from '../../../main/library/library'
import { SettingsStore } from '../../../main/settings/store'
import {
  defaultTerminal,
  terminalCommand,
  TERMINALS,
  type TerminalCommand,
} from '../../../main/terminal/command'
import { openFixtureLibrary, query } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'

const file = '/home/ann/.pi/agent/sessions/--home-ann-it\'s a "repo"--/2026_x.jsonl'
const cwd = '/home/ann/it\'s a "repo" $(rm -rf ~)'
const target = { sessionFile: file, cwd }

describe('terminal commands', () => {
  it('macOS: osascript gets the cwd and file as arguments, quoted by AppleScript itself', () => {
    for (const terminal of ['terminal', 'iterm'] as const) {
      const command = terminalCommand('darwin', terminal, target)
      assert.equal(command.file, 'osascript')
      assert.equal(command.cwd, cwd)
      assert.deepEqual(command.args.slice(-2), [cwd, file])
      const script = command.args.slice(0, -2)
      // Only -e pairs before the two arguments, and no path inside the script text.
      script.forEach((arg, i) => i % 2 === 0 && assert.equal(arg, '-e'))
      const text = script.filter((_, i) => i % 2 === 1).join('\n')
      assert.ok(!text.includes(cwd) && !text.includes('ann'), text)
      assert.match(text, /on run argv/)
      assert.match(text, /quoted form of \(item 1 of argv\)/)
      assert.match(text, /pi --session " & quoted form of \(item 2 of argv\)/)
      assert.match(text, terminal === 'iterm' ? /application "iTerm"/ : /application "Terminal"/)
    }
    assert.deepEqual(
      terminalCommand('darwin', 'auto', target),
      terminalCommand('darwin', 'terminal', target),
    )
  })

  it('Linux: each terminal gets pi and its arguments as separate arguments, in the cwd', () => {
    const linux = { sessionFile: file, cwd: '/home/ann/repo' }
    const pi = ['pi', '--session', file]
    const expected: Record<string, TerminalCommand> = {
      'x-terminal-emulator': { file: 'x-terminal-emulator', args: ['-e', ...pi], cwd: linux.cwd },
      'gnome-terminal': {
        file: 'gnome-terminal',
        args: ['--working-directory=/home/ann/repo', '--', ...pi],
        cwd: linux.cwd,
      },
      konsole: { file: 'konsole', args: ['--workdir', linux.cwd, '-e', ...pi], cwd: linux.cwd },
    }
    for (const [terminal, command] of Object.entries(expected)) {
      assert.deepEqual(terminalCommand('linux', terminal as never, linux), command, terminal)
    }
    assert.deepEqual(terminalCommand('linux', 'auto', linux), expected['x-terminal-emulator'])
    assert.deepEqual(terminalCommand('freebsd', 'auto', linux), expected['x-terminal-emulator'])
  })

  it('Windows: Windows Terminal and cmd.exe; a path cmd.exe would reinterpret is refused', () => {
    const win = {
      sessionFile: 'C:\\Users\\ann\\.pi\\agent\\sessions\\--C--repo--\\2026_x.jsonl',
      cwd: 'C:\\Users\\ann\\my repo',
    }
    const pi = ['pi', '--session', win.sessionFile]
    assert.deepEqual(terminalCommand('win32', 'windows-terminal', win), {
      file: 'wt.exe',
      args: ['-d', win.cwd, ...pi],
      cwd: win.cwd,
    })
    assert.deepEqual(terminalCommand('win32', 'cmd', win), {
      file: 'cmd.exe',
      args: ['/k', ...pi],
      cwd: win.cwd,
    })
    assert.deepEqual(
      terminalCommand('win32', 'auto', win),
      terminalCommand('win32', 'windows-terminal', win),
    )
    for (const bad of ['a & calc', 'a|b', '100%', 'a;b', 'a"b', 'a^b', 'a<b', 'wow!']) {
      for (const terminal of ['windows-terminal', 'cmd'] as const) {
        assert.throws(
          () => terminalCommand('win32', terminal, { ...win, cwd: `C:\\${bad}` }),
          (e: Error & { code?: string }) =>
            e.code === 'invalid_argument' && /safely/.test(e.message),
          `${terminal} ${bad}`,
        )
      }
    }
  })

  it('refuses a terminal of another system, in words', () => {
    for (const terminal of TERMINALS) {
      if (terminal === 'auto') continue
      const runs = (['darwin', 'win32', 'linux'] as const).filter((p) => {
        try {
          terminalCommand(p, terminal, { sessionFile: '/s.jsonl', cwd: '/w' })
          return true
        } catch (error) {
          assert.match((error as Error).message, /does not run on this system/)
          return false
        }
      })
      assert.equal(runs.length, 1, `${terminal} runs on exactly one system`)
    }
    assert.equal(defaultTerminal('darwin'), 'terminal')
    assert.equal(defaultTerminal('win32'), 'windows-terminal')
    assert.equal(defaultTerminal('linux'), 'x-terminal-emulator')
  })
})

describe('session:open-terminal', () => {
  const log = recordingLog()
  let fixtures: Awaited<ReturnType<typeof openFixtureLibrary>>
  let library: SessionLibrary
  let dataDir: string
  before(async () => {
    fixtures = await openFixtureLibrary()
    library = fixtures.library
    dataDir = mkdtempSync(join(tmpdir(), 'pi-terminal-data-'))
  })
  after(async () => {
    await fixtures.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function handlers(
    launched: TerminalCommand[] | null,
    over: SessionLibrary = library,
  ): Promise<HandlerTable> {
    const settings = new SettingsStore(dataDir)
    await settings.update((s) => ({ ...s, terminal: 'x-terminal-emulator' }))
    const desktop = launched && {
      showItemInFolder: () => undefined,
      openPath: async () => '',
      openTerminal: async (command: TerminalCommand) => void launched.push(command),
    }
    return createEditHandlers({
      library: over,
      settings,
      ...(desktop ? { desktop } : {}),
    } as unknown as HandlerContext) as HandlerTable
  }

  it('takes a session id only; main resolves its file and cwd', async () => {
    const launched: TerminalCommand[] = []
    const table = await handlers(launched)
    for (const args of [
      { sessionId: '/etc/passwd' },
      { sessionId: '../../x' },
      {},
      { sessionId: '0123456789abcdef', cwd: '/tmp' },
      { sessionId: '0123456789abcdef', command: 'rm -rf /' },
    ]) {
      const result = await dispatch(table, 'session:open-terminal', args, log)
      assert.equal(result.ok ? 'ok' : result.error.code, 'invalid_argument', JSON.stringify(args))
    }
    const unknown = await dispatch(
      table,
      'session:open-terminal',
      { sessionId: '0123456789abcdef' },
      log,
    )
    assert.equal(unknown.ok ? 'ok' : unknown.error.code, 'not_found')
    assert.equal(launched.length, 0)
  })

  it('starts the terminal of the settings in the session’s cwd, or says why not', async () => {
    const launched: TerminalCommand[] = []
    const rows = library.query(query()).rows
    const table = await handlers(launched)
    const missing = rows.find((r) => r.cwd && !r.cwd.startsWith(tmpdir()))
    assert.ok(missing, 'a fixture session whose cwd is not on this machine')
    const gone = await dispatch(table, 'session:open-terminal', { sessionId: missing.id }, log)
    assert.equal(gone.ok ? 'ok' : gone.error.code, 'not_found')
    assert.match(gone.ok ? '' : gone.error.message, /no longer exists/)
    // A session whose cwd exists here: one written for the test, in a library of its own.
    const project = join(dataDir, 'my project')
    const root = join(dataDir, 'sessions')
    mkdirSync(project, { recursive: true })
    mkdirSync(root, { recursive: true })
    const sessionFile = join(
      root,
      '2026-01-01T00-00-00-000Z_0b4f3c2e-7f51-4c1a-9f0a-1d2e3f405162.jsonl',
    )
    const header = {
      type: 'session',
      version: 3,
      id: '0b4f3c2e-7f51-4c1a-9f0a-1d2e3f405162',
      timestamp: '2026-01-01T00:00:00.000Z',
      cwd: project,
    }
    writeFileSync(sessionFile, `${JSON.stringify(header)}\n`)
    const own = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
    await own.start()
    await own.whenIdle()
    try {
      const table = await handlers(launched, own)
      const id = own.query(query()).rows[0]!.id
      const result = await dispatch(table, 'session:open-terminal', { sessionId: id }, log)
      assert.ok(result.ok, JSON.stringify(result))
      assert.deepEqual(launched, [
        { file: 'x-terminal-emulator', args: ['-e', 'pi', '--session', sessionFile], cwd: project },
      ])
    } finally {
      await own.close()
    }
  })

  it('server mode has no terminal to open: it says to copy the command', async () => {
    const table = await handlers(null)
    const row = library.query(query()).rows[0]!
    const result = await dispatch(table, 'session:open-terminal', { sessionId: row.id }, log)
    assert.equal(result.ok ? 'ok' : result.error.code, 'conflict')
    assert.match(result.ok ? '' : result.error.message, /copy the resume command/)
  })
})
