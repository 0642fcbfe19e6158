import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { api } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { ReportView } from './ReportView';

/** "Verify signatures" on a Signed document: the server's verification report of its sealed PDF, in a dialog. */
export function VerifyDocumentButton({ documentId }: { documentId: string }) {
  const { t } = useTranslation('verify');
  const [open, setOpen] = useState(false);
  const report = useQuery({
    queryKey: ['verification', documentId],
    queryFn: () => call(api.verification.document, { params: { docId: documentId } }),
    enabled: open,
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('verifyLink')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('verifyLink')} size="lg">
        {report.isPending && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('checking')}</Text>
          </Group>
        )}
        {report.isError && (
          <Alert color="red" role="alert">
            {errorText(report.error)}
          </Alert>
        )}
        {report.data && <ReportView report={report.data.report} />}
      </Modal>
    </>
  );
}
