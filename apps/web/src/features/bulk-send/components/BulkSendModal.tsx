import { useState } from 'react';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { usePreviewBulkSend, useStartBulkSend } from '../api/bulk-send';
import { BulkInput } from './BulkInput';
import { BulkPreviewView } from './BulkPreviewView';
import { BulkProgress } from './BulkProgress';

declare module '../../../components/modals/registry' {
  interface ModalPropsMap {
    /** Bulk send from a template (issue #33 item 4), offered when the template's abilities.bulkSend. */
    'bulk-send': { template: { id: string; name: string } };
  }
}

/**
 * bulk-send: the CSV (uploaded or pasted), the server's preview of it, then the progress of the started
 * bulk send. The server checks everything; this dialog shows its answers and its reasons.
 */
export function BulkSendModal({ props, opened, close }: ModalComponentProps<'bulk-send'>) {
  const { t } = useTranslation('bulk');
  const { template } = props;
  const [csv, setCsv] = useState('');
  const [started, setStarted] = useState<string | null>(null);
  const preview = usePreviewBulkSend(template.id);
  const start = useStartBulkSend(template.id);

  const body = started ? (
    <BulkProgress id={started} onClose={close} />
  ) : preview.data ? (
    <BulkPreviewView
      preview={preview.data}
      onBack={() => {
        preview.reset();
        start.reset();
      }}
      onSend={() => start.mutate(csv, { onSuccess: (bulk) => setStarted(bulk.id) })}
      sending={start.isPending}
      error={start.error}
    />
  ) : (
    <BulkInput
      template={template}
      csv={csv}
      onCsv={setCsv}
      onPreview={() => preview.mutate(csv)}
      onCancel={close}
      checking={preview.isPending}
      error={preview.error}
    />
  );

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={started ? t('progressTitle', { name: template.name }) : t('title')}
      icon={<IconSend size={18} aria-hidden />}
      size="xl"
      overlayClose={false}
    >
      {body}
    </AppModal>
  );
}
