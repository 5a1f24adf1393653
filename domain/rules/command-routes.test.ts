import { describe, expect, it } from 'vitest';
import { endsPushBatch, isRetryAnswer } from './command-answers';
import { COMMAND_ROUTES, commandPath, isCommandRoute } from './command-routes';

describe('command routes', () => {
  it('builds each command’s path for its record', () => {
    expect(commandPath(COMMAND_ROUTES.updateShipping)).toBe('/api/v1/shipping/update');
    expect(commandPath(COMMAND_ROUTES.patchShippingDetail, 42)).toBe('/api/v2/shipping_details/42');
    expect(commandPath(COMMAND_ROUTES.countShelf, 7)).toBe('/api/v2/physical_inventories/7/counts');
  });

  it('knows every command route by method and path, and nothing else', () => {
    for (const route of Object.values(COMMAND_ROUTES)) expect(isCommandRoute(route.method, commandPath(route, 12))).toBe(true);
    expect(isCommandRoute('GET', '/api/v1/shipping/update')).toBe(false);
    expect(isCommandRoute('PATCH', '/api/v2/shipping_details/abc')).toBe(false);
    expect(isCommandRoute('PATCH', '/api/v2/shipping_details/1/../../shippings')).toBe(false);
    expect(isCommandRoute('PATCH', '/api/v2/shipping_details/1234567890123')).toBe(false);
    expect(isCommandRoute('POST', '/api/v2/orders/start_order_production?x=1')).toBe(false);
    expect(isCommandRoute('DELETE', '/api/v2/shippings/1')).toBe(false);
  });
});

describe('command answers', () => {
  it.each([408, 425, 429, 500, 503])('%i is tried again and ends a push batch', (status) => {
    expect(isRetryAnswer(status, false)).toBe(true);
    expect(endsPushBatch(status, false)).toBe(true);
  });

  it('409 with Retry-After (the same request in progress) is tried again; without it (a conflict) it is final', () => {
    expect(isRetryAnswer(409, true)).toBe(true);
    expect(endsPushBatch(409, true)).toBe(true);
    expect(isRetryAnswer(409, false)).toBe(false);
    expect(endsPushBatch(409, false)).toBe(false);
  });

  it('401 is not retried as such but ends a push batch (the queue pauses)', () => {
    expect(isRetryAnswer(401, false)).toBe(false);
    expect(endsPushBatch(401, false)).toBe(true);
  });

  it.each([200, 201, 204, 400, 403, 404, 422])('%i is final', (status) => {
    expect(isRetryAnswer(status, false)).toBe(false);
    expect(endsPushBatch(status, false)).toBe(false);
  });
});
