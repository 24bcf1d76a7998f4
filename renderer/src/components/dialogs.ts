/**
 * Modal dialogs, one at a time: opening one closes any other that is open (Ctrl+K then
 * Ctrl+, must not stack Settings over Quick open). Each closed dialog's own close handler
 * resets its state.
 */
import { useEffect, useRef, type RefObject } from 'react'

/** Shows `dialog` modally after closing every other open dialog. */
function showExclusive(dialog: HTMLDialogElement): void {
  for (const other of document.querySelectorAll<HTMLDialogElement>('dialog[open]')) {
    if (other !== dialog) other.close()
  }
  if (!dialog.open) dialog.showModal()
}

/**
 * Keeps a <dialog> shown while `open` is true (exclusively) and closed otherwise.
 * @param onShow runs each time it is shown (e.g. to reset a form)
 */
export function useModal(open: boolean, onShow?: () => void): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null)
  const show = useRef(onShow)
  useEffect(() => {
    show.current = onShow
  })
  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (open && !el.open) {
      show.current?.()
      showExclusive(el)
    }
    if (!open && el.open) el.close()
  }, [open])
  return dialog
}
