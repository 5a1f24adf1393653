// Finds a Chromium for the end-to-end tests; installs Debian's `chromium` when it can
// (root with apt-get), otherwise stops with a message saying how to get one.
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
