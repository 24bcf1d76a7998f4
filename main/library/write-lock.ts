/**
 * One writer at a time across threads: the read workers and the text indexer each write the
 * index on a connection of their own, and SQLite's own busy handler makes a waiting writer
 * sleep in steps of up to 100 ms even when the lock frees a moment later. This lock hands
 * over at once (Atomics.wait / notify on shared memory), so writers queue without idling.
 */

/** A mutex in shared memory (one Int32: 0 free, 1 held). */
export class WriteLock {
  private readonly cell: Int32Array

  /** @param buffer the shared memory; pass the same buffer to every thread that writes */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.cell = new Int32Array(buffer)
  }

  /** Waits (blocking this thread) until the lock is free, then holds it. */
  acquire(): void {
    while (Atomics.compareExchange(this.cell, 0, 0, 1) !== 0) Atomics.wait(this.cell, 0, 1, 100)
  }

  /** Frees the lock and wakes one waiting thread. */
  release(): void {
    Atomics.store(this.cell, 0, 0)
    Atomics.notify(this.cell, 0, 1)
  }
}
