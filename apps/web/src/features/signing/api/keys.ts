/** Query keys of signing; everything of one document sits under ['signing', docId]. */
export const signingKeys = {
  levels: ['signing', 'levels'] as const,
  signees: (docId: string) => ['signing', docId, 'signees'] as const,
  status: (token: string) => ['signing-public', 'status', token] as const,
  session: (sessionToken: string) => ['signing-public', 'session', sessionToken] as const,
};
