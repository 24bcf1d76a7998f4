/**
 * Link policy for session text (ARCHITECTURE.md rule 7): only absolute http/https URLs become
 * links. In Electron, main denies the new window and hands the URL to the OS browser after its
 * own scheme check; in server mode the browser opens a new tab without opener or referrer.
 */

/** The URL when `href` is an absolute http(s) URL, else null. */
export function safeExternalUrl(href: string | null | undefined): string | null {
  if (!href) return null
  try {
    const url = new URL(href)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
