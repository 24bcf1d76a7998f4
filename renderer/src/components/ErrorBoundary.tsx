import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** What this boundary guards, for the message ("the transcript"); none = the whole app. */
  what?: string
  /** Clears the error when it changes (e.g. another session is opened). */
  resetKey?: string
}

interface State {
  error: Error | null
  key: string | undefined
}

/**
 * Catches a rendering crash and shows a recoverable view instead of a blank window (never
 * a silent dead window). Around the whole app it offers "Reload"; around one part
 * ("the transcript") it keeps the rest of the app working and offers "Try again".
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(
      `Pi Sessions: ${this.props.what ?? 'the view'} crashed`,
      error,
      info.componentStack,
    )
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    if (this.props.what) {
      return (
        <div className="crash inline" role="alert" data-testid="crash-view">
          <p>
            Could not show {this.props.what}: {error.message}
          </p>
          <button type="button" className="ghost" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      )
    }
    return (
      <div className="crash" role="alert" data-testid="crash-view">
        <h1>Something went wrong in this view</h1>
        <p>Your sessions are safe: nothing was written. Reload to continue.</p>
        <pre>{error.message}</pre>
        <button type="button" className="ghost" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    )
  }
}
