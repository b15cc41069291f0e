// The project runs on Node.js 24 or newer. `npm start` and `npm test` get it from the workspace's
// own `node` (node_modules/.bin, put first on the path by npm); started any other way on an
// older Node, they stop here with what to do instead of failing later in a dependency.
const [major] = process.versions.node.split('.').map(Number);

export function assertRuntime() {
  if ((major ?? 0) >= 24) return;
  console.error(
    `Gatehouse needs Node.js 24 or newer; this is ${process.version}. ` +
      'Run it through npm (npm start, npm test), which uses the Node.js 24 that `npm ci` installs, ' +
      'or install Node.js 24.',
  );
  process.exit(1);
}
