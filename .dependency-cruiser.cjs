/**
 * Import rules checked by `npm run lint` (dependency-cruiser): no module may reach itself
 * through its imports. Type-only imports count too: a cycle of types is still a tangle a
 * newcomer has to unpick before changing one side.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move what both sides need into a module both import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out|dist|bench/peers|test/fixtures)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    moduleSystems: ['es6', 'cjs'],
  },
}
