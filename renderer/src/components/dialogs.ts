/**
 * Modal dialogs one at a time: opening one closes any other that is open (Ctrl+K then
 * Ctrl+, must not stack Settings over Quick open). Each closed dialog's own close handler
 * resets its state.
 */
export function showExclusive(dialog: HTMLDialogElement): void {
  for (const other of document.querySelectorAll<HTMLDialogElement>('dialog[open]')) {
    if (other !== dialog) other.close()
  }
  if (!dialog.open) dialog.showModal()
}
