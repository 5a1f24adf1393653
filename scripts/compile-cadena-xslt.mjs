// Compiles the SAT's cadena original stylesheets (server/cfdi/sat/cfd/) to SaxonJS's SEF, the form
// saxon-js runs: compiling at run time takes seconds, a compiled one loads in milliseconds. The
// .sef.json files are committed; run this after changing an .xslt there (`node scripts/compile-cadena-xslt.mjs`).
import { createRequire } from 'node:module';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const satDir = path.join(root, 'server', 'cfdi', 'sat');
const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');

/** Each stylesheet the server runs, and the compiled file beside the sources. */
const stylesheets = [
  ['cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt', 'cadenaoriginal_4_0.sef.json'],
  ['cfd/TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt', 'cadenaoriginal_TFD_1_1.sef.json'],
];

for (const [source, compiled] of stylesheets) {
  // -relocate:on: the compiled form does not remember this machine's paths.
  const code = await run(process.execPath, [
    xslt3,
    `-xsl:${path.join(satDir, source)}`,
    `-export:${path.join(satDir, compiled)}`,
    '-nogo',
    '-relocate:on',
  ]);
  if (code !== 0) {
    console.error(`No se pudo compilar ${source} (código ${code}).`);
    process.exit(1);
  }
  console.log(`${source} → server/cfdi/sat/${compiled}`);
}
