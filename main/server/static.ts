/**
 * Serves the built renderer (out/renderer) to the browser in server mode. Only files
 * inside that folder are served; anything else is 404.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/**
 * Writes the file for `urlPath` from `root` to `res` (index.html for `/`), or a 404.
 * @param root absolute folder of the built renderer
 * @param urlPath the request path, without query string
 */
export async function serveStatic(
  root: string,
  urlPath: string,
  res: ServerResponse,
): Promise<void> {
  let relative: string
  try {
    relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath)
  } catch {
    return notFound(res)
  }
  const path = normalize(join(root, relative))
  if (!path.startsWith(root + sep) || relative.includes('\0')) return notFound(res)
  try {
    const facts = await stat(path)
    if (!facts.isFile()) return notFound(res)
  } catch {
    return notFound(res)
  }
  res.writeHead(200, {
    'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  })
  createReadStream(path).pipe(res)
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
  res.end('Not found')
}
