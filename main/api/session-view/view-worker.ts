/**
 * The session view's worker process (core.ts): parses and keeps the open sessions, and answers
 * the view's calls, so a 250 MB session's entries and their garbage collection never stall the
 * main process. Protocol: worker-core.ts (`ViewRequest` in, `ViewReply` out, over the IPC
 * channel `fork` opened); the environment variable `VIEW_ENV` names the skeleton folder and app
 * version. It exits when main goes (the channel closes).
 */
import { localViewCore } from './core'
import { TreeSkeletons } from './skeletons'
import { VIEW_ENV, replyOf, type ViewRequest } from './worker-core'
import { lowerThisProcessPriority } from '../../thread-priority'

lowerThisProcessPriority()

const { skeletons } = JSON.parse(process.env[VIEW_ENV] ?? '{"skeletons":null}') as {
  skeletons: { dir: string; app: string } | null
}
const core = localViewCore({ trees: skeletons ? new TreeSkeletons(skeletons) : undefined })

process.on('message', (request: ViewRequest) => {
  void replyOf(core, request).then((reply) => process.send?.(reply))
})
process.on('disconnect', () => process.exit(0))
