import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BULK_SEND_CSV_MAX } from '@sinetti/contract';
import { errorText } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/download';
import { useBulkTemplate } from '../api/bulk-send';
import { csvTemplate } from '../lib/csv-template';

export interface BulkInputProps {
  template: { id: string; name: string };
  csv: string;
  onCsv: (csv: string) => void;
  onPreview: () => void;
  onCancel: () => void;
  checking: boolean;
  error: unknown;
}

/** The first step: the CSV template to save, then a file to upload or rows to paste. */
export function BulkInput({ template, csv, onCsv, onPreview, onCancel, checking, error }: BulkInputProps) {
  const { t } = useTranslation('bulk');
  const fields = useBulkTemplate(template.id);
  const [problem, setProblem] = useState<string | null>(null);

  const read = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (file.size > BULK_SEND_CSV_MAX * 2) {
      setProblem(t('fileProblems.tooManyRows'));
      return;
    }
    file.text().then(onCsv, () => setProblem(t('readFailed')));
  };

  const saveTemplate = () => {
    const data = fields.data;
    if (!data) return;
    const names = data.fields.map((f) => f.name);
    saveBlob(csvTemplate(data.roles, names, currentLanguage()), `${template.name}.csv`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (csv.trim() === '') {
      setProblem(t('empty'));
      return;
    }
    onPreview();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('intro', { name: template.name })}</Text>
        <Text size="sm" c="dimmed">
          {t('columnsHelp')}
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={saveTemplate}
            disabled={!fields.data}
          >
            {t('downloadTemplate')}
          </Button>
        </Group>
        <FileInput
          label={t('file')}
          description={t('fileHint')}
          accept=".csv,text/csv,text/plain"
          leftSection={<IconUpload size={16} aria-hidden />}
          onChange={read}
          clearable
        />
        <Textarea
          label={t('paste')}
          value={csv}
          onChange={(e) => {
            setProblem(null);
            onCsv(e.currentTarget.value);
          }}
          rows={6}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        {(problem || error !== null) && (
          <Alert color="red" role="alert">
            {problem ?? errorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={checking}>
            {t('preview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
