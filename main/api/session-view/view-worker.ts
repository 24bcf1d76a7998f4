/**
 * The session view's worker process (core.ts): parses and keeps the open sessions, and answers
 * the view's calls, so a 250 MB session's entries and their garbage collection never stall the
 * main process. Protocol: worker-core.ts (`ViewRequest` in, `ViewReply` out, over the IPC
 * channel worker-process.ts opened), `ViewWorkerOptions` from main. It exits when main goes
 * (the channel closes).
 */
import { localViewCore } from './core'
import { TreeSkeletons } from './skeletons'
import { replyOf, type ViewRequest, type ViewWorkerOptions } from './worker-core'
import { enterWorker } from '../../worker-process'

const { skeletons } = enterWorker<ViewWorkerOptions>()
const core = localViewCore({ trees: skeletons ? new TreeSkeletons(skeletons) : undefined })

process.on('message', (request: ViewRequest) => {
  void replyOf(core, request).then((reply) => process.send?.(reply))
})
