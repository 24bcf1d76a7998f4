import type { ProjectSummary } from '../../../../preload/contract/schemas'
import { useLibrary } from '../../state/library'
import { age, fullDate, lastSegment } from './format'

function ProjectRow({ project, selected }: { project: ProjectSummary; selected: boolean }) {
  const selectProject = useLibrary((s) => s.selectProject)
  const title = lastSegment(project.cwd ?? project.folders[0] ?? project.displayName)
  return (
    <li>
      <button
        type="button"
        className={`project-item${selected ? ' selected' : ''}`}
        data-testid="project-item"
        data-project-id={project.id}
        aria-current={selected ? 'true' : undefined}
        title={project.displayName}
        onClick={() => void selectProject(project.id)}
      >
        <span className="project-title">{title}</span>
        <span className="project-cwd">{project.displayName}</span>
        {project.cwd === null && (
          <span className="project-note">No readable cwd in these files</span>
        )}
        <span className="project-meta">
          <span data-testid="project-session-count">{project.sessionCount} sessions</span>
          {project.damagedCount > 0 && (
            <span className="badge warn" title="Sessions with damage or read errors">
              {project.damagedCount} damaged
            </span>
          )}
          <span title={fullDate(project.lastModified)}>{age(project.lastModified)}</span>
        </span>
      </button>
    </li>
  )
}

/** The project sidebar: every project (header cwd), newest activity first. */
export function ProjectList() {
  const projects = useLibrary((s) => s.projects)
  const selectedId = useLibrary((s) => s.selectedProjectId)
  return (
    <nav className="project-list" aria-label="Projects">
      <h2 className="pane-title">
        Projects <span className="count">{projects.length}</span>
      </h2>
      <ul>
        {projects.map((project) => (
          <ProjectRow key={project.id} project={project} selected={project.id === selectedId} />
        ))}
      </ul>
    </nav>
  )
}
