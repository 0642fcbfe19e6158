import { afterEach, describe, expect, it } from 'vitest';
import { checkMockReply, endpointsFor, takeReplyMismatches } from './contract-replies';

afterEach(() => {
  takeReplyMismatches();
});

describe('mocked replies checked against the contract', () => {
  it('finds the endpoint of a mocked call by method and path, parameters and query included', () => {
    expect(endpointsFor('GET', '/api/notifications/unread').map((e) => e.id)).toContain(
      'notifications.unread',
    );
    expect(
      endpointsFor('GET', '/api/documents/info/10000000-0000-4000-8000-000000000001').map((e) => e.id),
    ).toContain('documents.info');
    expect(endpointsFor('GET', '/api/notifications?before=x').map((e) => e.id)).toContain(
      'notifications.list',
    );
    expect(endpointsFor('DELETE', '/api/notifications/unread')).toEqual([]);
  });

  it('records a successful reply the endpoint could not send, and lets fitting ones and errors pass', () => {
    checkMockReply('GET', '/api/notifications/unread', 200, { status: 'OK', unread: 3 });
    checkMockReply('GET', '/api/notifications/unread', 500, { status: 'ERROR', code: 'INTERNAL' });
    checkMockReply('GET', '/api/no/such/endpoint', 200, { anything: true });
    expect(takeReplyMismatches()).toEqual([]);
    checkMockReply('GET', '/api/notifications/unread', 200, { status: 'OK', unread: 'three' });
    const wrong = takeReplyMismatches();
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^GET \/api\/notifications\/unread \(notifications\.unread\): unread: /);
    expect(takeReplyMismatches()).toEqual([]);
  });
});
