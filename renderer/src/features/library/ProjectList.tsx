import type { KeyboardEvent, ReactNode } from 'react'
import type { ProjectSummary } from '../../../../preload/contract/library'
import { useLibrary } from '../../state/library'
import { age, when } from '../../components/format'
import { cost } from './format'
import { RootsPanel } from './RootsPanel'
import { chooseMarkScope, projectTitle } from './scopes'
import { InsightsEntry } from '../insights/InsightsEntry'

function ProjectRow({ project, selected }: { project: ProjectSummary; selected: boolean }) {
  const setScope = useLibrary((s) => s.setScope)
  const title = projectTitle(project)
  return (
    <li>
      <button
        type="button"
        className={`project-item${selected ? ' selected' : ''}`}
        data-testid="project-item"
        data-project-id={project.id}
        aria-current={selected ? 'true' : undefined}
        tabIndex={selected ? 0 : -1}
        title={`${project.displayName}\n${project.folders.join('\n')}`}
        onClick={() => setScope(project.id)}
      >
        <span className="project-title">{title}</span>
        <span className="project-cwd">{project.displayName}</span>
        {project.cwd === null && (
          <span className="project-note">No readable cwd in these files</span>
        )}
        <span className="project-meta">
          <span data-testid="project-session-count">
            {project.sessionCount} {project.sessionCount === 1 ? 'session' : 'sessions'}
          </span>
          {project.cost > 0 && (
            <span title="Total cost of the project's own messages">{cost(project.cost)}</span>
          )}
          {project.damagedCount > project.unreadableCount && (
            <span className="badge warn" title="Sessions with damage: read, with what could not be">
              {project.damagedCount - project.unreadableCount} damaged
            </span>
          )}
          {project.unreadableCount > 0 && (
            <span
              className="badge warn"
              title="Sessions that cannot be read now: the list says why"
            >
              {project.unreadableCount} unreadable
            </span>
          )}
          <span title={`Last activity ${when(project.lastModified)}`}>
            {age(project.lastModified)}
          </span>
        </span>
      </button>
    </li>
  )
}

/** A scope above the projects (all, starred, archived): one button in the list. */
function ScopeItem(props: {
  testId: string
  selected: boolean
  title: string
  onClick(): void
  children?: ReactNode
}) {
  return (
    <li>
      <button
        type="button"
        className={`project-item all${props.selected ? ' selected' : ''}`}
        data-testid={props.testId}
        aria-current={props.selected ? 'true' : undefined}
        tabIndex={props.selected ? 0 : -1}
        onClick={props.onClick}
      >
        <span className="project-title">{props.title}</span>
        {props.children}
      </button>
    </li>
  )
}

/** Arrow keys, Home and End move the focus between the project buttons of the list. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(e.key)) return
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > li > button')]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? buttons.length - 1
        : at + (e.key === 'ArrowDown' ? 1 : -1)
  const target = buttons[Math.max(0, Math.min(buttons.length - 1, next))]
  if (!target) return
  e.preventDefault()
  target.focus()
}

/** The project sidebar: all projects, then each project (header cwd), newest activity first. */
export function ProjectList() {
  const projects = useLibrary((s) => s.projects)
  const selectedId = useLibrary((s) => s.projectId)
  const starredScope = useLibrary((s) => s.query.starred === 'only')
  const archivedScope = useLibrary((s) => s.query.archived === 'only')
  const allSelected = selectedId === null && !starredScope && !archivedScope
  const total = projects.reduce((n, p) => n + p.sessionCount, 0)
  const totalCost = projects.reduce((n, p) => n + p.cost, 0)
  return (
    <nav className="project-list" aria-label="Projects">
      <InsightsEntry />
      <h2 className="pane-title">
        Projects <span className="count">{projects.length}</span>
      </h2>
      {/* One tab stop for the list (the selected project); arrows move between projects. */}
      <ul onKeyDown={moveFocus}>
        <ScopeItem
          testId="project-all"
          selected={allSelected}
          title="All projects"
          onClick={() => chooseMarkScope('all')}
        >
          <span className="project-meta">
            <span>{total} sessions</span>
            {totalCost > 0 && <span>{cost(totalCost)}</span>}
          </span>
        </ScopeItem>
        <ScopeItem
          testId="scope-starred"
          selected={starredScope}
          title="★ Starred"
          onClick={() => chooseMarkScope('starred')}
        />
        <ScopeItem
          testId="scope-archived"
          selected={archivedScope}
          title="Archived"
          onClick={() => chooseMarkScope('archived')}
        />
        {projects.map((project) => (
          <ProjectRow key={project.id} project={project} selected={project.id === selectedId} />
        ))}
      </ul>
      <RootsPanel />
    </nav>
  )
}
