// Renders resources/icon.svg (the one source image) into the PNGs the app and
// electron-builder use: resources/icon.png (1024 px; builder derives .icns/.ico from it)
// and resources/icons/<size>x<size>.png for Linux.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'

const svg = readFileSync('resources/icon.svg', 'utf8')
const render = (size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
writeFileSync('resources/icon.png', render(1024))
mkdirSync('resources/icons', { recursive: true })
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(join('resources', 'icons', `${size}x${size}.png`), render(size))
}
console.log('make-icons: resources/icon.png and resources/icons/*.png')
