import { describe, expect, it } from 'vitest';
import { replyText } from './email-reply';

describe("a customer's e-mail answer", () => {
  it('keeps what they wrote and drops the messages it quotes', () => {
    expect(
      replyText(
        'Sí, mándenme 20 kg más.\r\nGracias\r\n\r\nEl jue, 26 nov 2026 a las 10:02, Frutas del Norte <cotizaciones@frutas.mx> escribió:\r\n> Le enviamos la lista.\r\n',
      ),
    ).toBe('Sí, mándenme 20 kg más.\nGracias');
    expect(replyText('Ok\n\nOn Thu, Nov 26, 2026 at 10:02 AM Frutas\n<cotizaciones@frutas.mx> wrote:\n> Hola')).toBe('Ok');
    expect(replyText('Perfecto.\n\n-----Mensaje original-----\nDe: Frutas\nHola')).toBe('Perfecto.');
    expect(replyText('Recibido\n________________________________\nDe: Frutas <c@frutas.mx>\nEnviado: jueves')).toBe('Recibido');
  });

  it('keeps the text of a message that is only a quotation', () => {
    expect(replyText('> solo cita')).toBe('> solo cita');
  });
});
