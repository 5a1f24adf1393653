// Finds a Chromium for the end-to-end tests (and poppler for the PDF tests); installs Debian's
// packages when it can (root with apt-get), otherwise stops with a message saying how to get them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function found() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((path) => existsSync(path));
}

export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Instalando Chromium de Debian para las pruebas de extremo a extremo…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = found();
    if (installed) return installed;
  }
  console.error(
    'No se encontró Chromium para las pruebas de extremo a extremo.\n' +
      'Instálalo (Debian/Ubuntu: `sudo apt-get install chromium`) o indica su ruta en CHROMIUM_PATH.',
  );
  process.exit(1);
}

/**
 * Poppler's pdftotext and pdftoppm, with which the CFDI's PDF test reads its text and scans its
 * QR code as a phone would: installed from Debian when they can be (root with apt-get).
 */
export function ensurePoppler() {
  const has = ['/usr/bin/pdftotext', '/usr/bin/pdftoppm'].every((tool) => existsSync(tool));
  if (has) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Instalando poppler-utils de Debian (lee los PDF en las pruebas)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (['/usr/bin/pdftotext', '/usr/bin/pdftoppm'].every((tool) => existsSync(tool))) return;
  }
  console.error('Faltan pdftotext y pdftoppm para las pruebas. Instálalos (Debian/Ubuntu: `sudo apt-get install poppler-utils`).');
  process.exit(1);
}
