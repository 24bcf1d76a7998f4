/**
 * Child process of the interrupted-indexing test: lists a store into the index at `dataDir`
 * with the read worker, then prints `indexed N of M` as the background text index grows
 * (the parent kills it half-way).
 * Usage: node --import tsx test/helpers/index-child.ts <sessions root> <data dir>
 */
import { resolve } from 'node:path'
import { SessionLibrary } from '../../main/library/library'

const [root, dataDir] = process.argv.slice(2) as [string, string]
const library = new SessionLibrary([{ path: root, source: 'cli' }], {
  dataDir,
  watch: false,
  worker: { path: resolve('main/library/read-worker.ts'), execArgv: ['--import', 'tsx'] },
})
library.onChange(({ progress }) => {
  if (!progress.scanning) console.log(`indexed ${progress.textsIndexed} of ${progress.textsTotal}`)
})
await library.start()
await library.whenTextsReady()
await library.close()
