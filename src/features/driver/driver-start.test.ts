import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The modules a file imports statically (`lazy(() => import(...))` is not followed: it loads on use). */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
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
function packagesOf(entry: string): Map<string, string> {
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

describe("the driver's light start", () => {
  it('pulls in no Ionic script (its styles only): Ionic loads with the first overlay', () => {
    const packages = packagesOf(path.join(root, 'src/features/driver/driver-start.tsx'));
    const ionicScripts = [...packages].filter(([name]) => name.startsWith('@ionic/') && !name.endsWith('.css'));
    expect(ionicScripts).toEqual([]);
    // The walk does reach the routes and the top bar, and Ionic's global styles.
    expect(packages.has('dexie-react-hooks')).toBe(true);
    expect(packages.has('@ionic/react/css/core.css')).toBe(true);
  });

  it('would see Ionic where a module imports it (the Ionic shell)', () => {
    const packages = packagesOf(path.join(root, 'src/app/ionic-shell.tsx'));
    expect(packages.get('@ionic/react')).toBeDefined();
  });
});
