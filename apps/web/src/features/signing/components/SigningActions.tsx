import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCertificate, IconDownload, IconHandStop, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATE, type Document } from '@sinetti/contract';
import { useModals } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { memberFile } from '../api/process';
import { useSignees } from '../api/signees';
import { saveDataUrl } from '../lib/files';
import { SignNowButton, signNowLink } from './SignNowButton';
import { useSelfSigneeCheck } from './useSelfSigneeCheck';
import { VerifyDocumentButton } from '../../../components/verification/VerifyDocumentButton';

export interface SigningActionsProps {
  document: Pick<Document, 'id' | 'state' | 'type'>;
  /** Reloads the document (after send and cancel, SPEC §4.1). */
  onReload?: () => void;
}

/**
 * The document header's signing actions: send and cancel as the server's abilities allow (they come with
 * the signee list, so send follows signees being added), and once Signed the signed PDF and certificate.
 */
export function SigningActions({ document, onReload }: SigningActionsProps) {
  const { t } = useTranslation('signing');
  const modals = useModals();
  const signees = useSignees(document.id);
  const selfCheck = useSelfSigneeCheck(document.id);
  const [downloading, setDownloading] = useState<'signed' | 'certificate' | null>(null);
  const can = signees.data?.abilities;
  const list = signees.data?.signees ?? [];
  const signLink = signNowLink(signees.data);

  const send = () =>
    modals.open('document-send', {
      documentId: document.id,
      signees: list,
      onSent: () => {
        onReload?.();
        selfCheck.start();
      },
    });

  const cancel = () => modals.open('document-cancel', { documentId: document.id, onCancelled: onReload });

  const download = async (kind: 'signed' | 'certificate') => {
    setDownloading(kind);
    try {
      const file = await memberFile(document.id, kind);
      saveDataUrl(file.source, file.name);
    } catch {
      showError(t('actions.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      {signLink && <SignNowButton link={signLink} />}
      {can?.send && (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={send}>
          {t('actions.send')}
        </Button>
      )}
      {can?.cancel && (
        <Button
          variant="default"
          color="red"
          leftSection={<IconHandStop size={16} aria-hidden />}
          onClick={cancel}
        >
          {t('actions.cancel')}
        </Button>
      )}
      {document.state === DOCUMENT_STATE.Signed && (
        <>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading === 'signed'}
            onClick={() => void download('signed')}
          >
            {t('actions.downloadSigned')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCertificate size={16} aria-hidden />}
            loading={downloading === 'certificate'}
            onClick={() => void download('certificate')}
          >
            {t('actions.certificate')}
          </Button>
          <VerifyDocumentButton documentId={document.id} />
        </>
      )}
    </>
  );
}
