/**
 * Redaction of secrets in exported session text: every string of what an export writes is
 * searched, and each secret is replaced with `[redacted: <kind>]`.
 *
 * Provider keys and tokens (OpenAI, Anthropic, GitHub, AWS, GCP, Slack, npm, Stripe, ...), private
 * key blocks, basic-auth URLs and database connection strings come from secretlint's maintained
 * rule set (`@secretlint/secretlint-rule-preset-recommend`, MIT). It has no rule for the three
 * remaining kinds, so they are the few patterns below: `Authorization:` headers, `.env`-style
 * `NAME=value` lines whose name says secret/token/key/password, and the user's home path.
 */
import { lintSource } from '@secretlint/core'
import { secretLintProfiler } from '@secretlint/profiler'
import { creator as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend'

// secretlint's profiler is on by default and keeps performance marks of every lint call: a
// batch export of thousands of sessions would grow memory without bound.
secretLintProfiler.setEnabled(false)

/** How many secrets of each kind were replaced (kind -> count). */
export type RedactionCounts = Record<string, number>

/** What a redaction pass needs to know. */
export interface RedactionOptions {
  /** The user's home folder (absolute); every occurrence becomes `[redacted: home]`. '' = none. */
  home: string
}

/** The text a secret of `kind` is replaced with. */
export function redactionMarker(kind: string): string {
  return `[redacted: ${kind}]`
}

const RULE_PREFIX = '@secretlint/secretlint-rule-'
/** Texts are linted together in batches of about this many characters (fewer lint calls). */
const BATCH_CHARS = 2_000_000
/** Between two texts of a batch: no secret pattern spans a NUL line. */
const SEPARATOR = '\n\u0000\n'

/** A credential after `Authorization:` (optionally its scheme: Bearer, Basic, Token...). */
const AUTHORIZATION =
  /\b((?:proxy-)?authorization|x-api-key|api-key)(["']?\s*[:=]\s*["']?)((?:bearer|basic|token|digest)\s+)?([^\s"'\\,;]{4,})/gi
/**
 * `.env`-style assignment of a secret: `export API_TOKEN=...`, `DB_PASSWORD = "..."`, and a name
 * that is the word alone: `PASSWORD=...`, `TOKEN=...`.
 */
const ENV_SECRET =
  /^([ \t]*(?:export[ \t]+)?(?:[A-Za-z_][A-Za-z0-9_]*)?(?:SECRET|TOKEN|KEY|PASSWORD|PASSWD|PASS|PWD|CREDENTIALS?|AUTH)[A-Za-z0-9_]*[ \t]*=[ \t]*)(\S[^\n]*)$/gim

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function count(counts: RedactionCounts, kind: string, n = 1): void {
  counts[kind] = (counts[kind] ?? 0) + n
}

/** secretlint's findings in `content`: [start, end, kind], sorted, overlaps dropped. */
async function secretlintRanges(content: string): Promise<[number, number, string][]> {
  const result = await lintSource({
    source: { content, filePath: 'export.txt', contentType: 'text' },
    options: {
      config: { rules: [{ id: `${RULE_PREFIX}preset-recommend`, rule: recommendedRules }] },
      noPhysicFilePath: true,
    },
  })
  const ranges = result.messages
    .map((m): [number, number, string] => [
      m.range[0],
      m.range[1],
      m.ruleId.startsWith(RULE_PREFIX) ? m.ruleId.slice(RULE_PREFIX.length) : m.ruleId,
    ])
    .sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const kept: [number, number, string][] = []
  for (const r of ranges) {
    const last = kept[kept.length - 1]
    if (!last || r[0] >= last[1]) kept.push(r)
  }
  return kept
}

/** The hand-written kinds (see the file comment), applied after secretlint's. */
function redactOwnPatterns(text: string, home: RegExp | null, counts: RedactionCounts): string {
  let out = text.replace(AUTHORIZATION, (_m, name: string, sep: string, scheme = '') => {
    count(counts, 'authorization')
    return `${name}${sep}${scheme}${redactionMarker('authorization')}`
  })
  out = out.replace(ENV_SECRET, (m, head: string, value: string) => {
    if (value.startsWith('[redacted: ')) return m
    count(counts, 'env-secret')
    return `${head}${redactionMarker('env-secret')}`
  })
  if (home) {
    out = out.replace(home, () => {
      count(counts, 'home')
      return redactionMarker('home')
    })
  }
  return out
}

/**
 * Redacts many texts at once (batched through secretlint).
 * @returns the texts in the same order, with secrets replaced, and the counts per kind
 */
export async function redactTexts(
  texts: readonly string[],
  options: RedactionOptions,
): Promise<{ texts: string[]; counts: RedactionCounts }> {
  const counts: RedactionCounts = {}
  const home =
    options.home.length > 1
      ? new RegExp(
          `${escapeRegExp(options.home.replace(/[\\/]+$/, ''))}(?=$|[\\\\/\\s"'\`:;,)\\]])`,
          'g',
        )
      : null
  const out: string[] = []
  for (let start = 0; start < texts.length;) {
    let end = start
    let size = 0
    while (end < texts.length && (end === start || size + texts[end]!.length < BATCH_CHARS)) {
      size += texts[end]!.length + SEPARATOR.length
      end++
    }
    const batch = texts.slice(start, end)
    const content = batch.join(SEPARATOR)
    const ranges = await secretlintRanges(content)
    let offset = 0
    let r = 0
    for (const text of batch) {
      const stop = offset + text.length
      let piece = ''
      let at = offset
      for (; r < ranges.length && ranges[r]![0] < stop; r++) {
        const [from, to, kind] = ranges[r]!
        piece += content.slice(at, from) + redactionMarker(kind)
        count(counts, kind)
        at = Math.min(to, stop)
      }
      piece += content.slice(at, stop)
      out.push(redactOwnPatterns(piece, home, counts))
      offset = stop + SEPARATOR.length
    }
    start = end
  }
  return { texts: out, counts }
}

/** Strings that are never text: image payloads (base64) stay as they are. */
function isImagePayload(parent: Record<string, unknown>, key: string): boolean {
  return key === 'data' && parent.type === 'image'
}

/**
 * Redacts every string inside a JSON-like value (objects, arrays; keys are left alone, as
 * are image payloads), without changing anything else.
 * @returns a copy of `value` with secrets replaced, and the counts per kind
 */
export async function redactValue<T>(
  value: T,
  options: RedactionOptions,
): Promise<{ value: T; counts: RedactionCounts }> {
  const texts: string[] = []
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v)
    else if (Array.isArray(v)) v.forEach(collect)
    else if (v && typeof v === 'object') {
      const rec = v as Record<string, unknown>
      for (const key of Object.keys(rec)) if (!isImagePayload(rec, key)) collect(rec[key])
    }
  }
  collect(value)
  const { texts: clean, counts } = await redactTexts(texts, options)
  let i = 0
  const rebuild = (v: unknown): unknown => {
    if (typeof v === 'string') return clean[i++]
    if (Array.isArray(v)) return v.map(rebuild)
    if (v && typeof v === 'object') {
      const rec = v as Record<string, unknown>
      const copy: Record<string, unknown> = {}
      for (const key of Object.keys(rec))
        copy[key] = isImagePayload(rec, key) ? rec[key] : rebuild(rec[key])
      return copy
    }
    return v
  }
  return { value: rebuild(value) as T, counts }
}

/** Adds `more` into `total` (kind by kind). */
export function addCounts(total: RedactionCounts, more: RedactionCounts): RedactionCounts {
  for (const [kind, n] of Object.entries(more)) count(total, kind, n)
  return total
}
