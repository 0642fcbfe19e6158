import type { ReactNode } from 'react';
import { Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A message in place of the preview, optionally with a download button. */
export function PreviewNotice({
  title,
  text,
  busy = false,
  onDownload,
  downloading = false,
  icon,
}: {
  title: string;
  text: string;
  busy?: boolean;
  onDownload?: () => void;
  downloading?: boolean;
  icon?: ReactNode;
}) {
  const { t } = useTranslation('documents');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="preview-notice" role={busy ? 'status' : undefined}>
      <Stack align="center" gap="xs" ta="center">
        {busy ? (
          <Loader aria-hidden />
        ) : (
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            {icon ?? <IconEyeOff size={26} aria-hidden />}
          </ThemeIcon>
        )}
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {text}
        </Text>
        {onDownload && (
          <Button
            mt="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onDownload}
            loading={downloading}
          >
            {t('actions.download')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
