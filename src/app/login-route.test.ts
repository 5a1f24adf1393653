import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesOf, root } from '../../tests/static-imports';

describe('the login route', () => {
  const modules = modulesOf(path.join(root, 'src/main.tsx'));

  it('carries no message catalogue but its own and the shell’s', () => {
    expect(modules.filter((module) => module.startsWith('domain/messages/'))).toEqual([
      'domain/messages/login.ts',
      'domain/messages/shell.ts',
    ]);
  });

  it('carries neither the signed-in app nor Ionic', () => {
    expect(modules).toContain('src/features/auth/login-page.tsx');
    expect(
      modules.filter(
        (module) =>
          module.startsWith('src/features/') && !module.startsWith('src/features/auth/') && !module.startsWith('src/features/print/'),
      ),
    ).toEqual([]);
    expect(modules).not.toContain('src/app/signed-in.tsx');
  });
});
