/**
 * What is wrong with a damaged file, line by line (a damaged file opens read-only with
 * all its parsable content and its diagnostics; pi spec 16 and 17).
 */
import type { DiagnosticView } from '../../../../preload/contract/session-view'

/** The diagnostics list (collapsed when long). */
export function Diagnostics({ diagnostics }: { diagnostics: readonly DiagnosticView[] }) {
  if (diagnostics.length === 0) return null
  const informational = diagnostics.every((d) => !d.damage)
  return (
    <details
      className={`diagnostics${informational ? ' info' : ''}`}
      open={diagnostics.length <= 6}
      data-testid="diagnostics"
    >
      <summary>
        {diagnostics.length} {diagnostics.length === 1 ? 'finding' : 'findings'} in the file
        {informational ? ' (informational)' : ''}
      </summary>
      <ul>
        {diagnostics.map((d, i) => (
          <li key={i} data-testid="diagnostic" data-line={d.line} data-kind={d.kind}>
            <span className="diag-line">{d.line > 0 ? `line ${d.line}` : 'file'}</span>
            <span className="diag-kind">{d.kind}</span>
            <span className="diag-message">{d.message}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}
