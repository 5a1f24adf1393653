import { describe, expect, it } from 'vitest';
import { loginPayloadSchema } from './auth';

const firstMessage = (input: unknown) => {
  const result = loginPayloadSchema.safeParse(input);
  return result.success ? null : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe('the login payload', () => {
  it('accepts an e-mail and a password, trimming the e-mail', () => {
    expect(loginPayloadSchema.parse({ email: '  chofer@demo.mx ', password: 'x' })).toEqual({ email: 'chofer@demo.mx', password: 'x' });
  });

  it("uses 'Contraseña requerida.' for an empty e-mail and an empty password alike", () => {
    expect(firstMessage({ email: '', password: '' })).toEqual(['email: Contraseña requerida.', 'password: Contraseña requerida.']);
  });

  it("answers 'E-mail inavlido.' for a malformed e-mail, spelled as the product spells it", () => {
    for (const email of ['chofer', 'chofer@demo', 'chofer @demo.mx', '@demo.mx']) {
      expect(firstMessage({ email, password: 'x' })).toEqual(['email: E-mail inavlido.']);
    }
  });
});
