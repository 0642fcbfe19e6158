import { useRef, useState, type DragEvent } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A drop area for one file, with a button that opens the file picker. */
export function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation('documents');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      data-testid="upload-drop-zone"
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <IconFileUpload size={40} stroke={1.4} aria-hidden />
        <Text fw={600}>{t('upload.drop')}</Text>
        <Text size="sm" c="dimmed">
          {t('upload.or')}
        </Text>
        <Button variant="light" onClick={() => input.current?.click()} data-autofocus>
          {t('upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={t('upload.fileInput')}
          data-testid="upload-file-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </Stack>
    </Paper>
  );
}
