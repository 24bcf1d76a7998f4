/**
 * Request checks of server mode (ARCHITECTURE.md security baseline): a per-run bearer
 * token on every API call, and a Host header naming this very server, so a DNS-rebinding
 * page on another origin cannot reach the API.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'

/** A fresh random token: 32 bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** True when `header` is `Bearer <token>` with exactly this token (constant time). */
export function hasToken(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false
  const given = Buffer.from(header.slice('Bearer '.length))
  const wanted = Buffer.from(token)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

/** True when the Host header is `127.0.0.1:<port>` or `localhost:<port>`. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}
