import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ionicScriptsOf, packagesOf, root } from '../../tests/static-imports';
import { SCREENS } from './screens';

/** Each screen's module, as screens.ts loads it: inline (`'/path': lazy(() => import(…))`) or through a name it gives one. */
const screenModules = (() => {
  const source = readFileSync(path.join(root, 'src/app/screens.ts'), 'utf8');
  const moduleOf = (specifier: string) => path.join(root, 'src/app', `${specifier}.tsx`);
  const named = new Map(
    [...source.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map((match) => [match[1]!, moduleOf(match[2]!)]),
  );
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/'([^']+)': lazy\(\(\) => import\('([^']+)'\)\)/g)) modules.set(match[1]!, moduleOf(match[2]!));
  for (const match of source.matchAll(/'([^']+)': (\w+),/g)) if (named.has(match[2]!)) modules.set(match[1]!, named.get(match[2]!)!);
  return modules;
})();

describe('every screen starts light at its address', () => {
  it('the walk reads every screen of the table', () => {
    expect([...screenModules.keys()].sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it.each(Object.keys(SCREENS))(
    '%s pulls in no Ionic script and no router: its dialogs, sheets and toasts load Ionic when opened',
    (screen) => {
      const module = screenModules.get(screen)!;
      expect(ionicScriptsOf(module)).toEqual([]);
      // The light start has no router: its links and its parameters go through the screen chrome.
      expect(packagesOf(module).has('react-router-dom')).toBe(false);
    },
  );

  it('the frame they start in pulls in none either', () => {
    expect(ionicScriptsOf(path.join(root, 'src/app/light-screen-start.tsx'))).toEqual([]);
  });

  it('but a module that draws Ionic of its own would be seen', () => {
    expect(ionicScriptsOf(path.join(root, 'src/app/ionic-shell.tsx'))).not.toEqual([]);
  });
});
