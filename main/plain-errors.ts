/**
 * The one home for turning a library's developer text into sentences a user can act on:
 * zod's validation issues ("✖ Too big: expected string to have <=1000 characters → at text")
 * and V8's regular expression errors ("Invalid regular expression: /(/i: Unterminated
 * group"). Main sends only these sentences across the contract; the raw text goes nowhere.
 */
import type { z } from 'zod'

/** What a field is called in a sentence, by its key in a contract schema. */
const FIELD_NAMES: Record<string, string> = {
  text: 'Search',
  scopes: 'The search scope',
  model: 'The model filter',
  path: 'A folder path',
  sessionIds: 'A selection',
  name: 'A session name',
  label: 'A label',
  timeZone: 'The time zone',
}

const count = (n: number) => n.toLocaleString('en-US')

/** `modifiedFrom` -> "Modified from"; a known field by its name in FIELD_NAMES. */
function fieldName(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((p) => typeof p === 'string')
  if (key === undefined) return 'The request'
  const known = FIELD_NAMES[key]
  if (known) return known
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return `The field "${words}"`
}

function unitOf(origin: string, n: number): string {
  if (origin === 'string') return n === 1 ? 'character' : 'characters'
  if (origin === 'array' || origin === 'set') return n === 1 ? 'item' : 'items'
  return ''
}

/** One zod issue as a sentence. */
function issueSentence(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path)
  switch (issue.code) {
    case 'too_big': {
      const n = Number(issue.maximum)
      const unit = unitOf(issue.origin, n)
      return unit
        ? `${field} is limited to ${count(n)} ${unit}`
        : `${field} must be at most ${count(n)}`
    }
    case 'too_small': {
      const n = Number(issue.minimum)
      const unit = unitOf(issue.origin, n)
      if (unit && n === 1) return `${field} must not be empty`
      return unit
        ? `${field} needs at least ${count(n)} ${unit}`
        : `${field} must be at least ${count(n)}`
    }
    case 'invalid_type':
      return `${field} is missing or not a ${issue.expected}`
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`
    case 'unrecognized_keys':
      return `The request has fields this version does not know: ${issue.keys.join(', ')}`
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`
    case 'custom':
      return `${field}: ${issue.message}`
    default:
      return `${field} is not valid`
  }
}

/**
 * A failed validation as plain sentences, one per issue, e.g. "Search is limited to 1,000
 * characters".
 */
export function describeZodError(error: z.ZodError): string {
  const sentences = [...new Set(error.issues.map(issueSentence))]
  return `${sentences.join('. ')}.`
}

/** V8's reasons for refusing a pattern, as the part of a sentence after "This regex ". */
const REGEX_REASONS: [RegExp, string][] = [
  [/Unterminated group/, "has an unclosed '('"],
  [/Unmatched '\)'/, "has a ')' without its '('"],
  [/Unterminated character class/, "has an unclosed '['"],
  [/Nothing to repeat/, "has a '*', '+', '?' or '{…}' with nothing before it to repeat"],
  [/numbers out of order/, 'has a {min,max} repeat whose min is larger than its max'],
  [/Range out of order/, "has a range such as '[z-a]' that runs backwards"],
  [/\\ at end of pattern/, "ends with a lone '\\'"],
  [/Invalid capture group name/, "has a '(?<name>' group whose name is missing or not valid"],
  [/Duplicate capture group name/, 'names two groups the same'],
  [/Invalid group/, "has a '(?' that starts no known kind of group"],
  [/Incomplete quantifier/, "has a '{' that starts no complete {min,max} repeat"],
  [
    /Invalid escape|Invalid Unicode escape|Invalid property name/,
    "has a '\\' escape it cannot read",
  ],
]

/**
 * Why `new RegExp` refused a pattern, as one sentence, e.g. "Invalid regular expression:
 * this regex has an unclosed '('".
 * @param error what `new RegExp(pattern)` threw (a SyntaxError from V8)
 */
export function describeRegexError(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error)
  const reason = REGEX_REASONS.find(([test]) => test.test(raw))?.[1]
  // V8 says "Invalid regular expression: /<pattern>/<flags>: <reason>": keep the reason only.
  const fallback = raw.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')
  return `Invalid regular expression: this regex ${reason ?? `cannot be read (${fallback.toLowerCase()})`}`
}
