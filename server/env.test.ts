import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to port 8080, ./data, the frutas deployment and demo data outside production', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './data', DEPLOYMENT: 'frutas', DEMO_SEED: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns demo data off in production unless asked for', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).DEMO_SEED).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', DEMO_SEED: 'on' }).DEMO_SEED).toBe(true);
  });

  it("names no sender of its own (the business's domain is read from its identity) and retries e-mail for 24 hours unless told otherwise", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ EMAIL_RETRY_FIRST_MS: 30_000, EMAIL_GIVE_UP_AFTER_MS: 86_400_000, EMAIL_POLL_MS: 5_000 });
    expect(env.EMAIL_FROM).toBeUndefined();
    expect(parseEnv({ EMAIL_FROM: 'ventas@ejemplo.mx', EMAIL_GIVE_UP_AFTER_MS: '60000' })).toMatchObject({
      EMAIL_FROM: 'ventas@ejemplo.mx',
      EMAIL_GIVE_UP_AFTER_MS: 60_000,
    });
    expect(() => parseEnv({ EMAIL_FROM: 'cotizaciones' })).toThrow(/EMAIL_FROM: debe ser una dirección de correo/);
  });

  it('takes e-mail answers only with a long secret, at an address it can tag per conversation', () => {
    const secret = 'un-secreto-de-al-menos-24-caracteres';
    expect(parseEnv({ EMAIL_INBOUND_SECRET: secret, EMAIL_INBOUND_ADDRESS: 'respuestas@negocio.mx' })).toMatchObject({
      EMAIL_INBOUND_SECRET: secret,
      EMAIL_INBOUND_ADDRESS: 'respuestas@negocio.mx',
    });
    expect(() => parseEnv({ EMAIL_INBOUND_SECRET: 'corto' })).toThrow(/EMAIL_INBOUND_SECRET: debe tener al menos 24 caracteres/);
    expect(() => parseEnv({ EMAIL_INBOUND_ADDRESS: 'respuestas@negocio.mx' })).toThrow(/EMAIL_INBOUND_ADDRESS: .*EMAIL_INBOUND_SECRET/);
    expect(() => parseEnv({ EMAIL_INBOUND_SECRET: secret, EMAIL_INBOUND_ADDRESS: 'respuestas+x@negocio.mx' })).toThrow(
      /EMAIL_INBOUND_ADDRESS: sin «\+»/,
    );
  });

  it('believes only the proxies it is told of about the client address: by default one on this machine', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(['loopback']);
    expect(parseEnv({ PUBLIC_URL: 'https://frutas.ejemplo.mx' }).TRUST_PROXY).toEqual(['loopback']);
    expect(parseEnv({ TRUST_PROXY: 'none' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('names every bad variable in one message', () => {
    const attempt = () => parseEnv({ PORT: 'ochenta', DEPLOYMENT: 'ferreteria', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Configuración inválida');
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DEPLOYMENT/);
      expect(message).toMatch(/DATABASE_URL: debe empezar con postgres/);
    }
  });
});
