// `node --import ./test/electron-stand-in/register.mjs out/main/index.js`: resolves the
// `electron` module to the stand-in beside this file, for that process only.
import { registerHooks } from 'node:module'

const standIn = new URL('./electron.mjs', import.meta.url).href

registerHooks({
  resolve: (specifier, context, next) =>
    specifier === 'electron' ? { url: standIn, shortCircuit: true } : next(specifier, context),
})
