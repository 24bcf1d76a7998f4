/**
 * One writer at a time across threads: the read workers and the text indexer each write the
 * index on a connection of their own, and SQLite's own busy handler makes a waiting writer
 * sleep in steps of up to 100 ms even when the lock frees a moment later. This lock hands
 * over at once (Atomics.wait / notify on shared memory), so writers queue without idling.
 * The lock names the thread that holds it, so a worker that dies holding it (terminated, or
 * out of memory, mid-write) can be released by the thread that saw it go: otherwise the next
 * writer would wait for it forever.
 */
import { threadId } from 'node:worker_threads'

/** What the lock holds for `thread` (0 means free; the main thread's id is 0). */
const holderOf = (thread: number) => thread + 1

/** A mutex in shared memory (one Int32: 0 free, else the holder's thread id + 1). */
export class WriteLock {
  private readonly cell: Int32Array

  /** @param buffer the shared memory; pass the same buffer to every thread that writes */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.cell = new Int32Array(buffer)
  }

  /** Waits (blocking this thread) until the lock is free, then holds it. */
  acquire(): void {
    const me = holderOf(threadId)
    for (;;) {
      const held = Atomics.compareExchange(this.cell, 0, 0, me)
      if (held === 0) return
      Atomics.wait(this.cell, 0, held, 100)
    }
  }

  /** Frees the lock and wakes one waiting thread. */
  release(): void {
    Atomics.store(this.cell, 0, 0)
    Atomics.notify(this.cell, 0, 1)
  }

  /**
   * Frees the lock if the thread `thread` (a worker's `threadId`, taken while it ran) holds
   * it: for a worker that is gone. SQLite rolls back what the worker's connection had not
   * committed when that connection closes with its thread.
   * @returns whether that thread held it
   */
  releaseHeldBy(thread: number): boolean {
    if (Atomics.compareExchange(this.cell, 0, holderOf(thread), 0) !== holderOf(thread))
      return false
    Atomics.notify(this.cell, 0, 1)
    return true
  }
}
