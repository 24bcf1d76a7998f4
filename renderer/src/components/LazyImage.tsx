/**
 * A base64 image from session content, fetched only when it scrolls into view (images load
 * lazily): the transcript carries a reference, `session:get-image` the data.
 * Only raster types become an <img> with a data: URL (CSP: img-src 'self' data:); a click
 * enlarges it in a lightbox with Save.
 */
import { useEffect, useRef, useState } from 'react'
import { call } from '../api/client'
import { bytes } from './format'
import { ImageLightbox } from './ImageLightbox'
import './reading-aids.css'

const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** Props of {@link LazyImage}. */
export interface LazyImageProps {
  sessionId: string
  pos: number
  index: number
  mimeType: string
  size: number
  /** Pixel size from the image header (main reads it), to reserve the box before loading. */
  width?: number
  height?: number
}

/**
 * The box an image gets: fitted into 480×360, tiny images scaled up to 48 px so they can be
 * seen; reserved before the data arrives so the virtualized list never jumps.
 */
export function displayBox(
  width?: number,
  height?: number,
): { width: number; aspectRatio: string } {
  if (!width || !height || width <= 0 || height <= 0) return { width: 160, aspectRatio: '4 / 3' }
  let scale = Math.min(1, 480 / width, 360 / height)
  if (Math.max(width, height) * scale < 48) scale = 48 / Math.max(width, height)
  return { width: Math.round(width * scale), aspectRatio: `${width} / ${height}` }
}

/** Placeholder until visible, then the image (or why it is not shown). */
export function LazyImage({
  sessionId,
  pos,
  index,
  mimeType,
  size,
  width,
  height,
}: LazyImageProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)
  const [src, setSrc] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [enlarged, setEnlarged] = useState(false)
  const allowed = RASTER.has(mimeType.toLowerCase())

  useEffect(() => {
    const element = ref.current
    if (!element || visible) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [visible])

  useEffect(() => {
    // A negative position: an entry read from the file's end, before its position is known.
    if (!visible || !allowed || src || index < 0 || pos < 0) return
    let live = true
    call('session:get-image', { sessionId, position: pos, index })
      .then((image) => {
        if (live && RASTER.has(image.mimeType))
          setSrc(`data:${image.mimeType};base64,${image.data}`)
      })
      .catch((e: Error) => live && setError(e.message))
    return () => {
      live = false
    }
  }, [visible, allowed, src, sessionId, pos, index])

  const label = `${mimeType || 'image'} · ${bytes(size)}${width && height ? ` · ${width}×${height}` : ''}`
  if (!allowed || error) {
    return (
      <div className="content-image" data-testid="content-image" data-loaded="false">
        <span className="image-placeholder">
          {label} ({error ?? 'not shown: not a picture type'})
        </span>
      </div>
    )
  }
  return (
    <div
      className="content-image"
      ref={ref}
      data-testid="content-image"
      data-loaded={src ? 'true' : 'false'}
      style={displayBox(width, height)}
      title={label}
    >
      {src ? (
        <>
          <button
            type="button"
            className="image-open"
            aria-label={`Enlarge image: ${label}`}
            onClick={() => setEnlarged(true)}
          >
            <img src={src} alt={label} />
          </button>
          <ImageLightbox
            src={src}
            mimeType={mimeType.toLowerCase()}
            alt={label}
            width={width}
            height={height}
            name={`image-${pos}-${index}`}
            open={enlarged}
            onClose={() => setEnlarged(false)}
          />
        </>
      ) : (
        <span className="image-placeholder">{label}</span>
      )}
    </div>
  )
}
