/**
 * A session image enlarged in a lightbox (yet-another-react-lightbox: focus trap, Escape,
 * zoom) with Save, which downloads the image's own bytes. The picture is already a data: URL
 * (CSP: img-src 'self' data:); Save turns it into a Blob and a same-origin blob: link, as the
 * library's own save would fetch the data: URL, which the CSP's connect-src refuses.
 */
import Lightbox from 'yet-another-react-lightbox'
import Download from 'yet-another-react-lightbox/plugins/download'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/**
 * The bytes of a base64 `data:` URL as a Blob of its media type.
 * @throws Error when `url` is not a base64 data: URL
 */
export function dataUrlBlob(url: string): Blob {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url)
  if (!match) throw new Error('Not a base64 data: URL')
  const binary = atob(match[2] ?? '')
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: match[1] })
}

/** The long side small images are enlarged to in the lightbox, px (pixels kept sharp). */
const MIN_SIDE = 512

/** The size the lightbox may show an image at: small ones scaled up, never beyond the window. */
export function shownSize(width?: number, height?: number): { width?: number; height?: number } {
  if (!width || !height || width <= 0 || height <= 0) return {}
  const scale = Math.max(1, MIN_SIDE / Math.max(width, height))
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/** Props of {@link ImageLightbox}. */
export interface ImageLightboxProps {
  /** The image as a data: URL. */
  src: string
  mimeType: string
  /** Alternative text: what the image is (type, size). */
  alt: string
  /** Pixel size from the image header, when known (small images are shown enlarged). */
  width?: number
  height?: number
  /** File name without extension for Save. */
  name: string
  open: boolean
  onClose(): void
}

/** The lightbox of one image. */
export function ImageLightbox(props: ImageLightboxProps) {
  const { src, mimeType, alt, name, open, onClose } = props
  const fileName = `${name}.${EXTENSIONS[mimeType] ?? 'img'}`
  const size = shownSize(props.width, props.height)
  return (
    <Lightbox
      open={open}
      close={onClose}
      slides={[{ src, alt, downloadFilename: fileName, ...size }]}
      plugins={[Download, Zoom]}
      labels={{ Lightbox: `Image viewer: ${alt}`, Download: 'Save', Close: 'Close' }}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      render={{ buttonPrev: () => null, buttonNext: () => null }}
      download={{
        download: ({ saveAs }) => saveAs(dataUrlBlob(src), fileName),
      }}
    />
  )
}
