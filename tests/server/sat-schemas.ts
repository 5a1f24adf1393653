/**
 * Validates a CFDI 4.0 against the SAT's own schemas, offline, with libxml2 (xmllint-wasm): the
 * comprobante (cfdv40.xsd), the Pagos 2.0 complement and the Timbre Fiscal Digital 1.1 when the
 * document carries them. The SAT's files live in tests/fixtures/sat/ in the SAT's folder layout,
 * because the schemas import each other by relative path; catCFDI.xsd there is a labelled stub
 * (key shapes only — whether a key exists in the catalogue is the fake PAC's check).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

const SAT_ROOT = path.join(import.meta.dirname, '..', 'fixtures', 'sat');
const CFD = 'www.sat.gob.mx/sitio_internet/cfd';

/** Every schema file, named by its path under tests/fixtures/sat/ (the in-memory file system mirrors it). */
const SCHEMA_FILES = [
  `${CFD}/4/cfdv40.xsd`,
  `${CFD}/Pagos/Pagos20.xsd`,
  `${CFD}/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`,
  `${CFD}/tipoDatos/tdCFDI/tdCFDI.xsd`,
  `${CFD}/catalogos/catCFDI.xsd`,
  `${CFD}/catalogos/Pagos/catPagos.xsd`,
];

/**
 * One entry schema importing the three namespaces a stamped payment receipt can hold: xmllint takes
 * one --schema, and cfdv40's Complemento is an xs:any validated strictly, so the complements'
 * declarations must be known to the same schema set.
 */
const ENTRY_SCHEMA = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="${CFD}/4/cfdv40.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="${CFD}/Pagos/Pagos20.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="${CFD}/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/>
</xs:schema>
`;

let preloaded: XMLFileInfo[] | undefined;

/** The schema files, read once per test process. */
function schemaFiles(): XMLFileInfo[] {
  preloaded ??= SCHEMA_FILES.map((fileName) => ({ fileName, contents: readFileSync(path.join(SAT_ROOT, fileName), 'utf8') }));
  return preloaded;
}

/** The schema errors of a CFDI, each as xmllint words it; an empty list when it is valid. */
export async function validateAgainstSat(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'cfdi.xml', contents: xml }],
    schema: [{ fileName: 'cfdi-entry.xsd', contents: ENTRY_SCHEMA }],
    preload: schemaFiles(),
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}
