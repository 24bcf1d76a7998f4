/**
 * The Electron security checklist (Electron's own security guide, as ARCHITECTURE.md's
 * baseline), as a pure function over what a window was created with. Every window is
 * checked at creation; a failure is logged loudly, and the unit test keeps it at zero.
 */
import type { WebPreferences } from 'electron'

/** What a window was set up with, beyond its web preferences. */
export interface WindowSetup {
  webPreferences: WebPreferences | undefined
  /** The Content-Security-Policy its page declares. */
  csp: string
  /** `will-navigate` handler that refuses foreign URLs is installed. */
  navigationGuarded: boolean
  /** `setWindowOpenHandler` denies new windows. */
  windowOpenDenied: boolean
  /** Permission request and check handlers deny. */
  permissionsDenied: boolean
}

/** One failed check: which rule, and why it matters in a word. */
export interface ChecklistFinding {
  rule: string
  problem: string
}

/** Parses a CSP into directive -> sources. */
export function parseCsp(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

function checkCsp(csp: string, findings: ChecklistFinding[]): void {
  const d = parseCsp(csp)
  const scripts = d.get('script-src') ?? d.get('default-src')
  if (!d.has('default-src')) findings.push({ rule: 'csp', problem: 'no default-src' })
  if (!scripts) findings.push({ rule: 'csp', problem: 'no script-src or default-src' })
  for (const bad of ["'unsafe-eval'", "'unsafe-inline'", '*', 'data:', 'http:', 'https:']) {
    if (scripts?.includes(bad)) findings.push({ rule: 'csp', problem: `scripts allow ${bad}` })
  }
  if (d.get('object-src')?.join(' ') !== "'none'")
    findings.push({ rule: 'csp', problem: "object-src is not 'none'" })
  const images = d.get('img-src') ?? d.get('default-src') ?? []
  if (images.some((s) => s === '*' || s === 'http:' || s === 'https:')) {
    findings.push({ rule: 'csp', problem: 'remote images allowed (session text could beacon out)' })
  }
}

/**
 * Checks a window's setup against the checklist: context isolation, sandbox, no Node in
 * the page, web security on, no insecure content, no webview, a strict CSP, navigation
 * and window-open denial, permission requests denied. Returns every failure (empty = ok).
 */
export function checkWindowSecurity(setup: WindowSetup): ChecklistFinding[] {
  const findings: ChecklistFinding[] = []
  const p = setup.webPreferences ?? {}
  const must = (ok: boolean, rule: string, problem: string) => {
    if (!ok) findings.push({ rule, problem })
  }
  must(p.contextIsolation === true, 'context-isolation', 'contextIsolation is not on')
  must(p.sandbox === true, 'sandbox', 'the renderer is not sandboxed')
  must(p.nodeIntegration !== true, 'node-integration', 'Node is integrated in the page')
  must(p.nodeIntegrationInWorker !== true, 'node-integration', 'Node is integrated in workers')
  must(
    p.nodeIntegrationInSubFrames !== true,
    'node-integration',
    'Node is integrated in sub-frames',
  )
  must(p.webSecurity !== false, 'web-security', 'webSecurity is off')
  must(p.allowRunningInsecureContent !== true, 'insecure-content', 'insecure content is allowed')
  must(p.webviewTag !== true, 'webview', 'the webview tag is enabled')
  must(p.experimentalFeatures !== true, 'experimental', 'experimental features are on')
  must(setup.navigationGuarded, 'navigation', 'navigation away from the app is not refused')
  must(setup.windowOpenDenied, 'window-open', 'new windows are not denied')
  must(setup.permissionsDenied, 'permissions', 'permission requests are not denied')
  checkCsp(setup.csp, findings)
  return findings
}

/** Reads the CSP from an HTML page's `<meta http-equiv="Content-Security-Policy">`. */
export function cspOfHtml(html: string): string {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)
  return meta?.[1] ?? ''
}
