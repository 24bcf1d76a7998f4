/**
 * An image in session markdown, never fetched (ARCHITECTURE.md rule 7; the CSP allows only
 * 'self' and data: anyway): a placeholder shows its alt text and address, marked for a search
 * or a find when markdown's marking counted their matches as the image's (markdown-marks.ts).
 */
import type { ComponentProps } from 'react'
import { Marked } from './marks'

/** The placeholder react-markdown renders for an image. */
export function BlockedImage({
  src,
  alt,
  'data-find-marks': marked,
}: ComponentProps<'img'> & { 'data-find-marks'?: string }) {
  // Marked only when markdown's marking counted these matches as the image's (markdown-marks.ts).
  const marks = marked === 'marked' ? undefined : null
  return (
    <span
      className="md-image-blocked"
      data-testid="blocked-image"
      title="Images from the web are not loaded"
    >
      [image{alt ? ': ' : ''}
      {alt ? <Marked text={alt} marks={marks} /> : null}]{' '}
      <code>{typeof src === 'string' ? <Marked text={src} marks={marks} /> : ''}</code>
    </span>
  )
}
