// ESLint import resolver (eslint-module-utils interface 2) for the server's relative imports,
// which name a `.ts` file by its `.js` output ('./config.js' is config.ts), as Node's ESM and
// TypeScript's NodeNext resolution want. eslint-plugin-boundaries needs the real file to tell
// which folder an import reaches; Node's resolver (web/'s) cannot map `.js` to `.ts`. Packages
// are left unresolved: the boundaries rule checks our own files only.
const fs = require('node:fs');
const path = require('node:path');

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (!source.startsWith('.')) return { found: false };
  const target = path.resolve(path.dirname(file), source);
  const candidates = target.endsWith('.js') ? [`${target.slice(0, -3)}.ts`, target] : [target];
  const found = candidates.find((candidate) =>
    fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
  );
  return found ? { found: true, path: found } : { found: false };
};
