/**
 * The heading above the sessions that need attention (contract QueryRow `attention`): files
 * pi's own list would not show and sessions without a user message, listed after the others.
 */

/** "Needs attention", with what it groups in its tooltip. */
export function AttentionHeading() {
  return (
    <h3
      className="attention-heading"
      data-testid="attention-heading"
      title="Files pi cannot list (no readable session header) and sessions without a single message"
    >
      Needs attention
    </h3>
  )
}
