// `npm run lint` runs this (npm run lint:cycles): any import circle fails the build. Type-only
// imports count too: a circle of types today is a circle of values after the next refactor.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle: move what both need to a third module, or hand it over at the composition root.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-below-domain',
      severity: 'error',
      comment: 'src/server/db is the bottom layer (tables, the client, migrations): it uses no domain rule, route or seeding step. The demo organisation, which uses them all, lives in src/server/demo.',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/(domain|crud|routes|areas|auth|plugins|demo)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|src/server/db/migrations)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
