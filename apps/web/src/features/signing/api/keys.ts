/** Query keys of signing; everything of one document sits under ['signing', docId]. */
export const signingKeys = {
  levels: ['signing', 'levels'] as const,
  signees: (docId: string) => ['signing', docId, 'signees'] as const,
  timeline: (docId: string) => ['signing', docId, 'timeline'] as const,
  audit: (docId: string) => ['signing', docId, 'audit'] as const,
  quote: (docId: string) => ['signing', docId, 'quote'] as const,
  status: (token: string) => ['signing-public', 'status', token] as const,
  sessions: ['signing-public', 'session'] as const,
  session: (sessionToken: string) => ['signing-public', 'session', sessionToken] as const,
};
