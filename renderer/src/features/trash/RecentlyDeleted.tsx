import { useEffect, useRef, useState } from 'react'
import type { DeletedSessionView } from '../../../../preload/contract/trash'
import { age, when } from '../../components/format'
import { bytes, oneLine } from '../library/format'
import { useTrash } from '../../state/trash'

function DeletedItem({
  d,
  checked,
  onCheck,
}: {
  d: DeletedSessionView
  checked: boolean
  onCheck(checked: boolean): void
}) {
  const busy = useTrash((s) => s.busy)
  const restore = useTrash((s) => s.restore)
  return (
    <li data-testid="deleted-item" data-file-name={d.fileName}>
      {d.restorable && (
        <input
          type="checkbox"
          aria-label={`Select ${oneLine(d.title)}`}
          data-testid="deleted-check"
          checked={checked}
          onChange={(e) => onCheck(e.target.checked)}
        />
      )}
      <span title={`${d.cwd ?? ''}\n${d.fileName}`}>{oneLine(d.title)}</span>{' '}
      <span className="muted" title={when(d.deletedAt)}>
        {age(d.deletedAt)} · {bytes(d.size)}
      </span>
      {d.restorable ? (
        <button
          type="button"
          className="link"
          disabled={busy}
          aria-label={`Restore ${oneLine(d.title)}`}
          onClick={() => void restore(d.id)}
        >
          Restore
        </button>
      ) : (
        <span className="muted">
          {' '}
          {d.inTrash ? '· restore from the system Trash' : '· trash emptied'}
        </span>
      )}
    </li>
  )
}

/**
 * The Recently deleted panel (in place of the session view): the sessions the app moved to
 * the trash, newest first, grouped by deletion: each with Restore, a multi-select restore,
 * and "restore all" per deletion. `onClose` goes back to the session view.
 */
export function RecentlyDeleted({ onClose }: { onClose(): void }) {
  const deleted = useTrash((s) => s.deleted)
  const busy = useTrash((s) => s.busy)
  const restoreMany = useTrash((s) => s.restoreMany)
  const [checked, setChecked] = useState<string[]>([])
  // The keyboard comes into the panel as it opens, and stays in it when a restore takes away
  // the button it was on (it would fall to the page's body, out of any Tab order).
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  useEffect(() => {
    const active = document.activeElement
    if (!active || active === document.body) heading.current?.focus()
  }, [deleted])
  const present = checked.filter((id) => deleted.some((d) => d.id === id))
  // Deletions in order, each with its entries (one confirmed move is one deletion).
  const groups: { key: string; items: DeletedSessionView[] }[] = []
  for (const d of deleted) {
    const key = d.batchId ?? d.id
    const group = groups.find((g) => g.key === key)
    if (group) group.items.push(d)
    else groups.push({ key, items: [d] })
  }

  return (
    <section
      className="trash-panel"
      data-testid="recently-deleted"
      aria-labelledby="recently-deleted-title"
    >
      <header className="trash-panel-head">
        <h2 id="recently-deleted-title" ref={heading} tabIndex={-1}>
          Recently deleted{' '}
          <span className="count muted">
            {deleted.filter((d) => d.inTrash).length} in the trash
          </span>
        </h2>
        <button type="button" className="ghost" onClick={onClose}>
          Back to the sessions
        </button>
      </header>
      <p className="muted trash-panel-note">
        Sessions this app moved to the system trash. Restore puts a file back where it was.
      </p>
      {deleted.length === 0 && (
        <p className="muted">
          Nothing to restore: sessions this app moves to the trash show here, with Restore.
        </p>
      )}
      {present.length > 0 && (
        <button
          type="button"
          className="link"
          disabled={busy}
          data-testid="restore-checked"
          onClick={() => void restoreMany(present).then(() => setChecked([]))}
        >
          Restore {present.length} selected
        </button>
      )}
      {groups.map((g) => {
        const restorable = g.items.filter((d) => d.restorable).map((d) => d.id)
        return (
          <ul key={g.key} data-testid="deletion">
            {g.items.length > 1 && restorable.length > 0 && (
              <li className="deletion-head">
                <button
                  type="button"
                  className="link"
                  disabled={busy}
                  data-testid="restore-deletion"
                  onClick={() => void restoreMany(restorable)}
                >
                  Restore all {restorable.length} from this deletion
                </button>
              </li>
            )}
            {g.items.map((d) => (
              <DeletedItem
                key={d.id}
                d={d}
                checked={present.includes(d.id)}
                onCheck={(on) =>
                  setChecked(on ? [...present, d.id] : present.filter((id) => id !== d.id))
                }
              />
            ))}
          </ul>
        )
      })}
    </section>
  )
}
