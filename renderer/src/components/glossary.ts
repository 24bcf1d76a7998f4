/**
 * pi's terms in plain words, for the tooltips where the app uses them (pi spec 5 leaf, 8 tree,
 * 12.3 context, 6.2 listing). One home, so a term reads the same wherever it appears.
 */

/** The explanation of each term the UI shows, keyed by term. */
export const GLOSSARY = {
  leaf: 'Leaf: the last entry of the current branch — where pi continues from when you resume this session.',
  runs: 'Runs: long stretches of entries without a branch point, folded into one row so the places where the conversation splits stand out.',
  rawEntries:
    'Raw entries: every entry on this path as stored in the file, including those a compaction hides from the model.',
  modelsView:
    'Model’s view: what the model is sent from the selected entry — compaction summaries instead of what they replace, context edits applied.',
  hiddenByPi:
    'Hidden by pi: pi’s own session list (/resume) does not show this file, because it has no readable session header.',
} as const

/** A term of {@link GLOSSARY}. */
export type Term = keyof typeof GLOSSARY
