// Child process of kill-mid-edit.test.ts: renames and labels one session file in a loop, as
// the app does, until it is killed. Prints "ready" once before the first edit.
// Usage: node --import tsx test/reliability/helpers/edit-loop.ts <session file>
import { renameSession, setLabel } from '../../../main/library/edits'
import { SessionManager } from '../../../main/session'

const path = process.argv[2] as string
const target = SessionManager.open(path).getEntries()[0]?.id as string
process.stdout.write('ready\n')
for (let i = 0; ; i++) {
  await renameSession(path, `name ${i} ${'x'.repeat(i % 200)}`)
  await setLabel(path, target, `label ${i}`)
}
