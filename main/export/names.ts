/**
 * File names of exports: the session's title made safe for every file system, the start of
 * the session id (two sessions with one title stay apart), and the format's extension.
 */
import type { ExportFormat } from '../../preload/contract/export'
import { cutAt } from '../../renderer/src/components/grapheme-cut'

/** File name extension of each format. */
export const FORMAT_EXTENSIONS: Record<ExportFormat, string> = {
  html: '.html',
  markdown: '.md',
  jsonl: '.jsonl',
}

/** Longest title part of a file name (characters). */
const TITLE_MAX = 60

/**
 * `<title>-<id8><ext>`: letters and digits of any script kept, every other run of characters
 * one `-`, at most 60 characters of title; `session` when nothing is left.
 * @param sessionId the header's session id (or the file's base name without one)
 */
export function exportFileName(title: string, sessionId: string, format: ExportFormat): string {
  const words = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  const slug = cutAt(words, TITLE_MAX).replace(/-+$/, '') || 'session'
  const id = sessionId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)
  return `${slug}${id ? `-${id}` : ''}${FORMAT_EXTENSIONS[format]}`
}

/** `name`, or `name (2)`, `name (3)`... before the extension: the first not in `taken`. */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.')
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`
  taken.add(candidate.toLowerCase())
  return candidate
}
