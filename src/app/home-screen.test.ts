import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ionicScriptsOf, packagesOf, root } from '../../tests/static-imports';

describe('Inicio started light (a driver’s routes, the office’s day)', () => {
  it.each(['src/app/home-screen.tsx', 'src/features/driver/driver-home.tsx', 'src/features/home/home-page.tsx'])(
    '%s pulls in no Ionic script: Ionic loads with the first overlay',
    (file) => {
      expect(ionicScriptsOf(path.join(root, file))).toEqual([]);
    },
  );

  it('reaches the driver’s routes on the device store, in the light frame with Ionic’s styles only', () => {
    expect(packagesOf(path.join(root, 'src/features/driver/driver-home.tsx')).has('dexie-react-hooks')).toBe(true);
    const frame = packagesOf(path.join(root, 'src/app/light-screen-start.tsx'));
    expect(frame.has('@ionic/react/css/core.css')).toBe(true);
    expect(ionicScriptsOf(path.join(root, 'src/app/light-screen-start.tsx'))).toEqual([]);
  });

  it('would see Ionic where a module imports it (the Ionic shell)', () => {
    expect(packagesOf(path.join(root, 'src/app/ionic-shell.tsx')).get('@ionic/react')).toBeDefined();
  });
});
