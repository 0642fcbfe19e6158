/** A session as the server returns it at sign-in. */
export function sessionReply(status: 'OK' | 'SETUP_REQUIRED' = 'OK') {
  return {
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status,
    selectedOrganization: '00000000-0000-4000-8000-000000000001',
    lastBalance: null,
  };
}
