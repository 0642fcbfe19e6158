import type { ReactNode } from 'react';
import { Box, Container, Group, Image, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { pickPublicLanguage } from '../../../lib/public-language';
import { signingKeys } from '../api/keys';
import { sessionQuery, statusQuery } from '../api/public';

/** A built-in signing session as the session query caches it. */
type SessionData = Awaited<ReturnType<NonNullable<ReturnType<typeof sessionQuery>['queryFn']>>>;

export interface PublicNames {
  organizationName?: string | undefined;
  documentName?: string | undefined;
}

/**
 * The public signing pages' header (issue 12 item 7): the Sinetti mark, who asks for the signature and
 * which document, and the English / Suomi switch (issue #31 item 2). Names the server has not sent yet (or
 * never will) are left out.
 */
export function PublicHeader({ organizationName, documentName }: PublicNames) {
  const { t } = useTranslation('signee');
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size={960}>
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Image src="/favicon.svg" alt="" w={24} h={24} />
            <Text fw={700}>Sinetti</Text>
          </Group>
          <Group gap="md" wrap="nowrap" justify="flex-end" style={{ minWidth: 0 }}>
            {(organizationName || documentName) && (
              <Stack gap={0} align="flex-end" style={{ minWidth: 0 }} data-testid="public-header-names">
                {organizationName && (
                  <Text size="sm" fw={600} truncate maw="100%">
                    {t('publicHeader.from', { organization: organizationName })}
                  </Text>
                )}
                {documentName && (
                  <Text size="xs" truncate maw="100%">
                    {documentName}
                  </Text>
                )}
              </Stack>
            )}
            <LanguageSwitch pick={pickPublicLanguage} />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/**
 * Which names a public page can show: from the link's status (start, complete), the signing session
 * (signing page) or, on the result page, the session this tab just signed in (nothing on a fresh load:
 * the result URL carries no secret, so the server tells it nothing).
 */
export type PublicSource = { token: string } | { sessionToken: string } | { documentId: string };

function useNames(source: PublicSource): PublicNames {
  const queryClient = useQueryClient();
  const token = 'token' in source ? source.token : '';
  const sessionToken = 'sessionToken' in source ? source.sessionToken : '';
  // The same queries the pages make: one request each, shared through the cache.
  const status = useQuery({ ...statusQuery(token), enabled: token !== '' });
  const session = useQuery({ ...sessionQuery(sessionToken), enabled: sessionToken !== '' });
  if (status.data?.status === 'OK') {
    return { organizationName: status.data.organizationName, documentName: status.data.documentName };
  }
  if (session.data) {
    return { organizationName: session.data.organizationName, documentName: session.data.document.name };
  }
  if ('documentId' in source) {
    const seen = queryClient
      .getQueriesData<SessionData>({ queryKey: signingKeys.sessions })
      .map(([, data]) => data)
      .find((data) => data?.document.id === source.documentId);
    if (seen) return { organizationName: seen.organizationName, documentName: seen.document.name };
  }
  return {};
}

/** A public signing page under its header. Pages keep their own body (the header is all this adds). */
export function PublicLayout({ source, children }: { source: PublicSource; children: ReactNode }) {
  const names = useNames(source);
  return (
    <>
      <PublicHeader {...names} />
      {children}
    </>
  );
}
