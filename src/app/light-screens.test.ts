import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ionicScriptsOf, packagesOf, root } from '../../tests/static-imports';
import { LIGHT_SCREENS } from './screens';

/** Each screen's module, as screens.ts loads it. */
const screenModules = new Map(
  [...readFileSync(path.join(root, 'src/app/screens.ts'), 'utf8').matchAll(/'([^']+)': lazy\(\(\) => import\('([^']+)'\)\)/g)].map(
    (match) => [match[1]!, path.join(root, 'src/app', `${match[2]!}.tsx`)],
  ),
);

describe('the screens that start light', () => {
  it('are screens of the table', () => {
    // An address with parameters is listed too: the light start gives them through the screen chrome.
    for (const screen of LIGHT_SCREENS) expect(screenModules.has(screen), screen).toBe(true);
    // The walk reads every screen of the table.
    expect(screenModules.size).toBeGreaterThan(50);
  });

  it.each([...LIGHT_SCREENS])(
    '%s pulls in no Ionic script and no router: its dialogs, sheets and toasts load Ionic when opened',
    (screen) => {
      const module = screenModules.get(screen)!;
      expect(ionicScriptsOf(module)).toEqual([]);
      // The light start has no router: its links go through the screen chrome.
      expect(packagesOf(module).has('react-router-dom')).toBe(false);
    },
  );

  it('the frame they start in pulls in none either', () => {
    expect(ionicScriptsOf(path.join(root, 'src/app/light-screen-start.tsx'))).toEqual([]);
  });

  it('but a screen that draws Ionic of its own would be seen', () => {
    expect(ionicScriptsOf(screenModules.get('/inventory')!)).not.toEqual([]);
  });
});
