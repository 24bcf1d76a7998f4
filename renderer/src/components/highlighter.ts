/**
 * The syntax highlighter of every message's code blocks (rehype-highlight over lowlight's
 * common grammars, no language guessing), and its warm-up. highlight.js compiles a grammar the
 * first time it highlights in it (1-25 ms each, JavaScript's the most), and a session's first open
 * paid that inside the transcript's first render, one long task. Warming compiles the grammars
 * of the languages sessions show most while the app is idle after start, one per idle callback.
 */
import type { ComponentProps, ReactElement } from 'react'
import ReactMarkdown from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import { common } from 'lowlight'

/**
 * One highlighter for every message: rehype-highlight registers its 37 grammars when its
 * plugin is attached, and react-markdown attaches plugins on every render, so a transcript of
 * a dozen messages built and compiled the grammars a dozen times (a 200 ms stall at open).
 * The transform keeps no state between files.
 */
const sharedHighlight = rehypeHighlight({ detect: false, languages: common })

/** The rehype plugins that highlight code blocks, for react-markdown. */
export const rehypeHighlighter = [() => sharedHighlight] as ComponentProps<
  typeof ReactMarkdown
>['rehypePlugins']

/** A language the highlighter knows (lowlight's common grammars, by name). */
export type HighlightLanguage = keyof typeof common

/** Languages warmed, in this order: those coding sessions show most first. */
export const WARM_LANGUAGES: readonly HighlightLanguage[] = [
  'typescript',
  'javascript',
  'bash',
  'json',
  'python',
  'diff',
  'shell',
  'markdown',
  'yaml',
  'css',
  'xml',
  'go',
  'rust',
  'sql',
  'java',
  'c',
  'cpp',
]

/**
 * Highlights a one-line code block in `language` through the shared highlighter, which compiles
 * that grammar once (later blocks in it reuse it).
 * @returns the rendered block (what a message with it would show)
 */
export function warmLanguage(language: HighlightLanguage): ReactElement {
  return ReactMarkdown({
    children: '```' + language + '\nconst x = 1\n```',
    rehypePlugins: rehypeHighlighter,
  })
}

/** An idle callback scheduler (`requestIdleCallback`'s shape). */
export type IdleSchedule = (run: (deadline: { timeRemaining(): number }) => void) => void

/** Idle time (ms) a warm-up step waits for: the longest grammar compiles in about 25 ms. */
const STEP_MS = 20

/**
 * Compiles the grammars of {@link WARM_LANGUAGES} in idle time, one per idle callback with
 * enough time left (else it waits for the next), so a click in the meantime waits for one
 * grammar at most. Nothing is shown; a grammar the user needs first compiles then, as before.
 * While `paused` says so (a session's first screen is on its way) it waits as well: the
 * window is idle then only between the replies it waits for, and a grammar compiled there held
 * back the reply behind it (the tail preview's, 10-30 ms).
 * @param schedule the idle scheduler (tests give their own)
 * @param warm what warms one language (tests watch it)
 * @param paused whether to wait for another idle callback
 * @returns a function that stops the remaining steps
 */
export function warmHighlighter(
  schedule: IdleSchedule = (run) => void requestIdleCallback(run),
  warm: (language: HighlightLanguage) => unknown = warmLanguage,
  paused: () => boolean = () => false,
): () => void {
  let next = 0
  let stopped = false
  const step = (deadline: { timeRemaining(): number }) => {
    if (stopped || next >= WARM_LANGUAGES.length) return
    if (deadline.timeRemaining() >= STEP_MS && !paused())
      warm(WARM_LANGUAGES[next++] as HighlightLanguage)
    if (next < WARM_LANGUAGES.length) schedule(step)
  }
  schedule(step)
  return () => {
    stopped = true
  }
}
