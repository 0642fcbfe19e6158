import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { sharesApi } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../components/MessagePage';
import { call } from '../../../lib/api';
import { earlyQueryOptions } from '../../../lib/early-query';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { PdfPages } from './PdfPages';
import { PublicHeader } from './PublicLayout';

function bytesOf(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/**
 * /public/share/{token} (issue 13 item 5): a document's PDF, read-only, for someone outside the
 * organization who was given the link; a download button when the link allows it. An ended link (revoked,
 * expired, or its document no longer shareable) says so in the reader's language.
 */
export function SharedDocumentPage({ token }: { token: string }) {
  const { t } = useTranslation('signee');
  const shared = useQuery({
    queryKey: ['public', 'share', token],
    queryFn: ({ signal }) => call(sharesApi.open, { params: { token }, signal }),
    retry: false,
    ...earlyQueryOptions(sharesApi.open, { params: { token } }),
    staleTime: Infinity,
  });
  useDocumentTitle(shared.data ? `${shared.data.documentName} · Sinetti` : 'Sinetti');

  if (shared.isError) {
    return (
      <>
        <PublicHeader />
        <MessagePage title={t('share.endedTitle')} icon={<IconLinkOff size={28} aria-hidden />}>
          {errorText(shared.error)}
        </MessagePage>
      </>
    );
  }
  const data = shared.data;
  return (
    <>
      <PublicHeader organizationName={data?.organizationName} documentName={data?.documentName} />
      <Container size={960} py="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={1} fz="xl">
                {data?.documentName ?? t('share.loading')}
              </Title>
              <Text size="sm" c="dimmed">
                {data?.expires
                  ? t('share.expires', { time: formatDateTime(data.expires) })
                  : t('share.readOnly')}
              </Text>
            </div>
            {data?.allowDownload && (
              <Button
                component="a"
                href={`/api/public/share/${encodeURIComponent(token)}/download`}
                download
                leftSection={<IconDownload size={18} aria-hidden />}
              >
                {t('share.download')}
              </Button>
            )}
          </Group>
          <section aria-label={t('session.document')}>
            {data ? (
              <PdfPages sourceKey={token} load={async () => bytesOf(data.content)} pages={1} />
            ) : (
              <PdfPages sourceKey="" load={() => new Promise(() => undefined)} pages={1} />
            )}
          </section>
        </Stack>
      </Container>
    </>
  );
}
