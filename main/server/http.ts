/**
 * The HTTP host of the handler table (server mode): `POST /api/<channel>` with a bearer
 * token and the channel's argument object as JSON body; the reply is the result envelope.
 * Binds 127.0.0.1 only, checks the Host header, sends no CORS headers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { finished } from 'node:stream/promises'
import type { HandlerTable } from '../api/context'
import { dispatch, type ErrorLog } from '../api/dispatch'
import type { EventSource } from '../api/events'
import type { ExportDownloads } from '../export/downloads'
import { isChannel } from '../../preload/contract/channels'
import { fail } from '../../preload/contract/errors'
import { isEncodedEnvelope, type WireEnvelope } from '../../preload/contract/wire'
import { hasToken, isAllowedHost } from './auth'
import { serveStatic } from './static'

/** Largest accepted request body; API arguments are small objects of ids and text. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Options of the HTTP host. */
export interface HttpHostOptions {
  handlers: HandlerTable
  events?: EventSource
  /** The app logger: unexpected handler and server errors go there. */
  log: ErrorLog
  token: string
  /** Absolute folder of the built renderer. */
  staticDir: string
  /** 0 picks a free port. */
  port?: number
  /** Finished exports, served once from `GET /api/export-download/<id>`. */
  downloads?: ExportDownloads
}

/** A running server and how to reach and stop it. */
export interface HttpHost {
  server: Server
  port: number
  url: string
  close(): Promise<void>
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
}

const JSON_TYPE = 'application/json; charset=utf-8'

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': JSON_TYPE, ...SECURITY_HEADERS })
  res.end(JSON.stringify(body))
}

const ENCODED_OPEN = Buffer.from('{"ok":true,"value":')
const ENCODED_CLOSE = Buffer.from('}')

/** Sends a handler's envelope; a value already encoded goes out as its bytes, unread. */
function sendEnvelope(res: ServerResponse, envelope: WireEnvelope<unknown>): void {
  if (!isEncodedEnvelope(envelope)) return sendJson(res, 200, envelope)
  const body = Buffer.concat([ENCODED_OPEN, envelope.json, ENCODED_CLOSE])
  res.writeHead(200, {
    'Content-Type': JSON_TYPE,
    'Content-Length': String(body.length),
    ...SECURITY_HEADERS,
  })
  res.end(body)
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** `GET /api/events`: server-sent events, one `data:` line of `{event, payload}` each. */
function handleEvents(req: IncomingMessage, res: ServerResponse, opts: HttpHostOptions): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    ...SECURITY_HEADERS,
  })
  res.write(': connected\n\n')
  const stop = opts.events?.subscribe((event, payload) => {
    res.write(`data: ${JSON.stringify({ event, payload })}\n\n`)
  })
  const keepAlive = setInterval(() => res.write(': ping\n\n'), 15_000)
  req.on('close', () => {
    clearInterval(keepAlive)
    stop?.()
  })
}

const DOWNLOAD_PREFIX = 'export-download/'

/** `GET /api/export-download/<id>`: a finished export as an attachment, once; then removed. */
async function handleDownload(res: ServerResponse, opts: HttpHostOptions, id: string) {
  const download = await opts.downloads?.open(id)
  if (!download) return sendJson(res, 404, fail('not_found', 'No such download'))
  res.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(download.size),
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download.fileName)}`,
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
  })
  download.stream.pipe(res)
  await finished(res).catch(() => undefined)
  await download.done()
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  opts: HttpHostOptions,
  channel: string,
) {
  if (!hasToken(req.headers.authorization, opts.token)) {
    return sendJson(
      res,
      401,
      fail(
        'unauthorized',
        'Missing or wrong token: open the address Pi Sessions printed when it started (it ends in #token=…)',
      ),
    )
  }
  if (channel === 'events' && req.method === 'GET') return handleEvents(req, res, opts)
  if (channel.startsWith(DOWNLOAD_PREFIX) && req.method === 'GET') {
    return handleDownload(res, opts, channel.slice(DOWNLOAD_PREFIX.length))
  }
  if (!isChannel(channel)) {
    return sendJson(res, 404, fail('not_found', `Unknown channel: ${channel}`))
  }
  if (req.method !== 'POST') return sendJson(res, 405, fail('invalid_argument', 'Use POST'))
  const body = await readBody(req)
  if (body === null) return sendJson(res, 413, fail('invalid_argument', 'Request body too large'))
  let args: unknown = {}
  if (body.trim() !== '') {
    try {
      args = JSON.parse(body)
    } catch {
      return sendJson(res, 400, fail('invalid_argument', 'Body is not valid JSON'))
    }
  }
  // API failures travel inside the envelope with status 200; HTTP statuses are kept for
  // transport-level refusals (auth, host, size, unknown channel).
  sendEnvelope(res, await dispatch(opts.handlers, channel, args, opts.log))
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Starts the HTTP host on 127.0.0.1. Resolves once it listens. */
export function startHttpHost(opts: HttpHostOptions): Promise<HttpHost> {
  let port = opts.port ?? 0
  const server = createServer((req, res) => {
    if (!isAllowedHost(req.headers.host, port)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS })
      return res.end('Forbidden host')
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const task = path.startsWith('/api/')
      ? handleApi(req, res, opts, safeDecode(path.slice('/api/'.length)))
      : serveStatic(opts.staticDir, path, res)
    task.catch((error: unknown) => {
      opts.log.error(`Unexpected server error on ${path}`, error)
      if (!res.headersSent) sendJson(res, 500, fail('internal', 'Unexpected server error'))
      else res.end()
    })
  })
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port
      resolvePromise({
        server,
        port,
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            // Event streams stay open forever; end them so close() can finish.
            server.closeAllConnections()
          }),
      })
    })
  })
}
