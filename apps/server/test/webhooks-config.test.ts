import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { PRODUCTION_ENV } from './helper.ts';

// Webhook deliveries to loopback addresses (issue #34 item 2, SSRF): `auto` allows them only outside
// production, where a local receiver is how integrations are tried; an operator may say on or off.
describe('WEBHOOK_ALLOW_LOOPBACK', () => {
  it('refuses loopback targets in production by default, and allows them elsewhere', () => {
    expect(loadConfig(PRODUCTION_ENV).webhookAllowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).webhookAllowLoopback).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).webhookAllowLoopback).toBe(true);
  });

  it('follows an explicit on or off in any environment', () => {
    expect(loadConfig({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_LOOPBACK: 'on' }).webhookAllowLoopback).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOW_LOOPBACK: 'off' }).webhookAllowLoopback).toBe(
      false,
    );
  });
});
