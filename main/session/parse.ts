/**
 * Incremental JSONL line parser for pi session files (pi spec 2, 6).
 *
 * Works on bytes so a file can be fed chunk by chunk (and later continued from a byte offset):
 * a line break (0x0A) never occurs inside a UTF-8 multi-byte sequence, so every complete line
 * is decoded on its own. No recursion, no whole-file string.
 */
import { isAscii, isUtf8 } from 'node:buffer'
import { splitFused } from './fused.js'
import { SNAPSHOT_TAIL_BYTES } from './write.js'
import type { Diagnostic, SessionEntry, SessionHeader } from './types.js'
import { KNOWN_ENTRY_TYPES } from './types.js'

/** Options of {@link SessionLineParser}. */
export interface LineParserOptions {
  /** Physical line number of the first byte pushed (1-based). Default 1. */
  startLine?: number
  /**
   * True when parsing a continuation (bytes appended after an offset): no header is expected,
   * a BOM is not looked for, and a `type:"session"` line counts as a second header.
   */
  continuation?: boolean
}

/** What the parser collected; `finishParse` (load.ts) turns it into a LoadedSession. */
export interface RawParse {
  header: SessionHeader | null
  /** Physical line of the header (0 when none). */
  headerLine: number
  entries: SessionEntry[]
  lines: number[]
  diagnostics: Diagnostic[]
  endsWithNewline: boolean
  /** Bytes consumed (excluding the starting offset of a continuation). */
  bytes: number
  /** The number of the last physical line seen (blank ones count; from `startLine`). */
  lineCount: number
  /** Up to the last SNAPSHOT_TAIL_BYTES pushed (lets a writer notice later rewrites). */
  tail: Buffer
}

const LF = 0x0a
/**
 * Bytes decoded into one string at a time. Below V8's largest ordinary heap object (128 KB):
 * a longer string is placed in V8's large-object space, on memory mapped afresh for it, and
 * the page faults of that memory cost far more than the decoding (226 MB of a session read
 * as ASCII: 1,190 ms in 512 KB windows, 25 ms in 64 KB ones). Also well below Node's 1 MB
 * external-string threshold.
 */
const DECODE_WINDOW = 64 * 1024
const BOM = [0xef, 0xbb, 0xbf] as const

/**
 * Splits pushed bytes into lines and parses each one as pi does, but reports every deviation
 * as a {@link Diagnostic} instead of hiding or throwing (pi spec 6.1, 16):
 * blank lines are skipped; malformed JSON, `null`, non-objects and second headers are reported
 * and left out of `entries`; two JSON objects glued on one line are recovered (`fused-lines`).
 *
 * Usage: `const p = new SessionLineParser(); p.push(chunk) ...; finishParse(p.end(), false, 0)`
 * gives a LoadedSession (load.ts). To continue a file that grew, start a parser with
 * `{ continuation: true, startLine }` at the old size (a line start) and push only the new bytes,
 * or use `loadSessionFile(path, { fromOffset, startLine })`. Throws only when used after `end()`.
 */
export class SessionLineParser {
  private readonly raw: RawParse
  private readonly continuation: boolean
  private carry: Uint8Array[] = []
  private carryBytes = 0
  private lineNo: number
  private atFileStart: boolean
  private seenObject = false
  private ended = false

  constructor(options: LineParserOptions = {}) {
    this.lineNo = (options.startLine ?? 1) - 1
    this.continuation = options.continuation ?? false
    this.atFileStart = !this.continuation
    this.raw = {
      header: null,
      headerLine: 0,
      entries: [],
      lines: [],
      diagnostics: [],
      endsWithNewline: true,
      bytes: 0,
      lineCount: 0,
      tail: Buffer.alloc(0),
    }
  }

  /** Number of bytes pushed so far. */
  get bytes(): number {
    return this.raw.bytes
  }

  /** Entries parsed so far (live array; do not mutate). */
  get entries(): readonly SessionEntry[] {
    return this.raw.entries
  }

  /** Feeds the next bytes of the file. The chunk may be reused by the caller afterwards. */
  push(chunk: Uint8Array): void {
    if (this.ended) throw new Error('SessionLineParser: push() after end()')
    if (chunk.length === 0) return
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)
    this.raw.bytes += buf.length
    let start = 0
    if (this.atFileStart) start = this.skipBom(buf)
    const nl = buf.indexOf(LF, start)
    if (nl !== -1 && this.carryBytes > 0) {
      // The line begun in earlier chunks ends here.
      this.carry.push(buf.subarray(start, nl))
      const joined = Buffer.concat(this.carry, this.carryBytes + nl - start)
      this.carry = []
      this.carryBytes = 0
      this.lineOfBytes(joined)
      start = nl + 1
    }
    const last = buf.lastIndexOf(LF)
    for (let from = start; from <= last;) {
      // Decode at most DECODE_WINDOW bytes at a time, cut at a line break.
      let to = last
      if (to - from > DECODE_WINDOW) {
        const cut = buf.lastIndexOf(LF, from + DECODE_WINDOW)
        to = cut >= from ? cut : buf.indexOf(LF, from + DECODE_WINDOW)
      }
      const window = buf.subarray(from, to)
      // Most session bytes are ASCII, and copying them as ASCII is about twice as fast as
      // decoding UTF-8. Above ~1 MB Node turns ASCII into an external string whose memory only
      // a full GC releases (RSS would grow by the file size): a longer single line takes the
      // UTF-8 path, which builds an ordinary heap string.
      if (window.length <= DECODE_WINDOW && isAscii(window)) this.lines(window.toString('ascii'))
      else if (isUtf8(window)) this.lines(window.toString('utf8'))
      else this.linesByBytes(window)
      from = to + 1
    }
    if (last + 1 > start) start = last + 1
    if (start < buf.length) {
      // Copy: the caller may reuse its read buffer for the next chunk.
      this.carry.push(Buffer.from(buf.subarray(start)))
      this.carryBytes += buf.length - start
    }
    this.raw.endsWithNewline = buf[buf.length - 1] === LF
    this.keepTail(buf)
  }

  /**
   * Parses complete lines decoded as one string: one decode per chunk instead of one per line
   * means far less short-lived garbage (and fewer scavenges) on large files. A line break is
   * never inside a UTF-8 sequence, so decoding up to the last one is safe.
   */
  private lines(text: string): void {
    let from = 0
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      this.line(text.slice(from, nl), true)
      from = nl + 1
    }
    this.line(text.slice(from), true)
  }

  /**
   * {@link lines} for bytes that are not all UTF-8: each line is decoded on its own (as pi
   * decodes the whole file: every bad sequence becomes U+FFFD), and each line that holds such
   * bytes is reported, since what is shown is no longer what the file says.
   */
  private linesByBytes(bytes: Buffer): void {
    for (let from = 0; ;) {
      const nl = bytes.indexOf(LF, from)
      this.lineOfBytes(bytes.subarray(from, nl === -1 ? bytes.length : nl))
      if (nl === -1) return
      from = nl + 1
    }
  }

  /** One terminated line from its bytes, reported when they are not all UTF-8. */
  private lineOfBytes(bytes: Buffer): void {
    this.line(bytes.toString('utf8'), true)
    if (!isUtf8(bytes)) this.notUtf8(this.lineNo)
  }

  private notUtf8(lineNo: number): void {
    this.diag(lineNo, 'not-utf8', 'bytes that are not UTF-8, shown as � (as pi reads them)')
  }

  private keepTail(buf: Buffer): void {
    if (buf.length >= SNAPSHOT_TAIL_BYTES) {
      this.raw.tail = Buffer.from(buf.subarray(buf.length - SNAPSHOT_TAIL_BYTES))
    } else {
      const joined = Buffer.concat([this.raw.tail, buf])
      this.raw.tail = joined.subarray(Math.max(0, joined.length - SNAPSHOT_TAIL_BYTES))
    }
  }

  /** Parses the unterminated last line (if any) and returns everything collected. */
  end(): RawParse {
    if (this.ended) throw new Error('SessionLineParser: end() called twice')
    this.ended = true
    if (this.carryBytes > 0) {
      const last = Buffer.concat(this.carry, this.carryBytes)
      this.carry = []
      this.carryBytes = 0
      const reported = this.raw.diagnostics.length
      this.line(last.toString('utf8'), false)
      // A torn write may end inside a character: the line is reported as cut short, not this.
      const torn = this.raw.diagnostics
        .slice(reported)
        .some((d) => d.kind === 'truncated-last-line')
      if (!torn && !isUtf8(last)) this.notUtf8(this.lineNo)
    }
    this.raw.lineCount = this.lineNo
    return this.raw
  }

  private skipBom(buf: Buffer): number {
    // Only the first bytes of the file can hold a BOM; a chunk shorter than 3 bytes is not
    // worth special-casing (the line would then fail as malformed JSON and be reported).
    this.atFileStart = false
    if (buf.length >= 3 && buf[0] === BOM[0] && buf[1] === BOM[1] && buf[2] === BOM[2]) {
      this.diag(1, 'bom', 'UTF-8 byte order mark before the header (pi 1.6.0 rejects the file)')
      return 3
    }
    return 0
  }

  private line(text: string, terminated: boolean): void {
    const lineNo = ++this.lineNo
    if (isBlank(text)) return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      this.unparsable(text, lineNo, terminated, error)
      return
    }
    this.value(value, lineNo)
  }

  private value(value: unknown, lineNo: number): void {
    if (value === null) {
      this.diag(lineNo, 'null-line', 'line is JSON null (pi 0.73.1 throws on it)')
      return
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      const shown = JSON.stringify(value).slice(0, 40)
      this.diag(lineNo, 'non-object-line', `line is JSON ${describe(value)} ${shown}, not an entry`)
      return
    }
    const obj = value as Record<string, unknown>
    if (obj.type === 'session') {
      this.headerLineSeen(obj, lineNo)
      return
    }
    this.entry(obj as unknown as SessionEntry, lineNo)
  }

  private headerLineSeen(obj: Record<string, unknown>, lineNo: number): void {
    if (this.raw.header !== null || this.continuation) {
      this.diag(lineNo, 'second-header', 'another session header inside the file; ignored')
      return
    }
    if (this.seenObject) {
      this.diag(
        lineNo,
        'missing-header',
        'entries precede the session header (pi rejects the file)',
      )
    }
    if (typeof obj.id !== 'string') {
      this.diag(lineNo, 'invalid-header', `header id is ${describe(obj.id)}, not a string`)
    }
    this.seenObject = true
    this.raw.header = obj as SessionHeader
    this.raw.headerLine = lineNo
  }

  private entry(entry: SessionEntry, lineNo: number): void {
    if (!this.seenObject && !this.continuation) {
      this.diag(lineNo, 'missing-header', 'first entry is not a session header')
    }
    this.seenObject = true
    const id = typeof entry.id === 'string' ? entry.id : undefined
    if (typeof entry.type !== 'string' || !KNOWN_ENTRY_TYPES.has(entry.type)) {
      this.diag(lineNo, 'unknown-type', `unknown entry type ${JSON.stringify(entry.type)}`, id)
    } else if (entry.type === 'message') {
      const message = (entry as { message?: unknown }).message
      if (message !== null && typeof message === 'object' && 'content' in message) {
        if ((message as { content: unknown }).content === null) {
          this.diag(lineNo, 'null-content', 'message content is null (pi hides the session)', id)
        }
      }
    }
    this.raw.entries.push(entry)
    this.raw.lines.push(lineNo)
  }

  private unparsable(text: string, lineNo: number, terminated: boolean, error: unknown): void {
    const fused = splitFused(text)
    if (fused !== null) {
      const n = fused.records.length
      const lost =
        fused.lostChars > 0
          ? `; ${fused.lostChars} characters of 1 incomplete record could not be read (lost)`
          : '; nothing lost'
      this.diag(
        lineNo,
        'fused-lines',
        `${n} complete record(s) recovered from a line where writes were glued together${lost}`,
      )
      for (const record of fused.records) this.value(record, lineNo)
      return
    }
    if (!terminated) {
      this.diag(lineNo, 'truncated-last-line', 'last line is incomplete (no newline, bad JSON)')
      return
    }
    const reason = error instanceof Error ? error.message : String(error)
    this.diag(lineNo, 'malformed-json', `not valid JSON: ${reason.slice(0, 120)}`)
  }

  private diag(line: number, kind: Diagnostic['kind'], message: string, entryId?: string): void {
    const d: Diagnostic = { line, kind, message }
    if (entryId !== undefined) d.entryId = entryId
    this.raw.diagnostics.push(d)
  }
}

function isBlank(text: string): boolean {
  if (text.length === 0) return true
  const c = text.charCodeAt(0)
  // Fast path: a JSON line starts with `{`; only whitespace-led lines need a trim.
  if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false
  return text.trim() === ''
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}
