import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { ErrorBoundary } from './components/ErrorBoundary'
import { warmHighlighter } from './components/highlighter'
import { installKeymap } from './features/commands/keymap'
import { firstScreenPending } from './state/first-screen'
import './styles.css'

installKeymap()
const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  )
  // Code grammars compile while the app is idle, not in a session's first render.
  warmHighlighter(undefined, undefined, firstScreenPending)
}
