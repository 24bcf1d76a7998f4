/** Ending a child process started by a test harness. */
import type { ChildProcess } from 'node:child_process'

/** Sends SIGTERM and resolves once the process has exited (at once if it already has). */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
}
