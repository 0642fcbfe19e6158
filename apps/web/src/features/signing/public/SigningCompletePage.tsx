import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group } from '@mantine/core';
import { IconCertificate, IconDownload, IconFileCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../components/MessagePage';
import { PageLoader } from '../../../components/PageLoader';
import { navigate } from '../../../lib/page-navigation';
import { downloadSigned, statusQuery } from '../api/public';
import { saveDataUrl } from '../lib/files';
import { useSigneeLanguage } from './useSigneeLanguage';

type Kind = 'signed' | 'certificate';

/** SigningComplete (SPEC §2.1): downloads of the signed PDF and its certificate; failure → /page-not-found. */
export function SigningCompletePage({ token }: { token: string }) {
  const { t } = useTranslation('signee');
  const [busy, setBusy] = useState<Kind | null>(null);
  const status = useQuery(statusQuery(token));
  // Opened from the signed-copy e-mail: in the signee's language, like the start page.
  const inLanguage = useSigneeLanguage(status.data !== undefined, status.data?.lang);
  const unavailable =
    status.isError || (status.data && (status.data.status !== 'OK' || !status.data.completed));

  useEffect(() => {
    if (unavailable) navigate('/page-not-found', { replace: true });
  }, [unavailable]);

  const download = async (kind: Kind) => {
    setBusy(kind);
    try {
      const file = await downloadSigned(token, kind);
      saveDataUrl(file.source, file.name);
      setBusy(null);
    } catch {
      navigate('/page-not-found', { replace: true });
    }
  };

  // Nothing in another language first: the loader until the status (with the signee's language) is here and
  // that language is in place. An unavailable link goes to page not found from the loader.
  if (!status.data || unavailable || !inLanguage) return <PageLoader />;
  return (
    <MessagePage
      title={t('complete.title')}
      icon={<IconFileCheck size={30} aria-hidden />}
      actions={
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === 'signed'}
            onClick={() => void download('signed')}
          >
            {t('complete.downloadSigned')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCertificate size={16} aria-hidden />}
            loading={busy === 'certificate'}
            onClick={() => void download('certificate')}
          >
            {t('complete.downloadCertificate')}
          </Button>
          <Anchor href="/verify">{t('complete.verifyLink')}</Anchor>
        </Group>
      }
    >
      {t('complete.text')}
    </MessagePage>
  );
}
