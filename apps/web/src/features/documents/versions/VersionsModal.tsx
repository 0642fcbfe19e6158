import { useState } from 'react';
import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconHistory, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion } from '@sinetti/contract';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import {
  useRestoreVersion,
  useUploadVersion,
  useVersions,
  useVersionPdf,
  downloadVersion,
} from '../api/versions';
import { PdfPreview } from '../components/PdfPreview';
import { useDocumentErrorDialog } from '../hooks/useDocumentErrors';
import { VersionCompare } from './VersionCompare';
import { VersionRow } from './VersionRow';

function VersionPreview({
  docId,
  version,
  onBack,
}: {
  docId: string;
  version: DocumentVersion;
  onBack: () => void;
}) {
  const { t } = useTranslation('versions');
  const pdf = useVersionPdf(docId, version.number);
  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          data-autofocus
        >
          {t('back')}
        </Button>
        <Text fw={600}>{t('number', { number: version.number })}</Text>
      </Group>
      {pdf.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : pdf.isError ? (
        <Alert color="red">{errorText(pdf.error)}</Alert>
      ) : (
        <PdfPreview
          data={pdf.data}
          title={t('number', { number: version.number })}
          onFailed={() => undefined}
        />
      )}
    </Stack>
  );
}

/**
 * document-versions (issue 13 item 3): every file the document has had, newest first, with who made it,
 * when and how large, and the version sent for signing marked; each can be previewed and downloaded, two
 * compared as text, and (when the server's `edit` ability allows) an earlier one restored as a new version
 * or a DOCX from the computer uploaded as the next one.
 */
export function VersionsModal({ props, opened, close }: ModalComponentProps<'document-versions'>) {
  const { t } = useTranslation('versions');
  const { document, canEdit } = props;
  const versions = useVersions(document.id);
  const restore = useRestoreVersion(document.id);
  const upload = useUploadVersion(document.id);
  const showDocumentError = useDocumentErrorDialog();
  const [previewing, setPreviewing] = useState<DocumentVersion | null>(null);
  const list = versions.data ?? [];
  const current = list[0];

  const onRestore = (version: DocumentVersion) =>
    restore.mutate(version.number, {
      onSuccess: () => showSuccess(t('restored', { number: version.number })),
      onError: (err) => showError(errorText(err), t('restoreFailed')),
    });
  const onUpload = (file: File | null) => {
    if (!file || !current) return;
    upload.mutate(
      { file, current: current.sha256 },
      {
        onSuccess: () => showSuccess(t('uploaded')),
        onError: (err) => showError(errorText(err), t('uploadFailed')),
      },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('title', { name: document.name })}
      icon={<IconHistory size={18} aria-hidden />}
      overlayClose
      size="xl"
    >
      {previewing ? (
        <VersionPreview docId={document.id} version={previewing} onBack={() => setPreviewing(null)} />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('text')}</Text>
          {canEdit && current && (
            <Group gap="sm">
              <FileButton
                onChange={onUpload}
                accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              >
                {(button) => (
                  <Button
                    {...button}
                    variant="default"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={upload.isPending}
                  >
                    {t('upload')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('uploadHint')}
              </Text>
            </Group>
          )}
          {versions.isPending ? (
            <Loader size="sm" role="status" aria-label={t('loading')} />
          ) : versions.isError ? (
            <Alert color="red">{t('loadFailed')}</Alert>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label={t('list')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {list.map((v) => (
                <VersionRow
                  key={v.number}
                  version={v}
                  current={v === current}
                  actions={{
                    onPreview: setPreviewing,
                    onDownload: (version) =>
                      void downloadVersion(document, version, 'original').catch(showDocumentError),
                    ...(canEdit ? { onRestore } : {}),
                    restoring: restore.isPending ? (restore.variables ?? null) : null,
                  }}
                />
              ))}
            </Stack>
          )}
          {versions.data && <VersionCompare docId={document.id} versions={versions.data} />}
        </Stack>
      )}
    </AppModal>
  );
}
