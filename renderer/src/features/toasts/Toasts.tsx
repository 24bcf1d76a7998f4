import { useEffect } from 'react'
import { Toaster } from 'sonner'
import 'sonner/dist/styles.css'
import { registerCommand } from '../../state/commands'
import { undoLatest } from '../../state/undo'
import { useEditToasts } from '../edits/EditNotice'
import { useTrashToasts } from '../trash/TrashNotice'
import { dropToastsOnSessionSwitch } from './show'
import './toasts.css'

/**
 * The toast stack (bottom right, over nothing the user reads first) and what feeds it: edits,
 * bulk actions, and Ctrl/Cmd+Z, which undoes the latest undoable action.
 */
export function Toasts() {
  useEditToasts()
  useTrashToasts()
  useEffect(() => dropToastsOnSessionSwitch(), [])
  useEffect(() => registerCommand('undo', () => void undoLatest()), [])
  return (
    <Toaster
      position="bottom-right"
      expand
      visibleToasts={4}
      gap={8}
      containerAriaLabel="Notifications"
    />
  )
}
