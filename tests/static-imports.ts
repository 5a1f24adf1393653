// What a module pulls in when it loads: its static imports, followed through our own modules.
// `lazy(() => import(...))` is not followed (it loads on use), nor are type-only imports (erased).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)]
    .filter((match) => !match[2])
    .map((match) => match[3]!);
}

const isFile = (candidate: string) => {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
};

/** Our own module a relative specifier names; null for a package. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(isFile);
  if (!found) throw new Error(`no module for ${specifier} from ${path.relative(root, from)}`);
  return found;
}

/** Every package a module pulls in with it, following our own modules, with who imports it. */
export function packagesOf(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.endsWith('.css')) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const local = resolve(file, specifier);
      if (local) visit(local);
      else packages.set(specifier, path.relative(root, file));
    }
  };
  visit(entry);
  return packages;
}

/** The Ionic scripts among a module's packages (Ionic's styles cost a start little), with who imports each. */
export function ionicScriptsOf(entry: string): [string, string][] {
  return [...packagesOf(entry)].filter(([name]) => name.startsWith('@ionic/') && !name.endsWith('.css'));
}

/** Every module of ours a module pulls in with it, following static imports (paths from the repository's root). */
export function modulesOf(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.endsWith('.css')) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const local = resolve(file, specifier);
      if (local) visit(local);
    }
  };
  visit(entry);
  return [...seen].map((file) => path.relative(root, file)).sort();
}
