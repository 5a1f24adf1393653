import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ionicScriptsOf, packagesOf, root } from '../../../tests/static-imports';

describe("the driver's light start", () => {
  it('pulls in no Ionic script (its styles only): Ionic loads with the first overlay', () => {
    const entry = path.join(root, 'src/features/driver/driver-start.tsx');
    expect(ionicScriptsOf(entry)).toEqual([]);
    // The walk does reach the routes and the top bar, and Ionic's global styles.
    const packages = packagesOf(entry);
    expect(packages.has('dexie-react-hooks')).toBe(true);
    expect(packages.has('@ionic/react/css/core.css')).toBe(true);
  });

  it('would see Ionic where a module imports it (the Ionic shell)', () => {
    const packages = packagesOf(path.join(root, 'src/app/ionic-shell.tsx'));
    expect(packages.get('@ionic/react')).toBeDefined();
  });
});
