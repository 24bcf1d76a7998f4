import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

/**
 * sonner adds its stylesheet as an inline `<style>` element, which the renderer's CSP
 * (`style-src 'self'`) refuses; the toast stack imports the same CSS from
 * `sonner/dist/styles.css` instead, so the inline copy is dropped from the bundle.
 */
function sonnerStylesFromFile(): Plugin {
  return {
    name: 'sonner-styles-from-file',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null
      const stripped = code.replace(/__insertCSS\("(?:[^"\\]|\\.)*"\);?/, '')
      if (stripped === code) throw new Error('sonner no longer injects its CSS as expected')
      return { code: stripped, map: null }
    },
  }
}

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        // Two composition roots over the same code: the Electron app and server mode.
        input: {
          index: resolve('main/index.ts'),
          serve: resolve('main/serve.ts'),
          // Parses session files off the main thread (main/library/read-pool.ts).
          'read-worker': resolve('main/library/read-worker.ts'),
          // Builds the tree skeletons of large sessions (main/api/session-view/skeletons.ts).
          'tree-worker': resolve('main/api/session-view/tree-worker.ts'),
          // Reads the sessions the view opens, off the main process's heap (session-view/core.ts).
          'view-worker': resolve('main/api/session-view/view-worker.ts'),
        },
        // Bundled libraries' JSDoc names type-only packages (`@import ... from 'mdast'`): leave
        // it out, so the bundle names only modules it loads (and is smaller).
        output: { comments: { jsdoc: false, legal: true, annotation: true } },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: resolve('preload/index.ts') },
        // Sandboxed preloads cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    build: {
      outDir: resolve('out/renderer'),
      // The window parses this bundle on every launch: a third of the bytes paints sooner.
      minify: true,
      // Read from the app's own disk, never a network: one larger chunk costs no round trip.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: { input: resolve('renderer/index.html') },
    },
    plugins: [react(), sonnerStylesFromFile()],
  },
})
