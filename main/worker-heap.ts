/**
 * The young generation of every worker the app starts (MB): a worker thread's
 * `maxYoungGenerationSizeMb`, a worker process's semi-spaces (worker-process.ts). Left
 * to V8, a worker's young generation is sized for throughput; parsing a session keeps nearly
 * everything it allocates, so each scavenge copies most of it. Parsing a
 * 50,000-entry session in a worker on a 2-core machine paused its thread for 69–94 ms at a
 * time with V8's size and 32–40 ms with 24 MB, and the parse took 0.8 s instead of 1.3–1.7 s.
 * The view worker serves the preview and the path while it parses, so its pauses are waits.
 */
export const WORKER_YOUNG_GENERATION_MB = 24
