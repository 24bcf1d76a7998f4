/**
 * The open session in the URL and in the settings. The fragment carries it next to the
 * server-mode token (`#token=...&session=<id>&entry=<id>`, or `&focus=<id>` where a search hit
 * landed: ids only, never a path), so a reload or a shared link reopens the same session and
 * entry; the settings remember it (`lastSession`), so the next launch reopens it in either
 * host.
 */
import type { LastSession } from '../../../../preload/contract/app'
import { clipped } from '../../components/format'
import { useLibrary } from '../../state/library'
import { useSessionView } from '../../state/session'
import { useSettings } from '../../state/settings'
import { showToast } from '../toasts/show'

/** The form of the library's session ids (main/library/ids.ts): 16 hex digits. */
const SESSION_ID = /^[a-f0-9]{16}$/

/** Session and entry ids of a `#...&session=...&entry=...` (or `&focus=...`) fragment. */
export function deepLinkFromHash(hash: string): LastSession | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const sessionId = params.get('session')
  if (!sessionId || !SESSION_ID.test(sessionId)) return null
  const focusId = params.get('focus')
  if (focusId) return { sessionId, focusId }
  const entryId = params.get('entry')
  return entryId ? { sessionId, entryId } : { sessionId }
}

/**
 * What is wrong with the session a fragment names, in words (a link cut short, typed by
 * hand); null when it names none or a well-formed one (an unknown one is said by the view).
 */
export function linkProblem(hash: string): string | null {
  const sessionId = new URLSearchParams(hash.replace(/^#/, '')).get('session')
  if (sessionId === null || SESSION_ID.test(sessionId)) return null
  return `This link names no session of the library (“${clipped(sessionId, 24)}” is not a session id; a link may have been cut short).`
}

/** Says what is wrong with the fragment's session, if anything. */
function sayLinkProblem(hash: string): boolean {
  const problem = linkProblem(hash)
  if (problem) showToast({ id: 'deep-link', kind: 'error', body: problem, testId: 'link-problem' })
  return problem !== null
}

/**
 * `hash` with its session and entry replaced by `link` (removed for null); every other
 * parameter, the token first of all, is kept as it was.
 */
export function hashWithLink(hash: string, link: LastSession | null): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  params.delete('session')
  params.delete('entry')
  params.delete('focus')
  if (link) {
    params.set('session', link.sessionId)
    if (link.focusId) params.set('focus', link.focusId)
    else if (link.entryId) params.set('entry', link.entryId)
  }
  const text = params.toString()
  return text ? `#${text}` : ''
}

/** Whether two links name the same session and entry. */
function sameLink(a: LastSession | null, b: LastSession | null): boolean {
  return a?.sessionId === b?.sessionId && a?.entryId === b?.entryId && a?.focusId === b?.focusId
}

/**
 * What is open now: the library's selected session, and the entry a search hit landed on
 * (the transcript is scrolled to it) or else the chosen entry, unless the view follows pi's
 * leaf (then a reload follows the leaf too).
 */
function currentLink(): LastSession | null {
  const sessionId = useLibrary.getState().selectedSessionId
  if (!sessionId) return null
  const view = useSessionView.getState()
  if (view.sessionId !== sessionId || view.followLeaf || !view.selected?.id) return { sessionId }
  const focus = view.path?.focusIndex
  const focusId = focus != null ? view.path?.items.get(focus)?.id : undefined
  if (focusId) return { sessionId, focusId }
  return { sessionId, entryId: view.selected.id }
}

/** Opens what `link` names: its focus inside its branch, else its entry, else pi's leaf. */
function openLink(link: LastSession): Promise<void> {
  const view = useSessionView.getState()
  if (link.focusId) return view.openHit(link.sessionId, { entryId: link.focusId, patterns: null })
  return view.openSession(link.sessionId, link.entryId)
}

/** Settings writes are gathered: a walk through the tree saves once. */
const SAVE_DELAY_MS = 500

/**
 * Opens the session of the URL, else (once the settings arrived) the last session of the
 * settings, then keeps the URL and the settings in step with what is open.
 * @returns the function that stops following
 */
export function startDeepLinkSync(): () => void {
  const fromUrl = deepLinkFromHash(window.location.hash)
  // A link that names a session, even a malformed one, is the user's choice over the last one.
  const linked = sayLinkProblem(window.location.hash) || fromUrl !== null
  if (fromUrl) void openLink(fromUrl)
  // Until the launch decided what to reopen, nothing is saved (an empty start is no choice).
  let decided = false
  let timer: ReturnType<typeof setTimeout> | null = null
  const decide = () => {
    if (decided || useSettings.getState().settings === null) return
    decided = true
    const last = useSettings.getState().settings?.lastSession ?? null
    if (!linked && last && useLibrary.getState().selectedSessionId === null) void reopen(last)
  }
  const save = () => {
    timer = null
    // A session still loading may turn out gone: the link is saved once it opened (the end
    // of the load syncs again).
    if (useSessionView.getState().status === 'loading') return
    const link = currentLink()
    if (!sameLink(useSettings.getState().settings?.lastSession ?? null, link))
      void useSettings.getState().update({ lastSession: link })
  }
  const sync = () => {
    const link = currentLink()
    const hash = hashWithLink(window.location.hash, link)
    if (hash !== window.location.hash) {
      // replaceState: no history entry per click, and no hashchange (nothing to follow).
      window.history.replaceState(
        null,
        '',
        `${window.location.pathname}${window.location.search}${hash}`,
      )
    }
    if (!decided) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(save, SAVE_DELAY_MS)
  }
  const follow = (event: HashChangeEvent) => {
    // The fragment navigated to, not the location's: a state change of the session still
    // opening, landing between that navigation and this event, syncs the URL to it
    // (replaceState), and the link the user followed would be lost.
    const hash = new URL(event.newURL).hash
    if (sayLinkProblem(hash)) return
    const link = deepLinkFromHash(hash)
    if (link && !sameLink(link, currentLink())) void openLink(link)
  }
  decide()
  window.addEventListener('hashchange', follow)
  const stops = [
    useSettings.subscribe(decide),
    useLibrary.subscribe((s, before) => {
      if (s.selectedSessionId !== before.selectedSessionId) sync()
    }),
    useSessionView.subscribe((s, before) => {
      if (
        s.selected !== before.selected ||
        s.followLeaf !== before.followLeaf ||
        s.status !== before.status ||
        s.path?.focusIndex !== before.path?.focusIndex
      )
        sync()
    }),
  ]
  return () => {
    if (timer) clearTimeout(timer)
    window.removeEventListener('hashchange', follow)
    stops.forEach((stop) => stop())
  }
}

/**
 * Reopens the remembered session. One that cannot be opened is forgotten: the app starts on
 * the library as if none had been open. One that is gone (trashed, moved by another program)
 * goes without a word; one that fails otherwise (unreadable now) says why in a toast, once,
 * rather than greeting every launch with the same error.
 */
async function reopen(last: LastSession): Promise<void> {
  await openLink(last)
  const view = useSessionView.getState()
  if (view.sessionId !== last.sessionId || view.status !== 'error') return
  const error = view.error
  view.close()
  useLibrary.getState().selectSession(null)
  if (error && error.code !== 'not_found')
    showToast({
      id: 'reopen-failed',
      kind: 'error',
      body: `The session open last time could not be opened again: ${error.message}`,
      testId: 'reopen-failed',
    })
}
