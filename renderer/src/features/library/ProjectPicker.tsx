/**
 * The project picker: the project sidebar folded into one select above the session list,
 * for narrow windows and whenever the sidebar is hidden.
 */
import { useLibrary } from '../../state/library'
import { chooseMarkScope, currentScope, projectTitle, type MarkScope } from './scopes'

const MARK_SCOPES: { value: MarkScope; label: string }[] = [
  { value: 'all', label: 'All projects' },
  { value: 'starred', label: '★ Starred' },
  { value: 'archived', label: 'Archived' },
]

/** A select of the scopes and projects; choosing one shows its sessions. */
export function ProjectPicker() {
  const projects = useLibrary((s) => s.projects)
  const value = useLibrary(currentScope)
  const choose = (next: string) => {
    const mark = MARK_SCOPES.find((m) => m.value === next)
    if (mark) chooseMarkScope(mark.value)
    else useLibrary.getState().setScope(next)
  }
  return (
    <label className="project-picker">
      <span>Project</span>
      <select data-testid="project-picker" value={value} onChange={(e) => choose(e.target.value)}>
        {MARK_SCOPES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
        <optgroup label="Projects">
          {projects.map((p) => (
            <option key={p.id} value={p.id} title={p.displayName}>
              {projectTitle(p)}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  )
}
