/**
 * The app's one toast stack (sonner): info toasts clear after INFO_MS, toasts with Undo or
 * another action after UNDO_MS, errors stay until dismissed. A toast tied to a session is dropped when another
 * session opens, so nothing speaks of a session the user has left. Its `onGone` runs however
 * it leaves (so an Undo is offered, Ctrl/Cmd+Z included, only while its toast shows).
 */
import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { useSessionView } from '../../state/session'

/** How long an info toast stays (ms). */
export const INFO_MS = 5_000
/** How long a toast with an Undo or action button stays (ms): time to reach the button. */
export const UNDO_MS = 10_000

/** What a toast says and offers. */
export interface ToastSpec {
  /** Replaces the toast with the same id instead of stacking a second one. */
  id: string
  kind: 'info' | 'error'
  body: ReactNode
  testId?: string
  /** The session the toast is about: dropped when the user opens another session. */
  sessionId?: string | null
  /**
   * Offered as an Undo button. Pressed, the toast stays (its button says "Undoing…") until the
   * undo's own news takes its place: shown under the same id, or with {@link replaceToast}.
   */
  undo?: () => void
  /**
   * Offered as a button of its own words that does something at once (e.g. "Back to
   * <project>"): pressed, it runs and the toast goes.
   */
  action?: { label: string; run: () => void }
  /** Runs when the user dismisses the toast (not when it times out). */
  onDismiss?: () => void
  /** Runs when the toast leaves: timed out, dismissed, dropped, its Undo or action pressed. */
  onGone?: () => void
}

/** The spec of each toast showing, by id (a toast replaced by one of its id is not gone). */
const showing = new Map<string, ToastSpec>()
/**
 * Sonner's id of each toast showing. A toast shown again after it was dismissed gets a new
 * one: sonner keeps a dismissed toast while it animates out, and a toast of the same id then
 * only updates the leaving one (an Undo's own news, shown right after its toast, never
 * appeared).
 */
const sonnerIds = new Map<string, string>()
let shown = 0
let specs = 0

/** Forgets toast `id` and runs its `onGone`. */
function gone(id: string): void {
  const spec = showing.get(id)
  showing.delete(id)
  sonnerIds.delete(id)
  spec?.onGone?.()
}

function Toast({ spec }: { spec: ToastSpec }) {
  const [undoing, setUndoing] = useState(false)
  const dismiss = () => {
    hideToast(spec.id)
    spec.onDismiss?.()
  }
  return (
    <div
      className={`toast toast-${spec.kind}`}
      role={spec.kind === 'error' ? 'alert' : 'status'}
      data-testid={spec.testId}
    >
      <div className="toast-body">{spec.body}</div>
      {spec.undo && (
        <button
          type="button"
          className="link"
          data-testid="toast-undo"
          disabled={undoing}
          onClick={() => {
            setUndoing(true)
            spec.undo?.()
          }}
        >
          {undoing ? 'Undoing…' : 'Undo'}
        </button>
      )}
      {spec.action && (
        <button
          type="button"
          className="link"
          data-testid="toast-action"
          onClick={() => {
            hideToast(spec.id)
            spec.action?.run()
          }}
        >
          {spec.action.label}
        </button>
      )}
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}

/** Shows (or replaces) a toast. */
export function showToast(spec: ToastSpec): void {
  showing.set(spec.id, spec)
  const duration = spec.kind === 'error' ? Infinity : spec.undo || spec.action ? UNDO_MS : INFO_MS
  const sonnerId = sonnerIds.get(spec.id) ?? `${spec.id}#${++shown}`
  sonnerIds.set(spec.id, sonnerId)
  // Keyed per spec: a toast that replaces another in place starts with its own state.
  const key = ++specs
  toast.custom(() => <Toast key={key} spec={spec} />, {
    id: sonnerId,
    duration,
    // Only the toast still showing under this id is gone (not one that replaced it).
    onAutoClose: () => {
      if (sonnerIds.get(spec.id) === sonnerId) gone(spec.id)
    },
  })
}

/**
 * Shows `spec` in the place of toast `id` while that one still shows: its news turned into
 * this (an edit into "Undone: …"), so one toast changes its words rather than one leaving
 * while the other arrives, both on screen for the length of sonner's animations. Toast `id`
 * is gone (its `onGone` runs); when it no longer shows, `spec` is shown as a new toast.
 */
export function replaceToast(id: string, spec: ToastSpec): void {
  const sonnerId = sonnerIds.get(id)
  if (sonnerId !== undefined && id !== spec.id) {
    // A toast of the new id already showing (an earlier undo's news) gives way to this one.
    if (sonnerIds.has(spec.id)) hideToast(spec.id)
    gone(id)
    sonnerIds.set(spec.id, sonnerId)
  }
  showToast(spec)
}

/** Removes a toast at once (its news was superseded, or the user dismissed it). */
export function hideToast(id: string): void {
  const sonnerId = sonnerIds.get(id)
  if (sonnerId !== undefined) toast.dismiss(sonnerId)
  gone(id)
}

/** An info toast of one line about the open session ("Resume command copied"). */
export function sessionInfo(id: string, text: string): void {
  showToast({ id, kind: 'info', body: text, sessionId: useSessionView.getState().sessionId })
}

/**
 * Drops the toasts tied to a session the user left when another opens. A reload passes
 * through no session at all (null), which is not leaving it.
 * @returns the function that stops watching
 */
export function dropToastsOnSessionSwitch(): () => void {
  let open = useSessionView.getState().sessionId
  return useSessionView.subscribe(({ sessionId: now }) => {
    if (now === null || now === open) return
    for (const [id, spec] of showing) if (spec.sessionId && spec.sessionId === open) hideToast(id)
    open = now
  })
}
