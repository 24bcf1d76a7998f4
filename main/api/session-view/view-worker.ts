/**
 * Worker thread of the session view (core.ts): parses and keeps the open sessions, and answers
 * the view's calls, so a 250 MB session's entries and their garbage collection never stall the
 * main process. Protocol: worker-core.ts (`ViewRequest` in, `ViewReply` out); `workerData`
 * names the skeleton folder and app version.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { localViewCore } from './core'
import { TreeSkeletons } from './skeletons'
import { replyOf, transferOf, type ViewRequest } from './worker-core'
import { lowerThisThreadPriority } from '../../thread-priority'

lowerThisThreadPriority()

const { skeletons } = workerData as { skeletons: { dir: string; app: string } | null }
const core = localViewCore({ trees: skeletons ? new TreeSkeletons(skeletons) : undefined })

parentPort?.on('message', (request: ViewRequest) => {
  void replyOf(core, request).then((reply) => parentPort?.postMessage(reply, transferOf(reply)))
})
